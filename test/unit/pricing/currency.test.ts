import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { currencyOf, formatMoney, toMajorString, toMinorUnits } from "../../../src/pricing/currency.ts";

describe("a currency's digits, sign and step (from Intl, with ISO 4217's digits and CHF's step as our rules)", () => {
  // [code, digits, the sign written before an English amount]
  const currencies: Array<[string, number, string]> = [
    ["USD", 2, "$"], ["GBP", 2, "£"], ["EUR", 2, "€"], ["CAD", 2, "CA$"], ["AUD", 2, "A$"], ["MXN", 2, "MX$"],
    ["NZD", 2, "NZ$"], ["HKD", 2, "HK$"], ["BRL", 2, "R$"], ["INR", 2, "₹"], ["ILS", 2, "₪"], ["CHF", 2, "CHF"],
    ["SEK", 2, "SEK"], ["PLN", 2, "PLN"], ["ZAR", 2, "ZAR"],
    ["JPY", 0, "¥"], ["KRW", 0, "₩"], ["VND", 0, "₫"], ["CLP", 0, "CLP"], ["ISK", 0, "ISK"], ["XAF", 0, "FCFA"], ["UGX", 0, "UGX"],
    ["KWD", 3, "KWD"], ["BHD", 3, "BHD"], ["OMR", 3, "OMR"], ["JOD", 3, "JOD"], ["TND", 3, "TND"], ["LYD", 3, "LYD"],
    // ISO 4217's minor units where CLDR writes none.
    ["IQD", 3, "IQD"], ["HUF", 2, "HUF"], ["IDR", 2, "IDR"], ["COP", 2, "COP"], ["PKR", 2, "PKR"],
  ];
  for (const [code, digits, symbol] of currencies) {
    test(`${code}: ${digits} decimal digits, written "${symbol}"`, () => {
      assert.deepEqual(currencyOf(code), { code, digits, symbol, rounding: code === "CHF" ? 5 : 1 });
    });
  }

  test("only the Swiss franc rounds to a step other than one minor unit (0.05)", () => {
    const steps = Intl.supportedValuesOf("currency").filter((code) => currencyOf(code).rounding !== 1);
    assert.deepEqual(steps, ["CHF"]);
  });

  test("every currency Intl knows has 0, 2 or 3 digits and a sign", () => {
    const codes = Intl.supportedValuesOf("currency");
    assert.ok(codes.length >= 150, `only ${codes.length}`);
    for (const code of codes) {
      const currency = currencyOf(code);
      assert.ok([0, 2, 3].includes(currency.digits), `${code}: ${currency.digits}`);
      assert.ok(currency.symbol.trim(), code);
    }
  });

  test("codes are read in any case and around spaces", () => {
    assert.equal(currencyOf("gbp").symbol, "£");
    assert.equal(currencyOf(" chf ").code, "CHF");
  });

  test("an unknown or malformed code prices like USD: $ symbol, 2 digits, its own code", () => {
    assert.deepEqual(currencyOf("xyz"), { code: "XYZ", symbol: "$", digits: 2, rounding: 1 });
    assert.deepEqual(currencyOf("dollars"), { code: "DOLLARS", symbol: "$", digits: 2, rounding: 1 });
    assert.equal(currencyOf("").code, "USD");
  });
});

describe("formatMoney shows minor units with the symbol, separators and the currency's digits", () => {
  const cases: Array<[number, string, string]> = [
    [4550, "USD", "$45.50"],
    [123450, "USD", "$1,234.50"],
    [0, "USD", "$0.00"],
    [5, "USD", "$0.05"],
    [100, "USD", "$1.00"],
    [99999, "USD", "$999.99"],
    [100000, "USD", "$1,000.00"],
    [123456789012, "USD", "$1,234,567,890.12"],
    [-500, "USD", "-$5.00"],
    [4500, "GBP", "£45.00"],
    [4550, "gbp", "£45.50"],
    [4550, "EUR", "€45.50"],
    [4550, "CAD", "CA$45.50"],
    [4505, "CHF", "CHF 45.05"],
    [123450, "CHF", "CHF 1,234.50"],
    [4550, "JPY", "¥4,550"],
    [100000000, "JPY", "¥100,000,000"],
    [7, "JPY", "¥7"],
    [12345, "KWD", "KWD 12.345"],
    [1000, "BHD", "BHD 1.000"],
    [1234567, "BHD", "BHD 1,234.567"],
    [123456, "IQD", "IQD 123.456"],
    [123450, "HUF", "HUF 1,234.50"],
    [4550, "AUD", "A$45.50"],
    [4550, "XAF", "FCFA 4,550"],
    [4550, "XYZ", "$45.50"],
  ];
  for (const [minor, code, shown] of cases) {
    test(`${minor} ${code} → ${shown}`, () => assert.equal(formatMoney(minor, code), shown));
  }

  test("refuses a fraction of a minor unit", () => {
    assert.throws(() => formatMoney(45.5, "USD"), RangeError);
  });
});

