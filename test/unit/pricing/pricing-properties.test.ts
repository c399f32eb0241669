import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import type { Offer, PriceBlock, ServiceLineInput } from "../../../src/contract/quote-services.ts";
import { currencyOf, formatMoney, toMajorString, toMinorUnits } from "../../../src/pricing/currency.ts";
import { splitMonthly } from "../../../src/pricing/plans.ts";
import { priceQuote, priceService } from "../../../src/pricing/price-quote.ts";
import { hasPricedService } from "../../../src/pricing/chargeable.ts";
import { roundRatioToStep } from "../../../src/pricing/rounding.ts";
import type { PricedLine, PricedQuote, PricingSettings } from "../../../src/pricing/types.ts";
import { block } from "./pricing-fixtures.ts";

/** An integer amount put on the step, as the pricing rounds a ratio over 1. */
const onStep = (amount: number, step: number) => roundRatioToStep(BigInt(amount), 1n, step);

const CODES = ["USD", "GBP", "CHF", "JPY", "KWD", "EUR"] as const;

/** A JSON amount with the currency's digits, or one digit more to exercise rounding. */
const amountArb = (code: string) => {
  const digits = currencyOf(code).digits;
  return fc.oneof(
    fc.integer({ min: 0, max: 200_000 * 10 ** digits }).map((n) => n / 10 ** digits),
    fc.integer({ min: 0, max: 200_000 * 10 ** (digits + 1) }).map((n) => n / 10 ** (digits + 1)),
  );
};
const percentArb = fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100);

const lineArb = (code: string): fc.Arbitrary<ServiceLineInput> =>
  fc.record({
    grossPrice: amountArb(code),
    tooLateToDo: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    usesUpfrontPricing: fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
    upfrontPrice: fc.option(amountArb(code), { nil: undefined }),
    recurringPrice: fc.option(amountArb(code), { nil: undefined }),
    recurringPeriod: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
  });

const offerArb = (code: string): fc.Arbitrary<Offer> =>
  fc.oneof(
    fc.record({ discountType: fc.constant("percentage-off" as const), discountAmount: fc.oneof(percentArb, fc.integer({ min: 100, max: 500 })) }),
    fc.record({ discountType: fc.constantFrom("fixed-price" as const, "discounted-price-table" as const), discountAmount: amountArb(code) }),
  ).chain((base) =>
    fc.record({
      discountType: fc.constant(base.discountType),
      discountAmount: fc.constant(base.discountAmount),
      appliedTo: fc.constantFrom("first-app" as const, "entire-program" as const),
      programId: fc.option(fc.constantFrom("p1", "p2", "other"), { nil: undefined }),
      hide: fc.boolean(),
    }),
  );

const blockArb = (code: string, index: number): fc.Arbitrary<PriceBlock> =>
  fc
    .record({
      programId: fc.constantFrom("p1", "p2"),
      selected: fc.integer({ min: 0, max: 3 }).map((n) => n !== 0),
      alwaysOnTop: fc.boolean(),
      hideDiscountText: fc.boolean(),
      prePayDiscount: percentArb,
      offers: fc.array(offerArb(code), { maxLength: 3 }),
      application: fc.array(lineArb(code), { maxLength: 8 }),
      prePay: fc.array(lineArb(code), { maxLength: 8 }),
    })
    .map(({ application, prePay, ...rest }) => block([], { id: `b${index}`, ...rest, services: { application, prePay } }));

const settingsArb = (code: string): fc.Arbitrary<PricingSettings> =>
  fc.record({
    currency: fc.constant(code),
    taxPercent: fc.option(fc.integer({ min: 0, max: 300_000 }).map((n) => n / 10_000), { nil: null }),
    taxOverride: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
    term: fc.constantFrom("application" as const, "total" as const),
    autopayMethod: fc.constantFrom("monthly-payment" as const, "first-application-payment" as const),
    period: fc.integer({ min: 1, max: 24 }),
    autoPayAvailable: fc.boolean(),
    prePayAvailable: fc.boolean(),
    autoPayLabel: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
  });

const quoteArb = fc.constantFrom(...CODES).chain((code) =>
  fc.record({
    settings: settingsArb(code),
    blocks: fc.integer({ min: 1, max: 4 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => blockArb(code, index)))),
  }),
);

