// The plans of SPEC §4 'Modal and payment' and §9: which term applies, what the application
// term charges first and then per installment (per application, per month, or upfront), and
// the billing label of monthly payments.
import type { PriceBlock } from "../contract/quote-services.ts";
import { isChargeable } from "./lines.ts";
import { floorRatioToStep, sumMoney } from "./rounding.ts";
import type { Money, PricedLine, PricingSettings, Term } from "./types.ts";

/** SPEC §9: autoPayMonthlyPricePeriod defaults to 12 months. */
export const DEFAULT_PERIOD = 12;
/** SPEC §9: an upfront-priced program without pre-pay lines assumes 11 recurring payments. */
export const DEFAULT_RECURRING_PAYMENTS = 11;

/**
 * Rule 6: the chosen term, except that a company offering only pre-pay is on 'total' and one
 * offering only autopay is on 'application' (SPEC §4; neither flag keeps the choice).
 */
export function resolveTerm(settings: Pick<PricingSettings, "term" | "autoPayAvailable" | "prePayAvailable">): Term {
  if (settings.prePayAvailable && !settings.autoPayAvailable) return "total";
  if (settings.autoPayAvailable && !settings.prePayAvailable) return "application";
  return settings.term;
}

/** The monthly period, a whole number of months; anything else falls back to 12. */
export function readPeriod(settings: Pick<PricingSettings, "period">): number {
  return Number.isInteger(settings.period) && settings.period >= 1 ? settings.period : DEFAULT_PERIOD;
}

/** Rule 10: 'Budget Billing' under 12 months, 'Monthly Billing' otherwise; only for monthly payments. */
export function periodLabelOf(settings: Pick<PricingSettings, "autopayMethod" | "period">): string | null {
  if (settings.autopayMethod !== "monthly-payment") return null;
  return readPeriod(settings) < DEFAULT_PERIOD ? "Budget Billing" : "Monthly Billing";
}

/** SPEC §9: the pre-pay line count minus 1, or 11 without pre-pay lines. */
export function countRecurringPayments(block: PriceBlock): number {
  const prePay = block.services.prePay.length;
  return prePay > 0 ? prePay - 1 : DEFAULT_RECURRING_PAYMENTS;
}

/**
 * Rule 4, monthly payments: `total` split into `period` payments. Each later payment is
 * total / period rounded down to the step; the first takes the remainder, so
 * first + monthly × (period − 1) = total exactly.
 */
export function splitMonthly(total: Money, period: number, step: number): { first: Money; monthly: Money } {
  const monthly = floorRatioToStep(BigInt(total), BigInt(period), step);
  return { first: total - monthly * (period - 1), monthly };
}

/** What the application term charges for one service (net + tax unless named net or tax). */
export interface ApplicationTerm {
  firstAppPrice: Money;
  applicationPrice: Money;
  totalProgramCost: Money;
  todayNet: Money;
  todayTax: Money;
  installment: Money;
  /** Net of each later installment (0 when there is none: a one-time service). */
  installmentNet: Money;
}

/**
 * Rule 4, the application term of one service:
 * - per application: the first chargeable line today, the second (or the first again) per
 *   application, per installment the second (none for a one-time service), the program cost
 *   the sum of every chargeable line;
 * - upfront pricing (the first chargeable line uses it): its upfront payment today, then
 *   countRecurringPayments × its recurring payment, whatever the autopay method;
 * - monthly-payment: the program's net and tax each split by splitMonthly.
 */
export function priceApplicationTerm(lines: PricedLine[], block: PriceBlock, settings: PricingSettings, step: number): ApplicationTerm {
  const charged = lines.filter(isChargeable);
  const first = charged[0];
  if (!first) return { firstAppPrice: 0, applicationPrice: 0, totalProgramCost: 0, todayNet: 0, todayTax: 0, installment: 0, installmentNet: 0 };
  if (first.usesUpfrontPricing) {
    const firstAppPrice = first.upfrontPrice + first.upfrontPriceTax;
    const applicationPrice = first.recurringPrice + first.recurringPriceTax;
    return {
      firstAppPrice,
      applicationPrice,
      totalProgramCost: sumMoney([firstAppPrice, countRecurringPayments(block) * applicationPrice]),
      todayNet: first.upfrontPrice,
      todayTax: first.upfrontPriceTax,
      installment: applicationPrice,
      installmentNet: first.recurringPrice,
    };
  }
  const netTotal = sumMoney(charged.map((line) => line.netPrice));
  const taxTotal = sumMoney(charged.map((line) => line.taxes));
  if (settings.autopayMethod === "monthly-payment") {
    const period = readPeriod(settings);
    const net = splitMonthly(netTotal, period, step);
    const tax = splitMonthly(taxTotal, period, step);
    const applicationPrice = net.monthly + tax.monthly;
    return {
      firstAppPrice: net.first + tax.first,
      applicationPrice,
      totalProgramCost: netTotal + taxTotal,
      todayNet: net.first,
      todayTax: tax.first,
      installment: applicationPrice,
      installmentNet: net.monthly,
    };
  }
  const second = charged[1] ?? first;
  const applicationPrice = second.netPrice + second.taxes;
  // A one-time service (one application to charge) has no installment after today's.
  const later = charged.length > 1;
  return {
    firstAppPrice: first.netPrice + first.taxes,
    applicationPrice,
    totalProgramCost: netTotal + taxTotal,
    todayNet: first.netPrice,
    todayTax: first.taxes,
    installment: later ? applicationPrice : 0,
    installmentNet: later ? second.netPrice : 0,
  };
}
