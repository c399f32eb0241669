// The payment body (SPEC §7) built from the priced quote: the amount sent is exactly what GET
// STARTED TODAY shows, for any quote the pricing engine prices (fast-check over price blocks,
// currencies with 0, 2 and 3 digits, CHF's 0.05, both terms); every program carries its prices;
// the body passes the schema the backend validates with; no card data can be in it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import * as v from "valibot";
import type { Offer, PriceBlock, ServiceLineInput } from "../../../src/contract/quote-services.ts";
import { PaymentBodySchema } from "../../../src/contract/payment-contract.ts";
import { buildPaymentBody, type PaymentParts } from "../../../src/contract/payment-body.ts";
import { currencyOf } from "../../../src/pricing/currency.ts";
import { priceQuote } from "../../../src/pricing/price-quote.ts";
import type { PricedQuote, PricingSettings } from "../../../src/pricing/types.ts";
import { block, line, settings } from "../pricing/pricing-fixtures.ts";

const CODES = ["USD", "GBP", "CHF", "JPY", "KWD", "EUR"] as const;

const amountArb = (code: string) => {
  const digits = currencyOf(code).digits;
  return fc.integer({ min: 0, max: 5_000 * 10 ** digits }).map((n) => n / 10 ** digits);
};

const lineArb = (code: string): fc.Arbitrary<ServiceLineInput> =>
  fc.record({
    grossPrice: amountArb(code),
    tooLateToDo: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    usesUpfrontPricing: fc.constant(false),
  });

const offerArb = (code: string): fc.Arbitrary<Offer> =>
  fc.record({
    discountType: fc.constantFrom("percentage-off" as const, "fixed-price" as const),
    discountAmount: fc.oneof(fc.integer({ min: 0, max: 100 }), amountArb(code)),
    appliedTo: fc.constantFrom("first-app" as const, "entire-program" as const),
    hide: fc.boolean(),
  });

const blockArb = (code: string, index: number): fc.Arbitrary<PriceBlock> =>
  fc
    .record({
      prePayDiscount: fc.integer({ min: 0, max: 30 }),
      offers: fc.array(offerArb(code), { maxLength: 2 }),
      application: fc.array(lineArb(code), { minLength: 1, maxLength: 8 }),
      pricing: fc.array(
        fc.record({ frequencyType: fc.constantFrom("application", "total", "monthly"), servicePrice: amountArb(code), pricingMethod: fc.constantFrom("per-application", "flat"), pricingPeriods: fc.integer({ min: 0, max: 12 }) }),
        { maxLength: 2 },
      ),
    })
    .map(({ application, ...rest }) => block(application, { id: `b${index}`, programId: `p${index}`, serviceName: `Program ${index}`, ...rest }));

const settingsArb = (code: string): fc.Arbitrary<PricingSettings> =>
  fc.record({
    currency: fc.constant(code),
    taxPercent: fc.option(fc.integer({ min: 0, max: 150_000 }).map((n) => n / 10_000), { nil: null }),
    taxOverride: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    term: fc.constantFrom("application" as const, "total" as const),
    autopayMethod: fc.constantFrom("monthly-payment" as const, "first-application-payment" as const),
    period: fc.integer({ min: 1, max: 12 }),
    autoPayAvailable: fc.boolean(),
    prePayAvailable: fc.boolean(),
  });

const quoteArb = fc.constantFrom(...CODES).chain((code) =>
  fc.record({
    settings: settingsArb(code),
    blocks: fc.integer({ min: 1, max: 3 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => blockArb(code, index)))),
  }),
);

function priceOrNull(blocks: PriceBlock[], pricing: PricingSettings): PricedQuote | null {
  try {
    return priceQuote(blocks, pricing);
  } catch (error) {
    if ((error as Error).message === "No Services") return null;
    throw error;
  }
}

const PARTS: PaymentParts = { companyId: "acme", botId: "lawn", quoteId: "q-1", paymentMethod: "stripe", token: "tok_visa", expiry: { month: 1, year: 2029 } };

/** The shown text's digits and decimal point only: "$1,234.50" → "1234.50", "CHF 45.05" → "45.05". */
const shownAmount = (text: string) => text.replace(/[^0-9.]/g, "").replace(/^\./, "");

/** A decimal string back to minor units, by string arithmetic (no floats). */
function toMinor(decimal: string, code: string): number {
  const digits = currencyOf(code).digits;
  const [whole, fraction = ""] = decimal.split(".");
  assert.ok(fraction.length <= digits, `${decimal} has more than ${digits} decimals`);
  return Number(`${whole}${fraction.padEnd(digits, "0")}`);
}