/** Prices the input, or checks that 'No Services' was right to be thrown. */
function priceOrNone(blocks: PriceBlock[], settings: PricingSettings): PricedQuote | null {
  try {
    return priceQuote(blocks, settings);
  } catch (error) {
    assert.equal((error as Error).message, "No Services");
    const chargeable = blocks.some((b) => b.selected && [...b.services.application, ...b.services.prePay].some((l) => !l.tooLateToDo));
    assert.equal(chargeable, false, "threw although a selected block has a chargeable line");
    return null;
  }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const row = (quote: PricedQuote, id: string) => quote.summary.find((r) => r.id === id);

describe("pricing properties", () => {
  test("the widget's 'anything to price' rule (used before the engine arrives with the quote chunk) agrees with the engine", () => {
    fc.assert(
      fc.property(quoteArb, ({ blocks, settings }) => {
        assert.equal(hasPricedService(blocks), priceOrNone(blocks, settings) !== null);
      }),
    );
  });

  test("the services' figures add up to the totals and the summary rows", () => {
    fc.assert(
      fc.property(quoteArb, ({ blocks, settings }) => {
        const quote = priceOrNone(blocks, settings);
        if (!quote) return;
        const { services, totals } = quote;
        assert.equal(totals.allTotal, sum(services.map((s) => s.prePayPrice)));
        assert.equal(totals.firstTotal, sum(services.map((s) => s.firstAppPrice)));
        assert.equal(totals.regularTotal, sum(services.map((s) => s.applicationPrice)));
        assert.equal(totals.discount, sum(services.map((s) => s.prePaySaving)));
        const subtotal = row(quote, "subtotal")!.amount!;
        const tax = row(quote, "tax")!.amount;
        assert.equal(subtotal, sum(services.map((s) => s.todayNet)));
        assert.equal(row(quote, "today")!.amount, subtotal + (tax ?? 0));
        assert.equal(tax === null, settings.taxOverride || settings.taxPercent === null);
        if (tax !== null) assert.equal(tax, sum(services.map((s) => s.todayTax)));
        const installment = row(quote, "installment");
        // Under 'application' only, and only when something is paid later (issue 16).
        const later = sum(services.map((s) => s.installment));
        assert.equal(installment === undefined, totals.term === "total" || later === 0);
        if (installment) assert.equal(installment.amount, sum(services.map((s) => s.installment)));
        // the selected services, each once
        assert.deepEqual(quote.services.map((s) => s.block.id).sort(), blocks.filter((b) => b.selected).map((b) => b.id).sort());
      }),
    );
  });

  test("every amount lands on the currency's step and nothing is negative", () => {
    fc.assert(
      fc.property(quoteArb, ({ blocks, settings }) => {
        const quote = priceOrNone(blocks, settings);
        if (!quote) return;
        const step = currencyOf(settings.currency).rounding;
        const amounts: number[] = [...Object.values(quote.totals).filter((v): v is number => typeof v === "number"), quote.amountDueToday];
        for (const r of quote.summary) if (r.amount !== null) amounts.push(r.amount);
        for (const s of quote.services) {
          amounts.push(s.firstAppPrice, s.applicationPrice, s.totalProgramCost, s.prePayPrice, s.prePaySaving, s.todayNet, s.todayTax, s.installment, s.prePayNet!, s.prePayTax!, s.prePayDiscountAmount!);
          for (const l of [...s.lines, ...s.prePayLines!]) {
            amounts.push(l.grossPrice, l.netPrice, l.taxes, l.upfrontPrice, l.upfrontPriceTax, l.recurringPrice, l.recurringPriceTax);
          }
        }
        for (const amount of amounts) {
          assert.ok(Number.isSafeInteger(amount) && amount >= 0, `bad amount ${amount}`);
          assert.equal(amount % step, 0, `${amount} is off the step ${step}`);
        }
      }),
    );
  });

  test("percentage-off offers never raise a price nor make it negative", () => {
    fc.assert(
      fc.property(quoteArb, ({ blocks, settings }) => {
        for (const full of blocks) {
          const b = { ...full, offers: full.offers.filter((o) => o.discountType === "percentage-off") };
          const withOffers = priceService(b, settings);
          const without = priceService({ ...b, offers: [] }, settings);
          const pairs: Array<[PricedLine[], PricedLine[]]> = [[withOffers.lines, without.lines], [withOffers.prePayLines!, without.prePayLines!]];
          for (const [offered, plain] of pairs) {
            offered.forEach((l, i) => {
              assert.ok(l.netPrice >= 0 && l.netPrice <= l.grossPrice, `net ${l.netPrice} outside 0..${l.grossPrice}`);
              assert.ok(l.netPrice <= plain[i]!.netPrice);
              assert.equal(l.grossPrice, plain[i]!.grossPrice);
              if (l.tooLateToDo) assert.deepEqual(l.discountData, []);
            });
          }
          assert.ok(withOffers.prePayPrice <= without.prePayPrice);
          if (!b.services.application.some((l) => l.usesUpfrontPricing)) {
            assert.ok(withOffers.totalProgramCost <= without.totalProgramCost);
          }
          if (b.hideDiscountText) assert.ok(withOffers.lines.every((l) => l.discountData.every((d) => d.text === null)), "no offer text shown");
        }
      }),
    );
  });

  test("a fixed-price or price-table offer sets the price of every line it touches to its amount, above the list price too", () => {
    fc.assert(
      fc.property(quoteArb, fc.constantFrom("fixed-price" as const, "discounted-price-table" as const), fc.nat(), ({ blocks, settings }, discountType, seed) => {
        for (const full of blocks) {
          const gross = full.services.application.map((l) => toMinorUnits(l.grossPrice, settings.currency));
          if (gross.length === 0) continue;
          // An amount at, below or above the first line's list price.
          const amountMinor = [0, Math.floor(gross[0]! / 2), gross[0]!, gross[0]! * 2 + 1][seed % 4]!;
          const amount = Number(toMajorString(amountMinor, settings.currency));
          const b = { ...full, offers: [{ discountType, discountAmount: amount, appliedTo: "entire-program" as const, hide: false }] };
          const priced = priceService(b, settings);
          priced.lines.forEach((l, i) => {
            if (l.tooLateToDo) return assert.equal(l.netPrice, l.grossPrice);
            assert.equal(l.netPrice, toMinorUnits(amount, settings.currency), `line ${i + 1} costs what the offer says`);
            const texts = l.discountData.map((d) => d.text);
            if (l.netPrice === gross[i]) assert.deepEqual(l.discountData, [], "an unchanged price lists no offer");
            else if (discountType === "fixed-price" && l.netPrice > gross[i]!) assert.deepEqual(texts, [null], "no 'off' for a higher price");
          });
        }
      }),
    );
  });

  test("GET STARTED TODAY shows exactly the amount the payment call sends", () => {
    fc.assert(
      fc.property(quoteArb, ({ blocks, settings }) => {
        const quote = priceOrNone(blocks, settings);
        if (!quote) return;
        assert.equal(row(quote, "today")!.value, formatMoney(quote.amountDueToday, settings.currency));
        const sent = toMajorString(quote.amountDueToday, settings.currency);
        assert.equal(toMinorUnits(Number(sent), settings.currency), quote.amountDueToday);
      }),
    );
  });

  test("monthly payments add up to the program cost exactly", () => {
    const monthlyArb = quoteArb.map(({ blocks, settings }) => ({ blocks, settings: { ...settings, autopayMethod: "monthly-payment" as const } }));
    fc.assert(
      fc.property(monthlyArb, ({ blocks, settings }) => {
        for (const b of blocks) {
          const service = priceService(b, settings);
          const first = service.lines.find((l) => !l.tooLateToDo);
          if (!first || first.usesUpfrontPricing) continue;
          assert.equal(service.firstAppPrice + (settings.period - 1) * service.applicationPrice, service.totalProgramCost);
          assert.ok(service.firstAppPrice >= service.applicationPrice);
        }
      }),
    );
  });

  test("splitMonthly: the first payment takes less than one period's worth of steps more", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 24 }), fc.constantFrom(1, 5), (raw, period, step) => {
        const total = onStep(raw, step);
        const { first, monthly } = splitMonthly(total, period, step);
        assert.equal(first + monthly * (period - 1), total);
        assert.equal(monthly % step, 0);
        assert.ok(first >= monthly && first - monthly < period * step);
      }),
    );
  });
});

