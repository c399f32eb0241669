// The pricing engine's contract (SPEC §3 price block, service line, quote totals; §9 rules).
// Money is an integer count of the currency's minor units (cents, pence, rappen; yen have
// none): a `Money` of 4550 in USD is $45.50, in JPY it is ¥4,550. Nothing here is a float.
import type { PriceBlock } from "../contract/quote-services.ts";

/** Integer minor units of the quote's currency. */
export type Money = number;

/** SPEC §4: pay per application (or per month), or pre-pay the whole program. */
export type Term = "application" | "total";

/** SPEC §3 autoPayPriceMethod; anything but monthly-payment counts as first-application-payment. */
export type AutopayMethod = "monthly-payment" | "first-application-payment";

export interface PricingSettings {
  /** ISO 4217 code, e.g. USD, GBP, CHF, JPY. Unknown codes price like USD (2 digits, $). */
  currency: string;
  /**
   * Tax in percent of the net price, at most 4 decimals (7.25 = 7.25 %). null: unknown
   * (the summary shows '+ TAX' / ' :(VAT)' and no tax is added).
   */
  taxPercent: number | null;
  /** taxOverride: the company adds tax itself; shown as '+ TAX' and not added. */
  taxOverride: boolean;
  term: Term;
  autopayMethod: AutopayMethod;
  /** autoPayMonthlyPricePeriod, default 12. */
  period: number;
  autoPayAvailable: boolean;
  prePayAvailable: boolean;
  /** autoPayAlternativeLabel: replaces 'AUTOPAY' on the plan switch. */
  autoPayLabel?: string;
}

/** SPEC §3 discountData: 1 = percent, 2 = currency amount off, 3 = 'for the' (a set price). */
export interface DiscountData {
  discountAmount: Money | number;
  dollarDiscount: 1 | 2 | 3;
  /** Shown under the line, e.g. "20% off for the 1st application"; null when hidden. */
  text: string | null;
}

/** SPEC §3 service line, priced. */
export interface PricedLine {
  grossPrice: Money;
  netPrice: Money;
  taxes: Money;
  tooLateToDo: boolean;
  usesUpfrontPricing: boolean;
  upfrontPrice: Money;
  upfrontPriceTax: Money;
  recurringPrice: Money;
  recurringPriceTax: Money;
  recurringPeriod: number;
  discountData: DiscountData[];
}

/** One program, priced for both terms. */
export interface PricedService {
  block: PriceBlock;
  /** The application lines after offers and tax. */
  lines: PricedLine[];
  /** Net + tax of the first chargeable application (or the upfront payment). */
  firstAppPrice: Money;
  /** Net + tax of a later application (or a recurring payment). */
  applicationPrice: Money;
  /** Net + tax of every chargeable application, without the pre-pay discount. */
  totalProgramCost: Money;
  /** Pre-paying the whole program: after the pre-pay discount, tax included. */
  prePayPrice: Money;
  /** What pre-paying saves against totalProgramCost (never negative). */
  prePaySaving: Money;
  // The pre-pay details below are always set by priceService; optional only so that
  // hand-written fixtures need not spell them out.
  /** The lines billed under pre-pay (services.prePay, or the application lines when empty), after offers and tax. */
  prePayLines?: PricedLine[];
  /** The pre-pay discount (block.prePayDiscount percent of the pre-pay lines' net), in money. */
  prePayDiscountAmount?: Money;
  /** Net (after the pre-pay discount) and tax of prePayPrice. */
  prePayNet?: Money;
  prePayTax?: Money;
  /** Net (before tax) of what the chosen term charges today, and its tax. */
  todayNet: Money;
  todayTax: Money;
  /** Net + tax of each later installment under the chosen term (0 under 'total', or for a one-time service). */
  installment: Money;
  /** Net of each later installment (before tax, as the proposal shows it); 0 when there is none. */
  installmentNet: Money;
}

/** SPEC §3 quote totals. */
export interface QuoteTotals {
  /** The pre-pay total of every selected service. */
  allTotal: Money;
  /** The first payment under the application term. */
  firstTotal: Money;
  /** Each later payment under the application term. */
  regularTotal: Money;
  /** What pre-pay saves (allTotal against the application term's program cost). */
  discount: Money;
  term: Term;
}

export type SummaryRowId = "subtotal" | "tax" | "today" | "installment";

export interface SummaryRow {
  id: SummaryRowId;
  /** SPEC §9 wording: SUBTOTAL / FIRST MONTH'S PAYMENT, VAT / SERVICE TAX (7.250%), GET STARTED TODAY, INSTALLMENT PAYMENT AMOUNT. */
  label: string;
  /** null when the row shows text instead of an amount ('+ TAX'). */
  amount: Money | null;
  /** The formatted value as shown: "$45.50", "+ TAX", " :(VAT)". */
  value: string;
}

export interface PlanSwitch {
  /** SPEC §4: only when the discount is numeric and both autopay and pre-pay are available. */
  shown: boolean;
  /** 'AUTOPAY' or the company's label. */
  autopayLabel: string;
  prepayLabel: "PRE-PAY";
  /** '& SAVE $12.00' when the saving is at least 0.01; else null. */
  saveText: string | null;
}

export interface PricedQuote {
  currency: string;
  /** Selected services, in display order (alwaysOnTop first). */
  services: PricedService[];
  totals: QuoteTotals;
  summary: SummaryRow[];
  plan: PlanSwitch;
  /** 'Budget Billing' (period < 12) or 'Monthly Billing' (12) under monthly-payment; else null. */
  periodLabel: string | null;
  /** Exactly what GET STARTED TODAY shows: the amount the payment call sends. */
  amountDueToday: Money;
}
