// The sizes build.mjs prints and the bench holds to budgets do not move with the build id: two
// builds of the same code, told apart only by their ids, measure the same.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { brotliCompressSync, constants } from "node:zlib";
import { BUILD_ID_FILE, measureFile } from "../../../scripts/measure-size.mjs";

const dirs: string[] = [];
after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A built file as build.mjs writes one: the id in its text, and in dist/.build-id (unless `noIdFile`). */
function built(id: string, noIdFile = false): string {
  const dir = mkdtempSync(path.join(tmpdir(), "qa-size-"));
  dirs.push(dir);
  // The widget's own file, with its id put back in where it stands.
  const widget = readFileSync(new URL("../../../src/state/quote-session.ts", import.meta.url), "utf8");
  writeFileSync(path.join(dir, "w.js"), `${widget}\nconst buildId="${id}";registry(buildId);\n`);
  if (!noIdFile) writeFileSync(path.join(dir, BUILD_ID_FILE), id);
  return path.join(dir, "w.js");
}

describe("measureFile", () => {
  test("two builds that differ only in their ids measure the same", () => {
    const ids = ["14fd0d3f8fad", "a0b1c2d3e4f5", "ffffffffffff", "9e8d7c6b5a41"];
    const sizes = ids.map((id) => measureFile(built(id)));
    for (const size of sizes) assert.deepEqual(size, sizes[0]);
  });

  test("raw bytes are the file's own; without an id file the file is measured as it is", () => {
    const file = built("14fd0d3f8fad", true);
    const bytes = readFileSync(file);
    const size = measureFile(file);
    assert.equal(size.raw, bytes.length);
    assert.equal(size.brotli, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length);
  });
});
