import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { titleCase, validators } from "../../../src/flow/validators.ts";

describe("typed answers (SPEC §5)", () => {
  const table: Array<[keyof typeof validators, string, string | Record<string, string>]> = [
    ["email", "jane@example.com", { customerEmail: "jane@example.com" }],
    ["email", "  jane@example.co.uk ", { customerEmail: "jane@example.co.uk" }],
    ["email", "jane@", "Please enter a valid email address"],
    ["email", "jane example.com", "Please enter a valid email address"],
    ["email", "jane@example", "Please enter a valid email address"],
    ["phone", "6145550100", { phonenumber: "6145550100" }],
    ["phone", "16145550100", { phonenumber: "16145550100" }],
    ["phone", "(614) 555-0100", { phonenumber: "6145550100" }],
    // What people type (issue 16): dots, a leading +1, slashes, spaces all give the digits.
    ["phone", "614.555.0199", { phonenumber: "6145550199" }],
    ["phone", "+1 614 555 0199", { phonenumber: "16145550199" }],
    ["phone", "+1 (614) 555-0199", { phonenumber: "16145550199" }],
    ["phone", "614/555 0199", { phonenumber: "6145550199" }],
    ["phone", " 614 555 0199 ", { phonenumber: "6145550199" }],
    ["phone", "+44 20 7946 0321", "Phone number must be 10 or 11 digits"],
    ["phone", "614-555-CALL", "Phone number must be 10 or 11 digits"],
    ["phone", "555-0100", "Phone number must be 10 or 11 digits"],
    ["phone", "614555010012", "Phone number must be 10 or 11 digits"],
    ["phone", "61455501OO", "Phone number must be 10 or 11 digits"],
    ["name", "jane doe", { customerName: "Jane Doe", customerFirstName: "Jane", customerLastName: "Doe" }],
    ["name", "  MARY-ANN   o'neil ", { customerName: "Mary-Ann O'Neil", customerFirstName: "Mary-Ann", customerLastName: "O'Neil" }],
    ["name", "Cher", "Please enter your first and last name."],
    ["unit", " 4B ", { customerUnit: "4B" }],
    ["unit", "   ", "Apartment, Unit or Suite Number is Required"],
    ["referrer", "Sam", { referrer: "Sam" }],
    ["referrer", "x".repeat(30), { referrer: "x".repeat(30) }],
    ["referrer", "x".repeat(31), "Please enter a value not exceeding 30 characters"],
    ["referrer", "", "This field is required."],
    ["otherSource", "x".repeat(300), { additionalSourceInfo: "x".repeat(300) }],
    ["otherSource", "x".repeat(301), "Please enter a value not exceeding 300 characters"],
    ["otherSource", "  ", "This field is required."],
  ];
  for (const [validator, raw, expected] of table) {
    test(`${validator}(${JSON.stringify(raw.length > 40 ? `${raw.length} chars` : raw)}) → ${JSON.stringify(expected)}`, () => {
      const result = validators[validator](raw);
      if (typeof expected === "string") {
        assert.deepEqual(result, { ok: false, message: expected });
      } else {
        assert.ok(result.ok);
        assert.deepEqual(result.values, expected);
      }
    });
  }

  test("title case is idempotent and keeps the letters", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const once = titleCase(s);
        assert.equal(titleCase(once), once);
        assert.equal(once.toLowerCase(), s.trim().replace(/\s+/g, " ").toLowerCase());
      }),
    );
  });
});
