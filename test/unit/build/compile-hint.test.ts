// The widget's file opens with V8's explicit compile hint, so that Chromium compiles it whole on a
// background thread while it streams in, rather than function by function on the main thread
// after the click (issue 29; measured by `npm run bench`). The hint only works on the file's
// first line. Reads the built dist/ (`npm test` builds first).
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { SHIPPED_FILES } from "../../../shipped-files.mjs";

const dist = (file: string) => new URL(`../../../dist/${file}`, import.meta.url);

describe("the compile hint", () => {
  for (const row of SHIPPED_FILES) {
    test(`dist/${row.file} ${row.eagerCompile ? "starts with" : "does not carry"} //# allFunctionsCalledOnLoad`, () => {
      assert.ok(existsSync(dist(row.file)), `dist/${row.file} is missing: run node build.mjs`);
      const text = readFileSync(dist(row.file), "utf8");
      if (row.eagerCompile) assert.equal(text.split("\n", 1)[0], "//# allFunctionsCalledOnLoad");
      else assert.ok(!text.includes("allFunctionsCalledOnLoad"), "a file most visitors' first open does not run stays lazily compiled");
    });
  }

  test("the widget is marked: its functions are mostly run by the first open", () => {
    assert.equal(SHIPPED_FILES.find((row) => row.shares === "widget")?.eagerCompile, true);
  });
});
