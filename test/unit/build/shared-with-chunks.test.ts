// build.mjs refuses a quote chunk that would carry its own copy of what the widget has (a second
// valibot, the widget's state) instead of taking it through src/lazy/shared-with-chunks.ts: run
// on a copy of the sources where the chunk imports such a module, the build fails and says what
// to do. (A name the contract does not export is the compiler's error: `npm run typecheck`.)
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const MODAL = "src/ui/quote-chunk/quote-modal.tsx";
const copies: string[] = [];
after(() => copies.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Builds a copy of the repository whose quote modal starts with `prepend`; the build's exit and output. */
function buildWith(prepend: string): Promise<{ code: number; output: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "qa-build-"));
  copies.push(dir);
  for (const entry of ["build.mjs", "shipped-files.mjs", "scripts/measure-size.mjs", "scripts/esbuild-options.mjs", "scripts/own-keys-only.mjs", "scripts/ky-without-stream-probe.mjs", "package-lock.json", "tsconfig.json", "src", "loader", "docs/install.md"]) cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  writeFileSync(path.join(dir, MODAL), `${prepend}\n${readFileSync(path.join(ROOT, MODAL), "utf8")}`);
  return new Promise((resolve) => {
    execFile(process.execPath, ["build.mjs"], { cwd: dir }, (error, stdout, stderr) => {
      resolve({ code: typeof error?.code === "number" ? error.code : error ? 1 : 0, output: stdout + stderr });
    });
  });
}

describe("build.mjs checks the quote chunk against the widget's shared modules", { concurrency: true }, () => {
  test("a library the widget has, imported directly, fails the build and points to the contract", async () => {
    const { code, output } = await buildWith('import { email } from "valibot";\nconsole.log(email);');
    assert.notEqual(code, 0, output);
    assert.match(output, /quote-assistant-quote\.js would bundle its own copy of .*node_modules\/valibot/);
    assert.match(output, /src\/lazy\/shared-with-chunks\.ts/);
  });

  test("what the contract exports builds, and the chunk carries no copy of it", async () => {
    const { code, output } = await buildWith('import { v as shared } from "../../lazy/shared-with-chunks.ts";\nconsole.log(shared.string);');
    assert.equal(code, 0, output);
    assert.match(output, /dist\/quote-assistant-quote\.js +\d+ B raw/);
  });

  test("the widget's state in the chunk (its own copy) fails the build and points to QuoteModalActions", async () => {
    const { code, output } = await buildWith('import { openAtom } from "../../state/atoms.ts";\nconsole.log(openAtom);');
    assert.notEqual(code, 0, output);
    assert.match(output, /would bundle its own copy of .*src\/state\/atoms\.ts/);
    assert.match(output, /QuoteModalActions/);
  });
});
