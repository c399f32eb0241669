import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { capPhoneDigits, cleanCustomerFields, parseQueryFlags, stripPhone } from "../../../src/config/query-flags.ts";

describe("query flags", () => {
  test("no query means no flags and no customer fields", () => {
    assert.deepEqual(parseQueryFlags(""), { preview: false, onboarding: false, cookiesDisabled: false, customer: {} });
  });

  const flagTable: Array<[string, Partial<ReturnType<typeof parseQueryFlags>>]> = [
    ["?preview=true", { preview: true }],
    ["?preview", { preview: true }],
    ["?preview=false", { preview: false }],
    ["?onboarding=1", { onboarding: true }],
    ["?cookiesDisabled=true", { cookiesDisabled: true }],
    ["?source=contactForm", { source: "contactForm" }],
  ];
  for (const [search, expected] of flagTable) {
    test(`${search} sets ${JSON.stringify(expected)}`, () => {
      const flags = parseQueryFlags(search);
      for (const [key, value] of Object.entries(expected)) {
        assert.equal(flags[key as keyof typeof flags], value);
      }
    });
  }

  test("customer fields are read, trimmed, and the phone loses spaces, brackets and dashes", () => {
    const flags = parseQueryFlags(
      "?customerName=%20Jane%20Doe%20&phonenumber=(555)%20123-4567&customerEmail=jane@example.com&customerZip=30301&googlelocate=1%20Main%20St%2C%20Atlanta&unrelated=x",
    );
    assert.deepEqual(flags.customer, {
      customerName: "Jane Doe",
      phonenumber: "5551234567",
      customerEmail: "jane@example.com",
      customerZip: "30301",
      googlelocate: "1 Main St, Atlanta",
    });
  });

  const phones: Array<[string, string]> = [
    ["(555) 123-4567", "5551234567"],
    ["1 555 123 4567", "15551234567"],
    ["555-123-4567", "5551234567"],
    ["5551234567", "5551234567"],
  ];
  for (const [raw, expected] of phones) {
    test(`phone ${raw} becomes ${expected}`, () => assert.equal(stripPhone(raw), expected));
  }

  // SPEC §5 'input max length 11': the phone field keeps what is typed around the digits, and
  // no digit past the eleventh (issue 27).
  const capped: Array<[string, string]> = [
    ["(614) 555-0123", "(614) 555-0123"],
    ["+1 (614) 555-0123", "+1 (614) 555-0123"],
    ["16145550123", "16145550123"],
    ["161455501234", "16145550123"],
    ["123456789012345", "12345678901"],
    ["+1 (614) 555-01239", "+1 (614) 555-0123"],
    ["+1 (614) 555-0123 ext 45", "+1 (614) 555-0123 ext "],
    ["", ""],
  ];
  for (const [typed, kept] of capped) {
    test(`the phone field keeps ${JSON.stringify(kept)} of ${JSON.stringify(typed)}`, () => {
      assert.equal(capPhoneDigits(typed, 11), kept);
      assert.ok(stripPhone(kept).replace(/\D/g, "").length <= 11);
    });
  }

  test("prefill from a host page keeps only known string fields, and bounds their length", () => {
    const fields = cleanCustomerFields({
      customerName: "A".repeat(500),
      customerZip: 30301,
      __proto__: { customerEmail: "x@y.z" },
      evil: "<script>",
    });
    assert.deepEqual(Object.keys(fields), ["customerName"]);
    assert.equal(fields.customerName!.length, 300);
    assert.deepEqual(cleanCustomerFields(null), {});
    assert.deepEqual(cleanCustomerFields("customerName=x"), {});
  });
});
