// The proposal's prices (src/pricing/price-quote.ts), as a table of hand-computed cases: each
// names its price blocks and settings and the services, totals, summary rows, plan switch and
// amount due today a visitor must see; then SPEC §8's 'No Services' and one service alone.
// Over 300 lines on purpose: one table of cases, each whole, with the few tests that read it.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { PriceBlock } from "../../../src/contract/quote-services.ts";
import { priceCaptions } from "../../../src/pricing/price-captions.ts";
import { priceQuote, priceService } from "../../../src/pricing/price-quote.ts";
import type { PlanSwitch, PricedLine, PricedService, PricingSettings, QuoteTotals } from "../../../src/pricing/types.ts";
import { block, line, lines, offer, settings } from "./pricing-fixtures.ts";

type ServiceExpectation = Partial<Omit<PricedService, "block" | "lines" | "prePayLines">> & {
  id?: string;
  /** The offer texts the proposal shows with the season's price (src/pricing/price-captions.ts). */
  offers?: string[];
  lines?: Array<Partial<PricedLine>>;
};

interface Case {
  name: string;
  blocks: PriceBlock[];
  settings?: Partial<PricingSettings>;
  currency?: string;
  /** The selected services in display order; only the fields named are checked. */
  services?: ServiceExpectation[];
  totals?: Partial<QuoteTotals>;
  /** Every summary row: label, value as shown, amount. */
  summary?: Array<[string, string, number | null]>;
  plan?: Partial<PlanSwitch>;
  periodLabel?: string | null;
  amountDueToday?: number;
}

