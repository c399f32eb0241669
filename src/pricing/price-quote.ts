// The pricing engine's entry points: one price block priced for both terms, and the selected
// blocks priced into a quote with its totals, summary rows and plan switch.
import type { PriceBlock } from "../contract/quote-services.ts";
import { currencyOf } from "./currency.ts";
import { hasPricedService } from "./chargeable.ts";
import { priceLines } from "./lines.ts";
import { periodLabelOf, priceApplicationTerm, resolveTerm } from "./plans.ts";
import { pricePrePay } from "./pre-pay.ts";
import { sumMoney } from "./rounding.ts";
import { buildPlanSwitch, buildSummary } from "./summary.ts";
import { readTaxRate } from "./tax.ts";
import type { PricedQuote, PricedService, PricingSettings, QuoteTotals } from "./types.ts";

/** SPEC §8: pricing a quote with no chargeable line throws this message. */
export const NO_SERVICES = "No Services";

/** One block priced under both terms; `today*` and `installment` follow the resolved term. */
export function priceService(block: PriceBlock, settings: PricingSettings): PricedService {
  const currency = currencyOf(settings.currency);
  const rate = readTaxRate(settings);
  const lines = priceLines(block.services.application, block, currency, rate);
  const application = priceApplicationTerm(lines, block, settings, currency.rounding);
  const prePay = pricePrePay(block, currency, rate);
  const total = resolveTerm(settings) === "total";
  return {
    block,
    lines,
    firstAppPrice: application.firstAppPrice,
    applicationPrice: application.applicationPrice,
    totalProgramCost: application.totalProgramCost,
    prePayPrice: prePay.price,
    prePaySaving: Math.max(0, application.totalProgramCost - prePay.price),
    prePayLines: prePay.lines,
    prePayDiscountAmount: prePay.discount,
    prePayNet: prePay.net,
    prePayTax: prePay.tax,
    todayNet: total ? prePay.net : application.todayNet,
    todayTax: total ? prePay.tax : application.todayTax,
    installment: total ? 0 : application.installment,
    installmentNet: total ? 0 : application.installmentNet,
  };
}

/**
 * Prices the selected blocks (selected === true), alwaysOnTop first and otherwise in their
 * given order. Rule 7: the totals are plain sums of the services' figures.
 */
export function priceQuote(blocks: PriceBlock[], settings: PricingSettings): PricedQuote {
  const selected = blocks.filter((block) => block.selected === true);
  if (!hasPricedService(selected)) throw new Error(NO_SERVICES);
  const ordered = [...selected.filter((block) => block.alwaysOnTop), ...selected.filter((block) => !block.alwaysOnTop)];
  const currency = currencyOf(settings.currency);
  const term = resolveTerm(settings);
  const services = ordered.map((block) => priceService(block, settings));
  const totals: QuoteTotals = {
    allTotal: sumMoney(services.map((service) => service.prePayPrice)),
    firstTotal: sumMoney(services.map((service) => service.firstAppPrice)),
    regularTotal: sumMoney(services.map((service) => service.applicationPrice)),
    discount: sumMoney(services.map((service) => service.prePaySaving)),
    term,
  };
  const summary = buildSummary(services, settings, term, currency);
  const today = summary.find((row) => row.id === "today");
  return {
    currency: currency.code,
    services,
    totals,
    summary,
    plan: buildPlanSwitch(totals, settings, currency),
    periodLabel: periodLabelOf(settings),
    amountDueToday: today?.amount ?? 0,
  };
}

/** The engine as the quote chunk hands it to the widget (src/state/quote-atoms.ts). */
export interface PricingEngine {
  priceQuote: typeof priceQuote;
  priceService: typeof priceService;
}
