import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { divideFloor, divideHalfUp, readDecimal, scaleDecimal } from "../../../src/pricing/decimal.ts";
import { floorRatioToStep, percentOf, roundRatioToStep, sumMoney } from "../../../src/pricing/rounding.ts";
import { formatTaxPercent, readTaxRate, taxOf } from "../../../src/pricing/tax.ts";

describe("exact decimals", () => {
  const reads: Array<[number, bigint, bigint]> = [
    [45.5, 455n, 10n],
    [1.005, 1005n, 1000n],
    [0.1 + 0.2, 30000000000000004n, 100000000000000000n],
    [1e-7, 1n, 10000000n],
    [1e21, 1000000000000000000000n, 1n],
    [-2.5, -25n, 10n],
  ];
  for (const [value, numerator, denominator] of reads) {
    test(`readDecimal(${value}) is ${numerator}/${denominator}`, () => assert.deepEqual(readDecimal(value), { numerator, denominator }));
  }

  const halves: Array<[bigint, bigint, bigint, bigint]> = [
    [5n, 2n, 3n, 2n], // 2.5 → 3 up, 2 down
    [-5n, 2n, -3n, -3n], // -2.5 → -3 away from zero, floor -3
    [7n, 3n, 2n, 2n], // 2.33
    [8n, 3n, 3n, 2n], // 2.67
    [-7n, 3n, -2n, -3n],
    [6n, 3n, 2n, 2n],
  ];
  for (const [n, d, half, floor] of halves) {
    test(`${n}/${d}: half-up ${half}, floor ${floor}`, () => {
      assert.equal(divideHalfUp(n, d), half);
      assert.equal(divideFloor(n, d), floor);
    });
  }

  test("scaleDecimal keeps 4 decimals of a percent exactly", () => {
    assert.equal(scaleDecimal(7.25, 4), 72500n);
    assert.equal(scaleDecimal(8.8875, 4), 88875n);
    assert.equal(scaleDecimal(0.0001, 4), 1n);
    assert.equal(scaleDecimal(12.34565, 4), 123457n); // a fifth decimal rounds half-up
  });
});

describe("rounding to the currency's step", () => {
  const steps: Array<[number, number, number]> = [
    [4552, 5, 4550], // CHF 45.52 → 45.50
    [4553, 5, 4555], // CHF 45.53 → 45.55
    [4555, 5, 4555],
    [4557, 5, 4555],
    [4558, 5, 4560],
    [4553, 1, 4553],
  ];
  for (const [amount, step, expected] of steps) {
    test(`${amount} on a step of ${step} is ${expected}`, () => assert.equal(roundRatioToStep(BigInt(amount), 1n, step), expected));
  }

  test("floorRatioToStep rounds down onto the step: 10005 / 12 = 833.75 → 830 on a step of 5", () => {
    assert.equal(floorRatioToStep(10005n, 12n, 5), 830);
    assert.equal(floorRatioToStep(9999n, 10n, 1), 999);
  });

  test("percentOf rounds half-up: 50 % of 45.25 is 22.625 → 22.63", () => {
    assert.equal(percentOf(4525, 500_000n, 1), 2263);
  });

  test("sumMoney refuses a sum too large to be exact", () => {
    assert.equal(sumMoney([1, 2, 3]), 6);
    assert.throws(() => sumMoney([Number.MAX_SAFE_INTEGER, 1]), RangeError);
  });
});

describe("tax", () => {
  const rates: Array<[string, { taxPercent: number | null; taxOverride: boolean }, bigint | null]> = [
    ["7.25 %", { taxPercent: 7.25, taxOverride: false }, 72500n],
    ["0 % (an untaxed zip)", { taxPercent: 0, taxOverride: false }, 0n],
    ["unknown", { taxPercent: null, taxOverride: false }, null],
    ["overridden", { taxPercent: 7.25, taxOverride: true }, null],
    ["negative (the lookup's -1)", { taxPercent: -1, taxOverride: false }, null],
  ];
  for (const [name, settings, rate] of rates) {
    test(`the rate of ${name} is ${rate}`, () => assert.equal(readTaxRate(settings), rate));
  }

  test("the tax of a net amount: 7.25 % of $45.50 = 3.29875 → $3.30; of CHF 45.05 at 7.7 % = 3.46885 → CHF 3.45", () => {
    assert.equal(taxOf(4550, 72500n, 1), 330);
    assert.equal(taxOf(4505, 77000n, 5), 345);
    assert.equal(taxOf(4550, null, 1), 0);
  });

  const shown: Array<[bigint, string]> = [
    [72500n, "7.250"],
    [88875n, "8.888"], // 8.8875 → 8.888 (half-up)
    [60005n, "6.001"],
    [200000n, "20.000"],
    [0n, "0.000"],
    [1000000n, "100.000"],
  ];
  for (const [rate, text] of shown) {
    test(`a rate of ${rate} ten-thousandths shows as ${text}`, () => assert.equal(formatTaxPercent(rate), text));
  }
});
