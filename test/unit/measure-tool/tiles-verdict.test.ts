// Whether the satellite imagery works, from the first view's tiles (src/measure-tool/tiles.ts):
// down, at its quota or too slow, the tool says so in one sentence and the visitor types the size.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { firstViewVerdict, type Verdict } from "../../../src/measure-tool/tiles.ts";

describe("the first view's verdict", () => {
  const cases: Array<[string, [number, number, number, boolean], Verdict]> = [
    ["no tiles asked yet", [0, 0, 0, false], "waiting"],
    ["tiles still on their way", [12, 5, 2, false], "waiting"],
    ["all loaded", [12, 12, 0, false], "working"],
    ["half failed: still drawable", [12, 6, 6, false], "working"],
    ["most failed (down, at quota)", [12, 5, 7, false], "unavailable"],
    ["out of time, most never came (slow)", [12, 4, 0, true], "unavailable"],
    ["out of time, most came", [12, 9, 1, true], "working"],
  ];
  for (const [what, [total, loaded, failed, outOfTime], verdict] of cases) {
    test(what, () => assert.equal(firstViewVerdict(total, loaded, failed, outOfTime), verdict));
  }
});
