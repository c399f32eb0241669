import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { isUntaxedZip, isZipServiced } from "../../../src/config/zip-codes.ts";

describe("serviced zips (SPEC §5)", () => {
  const table: Array<[string | undefined, Array<string | null>, boolean]> = [
    ["43017", ["43016", "43017"], true],
    ["43017-1234", ["43017"], true],
    ["45202", ["43016", "43017"], false],
    ["SW4 7AA", ["SW4"], true],
    ["sw4 7aa", ["SW4"], true],
    ["SW47AA", ["sw4 7aa"], true],
    ["E1 6AN", ["SW4"], false],
    ["99999", [null], true],
    ["99999", ["null"], true],
    ["99999", ["43017", null], true],
    ["99999", [], true],
    [undefined, ["43017"], false],
    ["", ["43017"], false],
  ];
  for (const [zip, list, expected] of table) {
    test(`${JSON.stringify(zip)} in ${JSON.stringify(list)} → ${expected}`, () => {
      assert.equal(isZipServiced(zip, list), expected);
    });
  }

  test("zips listed in dontTaxZipCodes are untaxed; an empty list taxes everyone", () => {
    assert.equal(isUntaxedZip("43017", ["43017"]), true);
    assert.equal(isUntaxedZip("43016", ["43017"]), false);
    assert.equal(isUntaxedZip("43017", []), false);
  });
});
