// An address typed by hand after 'No matches found' (issue 16): each part checked, the postcode
// in the company's country's form, the answer values the flow reads.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkManualAddress, companyCountry, manualAddressLabels } from "../../../src/address/manual-address.ts";

describe("an address typed by hand", () => {
  test("the company's country comes from its currency; other currencies tell none", () => {
    const table: [string | undefined, string | undefined][] = [
      ["USD", "US"],
      ["cad", "CA"],
      ["GBP", "GB"],
      ["EUR", undefined],
      [undefined, undefined],
    ];
    for (const [currency, country] of table) assert.equal(companyCountry(currency), country, String(currency));
  });

  test("the labels name the region and the postcode as the country does", () => {
    assert.deepEqual(manualAddressLabels("US"), ["Street address", "City", "State", "ZIP code"]);
    assert.deepEqual(manualAddressLabels("CA"), ["Street address", "City", "Province", "Postal code"]);
    assert.deepEqual(manualAddressLabels("GB"), ["Street address", "City", "County (optional)", "Postcode"]);
    assert.deepEqual(manualAddressLabels(undefined), ["Street address", "City", "State", "Postal code"]);
  });

  test("a complete address becomes the answer's values, region abbreviated, postcode normalised", () => {
    assert.deepEqual(checkManualAddress([" 77  Quarry Lane ", "Dublin", "Ohio", "43017"], "US"), {
      customerAddress: "77 Quarry Lane",
      customerCity: "Dublin",
      customerState: "OH",
      customerZip: "43017",
      customerCountryCode: "US",
    });
    assert.deepEqual(checkManualAddress(["12 Rue Laval", "Ottawa", "Ontario", "k1a0b1"], "CA"), {
      customerAddress: "12 Rue Laval",
      customerCity: "Ottawa",
      customerState: "ON",
      customerZip: "K1A 0B1",
      customerCountryCode: "CA",
    });
    // A British address may leave the county out.
    assert.deepEqual(checkManualAddress(["4 Mill Row", "Kingston upon Thames", "", "kt1 1aa"], "GB"), {
      customerAddress: "4 Mill Row",
      customerCity: "Kingston upon Thames",
      customerZip: "KT1 1AA",
      customerCountryCode: "GB",
    });
    assert.deepEqual(checkManualAddress(["Hauptstraße 5", "Berlin", "Berlin", "10115"], undefined), {
      customerAddress: "Hauptstraße 5",
      customerCity: "Berlin",
      customerState: "Berlin",
      customerZip: "10115",
    });
  });

  test("the first missing or wrong part is named by its index (street, city, region, postcode)", () => {
    const table: [string[], string | undefined, number][] = [
      [["", "Dublin", "OH", "43017"], "US", 0],
      [["Quarry Lane", "Dublin", "OH", "43017"], "US", 0],
      [["77 Quarry Lane", " ", "OH", "43017"], "US", 1],
      [["77 Quarry Lane", "Dublin", "", "43017"], "US", 2],
      [["77 Quarry Lane", "Dublin", "OH", ""], "US", 3],
      [["77 Quarry Lane", "Dublin", "OH", "4301"], "US", 3],
      [["77 Quarry Lane", "Dublin", "OH", "43017 extra"], "US", 3],
      [["77 Quarry Lane", "Dublin", "OH", "KT1 1AA"], "US", 3],
      [["12 Rue Laval", "Ottawa", "", "K1A 0B1"], "CA", 2],
      [["12 Rue Laval", "Ottawa", "ON", "43017"], "CA", 3],
      [["4 Mill Row", "Kingston", "", "43017"], "GB", 3],
      [["Hauptstraße 5", "Berlin", "Berlin", ""], undefined, 3],
    ];
    for (const [typed, country, bad] of table) assert.equal(checkManualAddress(typed, country), bad, typed.join(" | "));
  });
});