describe("the payment body (SPEC §7)", () => {
  test("the amount sent is what GET STARTED TODAY shows, and amountDueToday, for every priced quote", () => {
    fc.assert(
      fc.property(quoteArb, ({ blocks, settings: pricing }) => {
        const quote = priceOrNull(blocks, pricing);
        if (!quote) return;
        const body = buildPaymentBody(quote, PARTS);
        const today = quote.summary.find((row) => row.id === "today");
        assert.ok(today, "a GET STARTED TODAY row");
        assert.equal(today.label, "GET STARTED TODAY");
        assert.equal(body.amount, shownAmount(today.value));
        assert.equal(toMinor(body.amount, quote.currency), quote.amountDueToday);
        assert.equal(body.currency, quote.currency);
        assert.equal(body.term, quote.totals.term);
      }),
      { numRuns: 300 },
    );
  });

  test("every selected program goes with its prices, in minor units written exactly, and the body passes the backend's schema", () => {
    fc.assert(
      fc.property(quoteArb, ({ blocks, settings: pricing }) => {
        const quote = priceOrNull(blocks, pricing);
        if (!quote) return;
        const body = buildPaymentBody(quote, PARTS);
        const parsed = v.safeParse(PaymentBodySchema, body);
        assert.ok(parsed.success, parsed.success ? "" : JSON.stringify(parsed.issues[0]?.path?.map((p) => p.key)) + parsed.issues[0]?.message);
        assert.deepEqual(body.programs.map((p) => p.id), quote.services.map((s) => s.block.id));
        body.programs.forEach((program, index) => {
          const service = quote.services[index]!;
          assert.equal(toMinor(program.firstAppPrice, quote.currency), service.firstAppPrice);
          assert.equal(toMinor(program.applicationPrice, quote.currency), service.applicationPrice);
          assert.equal(toMinor(program.totalProgramCost, quote.currency), service.totalProgramCost);
          assert.equal(toMinor(program.prePayPrice, quote.currency), service.prePayPrice);
          assert.equal(toMinor(program.salesTax, quote.currency), service.todayTax);
          assert.equal(program.applications, service.lines.filter((l) => !l.tooLateToDo).length);
          assert.equal(program.term, quote.totals.term);
        });
      }),
      { numRuns: 200 },
    );
  });

  test("a worked example: 6 applications of $50.00 at 7.5 % tax, paid per application", () => {
    const quote = priceQuote(
      [block(Array.from({ length: 6 }, () => line(50)), { id: "fert", serviceName: "Fertilizer & Weed Control", serviceType: "fertilizer", prePayDiscount: 10, pricing: [{ frequencyType: "application", servicePrice: 50, pricingMethod: "per-application", pricingPeriods: 6 }] })],
      settings({ taxPercent: 7.5 }),
    );
    const body = buildPaymentBody(quote, { ...PARTS, expiry: { month: 4, year: 2030 } });
    assert.equal(body.amount, "53.75");
    assert.deepEqual(body.programs[0], {
      id: "fert",
      programName: "Fertilizer & Weed Control",
      serviceType: "fertilizer",
      applications: 6,
      prePayPrice: "290.25",
      totalProgramCost: "322.50",
      firstAppPrice: "53.75",
      applicationPrice: "53.75",
      term: "application",
      salesTax: "3.75",
      prePayDiscount: 10,
      pricingMethod: "per-application",
      pricingPeriods: 6,
      services: Array.from({ length: 6 }, () => ({ grossPrice: "50.00", netPrice: "50.00", taxes: "3.75", tooLateToDo: false })),
      offers: [],
    });
    assert.equal(body.expire_month, 4);
    assert.equal(body.expire_year, 2030);
    assert.deepEqual(body.paymentInfo, { token: "tok_visa" });
  });

  test("real-green adds its session token and crm id; bypass sends no token", () => {
    const quote = priceQuote([block([line(50)])], settings());
    assert.deepEqual(buildPaymentBody(quote, { ...PARTS, paymentMethod: "real-green", token: "crm_abcdefgh", paymentToken: "rgp_x", crmId: "RG-1" }).paymentInfo, {
      token: "crm_abcdefgh",
      paymentToken: "rgp_x",
      crmId: "RG-1",
    });
    const bypass = buildPaymentBody(quote, { ...PARTS, paymentMethod: "bypass", token: null });
    assert.deepEqual(bypass.paymentInfo, { token: null });
    assert.ok(v.is(PaymentBodySchema, bypass));
  });

  const cardData: Array<[string, Record<string, unknown>]> = [
    ["a card number field", { token: "tok_visa", number: "4242424242424242" }],
    ["a cvc field", { token: "tok_visa", cvc: "123" }],
    ["an expiry field", { token: "tok_visa", exp: "12/30" }],
    ["a card number as the token", { token: "4242424242424242" }],
    ["a dashed card number as the token", { token: "4242-4242-4242-4242" }],
    ["a card number inside the token", { token: "tok_4242424242424242" }],
  ];
  for (const [what, paymentInfo] of cardData) {
    test(`the schema refuses ${what}`, () => {
      const body = buildPaymentBody(priceQuote([block([line(50)])], settings()), PARTS);
      assert.equal(v.is(PaymentBodySchema, { ...body, paymentInfo }), false);
    });
  }
});