// Every expected figure below is worked out by hand in the comment above it. Settings default
// to USD, 0 % tax, the application term, per-application autopay and both plans offered.
const cases: Case[] = [
  {
    name: "USD, no offers, 0 % tax: every application costs the same",
    blocks: [block(lines(3, 45.5))],
    // each line 45.50 → 4550, tax 0; first = later = 4550; program 3 × 4550 = 13650
    // pre-pay: 13650 with no discount; saving 13650 − 13650 = 0 → no '& SAVE'
    services: [{ firstAppPrice: 4550, applicationPrice: 4550, totalProgramCost: 13650, prePayPrice: 13650, prePaySaving: 0, todayNet: 4550, todayTax: 0, installment: 4550 }],
    totals: { allTotal: 13650, firstTotal: 4550, regularTotal: 4550, discount: 0, term: "application" },
    summary: [["SUBTOTAL", "$45.50", 4550], ["SERVICE TAX (0.000%)", "$0.00", 0], ["GET STARTED TODAY", "$45.50", 4550], ["INSTALLMENT PAYMENT AMOUNT", "$45.50", 4550]],
    // Both plans offered and the discount numeric (0): the switch shows (SPEC §4), without '& SAVE'.
    plan: { shown: true, autopayLabel: "AUTOPAY", prepayLabel: "PRE-PAY", saveText: null },
    periodLabel: null,
    amountDueToday: 4550,
  },
  {
    name: "7.25 % tax on each application",
    blocks: [block(lines(2, 45.5))],
    settings: { taxPercent: 7.25 },
    // tax 4550 × 7.25 % = 329.875 → 330; each 4550 + 330 = 4880; program 9760
    services: [{ lines: [{ netPrice: 4550, taxes: 330 }, { netPrice: 4550, taxes: 330 }], firstAppPrice: 4880, applicationPrice: 4880, totalProgramCost: 9760, todayNet: 4550, todayTax: 330 }],
    summary: [["SUBTOTAL", "$45.50", 4550], ["SERVICE TAX (7.250%)", "$3.30", 330], ["GET STARTED TODAY", "$48.80", 4880], ["INSTALLMENT PAYMENT AMOUNT", "$48.80", 4880]],
    amountDueToday: 4880,
  },
  {
    name: "tax at 4 decimals, shown at 3 (8.8875 % → 8.888 %)",
    blocks: [block([line(45.5)])],
    settings: { taxPercent: 8.8875 },
    // 4550 × 8.8875 % = 404.38125 → 404; today 4550 + 404 = 4954; label 8.8875 → 8.888 (half-up)
    summary: [["SUBTOTAL", "$45.50", 4550], ["SERVICE TAX (8.888%)", "$4.04", 404], ["GET STARTED TODAY", "$49.54", 4954]],
    // One application each: nothing is paid later, so no installment row (issue 16).
  },
  {
    name: "the fourth decimal counts and half a cent rounds up (6.0005 % of $1,000)",
    blocks: [block([line(1000)])],
    settings: { taxPercent: 6.0005 },
    // 100000 × 6.0005 % = 6000.5 → 6001 (at 6.000 % it would be 6000); first 106001
    services: [{ todayTax: 6001, firstAppPrice: 106001 }],
    summary: [["SUBTOTAL", "$1,000.00", 100000], ["SERVICE TAX (6.001%)", "$60.01", 6001], ["GET STARTED TODAY", "$1,060.01", 106001]],
    // One application each: nothing is paid later, so no installment row (issue 16).
  },
  {
    name: "unknown tax: nothing added, '+ TAX' instead of an amount",
    blocks: [block(lines(2, 45.5))],
    settings: { taxPercent: null },
    // taxes 0 everywhere; today = subtotal = 4550
    services: [{ lines: [{ taxes: 0 }, { taxes: 0 }], firstAppPrice: 4550, totalProgramCost: 9100 }],
    summary: [["SUBTOTAL", "$45.50", 4550], ["SERVICE TAX", "+ TAX", null], ["GET STARTED TODAY", "$45.50", 4550], ["INSTALLMENT PAYMENT AMOUNT", "$45.50", 4550]],
    amountDueToday: 4550,
  },
  {
    name: "taxOverride: the company adds tax itself, so 7.25 % is not added",
    blocks: [block(lines(2, 45.5))],
    settings: { taxPercent: 7.25, taxOverride: true },
    // as unknown tax: 4550 today, '+ TAX'
    services: [{ lines: [{ taxes: 0 }, { taxes: 0 }], firstAppPrice: 4550, prePayPrice: 9100 }],
    summary: [["SUBTOTAL", "$45.50", 4550], ["SERVICE TAX", "+ TAX", null], ["GET STARTED TODAY", "$45.50", 4550], ["INSTALLMENT PAYMENT AMOUNT", "$45.50", 4550]],
  },
  {
    name: "GBP: the tax row is VAT",
    blocks: [block(lines(2, 45))],
    settings: { currency: "GBP", taxPercent: 20 },
    // 4500 × 20 % = 900; each 5400; program 10800
    services: [{ firstAppPrice: 5400, totalProgramCost: 10800 }],
    summary: [["SUBTOTAL", "£45.00", 4500], ["VAT (20.000%)", "£9.00", 900], ["GET STARTED TODAY", "£54.00", 5400], ["INSTALLMENT PAYMENT AMOUNT", "£54.00", 5400]],
  },
  {
    name: "GBP with unknown VAT shows ' :(VAT)'",
    blocks: [block([line(45)])],
    settings: { currency: "GBP", taxPercent: null },
    summary: [["SUBTOTAL", "£45.00", 4500], ["VAT", " :(VAT)", null], ["GET STARTED TODAY", "£45.00", 4500]],
    // One application each: nothing is paid later, so no installment row (issue 16).
  },
  {
    name: "CHF: prices and tax rounded to 0.05",
    blocks: [block(lines(2, 45.03))],
    settings: { currency: "CHF", taxPercent: 7.7 },
    // gross 45.03 → 4503 rappen → nearest 5: 4505
    // tax 4505 × 7.7 % = 346.885 → /5 = 69.377 → 69 × 5 = 345; each 4850; program 9700
    services: [{ lines: [{ grossPrice: 4505, netPrice: 4505, taxes: 345 }, { grossPrice: 4505, taxes: 345 }], firstAppPrice: 4850, totalProgramCost: 9700 }],
    summary: [["SUBTOTAL", "CHF 45.05", 4505], ["SERVICE TAX (7.700%)", "CHF 3.45", 345], ["GET STARTED TODAY", "CHF 48.50", 4850], ["INSTALLMENT PAYMENT AMOUNT", "CHF 48.50", 4850]],
  },
  {
    name: "CHF: a percentage off lands on 0.05",
    blocks: [block(lines(2, 49.95), { offers: [offer("percentage-off", 13)] })],
    settings: { currency: "CHF" },
    // 4995 × 87 % = 4345.65 → /5 = 869.13 → 869 × 5 = 4345; program 4345 + 4995 = 9340
    services: [{
      lines: [{ netPrice: 4345, discountData: [{ discountAmount: 13, dollarDiscount: 1, text: "13% off for the 1st application" }] }, { netPrice: 4995, discountData: [] }],
      firstAppPrice: 4345, applicationPrice: 4995, totalProgramCost: 9340,
    }],
    summary: [["SUBTOTAL", "CHF 43.45", 4345], ["SERVICE TAX (0.000%)", "CHF 0.00", 0], ["GET STARTED TODAY", "CHF 43.45", 4345], ["INSTALLMENT PAYMENT AMOUNT", "CHF 49.95", 4995]],
  },
  {
    name: "JPY: no minor units",
    blocks: [block([line(4550.5), line(4550)])],
    settings: { currency: "JPY", taxPercent: 8 },
    // 4550.5 → ¥4551 (half-up); 8 % of 4551 = 364.08 → 364; first 4915
    // 4550: 8 % = 364; later 4914; program 9829
    services: [{ lines: [{ grossPrice: 4551, taxes: 364 }, { grossPrice: 4550, taxes: 364 }], firstAppPrice: 4915, applicationPrice: 4914, totalProgramCost: 9829 }],
    summary: [["SUBTOTAL", "¥4,551", 4551], ["SERVICE TAX (8.000%)", "¥364", 364], ["GET STARTED TODAY", "¥4,915", 4915], ["INSTALLMENT PAYMENT AMOUNT", "¥4,914", 4914]],
  },
  {
    name: "KWD: three decimals",
    blocks: [block(lines(2, 12.345))],
    settings: { currency: "KWD", taxPercent: 5 },
    // 12.345 → 12345 fils; 5 % = 617.25 → 617; each 12962; program 25924
    services: [{ firstAppPrice: 12962, totalProgramCost: 25924 }],
    summary: [["SUBTOTAL", "KWD 12.345", 12345], ["SERVICE TAX (5.000%)", "KWD 0.617", 617], ["GET STARTED TODAY", "KWD 12.962", 12962], ["INSTALLMENT PAYMENT AMOUNT", "KWD 12.962", 12962]],
  },
  {
    name: "BHD: a 7.5 % pre-pay discount and '& SAVE' in dinars",
    blocks: [block(lines(2, 10), { prePayDiscount: 7.5 })],
    settings: { currency: "BHD", taxPercent: 10 },
    // application: 10000 + 1000 tax = 11000 each; program 22000
    // pre-pay: 20000 × 7.5 % = 1500 off → 18500; tax 1850; price 20350; saving 22000 − 20350 = 1650
    services: [{ totalProgramCost: 22000, prePayPrice: 20350, prePaySaving: 1650, prePayDiscountAmount: 1500, prePayNet: 18500, prePayTax: 1850 }],
    totals: { allTotal: 20350, firstTotal: 11000, regularTotal: 11000, discount: 1650, term: "application" },
    plan: { shown: true, saveText: "& SAVE BHD 1.650" },
  },
  {
    name: "percentage-off, first application only",
    blocks: [block(lines(3, 45.5), { offers: [offer("percentage-off", 20)] })],
    // line 1: 4550 × 80 % = 3640; lines 2, 3 stay 4550; program 3640 + 4550 + 4550 = 12740
    services: [{
      lines: [
        { grossPrice: 4550, netPrice: 3640, discountData: [{ discountAmount: 20, dollarDiscount: 1, text: "20% off for the 1st application" }] },
        { netPrice: 4550, discountData: [] },
        { netPrice: 4550, discountData: [] },
      ],
      firstAppPrice: 3640, applicationPrice: 4550, totalProgramCost: 12740,
    }],
    summary: [["SUBTOTAL", "$36.40", 3640], ["SERVICE TAX (0.000%)", "$0.00", 0], ["GET STARTED TODAY", "$36.40", 3640], ["INSTALLMENT PAYMENT AMOUNT", "$45.50", 4550]],
  },
  {
    name: "percentage-off, entire program: one text for all lines",
    blocks: [block(lines(3, 45.5), { offers: [offer("percentage-off", 20, { appliedTo: "entire-program" })] })],
    // every line 4550 × 80 % = 3640; program 10920
    services: [{
      lines: [1, 2, 3].map(() => ({ netPrice: 3640, discountData: [{ discountAmount: 20, dollarDiscount: 1 as const, text: "20% off every application" }] })),
      firstAppPrice: 3640, applicationPrice: 3640, totalProgramCost: 10920,
    }],
  },
  {
    name: "fixed-price, first application: the text is what it takes off",
    blocks: [block(lines(2, 34), { offers: [offer("fixed-price", 29)] })],
    // line 1: set to 2900, off 3400 − 2900 = 500; program 2900 + 3400 = 6300
    services: [{
      lines: [{ netPrice: 2900, discountData: [{ discountAmount: 500, dollarDiscount: 2, text: "$5.00 off for the 1st application" }] }, { netPrice: 3400, discountData: [] }],
      firstAppPrice: 2900, applicationPrice: 3400, totalProgramCost: 6300,
    }],
  },
  {
    name: "fixed-price, entire program",
    blocks: [block(lines(2, 34), { offers: [offer("fixed-price", 29, { appliedTo: "entire-program" })] })],
    // both lines 2900, each 500 off; program 5800
    services: [{
      lines: [1, 2].map(() => ({ netPrice: 2900, discountData: [{ discountAmount: 500, dollarDiscount: 2 as const, text: "$5.00 off every application" }] })),
      totalProgramCost: 5800,
    }],
  },
  {
    name: "discounted-price-table, first application: 'for the 1st'",
    blocks: [block(lines(2, 34), { offers: [offer("discounted-price-table", 29)] })],
    // line 1: set to 2900; program 2900 + 3400 = 6300
    services: [{
      lines: [{ netPrice: 2900, discountData: [{ discountAmount: 2900, dollarDiscount: 3, text: "$29.00 for the 1st application" }] }, { netPrice: 3400 }],
      totalProgramCost: 6300,
    }],
  },
  {
    name: "discounted-price-table, entire program, with the block's label 'visit'",
    blocks: [block(lines(2, 34), { applicationLabel: "visit", offers: [offer("discounted-price-table", 29, { appliedTo: "entire-program" })] })],
    // both 2900; program 5800
    services: [{
      lines: [1, 2].map(() => ({ netPrice: 2900, discountData: [{ discountAmount: 2900, dollarDiscount: 3 as const, text: "$29.00 for every visit" }] })),
      totalProgramCost: 5800,
    }],
  },
  {
    name: "an offer that leaves the price as it was is not applied",
    blocks: [block(lines(2, 34), { offers: [offer("fixed-price", 34), offer("discounted-price-table", 34, { appliedTo: "entire-program" }), offer("percentage-off", 0)] })],
    // fixed 34 = 3400; table 34 = 3400; 0 % off = 3400: nothing changed, nothing listed
    services: [{ lines: [{ netPrice: 3400, discountData: [] }, { netPrice: 3400, discountData: [] }], totalProgramCost: 6800 }],
  },
  {
    name: "a fixed price above the list price sets the price (SPEC §9), with no 'off' text",
    blocks: [block(lines(2, 34), { offers: [offer("fixed-price", 50)] })],
    // line 1 set to 5000 (was 3400): 3400 − 5000 = −1600 'off', so no text; program 5000 + 3400 = 8400
    services: [{
      lines: [{ netPrice: 5000, discountData: [{ discountAmount: -1600, dollarDiscount: 2, text: null }] }, { netPrice: 3400, discountData: [] }],
      firstAppPrice: 5000, applicationPrice: 3400, totalProgramCost: 8400,
    }],
  },
  {
    name: "a price-table price above the list price sets every application's price, and says so",
    blocks: [block(lines(2, 34), { offers: [offer("discounted-price-table", 40, { appliedTo: "entire-program" })] })],
    // both lines set to 4000 (were 3400); program 8000
    services: [{
      lines: [1, 2].map(() => ({ netPrice: 4000, discountData: [{ discountAmount: 4000, dollarDiscount: 3 as const, text: "$40.00 for every application" }] })),
      totalProgramCost: 8000,
    }],
  },
  {
    name: "offers for another program are skipped; the rest stack in order",
    blocks: [block(lines(2, 45.5), {
      offers: [offer("percentage-off", 10, { programId: "other" }), offer("percentage-off", 20, { programId: "p1" }), offer("fixed-price", 30)],
    })],
    // 10 % belongs to program "other": skipped
    // 20 %: 4550 × 80 % = 3640; then fixed 30: set to 3000, off gross − net = 4550 − 3000 = 1550
    // program 3000 + 4550 = 7550
    services: [{
      lines: [
        { netPrice: 3000, discountData: [{ discountAmount: 20, dollarDiscount: 1, text: "20% off for the 1st application" }, { discountAmount: 1550, dollarDiscount: 2, text: "$15.50 off for the 1st application" }] },
        { netPrice: 4550, discountData: [] },
      ],
      firstAppPrice: 3000, totalProgramCost: 7550,
      offers: ["20% off for the 1st application", "$15.50 off for the 1st application"],
    }],
  },
  {
    name: "a hidden offer lowers the price without a text",
    blocks: [block(lines(2, 45.5), { offers: [offer("percentage-off", 10, { hide: true })] })],
    // 4550 × 90 % = 4095; program 4095 + 4550 = 8645
    services: [{ lines: [{ netPrice: 4095, discountData: [{ discountAmount: 10, dollarDiscount: 1, text: null }] }, { netPrice: 4550 }], totalProgramCost: 8645 }],
  },
  {
    name: "a hidden offer beside a shown one: only the shown text is listed",
    blocks: [block(lines(2, 45.5), { offers: [offer("percentage-off", 10, { hide: true }), offer("discounted-price-table", 35, { appliedTo: "entire-program" })] })],
    // line 1: 10 % off → 4095 (hidden), then set to 3500; line 2: set to 3500
    services: [{
      lines: [
        { netPrice: 3500, discountData: [{ discountAmount: 10, dollarDiscount: 1, text: null }, { discountAmount: 3500, dollarDiscount: 3, text: "$35.00 for every application" }] },
        { netPrice: 3500, discountData: [{ discountAmount: 3500, dollarDiscount: 3, text: "$35.00 for every application" }] },
      ],
      totalProgramCost: 7000,
    }],
  },
  {
    name: "hideDiscountText: prices drop, no texts",
    blocks: [block(lines(2, 45.5), { hideDiscountText: true, offers: [offer("percentage-off", 20, { appliedTo: "entire-program" })] })],
    // each 3640; program 7280
    services: [{ lines: [1, 2].map(() => ({ netPrice: 3640, discountData: [{ discountAmount: 20, dollarDiscount: 1 as const, text: null }] })), totalProgramCost: 7280 }],
  },
  {
    name: "a too-late line is listed, not charged; first-app goes to the 2nd application",
    blocks: [block([line(45.5, { tooLateToDo: true }), line(40), line(40)], { offers: [offer("percentage-off", 25)] })],
    // line 1 too late: 4550, no offer, in no sum
    // line 2 is the first chargeable: 4000 × 75 % = 3000; later = line 3 = 4000; program 7000; pre-pay 7000
    services: [{
      lines: [
        { grossPrice: 4550, netPrice: 4550, tooLateToDo: true, discountData: [] },
        { netPrice: 3000, discountData: [{ discountAmount: 25, dollarDiscount: 1, text: "25% off for the 2nd application" }] },
        { netPrice: 4000, discountData: [] },
      ],
      firstAppPrice: 3000, applicationPrice: 4000, totalProgramCost: 7000, prePayPrice: 7000, todayNet: 3000,
    }],
  },
  {
    name: "the 11th visit, the only one left: it is also the installment",
    blocks: [block([...lines(10, 40, { tooLateToDo: true }), line(40)], { applicationLabel: "visit", offers: [offer("percentage-off", 10)] })],
    // line 11: 4000 × 90 % = 3600; one chargeable line → later = first = 3600; program 3600
    services: [{ offers: ["10% off for the 11th visit"], firstAppPrice: 3600, applicationPrice: 3600, totalProgramCost: 3600 }],
  },
  {
    name: "pre-pay term: 5 % off the total, then 7.25 % tax",
    blocks: [block(lines(3, 45.5), { prePayDiscount: 5 })],
    settings: { term: "total", taxPercent: 7.25 },
    // application: 4550 + 330 = 4880 each; program 14640
    // pre-pay: 13650 × 5 % = 682.5 → 683 off → 12967; tax 12967 × 7.25 % = 940.1075 → 940; price 13907
    // saving 14640 − 13907 = 733; no installment under 'total'
    services: [{ firstAppPrice: 4880, totalProgramCost: 14640, prePayPrice: 13907, prePaySaving: 733, todayNet: 12967, todayTax: 940, installment: 0 }],
    totals: { allTotal: 13907, firstTotal: 4880, regularTotal: 4880, discount: 733, term: "total" },
    summary: [["SUBTOTAL", "$129.67", 12967], ["SERVICE TAX (7.250%)", "$9.40", 940], ["GET STARTED TODAY", "$139.07", 13907]],
    plan: { shown: true, saveText: "& SAVE $7.33" },
    amountDueToday: 13907,
  },
  {
    name: "the same quote under the application term",
    blocks: [block(lines(3, 45.5), { prePayDiscount: 5 })],
    settings: { term: "application", taxPercent: 7.25 },
    // today the first application 4550 + 330; installment 4880; saving still 733
    services: [{ todayNet: 4550, todayTax: 330, installment: 4880, prePaySaving: 733 }],
    totals: { allTotal: 13907, firstTotal: 4880, regularTotal: 4880, discount: 733, term: "application" },
    summary: [["SUBTOTAL", "$45.50", 4550], ["SERVICE TAX (7.250%)", "$3.30", 330], ["GET STARTED TODAY", "$48.80", 4880], ["INSTALLMENT PAYMENT AMOUNT", "$48.80", 4880]],
    plan: { shown: true, saveText: "& SAVE $7.33" },
    amountDueToday: 4880,
  },
  {
    name: "pre-pay lines of their own that cost more: the saving is 0, not negative",
    blocks: [block([], { services: { application: lines(3, 40), prePay: lines(4, 35) } })],
    // program 3 × 4000 = 12000; pre-pay 4 × 3500 = 14000; saving max(0, 12000 − 14000) = 0
    services: [{ totalProgramCost: 12000, prePayPrice: 14000, prePaySaving: 0 }],
    totals: { allTotal: 14000, discount: 0 },
    // Both plans offered, the discount numeric (0): the switch shows (SPEC §4), without '& SAVE'.
    plan: { shown: true, saveText: null },
  },
  {
    name: "only pre-pay offered: the term is 'total' whatever was chosen, no switch",
    blocks: [block(lines(2, 45.5), { prePayDiscount: 10 })],
    settings: { term: "application", autoPayAvailable: false, prePayAvailable: true },
    // pre-pay 9100 − 10 % (910) = 8190
    totals: { allTotal: 8190, term: "total" },
    summary: [["SUBTOTAL", "$81.90", 8190], ["SERVICE TAX (0.000%)", "$0.00", 0], ["GET STARTED TODAY", "$81.90", 8190]],
    plan: { shown: false },
    amountDueToday: 8190,
  },
  {
    name: "only autopay offered: the term is 'application', no switch",
    blocks: [block(lines(2, 45.5), { prePayDiscount: 10 })],
    settings: { term: "total", autoPayAvailable: true, prePayAvailable: false },
    // first application 4550 today; saving 9100 − 8190 = 910 (computed, not shown)
    totals: { term: "application", discount: 910 },
    summary: [["SUBTOTAL", "$45.50", 4550], ["SERVICE TAX (0.000%)", "$0.00", 0], ["GET STARTED TODAY", "$45.50", 4550], ["INSTALLMENT PAYMENT AMOUNT", "$45.50", 4550]],
    plan: { shown: false, saveText: "& SAVE $9.10" },
  },
  {
    name: "monthly payments over 12 months, tax split the same way (Monthly Billing)",
    blocks: [block(lines(7, 45.5))],
    settings: { taxPercent: 7.25, autopayMethod: "monthly-payment", period: 12 },
    // net 7 × 4550 = 31850; /12 = 2654.17 → 2654; first 31850 − 11 × 2654 = 31850 − 29194 = 2656
    // tax 7 × 330 = 2310; /12 = 192.5 → 192; first 2310 − 11 × 192 = 198
    // first 2656 + 198 = 2854; monthly 2654 + 192 = 2846; 2854 + 11 × 2846 = 34160 = 31850 + 2310
    services: [{ firstAppPrice: 2854, applicationPrice: 2846, totalProgramCost: 34160, todayNet: 2656, todayTax: 198, installment: 2846 }],
    summary: [["FIRST MONTH'S PAYMENT", "$26.56", 2656], ["SERVICE TAX (7.250%)", "$1.98", 198], ["GET STARTED TODAY", "$28.54", 2854], ["INSTALLMENT PAYMENT AMOUNT", "$28.46", 2846]],
    periodLabel: "Monthly Billing",
  },
  {
    name: "monthly payments over 10 months (Budget Billing)",
    blocks: [block(lines(3, 33.33))],
    settings: { autopayMethod: "monthly-payment", period: 10 },
    // 3 × 3333 = 9999; /10 = 999.9 → 999; first 9999 − 9 × 999 = 1008
    services: [{ firstAppPrice: 1008, applicationPrice: 999, totalProgramCost: 9999, todayNet: 1008, installment: 999 }],
    summary: [["FIRST MONTH'S PAYMENT", "$10.08", 1008], ["SERVICE TAX (0.000%)", "$0.00", 0], ["GET STARTED TODAY", "$10.08", 1008], ["INSTALLMENT PAYMENT AMOUNT", "$9.99", 999]],
    periodLabel: "Budget Billing",
  },
  {
    name: "monthly payments in CHF stay on 0.05",
    blocks: [block(lines(3, 33.35))],
    settings: { currency: "CHF", autopayMethod: "monthly-payment", period: 12 },
    // 3 × 3335 = 10005; /12 = 833.75 → down to a multiple of 5: 830; first 10005 − 11 × 830 = 875
    services: [{ firstAppPrice: 875, applicationPrice: 830, totalProgramCost: 10005 }],
    summary: [["FIRST MONTH'S PAYMENT", "CHF 8.75", 875], ["SERVICE TAX (0.000%)", "CHF 0.00", 0], ["GET STARTED TODAY", "CHF 8.75", 875], ["INSTALLMENT PAYMENT AMOUNT", "CHF 8.30", 830]],
  },
  {
    name: "monthly method under the pre-pay term: SUBTOTAL, the label stays",
    blocks: [block(lines(2, 45.5), { prePayDiscount: 10 })],
    settings: { autopayMethod: "monthly-payment", period: 12, term: "total" },
    // application: 9100 / 12 = 758.33 → 758; first 9100 − 11 × 758 = 762
    // pre-pay 9100 − 910 = 8190 today; saving 9100 − 8190 = 910
    services: [{ firstAppPrice: 762, applicationPrice: 758, prePayPrice: 8190, prePaySaving: 910, todayNet: 8190, installment: 0 }],
    summary: [["SUBTOTAL", "$81.90", 8190], ["SERVICE TAX (0.000%)", "$0.00", 0], ["GET STARTED TODAY", "$81.90", 8190]],
    periodLabel: "Monthly Billing",
  },
  {
    name: "upfront pricing with pre-pay lines: pre-pay line count − 1 recurring payments",
    blocks: [block([], {
      prePayDiscount: 10,
      services: { application: [line(100, { usesUpfrontPricing: true, upfrontPrice: 150, recurringPrice: 40 }), line(100), line(100)], prePay: lines(6, 50) },
    })],
    settings: { taxPercent: 10 },
    // upfront 15000 + 10 % = 16500 today; recurring 4000 + 400 = 4400
    // 6 pre-pay lines − 1 = 5 payments: program 16500 + 5 × 4400 = 38500
    // pre-pay: 6 × 5000 = 30000; 10 % off = 3000 → 27000; tax 2700; price 29700; saving 38500 − 29700 = 8800
    services: [{
      lines: [{ usesUpfrontPricing: true, upfrontPrice: 15000, upfrontPriceTax: 1500, recurringPrice: 4000, recurringPriceTax: 400 }, { usesUpfrontPricing: false, upfrontPrice: 0, recurringPrice: 0 }, {}],
      firstAppPrice: 16500, applicationPrice: 4400, totalProgramCost: 38500, prePayPrice: 29700, prePaySaving: 8800, todayNet: 15000, todayTax: 1500, installment: 4400,
    }],
    summary: [["SUBTOTAL", "$150.00", 15000], ["SERVICE TAX (10.000%)", "$15.00", 1500], ["GET STARTED TODAY", "$165.00", 16500], ["INSTALLMENT PAYMENT AMOUNT", "$44.00", 4400]],
  },
  {
    name: "upfront pricing by default: own net upfront, next line recurring, 11 payments, monthly split not used",
    blocks: [block([line(60, { usesUpfrontPricing: true }), line(40), line(40)])],
    settings: { autopayMethod: "monthly-payment", period: 12 },
    // upfront = line 1's net 6000; recurring = line 2's net 4000
    // no pre-pay lines → 11 payments: 6000 + 11 × 4000 = 50000
    // pre-pay bills the application lines: 14000; saving 50000 − 14000 = 36000
    services: [{
      lines: [{ upfrontPrice: 6000, upfrontPriceTax: 0, recurringPrice: 4000, recurringPeriod: 1 }],
      firstAppPrice: 6000, applicationPrice: 4000, totalProgramCost: 50000, prePayPrice: 14000, prePaySaving: 36000, installment: 4000,
    }],
    summary: [["FIRST MONTH'S PAYMENT", "$60.00", 6000], ["SERVICE TAX (0.000%)", "$0.00", 0], ["GET STARTED TODAY", "$60.00", 6000], ["INSTALLMENT PAYMENT AMOUNT", "$40.00", 4000]],
  },
  {
    name: "upfront pricing after a too-late line: the offer lowers the default upfront payment",
    blocks: [block([line(80, { tooLateToDo: true }), line(60, { usesUpfrontPricing: true, recurringPeriod: 3 }), line(40)], { offers: [offer("percentage-off", 50)] })],
    // first chargeable line 2: 6000 × 50 % = 3000 → upfront 3000; recurring = line 3's 4000
    // 11 payments: 3000 + 11 × 4000 = 47000
    services: [{
      lines: [{ upfrontPrice: 0 }, { netPrice: 3000, upfrontPrice: 3000, recurringPrice: 4000, recurringPeriod: 3 }, {}],
      firstAppPrice: 3000, applicationPrice: 4000, totalProgramCost: 47000,
    }],
  },
  {
    name: "the company's autopay label, trimmed; '& SAVE' from one cent",
    blocks: [block([line(1)], { prePayDiscount: 1 })],
    settings: { autoPayLabel: "  EASY PAY  " },
    // program 100; pre-pay 100 − 1 % (1) = 99; saving 1 cent
    plan: { shown: true, autopayLabel: "EASY PAY", prepayLabel: "PRE-PAY", saveText: "& SAVE $0.01" },
  },
  {
    name: "a blank label is AUTOPAY; a saving under half a cent rounds to none",
    blocks: [block([line(0.4)], { prePayDiscount: 1 })],
    settings: { autoPayLabel: "   " },
    // 40 × 1 % = 0.4 → 0 off; saving 0 → no '& SAVE'
    // The switch still shows: both plans are offered and the discount is numeric (SPEC §4, issue 27).
    plan: { shown: true, autopayLabel: "AUTOPAY", saveText: null },
    totals: { discount: 0 },
  },
  {
    name: "JPY: '& SAVE ¥5'",
    blocks: [block(lines(2, 500), { prePayDiscount: 0.5 })],
    settings: { currency: "JPY" },
    // 1000 × 0.5 % = 5 off → 995; saving 5 yen
    totals: { allTotal: 995, discount: 5 },
    plan: { saveText: "& SAVE ¥5" },
  },
  {
    name: "alwaysOnTop first, then the given order; unselected blocks left out",
    blocks: [
      block([line(45.5)], { id: "a" }),
      block([line(20)], { id: "top", alwaysOnTop: true }),
      block([line(99)], { id: "off", selected: false }),
      block([line(10)], { id: "z" }),
    ],
    // 2000 + 4550 + 1000 = 7550
    services: [{ id: "top", firstAppPrice: 2000 }, { id: "a", firstAppPrice: 4550 }, { id: "z", firstAppPrice: 1000 }],
    totals: { allTotal: 7550, firstTotal: 7550, regularTotal: 7550 },
    summary: [["SUBTOTAL", "$75.50", 7550], ["SERVICE TAX (0.000%)", "$0.00", 0], ["GET STARTED TODAY", "$75.50", 7550]],
    // One application each: nothing is paid later, so no installment row (issue 16).
  },
  {
    name: "two services: the tax row adds each service's rounded tax",
    blocks: [block([line(45.5)], { id: "a" }), block([line(30)], { id: "b" })],
    settings: { taxPercent: 7.25 },
    // a: 4550 × 7.25 % = 329.875 → 330; b: 3000 × 7.25 % = 217.5 → 218
    // tax 330 + 218 = 548 (7.25 % of the 7550 subtotal would be 547.375 → 547); today 8098
    services: [{ id: "a", todayTax: 330 }, { id: "b", todayTax: 218 }],
    summary: [["SUBTOTAL", "$75.50", 7550], ["SERVICE TAX (7.250%)", "$5.48", 548], ["GET STARTED TODAY", "$80.98", 8098]],
    // One application each: nothing is paid later, so no installment row (issue 16).
    amountDueToday: 8098,
  },
  {
    name: "an unknown currency prices like USD",
    blocks: [block([line(45.505)])],
    settings: { currency: "XYZ" },
    // 45.505 → 4550.5 cents → 4551 (half-up)
    currency: "XYZ",
    summary: [["SUBTOTAL", "$45.51", 4551], ["SERVICE TAX (0.000%)", "$0.00", 0], ["GET STARTED TODAY", "$45.51", 4551]],
    // One application each: nothing is paid later, so no installment row (issue 16).
  },
  {
    name: "more than 100 % off counts as 100 %: free, never negative",
    blocks: [block(lines(2, 45.5), { offers: [offer("percentage-off", 150, { appliedTo: "entire-program" })] })],
    // min(150, 100) = 100 % off: 0 each
    services: [{
      lines: [1, 2].map(() => ({ netPrice: 0, taxes: 0, discountData: [{ discountAmount: 100, dollarDiscount: 1 as const, text: "100% off every application" }] })),
      firstAppPrice: 0, totalProgramCost: 0,
    }],
    amountDueToday: 0,
  },
  {
    name: "12.5 % off, then 50 % off with half cents rounding up",
    blocks: [block([line(45.5), line(45.25)], { offers: [offer("percentage-off", 12.5), offer("percentage-off", 50, { appliedTo: "entire-program" })] })],
    // line 1: 4550 × 87.5 % = 3981.25 → 3981; × 50 % = 1990.5 → 1991
    // line 2: 4525 × 50 % = 2262.5 → 2263; program 1991 + 2263 = 4254
    services: [{
      lines: [
        { netPrice: 1991, discountData: [{ discountAmount: 12.5, dollarDiscount: 1, text: "12.5% off for the 1st application" }, { discountAmount: 50, dollarDiscount: 1, text: "50% off every application" }] },
        { netPrice: 2263, discountData: [{ discountAmount: 50, dollarDiscount: 1, text: "50% off every application" }] },
      ],
      totalProgramCost: 4254, offers: ["12.5% off for the 1st application", "50% off every application"],
    }],
  },
  {
    name: "the installment is the second application's price",
    blocks: [block([line(45.5), line(50), line(60)])],
    // first 4550; later 5000; program 4550 + 5000 + 6000 = 15550
    services: [{ firstAppPrice: 4550, applicationPrice: 5000, totalProgramCost: 15550, installment: 5000 }],
  },
  {
    name: "a selected block with nothing left to do is priced at zero beside the others",
    blocks: [block([line(45.5, { tooLateToDo: true })], { id: "late" }), block([line(20)], { id: "ok" })],
    services: [
      { id: "late", firstAppPrice: 0, applicationPrice: 0, totalProgramCost: 0, prePayPrice: 0, todayNet: 0, installment: 0 },
      { id: "ok", firstAppPrice: 2000 },
    ],
    amountDueToday: 2000,
  },
];

