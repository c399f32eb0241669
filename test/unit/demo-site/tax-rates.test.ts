// The demo tax table (demo-site/pricing/tax-rates.ts): the demo service areas' rates by
// postal code prefix, the country given or recognised from the code, -1 when unknown.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { findTaxRate, UNKNOWN_TAX, type TaxRate } from "../../../server/pricing/tax-rates.ts";

describe("findTaxRate", () => {
  /** [postal code, country given, rate] */
  const CASES: [string, string | undefined, number][] = [
    // Greenway's zips: Franklin County 7.5 %, Delaware County 7.25 %.
    ["43016", undefined, 0.075],
    ["43017", "US", 0.075],
    ["43026", undefined, 0.075],
    ["43235", undefined, 0.075],
    ["43065", undefined, 0.0725],
    ["43082", "us", 0.0725],
    ["43017-1234", undefined, 0.075],
    [" 43065 ", undefined, 0.0725],
    // Austin by its 787 prefix.
    ["78704", undefined, 0.0825],
    ["78759", "US", 0.0825],
    // VAT and MWST everywhere in their country.
    ["SW13 9AA", undefined, 0.2],
    ["sw139aa", undefined, 0.2],
    ["TW10", undefined, 0.2],
    ["M1 1AE", "GB", 0.2],
    ["8008", undefined, 0.081],
    ["4051", "CH", 0.081],
    // Unknown: outside the table, a code of no known shape, a country without entries.
    ["45202", undefined, UNKNOWN_TAX],
    ["75201", "US", UNKNOWN_TAX],
    ["K1A 0B1", undefined, UNKNOWN_TAX],
    ["100-0001", undefined, UNKNOWN_TAX],
    ["43017", "DE", UNKNOWN_TAX],
    // A Swiss code given as US is not the start of an Ohio zip.
    ["4301", "US", UNKNOWN_TAX],
    ["", undefined, UNKNOWN_TAX],
  ];
  for (const [postalCode, country, rate] of CASES) {
    test(`"${postalCode}"${country ? ` in ${country}` : ""} → ${rate}`, () => {
      assert.equal(findTaxRate(postalCode, country), rate);
    });
  }

  test("the longest matching prefix wins, whatever the order", () => {
    const rates: TaxRate[] = [
      { country: "US", prefix: "4", rate: 0.05, area: "state" },
      { country: "US", prefix: "430", rate: 0.06, area: "region" },
      { country: "US", prefix: "43017", rate: 0.07, area: "zip" },
    ];
    for (const table of [rates, [...rates].reverse()]) {
      assert.equal(findTaxRate("43017", undefined, table), 0.07);
      assert.equal(findTaxRate("43016", undefined, table), 0.06);
      assert.equal(findTaxRate("45202", undefined, table), 0.05);
      assert.equal(findTaxRate("55202", undefined, table), UNKNOWN_TAX);
    }
  });
});
