// A namespace object built by esbuild's helper on a page whose Object.prototype carries an
// enumerable key that is not a function (Prototype.js-era pages): unguarded, the bundle throws
// as it starts ("Getter must be a function"); guarded by build.mjs, it runs, the namespace holds
// only its own exports, and the source map still points each name at its source.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import vm from "node:vm";
import { build } from "esbuild";
import { SHIPPED_BUILD_OPTIONS } from "../../../scripts/esbuild-options.mjs";
import { guardExportHelpers, shiftMappings, unguardedGetters } from "../../../scripts/own-keys-only.mjs";

const dir = mkdtempSync(path.join(tmpdir(), "qa-own-keys-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** A bundle built as the shipped files are, which materializes a namespace and reports its keys. */
async function bundle(): Promise<{ code: string; map: { mappings: string; sources: string[] } }> {
  writeFileSync(path.join(dir, "parts.js"), "export const alpha = 1;\nexport function beta() { return 2; }\n");
  writeFileSync(
    path.join(dir, "entry.js"),
    'import * as parts from "./parts.js";\nconst registry = { parts };\nglobalThis.seen = Object.keys(registry.parts).join(",");\nglobalThis.sum = registry.parts.alpha + registry.parts.beta();\n',
  );
  const result = await build({ ...SHIPPED_BUILD_OPTIONS, entryPoints: [path.join(dir, "entry.js")], outfile: path.join(dir, "out.js"), sourcemap: "external", write: false, logLevel: "silent" });
  const file = (end: string) => result.outputFiles.find((output) => output.path.endsWith(end))!.text;
  return { code: file("out.js"), map: JSON.parse(file("out.js.map")) };
}

/** Runs `code` in a fresh realm whose Object.prototype carries `polluted` (enumerable, as a plain assignment makes it). */
function runOnPollutedPage(code: string, polluted: unknown): { seen: string; sum: number } {
  const context = vm.createContext({});
  vm.runInContext(`Object.prototype.polluted = ${JSON.stringify(polluted)};`, context);
  vm.runInContext(code, context);
  return { seen: context.seen, sum: context.sum };
}

describe("esbuild's namespace helper on a page with a polluted Object.prototype", () => {
  test("unguarded, the bundle throws as it starts; guarded, it runs with only its own exports", async () => {
    const { code } = await bundle();
    assert.throws(() => runOnPollutedPage(code, "yes"), /Getter must be a function/);
    const { code: guarded, insertions } = guardExportHelpers(code);
    assert.equal(insertions.length, 1, "one helper in the bundle");
    for (const polluted of ["yes", 42, null, { nested: true }]) {
      assert.deepEqual(runOnPollutedPage(guarded, polluted), { seen: "alpha,beta", sum: 3 }, `Object.prototype.polluted = ${JSON.stringify(polluted)}`);
    }
  });

  test("only the unguarded helper is reported, and a guarded build reports none", async () => {
    const { code } = await bundle();
    assert.equal(unguardedGetters(code).length, 1);
    assert.deepEqual(unguardedGetters(guardExportHelpers(code).code), []);
    assert.deepEqual(unguardedGetters("const o={get:a[b],enumerable:!0};"), [], "a getter outside a walk is not a walk");
  });

  test("every name after the guard maps to the same source position as before", async () => {
    const { code, map } = await bundle();
    const { code: guarded, insertions } = guardExportHelpers(code);
    const before = new SourceMap({ ...map, version: 3 } as never);
    const after = new SourceMap({ ...map, version: 3, mappings: shiftMappings(map.mappings, insertions) } as never);
    const lines = code.split("\n");
    const guardedLines = guarded.split("\n");
    let checked = 0;
    for (const name of ["alpha", "beta", "seen", "sum", "keys"]) {
      const line = lines.findIndex((text) => text.includes(name));
      const column = lines[line]!.lastIndexOf(name);
      const movedColumn = guardedLines[line]!.lastIndexOf(name);
      assert.ok(movedColumn > column || insertions[0]!.line !== line || insertions[0]!.column > column, `${name} moved with the guard`);
      const was = before.findEntry(line, column);
      const is = after.findEntry(line, movedColumn);
      assert.ok("originalLine" in was, `${name} is mapped`);
      assert.deepEqual(is, { ...was, generatedColumn: movedColumn }, `${name} maps as before`);
      checked++;
    }
    assert.equal(checked, 5);
  });

  test("VLQ columns move only past an insertion, several on one line included", () => {
    // Segments at columns 0, 10, 20, 30 of line 0 (deltas 0, 10, 10, 10), one at 5 of line 1.
    const mappings = "AAAA,UAAA,UAAA,UAAA;KAAA";
    const shifted = shiftMappings(mappings, [
      { line: 0, column: 12, length: 4 },
      { line: 0, column: 25, length: 3 },
    ]);
    // 0, 10, 24 (delta 14), 37 (delta 13); line 1 untouched.
    assert.equal(shifted, "AAAA,UAAA,cAAA,aAAA;KAAA");
  });
});