function pick<T extends object>(actual: T, expected: object): Partial<T> {
  return Object.fromEntries(Object.keys(expected).map((key) => [key, actual[key as keyof T]])) as Partial<T>;
}

describe("priceQuote, hand-computed cases", () => {
  for (const c of cases) {
    test(c.name, () => {
      const quote = priceQuote(c.blocks, settings(c.settings));
      if (c.currency !== undefined) assert.equal(quote.currency, c.currency);
      if (c.services) {
        assert.equal(quote.services.length, c.services.length, "service count");
        c.services.forEach((expected, index) => {
          const actual = quote.services[index]!;
          const { id, lines: expectedLines, offers, ...figures } = expected;
          if (id !== undefined) assert.equal(actual.block.id, id);
          if (offers) assert.deepEqual(priceCaptions(actual, "total", false)[0]!.offers, offers, `service ${index} offers`);
          assert.deepEqual(pick(actual, figures), figures, `service ${index}`);
          expectedLines?.forEach((expectedLine, at) => {
            assert.deepEqual(pick(actual.lines[at]!, expectedLine), expectedLine, `service ${index} line ${at}`);
          });
        });
      }
      if (c.totals) assert.deepEqual(pick(quote.totals, c.totals), c.totals);
      if (c.summary) assert.deepEqual(quote.summary.map((row) => [row.label, row.value, row.amount]), c.summary);
      if (c.plan) assert.deepEqual(pick(quote.plan, c.plan), c.plan);
      if (c.periodLabel !== undefined) assert.equal(quote.periodLabel, c.periodLabel);
      if (c.amountDueToday !== undefined) assert.equal(quote.amountDueToday, c.amountDueToday);
    });
  }
});

