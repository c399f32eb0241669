// One validation, both sides (issue 12): each contact value goes through the widget's own
// validator (src/flow/validators.ts, what the visitor sees) and, as the widget would send it,
// through POST /v1/quote/start on the reference backend. The verdicts must agree: accepted by
// the widget ⇔ 200 from the backend, and rejected ⇔ 400 naming the field.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Answers } from "../../../src/flow/answer-keys.ts";
import { address } from "../../../src/flow/inputs/address.ts";
import { validators } from "../../../src/flow/validators.ts";
import { validation as MESSAGES } from "../../../src/i18n/en/validation.ts";
import { NAME_MAX } from "../../../src/schema/contact.ts";
import { newVisitorStart } from "./api-test-data.ts";
import { postJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

type Field = "name" | "email" | "phone" | "unit";
interface Case {
  field: Field;
  typed: string;
  accepted: boolean;
  /** The message the widget shows when it refuses (SPEC §5 wording). */
  message?: string;
}

const letters = (n: number) => "a".repeat(n);

const CASES: Case[] = [
  // E-mail: apostrophes and plus signs in the local part, internationalised domains.
  { field: "email", typed: "kim.o'neil@example.com", accepted: true },
  { field: "email", typed: "joerg@müller.de", accepted: true },
  { field: "email", typed: "kim+lawn@example.com", accepted: true },
  { field: "email", typed: "  padded@example.com  ", accepted: true },
  { field: "email", typed: "名前@例え.jp", accepted: true },
  { field: "email", typed: "user@xn--mller-kva.de", accepted: true },
  { field: "email", typed: "first.last@sub.example.co.uk", accepted: true },
  { field: "email", typed: "no-at-sign.example.com", accepted: false, message: MESSAGES.email },
  { field: "email", typed: "two@@example.com", accepted: false, message: MESSAGES.email },
  { field: "email", typed: "space in@example.com", accepted: false, message: MESSAGES.email },
  { field: "email", typed: "kim@localhost", accepted: false, message: MESSAGES.email },
  { field: "email", typed: "kim@example.c", accepted: false, message: MESSAGES.email },
  { field: "email", typed: ".kim@example.com", accepted: false, message: MESSAGES.email },
  { field: "email", typed: "kim..novak@example.com", accepted: false, message: MESSAGES.email },
  { field: "email", typed: "kim@-example.com", accepted: false, message: MESSAGES.email },
  { field: "email", typed: `${letters(65)}@example.com`, accepted: false, message: MESSAGES.email },
  { field: "email", typed: `kim@${letters(60)}.${letters(60)}.${letters(60)}.${letters(60)}.ab.com`, accepted: true },
  { field: "email", typed: `kim@${letters(60)}.${letters(60)}.${letters(60)}.${letters(60)}.abc.com`, accepted: false, message: MESSAGES.email },
  // Names: first and last, up to the one limit both sides share.
  { field: "name", typed: "Kim O'Neil", accepted: true },
  { field: "name", typed: "jörg müller-lüdenscheidt", accepted: true },
  { field: "name", typed: `${letters(90)} Smith`, accepted: true },
  { field: "name", typed: `${letters(NAME_MAX)} B`, accepted: true },
  { field: "name", typed: `Jo ${letters(NAME_MAX)}`, accepted: true },
  { field: "name", typed: `${letters(NAME_MAX + 1)} Smith`, accepted: false, message: MESSAGES.exceeding(NAME_MAX) },
  { field: "name", typed: `Jo ${letters(NAME_MAX - 2)} Smith`, accepted: false, message: MESSAGES.exceeding(NAME_MAX) },
  { field: "name", typed: "Cher", accepted: false, message: MESSAGES.name },
  // Phones: 10 or 11 digits once spaces, brackets and dashes are gone.
  { field: "phone", typed: "(614) 555-0100", accepted: true },
  { field: "phone", typed: "16145550100", accepted: true },
  { field: "phone", typed: "614555010", accepted: false, message: MESSAGES.phone },
  { field: "phone", typed: "614555010012", accepted: false, message: MESSAGES.phone },
  // Apartment or unit.
  { field: "unit", typed: "Apt 4B", accepted: true },
  { field: "unit", typed: letters(50), accepted: true },
  { field: "unit", typed: letters(51), accepted: false, message: MESSAGES.exceeding(50) },
];

/** The quote start body the widget sends with this value (src/state/tasks/start-quote.ts). */
function startBodyWith(field: Field, value: Answers, index: number) {
  const body = newVisitorStart({ phoneNumber: `61455${String(80000 + index)}` });
  const customer: Record<string, unknown> = { ...body.customer, address: { ...body.customer.address } };
  if (field === "name") Object.assign(customer, { firstName: value.customerFirstName, lastName: value.customerLastName });
  if (field === "email") customer.email = value.customerEmail;
  if (field === "phone") customer.phoneNumber = value.phonenumber;
  if (field === "unit") (customer.address as Record<string, unknown>).unit = value.customerUnit;
  return { ...body, customer };
}

/** What the widget would send for a value it refused (sent anyway, as a script could). */
function rawValues(field: Field, typed: string): Answers {
  if (field === "name") {
    const [first = "", ...rest] = typed.trim().split(/\s+/);
    return { customerFirstName: first, customerLastName: rest.join(" ") };
  }
  if (field === "email") return { customerEmail: typed.trim() };
  if (field === "phone") return { phonenumber: typed.replace(/[\s()-]/g, "") };
  return { customerUnit: typed.trim() };
}

const BACKEND_FIELD: Record<Field, RegExp> = {
  name: /^Invalid customer\.(firstName|lastName):/,
  email: /^Invalid customer\.email:/,
  phone: /^Invalid customer\.phoneNumber:/,
  unit: /^Invalid customer\.address\.unit:/,
};

describe("contact values: the widget's verdict is the backend's", () => {
  CASES.forEach(({ field, typed, accepted, message }, index) => {
    test(`${field} ${JSON.stringify(typed.length > 40 ? `${typed.slice(0, 20)}… (${typed.length})` : typed)}: ${accepted ? "accepted" : "refused"} on both sides`, async () => {
      const widget = validators[field](typed);
      assert.equal(widget.ok, accepted, `widget verdict on ${typed}`);
      if (!widget.ok) assert.equal(widget.message, message);

      const values = widget.ok ? widget.values : rawValues(field, typed);
      const { status, json } = await postJson(`${site.api}/v1/quote/start`, startBodyWith(field, values, index));
      assert.equal(status, accepted ? 200 : 400, JSON.stringify(json));
      if (!accepted) assert.match((json as { message: string }).message, BACKEND_FIELD[field]);
    });
  });

  test("what the widget accepted is stored as the widget sent it", async () => {
    const widget = validators.email("kim.o'neil@example.com");
    assert.ok(widget.ok);
    const body = startBodyWith("email", widget.values, 999);
    const { status, json } = await postJson(`${site.api}/v1/quote/start`, body);
    assert.equal(status, 200);
    const { id, quoteToken } = json as { id: string; quoteToken: string };
    const details = await postJson(`${site.api}/v1/quote/details`, { companyId: "greenway-lawn", quoteId: id, quoteToken });
    assert.equal((details.json as { customer: { email: string } }).customer.email, "kim.o'neil@example.com");
  });

  test("an address picked with over-long parts is kept within what the backend stores", async () => {
    const picked = address.accept({} as never, {
      value: "a long address",
      values: {
        customerAddress: `12 ${letters(300)} Road`,
        customerCity: letters(150),
        customerState: letters(150),
        customerZip: `43017 ${letters(30)}`,
        customerCounty: letters(150),
      },
    } as never, {} as never);
    assert.ok(picked.ok);
    const values = (picked as { values: Answers }).values;
    const body = newVisitorStart({ phoneNumber: "6145580998" });
    const customerAddress = {
      ...body.customer.address,
      street: values.customerAddress!,
      city: values.customerCity!,
      state: values.customerState!,
      postalCode: values.customerZip!,
      county: values.customerCounty!,
    };
    const { status, json } = await postJson(`${site.api}/v1/quote/start`, { ...body, customer: { ...body.customer, address: customerAddress } });
    assert.equal(status, 200, JSON.stringify(json));
  });
});
