import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { CURRENCIES, currencyOf, formatMoney, toMajorString, toMinorUnits } from "../../../src/pricing/currency.ts";

describe("the currency table", () => {
  test("holds about 150 ISO 4217 currencies, each code once", () => {
    assert.ok(CURRENCIES.length >= 150, `only ${CURRENCIES.length}`);
    const codes = CURRENCIES.map((currency) => currency.code);
    assert.equal(new Set(codes).size, codes.length);
    for (const currency of CURRENCIES) {
      assert.match(currency.code, /^[A-Z]{3}$/);
      assert.ok([0, 2, 3].includes(currency.digits), currency.code);
      assert.ok(currency.symbol.trim() && currency.name.trim() && currency.namePlural.trim(), currency.code);
    }
  });

  test("only the Swiss franc rounds to a step other than one minor unit (0.05)", () => {
    assert.deepEqual(
      CURRENCIES.filter((currency) => currency.rounding !== 1).map((currency) => [currency.code, currency.rounding]),
      [["CHF", 5]],
    );
  });

  const digits: Array<[string, number]> = [
    ["USD", 2], ["GBP", 2], ["EUR", 2], ["CAD", 2], ["CHF", 2], ["MXN", 2],
    ["JPY", 0], ["KRW", 0], ["CLP", 0], ["ISK", 0], ["VND", 0], ["XOF", 0],
    ["KWD", 3], ["BHD", 3], ["OMR", 3], ["JOD", 3], ["TND", 3], ["LYD", 3], ["IQD", 3],
  ];
  for (const [code, expected] of digits) {
    test(`${code} has ${expected} decimal digits (ISO 4217)`, () => assert.equal(currencyOf(code).digits, expected));
  }

  test("codes are read in any case and around spaces", () => {
    assert.equal(currencyOf("gbp").symbol, "£");
    assert.equal(currencyOf(" chf ").code, "CHF");
  });

  test("an unknown code prices like USD: $ symbol, 2 digits, its own code", () => {
    assert.deepEqual(
      { ...currencyOf("xyz"), name: undefined, namePlural: undefined },
      { code: "XYZ", symbol: "$", digits: 2, rounding: 1, name: undefined, namePlural: undefined },
    );
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
    [12345, "KWD", "KD 12.345"],
    [1000, "BHD", "BD 1.000"],
    [1234567, "BHD", "BD 1,234.567"],
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