describe("'No Services' (SPEC §8)", () => {
  const empty: Array<[string, PriceBlock[]]> = [
    ["no blocks", []],
    ["no block selected", [block(lines(2, 45.5), { selected: false })]],
    ["every selected line too late", [block([line(45.5, { tooLateToDo: true }), line(40, { tooLateToDo: true })]), block([], { id: "b2" })]],
    ["a selected block without lines", [block([])]],
  ];
  for (const [name, blocks] of empty) {
    test(`${name}: throws 'No Services'`, () => {
      assert.throws(() => priceQuote(blocks, settings()), { message: "No Services" });
    });
  }

  test("a block whose only chargeable lines are pre-pay lines is priced", () => {
    const quote = priceQuote([block([line(40, { tooLateToDo: true })], { services: { application: [line(40, { tooLateToDo: true })], prePay: [line(50)] } })], settings({ term: "total" }));
    // pre-pay: 5000, nothing under the application term
    assert.equal(quote.amountDueToday, 5000);
    assert.equal(quote.services[0]!.firstAppPrice, 0);
  });
});

describe("priceService", () => {
  test("prices an unselected add-on with its offers, for the proposal's list", () => {
    const service = priceService(block(lines(2, 45.5), { selected: false, offers: [offer("percentage-off", 20)] }), settings({ taxPercent: 10 }));
    // 4550 × 80 % = 3640, tax 364 → 4004; later 4550 + 455 = 5005
    assert.equal(service.firstAppPrice, 4004);
    assert.equal(service.applicationPrice, 5005);
    assert.deepEqual(priceCaptions(service, "application", false)[0]!.offers, ["20% off for the 1st application"]);
  });
});
