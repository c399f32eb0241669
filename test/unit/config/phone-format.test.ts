import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { formatPhone, phoneCountryOf, phoneLink, telHref } from "../../../src/config/phone-format.ts";

describe("the company's phone, shown and called (issue 16: formatted for the company's country)", () => {
  // [as configured, currency, shown, href]
  const phones: Array<[string, string | undefined, string, string | null]> = [
    // North America: USD and CAD, and an unknown currency (the error state before a configuration).
    ["5125550163", "USD", "(512) 555-0163", "tel:+15125550163"],
    ["6145550100", undefined, "(614) 555-0100", "tel:+16145550100"],
    ["1-512-555-0163", "USD", "(512) 555-0163", "tel:+15125550163"],
    ["+1 (512) 555 0163", "CAD", "(512) 555-0163", "tel:+15125550163"],
    ["512.555.0163", "usd", "(512) 555-0163", "tel:+15125550163"],
    ["555-0163", "USD", "555-0163", "tel:5550163"],
    // Great Britain: London, a mobile, a freephone, a geographic number; national or +44.
    ["02079460321", "GBP", "020 7946 0321", "tel:+442079460321"],
    ["+44 20 7946 0958", "GBP", "020 7946 0958", "tel:+442079460958"],
    ["07700900123", "GBP", "07700 900123", "tel:+447700900123"],
    ["0800 123 4567", "GBP", "0800 123 4567", "tel:+448001234567"],
    ["01632960123", "GBP", "01632 960123", "tel:+441632960123"],
    // Switzerland.
    ["0445550199", "CHF", "044 555 01 99", "tel:+41445550199"],
    ["+41 44 555 01 99", "CHF", "044 555 01 99", "tel:+41445550199"],
    // Japan: Tokyo, Yokohama, a mobile.
    ["0312345678", "JPY", "03-1234-5678", "tel:+81312345678"],
    ["0455550199", "JPY", "045-555-0199", "tel:+81455550199"],
    ["09012345678", "JPY", "090-1234-5678", "tel:+819012345678"],
    // A number from another country than the currency's, or a currency with no plan: as written.
    ["+44 20 7946 0958", "USD", "+44 20 7946 0958", "tel:+442079460958"],
    ["01 23 45 67 89", "EUR", "01 23 45 67 89", "tel:0123456789"],
    // Not a number at all.
    ["call us", "USD", "call us", null],
  ];
  for (const [raw, currency, shown, href] of phones) {
    test(`${raw} (${currency ?? "no currency"}) shows as ${shown}`, () => {
      const link = phoneLink(raw, currency);
      if (href === null) return assert.equal(link, null);
      assert.deepEqual(link, { text: shown, href });
    });
  }

  test("no phone, no link", () => {
    assert.equal(phoneLink(undefined, "USD"), null);
    assert.equal(phoneLink("  ", "USD"), null);
  });

  test("the country of each demo currency", () => {
    assert.deepEqual(["USD", "CAD", "GBP", "CHF", "JPY", "EUR"].map(phoneCountryOf), ["NANP", "NANP", "GB", "CH", "JP", null]);
  });

  test("without a country, a call link keeps the digits and a leading plus", () => {
    assert.equal(telHref("+44 (20) 7946-0958"), "tel:+442079460958");
    assert.equal(formatPhone("+44 20 7946 0958"), "+44 20 7946 0958");
  });
});
