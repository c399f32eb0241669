// The proposal's price words against the five demo companies' own plans (issue 16): each
// amount on a service block says what it is (today, per application or visit, per month, for
// the season) and is the figure those words promise, before tax. The tables' prices are in
// demo-site/fixtures/pricing/*.json; each expected figure is worked out by hand beside it.
import { pricingSettingsFor } from "../../../src/config/pricing-settings.ts";
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { loadCompanyFixtures } from "../../../server/company-files.ts";
import { priceQuote as demoPriceBlocks } from "../../../server/pricing/price-blocks.ts";
import { loadPricingTables } from "../../../server/pricing/pricing-tables.ts";
import { PriceBlocksSchema } from "../../../src/contract/quote-services.ts";
import { parseCompanyConfig, type CompanyConfig } from "../../../src/config/company-config.ts";
import { formatMoney } from "../../../src/pricing/currency.ts";
import { priceCaptions } from "../../../src/pricing/price-captions.ts";
import { priceQuote } from "../../../src/pricing/price-quote.ts";
import type { PricingSettings, Term } from "../../../src/pricing/types.ts";

const rows = loadCompanyFixtures({ widgetOrigin: "http://localhost:1" });
const tables = loadPricingTables();

function configOf(companyId: string, botId: string): CompanyConfig {
  const row = rows.find((r) => r.companyId === companyId && r.botId === botId)!;
  const parsed = parseCompanyConfig(JSON.parse(row.config), { devOrigins: true });
  assert.ok(parsed.ok);
  return parsed.config;
}

/** As the widget makes them; tax left unknown (the words are before tax). */
const settingsOf = (config: CompanyConfig, term: Term): PricingSettings => pricingSettingsFor(config, null, term);

/** The company's upsell programs (those the chat offers), `only` of them selected or all, priced under `term`. */
function quoteOf(companyId: string, botId: string, estimate: number, term: Term, only?: string[]) {
  const config = configOf(companyId, botId);
  const table = tables.find(companyId, botId)!;
  const result = demoPriceBlocks(table, { estimate, serviceTypes: [], answers: {}, widgetOrigin: "http://localhost:1" });
  assert.equal(result.status, "ok");
  const blocks = v
    .parse(PriceBlocksSchema, result.status === "ok" ? result.blocks : [])
    .filter((b) => b.isUpsell)
    .map((b) => ({ ...b, selected: !only || only.includes(b.serviceName) }));
  return priceQuote(blocks, settingsOf(config, term));
}

/** Service → its price lines as the proposal shows them: "amount words [offers]". */
function shownPrices(companyId: string, botId: string, estimate: number, term: Term): Record<string, string[]> {
  const quote = quoteOf(companyId, botId, estimate, term);
  return Object.fromEntries(
    quote.services.map((s) => [
      s.block.serviceName,
      priceCaptions(s, quote.totals.term, quote.periodLabel !== null).map(
        (c) => `${formatMoney(c.amount, quote.currency)} ${c.caption}${c.offers.length ? ` [${c.offers.join("; ")}]` : ""}`,
      ),
    ]),
  );
}

interface CompanyCase {
  company: string;
  bot: string;
  /** In the table's unit, chosen inside one bracket. */
  estimate: number;
  application: Record<string, string[]>;
  total: Record<string, string[]>;
}