describe("toMinorUnits reads a JSON number exactly through its decimal string", () => {
  const cases: Array<[string, number, string, number]> = [
    ["a plain price", 45.5, "USD", 4550],
    ["zero", 0, "USD", 0],
    ["0.1 + 0.2 (0.30000000000000004)", 0.1 + 0.2, "USD", 30],
    ["0.3 - 0.1 (0.19999999999999998)", 0.3 - 0.1, "USD", 20],
    ["1.1 * 3 (3.3000000000000003)", 1.1 * 3, "USD", 330],
    ["1.005, where 1.005 * 100 is 100.49999999999999", 1.005, "USD", 101],
    ["1.015, where Math.round(1.015 * 100) is 101", 1.015, "USD", 102],
    ["2.675 rounds half-up", 2.675, "USD", 268],
    ["1.004 rounds down", 1.004, "USD", 100],
    ["a negative half rounds away from zero", -1.005, "USD", -101],
    ["the schema's largest amount", 1_000_000, "USD", 100_000_000],
    ["a large amount with cents", 999_999.99, "USD", 99_999_999],
    ["more digits than the currency's", 1_234_567.891, "USD", 123_456_789],
    ["an exponent form (1e-7)", 1e-7, "USD", 0],
    ["a large yen amount (1e15)", 1e15, "JPY", 1e15],
    ["CHF 45.03 goes up to 45.05", 45.03, "CHF", 4505],
    ["CHF 45.02 goes down to 45.00", 45.02, "CHF", 4500],
    ["CHF 45.025 is half of the step: up to 45.05", 45.025, "CHF", 4505],
    ["CHF 45.075: up to 45.10", 45.075, "CHF", 4510],
    ["yen have no minor units: 4550.5 → 4551", 4550.5, "JPY", 4551],
    ["yen: 4550.4 → 4550", 4550.4, "JPY", 4550],
    ["dinar: 3 digits", 12.345, "KWD", 12345],
    ["dinar: a fourth digit rounds half-up", 12.3455, "KWD", 12346],
    ["an unknown currency: 2 digits", 45.505, "XYZ", 4551],
  ];
  for (const [name, major, code, minor] of cases) {
    test(`${name}: ${major} ${code} → ${minor}`, () => assert.equal(toMinorUnits(major, code), minor));
  }

  test("refuses what is not a finite amount, or too large to be exact", () => {
    assert.throws(() => toMinorUnits(Number.NaN, "USD"), RangeError);
    assert.throws(() => toMinorUnits(Number.POSITIVE_INFINITY, "USD"), RangeError);
    assert.throws(() => toMinorUnits(1e21, "JPY"), RangeError);
  });
});

describe("toMajorString writes the plain amount a payment call sends", () => {
  const cases: Array<[number, string, string]> = [
    [4550, "USD", "45.50"],
    [5, "USD", "0.05"],
    [0, "USD", "0.00"],
    [123456789, "USD", "1234567.89"],
    [-5, "USD", "-0.05"],
    [4505, "CHF", "45.05"],
    [4550, "JPY", "4550"],
    [0, "JPY", "0"],
    [45050, "KWD", "45.050"],
    [7, "BHD", "0.007"],
  ];
  for (const [minor, code, sent] of cases) {
    test(`${minor} ${code} → "${sent}"`, () => assert.equal(toMajorString(minor, code), sent));
  }
});
