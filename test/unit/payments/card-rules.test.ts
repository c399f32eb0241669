// SPEC §5 card rules: the vault flow's expiry field as the visitor types, the expiry check
// against a fixed "today", the stripe-style validity rule (the vault's secure fields: adapters.test.ts and checkout-controller.test.ts), and when paying is allowed.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  checkExpiry,
  DEFAULT_EXPIRY,
  EXPIRY_MAX_LENGTH,
  formatExpiryInput,
  parseExpiry,
  yearMonthOf,
} from "../../../src/payments/card-expiry.ts";
import { passesLuhn } from "../../../src/contract/card-number.ts";
import { canPay, isStripeCardValid } from "../../../src/payments/card-validity.ts";

describe("expiry field formatting as typed (SPEC §5)", () => {
  // [previous value, value after the keystroke, shown value]
  const table: Array<[string, string, string]> = [
    ["", "1", "1"],
    ["", "0", "0"],
    ["", "4", "04 / "],
    ["", "9", "09 / "],
    ["1", "12", "12 / "],
    ["0", "07", "07 / "],
    ["12 / ", "12 / 2", "12 / 2"],
    ["12 / 2", "12 / 29", "12 / 29"],
    ["12 / 29", "12 / 295", "12 / 29"],
    ["", "1229", "12 / 29"],
    ["", "12/29", "12 / 29"],
    ["", "4/29", "04 / 29"],
    ["", "a1b2c", "12 / "],
    ["", "", ""],
    ["", "abc", ""],
    // Backspace over the separator takes it away instead of writing it back.
    ["12 / ", "12 /", "12"],
    ["04 / ", "04 /", "04"],
    ["12", "1", "1"],
    ["12 / 2", "12 / ", "12 / "],
    // A pasted longer value keeps month and year only.
    ["", "0125 extra 99", "01 / 25"],
  ];
  for (const [previous, typed, shown] of table) {
    test(`${JSON.stringify(previous)} then ${JSON.stringify(typed)} shows ${JSON.stringify(shown)}`, () => {
      assert.equal(formatExpiryInput(typed, previous), shown);
    });
  }

  test("the field never holds more than 7 characters, only digits and one ' / '", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (typed, previous) => {
        const shown = formatExpiryInput(typed, previous);
        assert.ok(shown.length <= EXPIRY_MAX_LENGTH);
        assert.match(shown, /^(\d{0,2}|\d{2} \/ \d{0,2})$/);
      }),
    );
  });

  test("a first digit other than 0 or 1 always becomes a month with a leading 0", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 9 }), fc.stringMatching(/^\d{0,3}$/), (first, rest) => {
        assert.ok(formatExpiryInput(`${first}${rest}`).startsWith(`0${first}`));
      }),
    );
  });

  test("formatting what it shows changes nothing", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,6}$/), (digits) => {
        const shown = formatExpiryInput(digits);
        assert.equal(formatExpiryInput(shown, shown), shown);
      }),
    );
  });
});

describe("expiry check (SPEC §5), today = March 2026", () => {
  const today = { year: 2026, month: 3 };
  const table: Array<[string, string]> = [
    ["", "Expiry date is not available"],
    ["03", "Expiry date is not available"],
    ["03 / ", "Expiry date is not available"],
    ["03 / 2", "Expiry date is not available"],
    ["13 / 27", "Expiry date is not available"],
    ["00 / 27", "Expiry date is not available"],
    ["02 / 26", "Your card is expired"],
    ["12 / 25", "Your card is expired"],
    ["01 / 20", "Your card is expired"],
    ["03 / 26", "Expiry is valid"],
    ["04 / 26", "Expiry is valid"],
    ["01 / 27", "Expiry is valid"],
    ["01 / 29", "Expiry is valid"],
    ["12/99", "Expiry is valid"],
  ];
  for (const [value, message] of table) {
    test(`${JSON.stringify(value)} → '${message}'`, () => {
      assert.equal(checkExpiry(value, today).message, message);
    });
  }

  test("a valid or expired expiry carries its month and four-digit year", () => {
    assert.deepEqual(checkExpiry("04 / 26", today), { status: "valid", message: "Expiry is valid", month: 4, year: 2026 });
    assert.deepEqual(checkExpiry("02 / 26", today), { status: "expired", message: "Your card is expired", month: 2, year: 2026 });
    assert.deepEqual(checkExpiry("", today), { status: "missing", message: "Expiry date is not available" });
  });

  test("parses the three ways a month and year may be written", () => {
    for (const text of ["07 / 28", "07/28", "0728", " 7/28 "]) assert.deepEqual(parseExpiry(text), { month: 7, year: 2028 });
  });

  test("the card expires after its month ends: last month is expired, this month and later are valid", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2001, max: 2098 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const expiry = `${String(month).padStart(2, "0")} / ${String(year % 100).padStart(2, "0")}`;
        const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
        assert.equal(checkExpiry(expiry, { year, month }).status, "valid");
        assert.equal(checkExpiry(expiry, next).status, "expired");
      }),
    );
  });

  test("today's month comes from the local calendar", () => {
    assert.deepEqual(yearMonthOf(new Date(2026, 0, 31, 23, 59)), { year: 2026, month: 1 });
    assert.deepEqual(yearMonthOf(new Date(2025, 11, 1)), { year: 2025, month: 12 });
  });

  test("the default expiry for non-vault processors is 1/2029", () => {
    assert.deepEqual({ ...DEFAULT_EXPIRY }, { month: 1, year: 2029 });
  });
});

describe("card validity (SPEC §5)", () => {
  const stripeTable: Array<[boolean, number, number, boolean]> = [
    [true, 3, 4, true],
    [true, 4, 4, true],
    [true, 3, 5, true],
    [false, 3, 4, false],
    [true, 2, 4, false],
    [true, 3, 3, false],
    [true, 0, 0, false],
  ];
  for (const [numberComplete, cvcLength, expiryLength, valid] of stripeTable) {
    test(`stripe-style: number ${numberComplete ? "complete" : "incomplete"}, cvc ${cvcLength}, expiry ${expiryLength} → ${valid ? "valid" : "invalid"}`, () => {
      assert.equal(isStripeCardValid({ numberComplete, cvcLength, expiryLength }), valid);
    });
  }

  const payTable: Array<[boolean, number, boolean, boolean]> = [
    [true, 4550, false, true],
    [true, 1, false, true],
    [true, 0, false, false],
    [true, -100, false, false],
    [false, 4550, false, false],
    [true, 4550, true, false],
  ];
  for (const [cardValid, amountDue, charging, allowed] of payTable) {
    test(`pay: card ${cardValid ? "valid" : "invalid"}, due ${amountDue}, ${charging ? "charging" : "idle"} → ${allowed ? "enabled" : "disabled"}`, () => {
      assert.equal(canPay({ cardValid, amountDue, charging }), allowed);
    });
  }

  const luhnTable: Array<[string, boolean]> = [
    ["4242424242424242", true],
    ["4000000000000002", true],
    ["5555555555554444", true],
    ["4242424242424241", false],
    ["4242 4242 4242 4242", false],
    ["", false],
  ];
  for (const [digits, ok] of luhnTable) {
    test(`Luhn(${JSON.stringify(digits)}) = ${ok}`, () => assert.equal(passesLuhn(digits), ok));
  }
});