describe("rounding properties", () => {
  test("rounding to the step is idempotent, lands on the step and moves at most half a step", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(1, 5), (amount, step) => {
        const once = onStep(amount, step);
        assert.equal(onStep(once, step), once);
        assert.equal(Math.abs(once % step), 0);
        assert.ok(Math.abs(once - amount) * 2 <= step);
      }),
    );
  });

  test("toMinorUnits agrees with rounding the decimal digits by hand (half-up)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("USD", "JPY", "KWD"),
        fc.integer({ min: 0, max: 9_999_999 }),
        fc.stringMatching(/^[0-9]{0,6}$/),
        (code, whole, fraction) => {
          const digits = currencyOf(code).digits;
          const kept = fraction.padEnd(digits, "0").slice(0, digits);
          const roundsUp = (fraction[digits] ?? "0") >= "5";
          const expected = Number(`${whole}${kept}`) + (roundsUp ? 1 : 0);
          assert.equal(toMinorUnits(Number(`${whole}.${fraction || "0"}`), code), expected);
        },
      ),
    );
  });

  test("every amount survives toMajorString and back, in every currency", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CODES, "BHD", "CLP", "XYZ"), fc.integer({ min: 0, max: 1e12 }), (code, raw) => {
        const minor = onStep(raw, currencyOf(code).rounding);
        assert.equal(toMinorUnits(Number(toMajorString(minor, code)), code), minor);
        assert.equal(toMinorUnits(minor / 10 ** currencyOf(code).digits, code), minor);
      }),
    );
  });
});
