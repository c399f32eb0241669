// The Prices page's form model (src/console/builder/prices-form.ts): every demo company's pricing
// document survives the form unchanged (amounts shown as decimal text, sent back as the same
// numbers), and text that is not an amount is refused at its field's path before any request.
import assert from "node:assert/strict";
import { test } from "node:test";
import { builderWords as BUILDER_EN } from "../../../src/i18n/en/console-builder.ts";
import { resize, toDocument, toForm } from "../../../src/console/builder/prices-form.ts";
import { loadPricingFixtures } from "../../../server/pricing/pricing-tables.ts";

test("every demo pricing document goes through the form and back unchanged", () => {
  for (const row of loadPricingFixtures()) {
    const document = JSON.parse(row.pricing) as Record<string, unknown>;
    const digits = document.currency === "JPY" ? 0 : 2;
    const back = toDocument(toForm(document, digits), BUILDER_EN);
    assert.deepEqual(back.issues, [], row.companyId);
    // Defaults the form fills in (no offers, no pre-pay discount) are the schema's defaults.
    const expected = structuredClone(document) as { programs: Array<Record<string, unknown>>; lawnSizeBrackets?: number[] };
    expected.lawnSizeBrackets ??= [];
    for (const program of expected.programs) {
      program.offers = ((program.offers as Array<Record<string, unknown>> | undefined) ?? []).map((offer) => ({ appliedTo: "first-app", hide: false, ...offer }));
      program.prePayDiscount ??= 0;
    }
    assert.deepEqual(back.document, expected, row.companyId);
  }
});

test("amounts are shown with the currency's digits and sent as the typed decimal", () => {
  const form = toForm({ currency: "USD", unit: "sq ft", lawnSizeBrackets: [5000], programs: [{ id: "p", name: "P", applications: 6, price: { kind: "lawn-size", perApplication: [45.5] } }] }, 2);
  assert.deepEqual(form.programs[0]!.perApplication, ["45.50"]);
  form.programs[0]!.perApplication = ["73.40"];
  const { document } = toDocument(form, BUILDER_EN);
  assert.deepEqual((document.programs as Array<{ price: { perApplication: number[] } }>)[0]!.price.perApplication, [73.4]);
});

test("text that is not an amount or a count is refused at its field", () => {
  const table: Array<[string, string, string]> = [
    ["perApplication", "sixty", "programs.0.price.perApplication.0"],
    ["perApplication", "-5", "programs.0.price.perApplication.0"],
    ["perApplication", "1e3", "programs.0.price.perApplication.0"],
    ["applications", "6.5", "programs.0.applications"],
    ["prePayDiscount", "ten", "programs.0.prePayDiscount"],
  ];
  for (const [field, text, path] of table) {
    const form = toForm({ currency: "USD", unit: "sq ft", lawnSizeBrackets: [5000], programs: [{ id: "p", name: "P", applications: 6, price: { kind: "lawn-size", perApplication: [45] } }] }, 2);
    const program = form.programs[0]!;
    if (field === "perApplication") program.perApplication = [text];
    else if (field === "applications") program.applications = text;
    else program.prePayDiscount = text;
    assert.deepEqual(toDocument(form, BUILDER_EN).issues.map((issue) => issue.path), [path], `${field} "${text}"`);
  }
});

test("a new bracket adds an empty amount to each per-bracket list; removing one drops the last", () => {
  assert.deepEqual(resize(["1", "2"], 3), ["1", "2", ""]);
  assert.deepEqual(resize(["1", "2"], 1), ["1"]);
});
