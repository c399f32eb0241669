import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { taxPercentFor } from "../../../src/config/tax-rate.ts";
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

});

describe("the tax the visitor pays by zip (dontTaxZipCodes, matched as the service area is)", () => {
  const config = (dontTaxZipCodes: string[]) => ({ serviceTax: 7.25, lookupZipCodeTax: false, dontTaxZipCodes });
  const table: Array<[string, string[], number]> = [
    ["43017", ["43017"], 0],
    ["43016", ["43017"], 7.25],
    ["43017", [], 7.25],
    ["43082-1234", ["43082"], 0], // ZIP+4, as googlelocate gives it
    ["430821234", ["43082"], 0],
    ["sw13 9aa", ["SW13"], 0], // UK outward code, lower case
    ["SW13 9AA", ["sw13"], 0],
    ["SW1 9AA", ["SW13"], 7.25],
    ["K1A 0B1", ["k1a"], 0], // Canadian forward sortation area
    ["K1A0B1", ["K1A 0B1"], 0],
    ["K1B 0B1", ["K1A"], 7.25],
    [" 43082 ", ["43082"], 0],
    ["", ["43082"], 7.25],
    ["43082", ["null"], 7.25], // an exemption is never implied
    ["43082", [""], 7.25],
  ];
  for (const [zip, list, percent] of table) {
    test(`${JSON.stringify(zip)} with dontTaxZipCodes ${JSON.stringify(list)} pays ${percent} %`, () => {
      assert.equal(taxPercentFor(config(list), zip, undefined), percent);
      assert.equal(isUntaxedZip(zip, list), percent === 0);
    });
  }

  test("an untaxed zip pays nothing even when the looked-up rate says otherwise", () => {
    assert.equal(taxPercentFor({ ...config(["43082"]), lookupZipCodeTax: true }, "43082-1234", 6.5), 0);
    assert.equal(taxPercentFor({ ...config(["43082"]), lookupZipCodeTax: true }, "43017", 6.5), 6.5);
  });
});