const CASES: CompanyCase[] = [
  {
    // Per-application autopay, 6,000 sq ft: the 10,000 bracket.
    company: "demo-company",
    bot: "demo-bot",
    estimate: 6000,
    application: {
      // $59 an application, the 1st past; the 2nd at the table's $35; pre-pay (35 + 3 × 59) × 95 %.
      "Fertilizer & Weed Control": ["$35.00 today [$35.00 for the 2nd application]", "$59.00 per application"],
      "Mowing": ["$45.00 today", "$45.00 per visit"],
      // One application each: no later payment.
      "Lawn Seeding": ["$159.00 today"],
      "Grub Control": ["$65.00 today"],
      "Core Aeration": ["$95.00 today"],
      // The issue's '$41.34 per visit': $99 upfront, then $39 a month (tax apart), whatever the visits.
      "Perimeter Pest Control": ["$99.00 today", "$39.00 per month"],
    },
    total: {
      "Fertilizer & Weed Control": ["$201.40 for the season [$35.00 for the 2nd application]"],
      // 22 visits still to come × $45.
      "Mowing": ["$990.00 for the season"],
      "Lawn Seeding": ["$159.00 for the season"],
      "Grub Control": ["$65.00 for the season"],
      "Core Aeration": ["$95.00 for the season"],
      // (99 + 11 × 39) × 90 %.
      "Perimeter Pest Control": ["$475.20 for the season"],
    },
  },
  {
    // Per-application autopay, 6,000 sq ft: the 7,500 bracket.
    company: "greenway-lawn",
    bot: "lawn",
    estimate: 6000,
    application: {
      // $52 × 80 % on the first still to come.
      "Fertilizer & Weed Control": ["$41.60 today [20% off for the 2nd application]", "$52.00 per application"],
      // The first still to come set to $25 ($15 off $40).
      "Mowing": ["$25.00 today [$15.00 off for the 3rd visit]", "$40.00 per visit"],
      "Lawn Seeding": ["$179.00 today"],
      // $69 less a hidden 10 %: lowered, no chip.
      "Grub Control": ["$62.10 today"],
      "Core Aeration": ["$99.00 today"],
      "Mosquito Control": ["$69.00 today", "$69.00 per treatment"],
    },
    total: {
      // (41.60 + 4 × 52) × 95 %.
      "Fertilizer & Weed Control": ["$237.12 for the season [20% off for the 2nd application]"],
      // 25 + 23 × 40.
      "Mowing": ["$945.00 for the season [$15.00 off for the 3rd visit]"],
      "Lawn Seeding": ["$179.00 for the season"],
      "Grub Control": ["$62.10 for the season"],
      "Core Aeration": ["$99.00 for the season"],
      "Mosquito Control": ["$345.00 for the season"],
    },
  },
  {
    // Monthly payments over 10 months (Budget Billing), 400 m²: the 500 bracket.
    company: "thames-lawns",
    bot: "garden",
    estimate: 400,
    application: {
      // 4 treatments still to come × £42 = £168 over 10 months.
      "Fertilizer & Weed Control": ["£16.80 today", "£16.80 per month"],
      // The issue's '£71.28 per visit': 20 visits × £39 less 10 % = £702 over 10 months, per month.
      "Mowing": ["£70.20 today [10% off every visit]", "£70.20 per month"],
      // The issue's '£13.20 per treatment': one £145 treatment, paid over 10 months.
      "Lawn Seeding": ["£14.50 today", "£14.50 per month"],
      "Core Aeration": ["£9.90 today", "£9.90 per month"],
    },
    total: {
      "Fertilizer & Weed Control": ["£159.60 for the season"],
      "Mowing": ["£702.00 for the season [10% off every visit]"],
      "Lawn Seeding": ["£145.00 for the season"],
      "Core Aeration": ["£99.00 for the season"],
    },
  },
  {
    // Swiss francs (0.05 steps), 400 m²: the 600 bracket.
    company: "alpen-rasen",
    bot: "rasen",
    estimate: 400,
    application: {
      // CHF 78.40 less 15 % = 66.64 → 66.65.
      "Fertilizer & Weed Control": ["CHF 66.65 today [15% off every application]", "CHF 66.65 per application"],
      "Mowing": ["CHF 57.80 today", "CHF 57.80 per visit"],
      "Lawn Seeding": ["CHF 212.40 today"],
      "Core Aeration": ["CHF 139.15 today"],
      "Grub Control": ["CHF 92.25 today"],
    },
    total: {
      // 3 × 66.65 = 199.95, less 3 % = 193.9515 → 193.95.
      "Fertilizer & Weed Control": ["CHF 193.95 for the season [15% off every application]"],
      // 20 visits still to come × 57.80.
      "Mowing": ["CHF 1,156.00 for the season"],
      "Lawn Seeding": ["CHF 212.40 for the season"],
      "Core Aeration": ["CHF 139.15 for the season"],
      "Grub Control": ["CHF 92.25 for the season"],
    },
  },
  {
    // No lawn brackets: pest control.
    company: "bugbusters-pest",
    bot: "pest",
    estimate: 6000,
    application: {
      // $149 upfront, then $99 a quarter.
      "General Pest Control": ["$149.00 today", "$99.00 every 3 months"],
      "Mosquito Control": ["$44.25 today [25% off for the 1st treatment]", "$59.00 per treatment"],
      "Termite Inspection": ["$75.00 today"],
    },
    total: {
      // (149 + 3 × 99) × 90 %.
      "General Pest Control": ["$401.40 for the season"],
      // 44.25 + 7 × 59.
      "Mosquito Control": ["$457.25 for the season [25% off for the 1st treatment]"],
      "Termite Inspection": ["$75.00 for the season"],
    },
  },
];

describe("the proposal's price words, for the five demo companies' plans", () => {
  for (const c of CASES) {
    for (const term of ["application", "total"] as const) {
      test(`${c.company}, ${term === "total" ? "pre-paid" : "paying as it goes"}: each amount says what it is`, () => {
        assert.deepEqual(shownPrices(c.company, c.bot, c.estimate, term), c[term]);
      });
    }
  }

  test("one-time services alone have no installment row; the plan switch shows whenever both plans are offered, '& SAVE' only when pre-pay saves", () => {
    // Greenway's seeding and aeration: one application each, pre-pay saves nothing.
    const once = quoteOf("greenway-lawn", "lawn", 6000, "application", ["Lawn Seeding", "Core Aeration"]);
    assert.deepEqual(once.summary.map((row) => [row.label, row.value]), [
      ["SUBTOTAL", "$278.00"],
      ["SERVICE TAX", "+ TAX"],
      ["GET STARTED TODAY", "$278.00"],
    ]);
    // SPEC §4: both plans offered and the discount numeric; it saves nothing, so no '& SAVE'.
    assert.equal(once.plan.shown, true);
    assert.equal(once.plan.saveText, null);
    // With fertilizer, pre-pay saves 5 % of its $249.60: offered.
    const saving = quoteOf("greenway-lawn", "lawn", 6000, "application", ["Lawn Seeding", "Fertilizer & Weed Control"]);
    assert.equal(saving.plan.shown, true);
    assert.equal(saving.plan.saveText, "& SAVE $12.48");
    assert.deepEqual(saving.summary.at(-1), { id: "installment", label: "INSTALLMENT PAYMENT AMOUNT", amount: 5200, value: "$52.00" });
  });
});
