// The summary rows and the plan switch of the proposal (SPEC §4 'Modal and payment', §9).
import { type Currency, formatMoney } from "./currency.ts";
import { sumMoney } from "./rounding.ts";
import { formatTaxPercent, readTaxRate } from "./tax.ts";
import type { Money, PlanSwitch, PricedService, PricingSettings, QuoteTotals, SummaryRow, Term } from "./types.ts";

/**
 * Rule 8, in order: SUBTOTAL (FIRST MONTH'S PAYMENT for monthly payments under the
 * application term) = Σ today's net; the tax row, 'VAT (20.000%)' for the British pound and
 * 'SERVICE TAX (7.500%)' otherwise, = Σ today's tax, or '+ TAX' / ' :(VAT)' with no amount when
 * the tax is unknown or overridden; GET STARTED TODAY = subtotal + tax; and, under the
 * application term only, INSTALLMENT PAYMENT AMOUNT = Σ installments when above 0.
 */
export function buildSummary(services: PricedService[], settings: PricingSettings, term: Term, currency: Currency): SummaryRow[] {
  const row = (id: SummaryRow["id"], label: string, amount: Money): SummaryRow => ({ id, label, amount, value: formatMoney(amount, currency.code) });
  const monthly = settings.autopayMethod === "monthly-payment" && term === "application";
  const subtotal = sumMoney(services.map((service) => service.todayNet));
  const rows = [row("subtotal", monthly ? "FIRST MONTH'S PAYMENT" : "SUBTOTAL", subtotal)];

  const vat = currency.code === "GBP";
  const taxName = vat ? "VAT" : "SERVICE TAX";
  const rate = readTaxRate(settings);
  let tax = 0;
  if (rate === null) {
    rows.push({ id: "tax", label: taxName, amount: null, value: vat ? " :(VAT)" : "+ TAX" });
  } else {
    tax = sumMoney(services.map((service) => service.todayTax));
    rows.push(row("tax", `${taxName} (${formatTaxPercent(rate)}%)`, tax));
  }

  rows.push(row("today", "GET STARTED TODAY", subtotal + tax));
  // Only when something is paid later: one-time services alone have no installment.
  const installment = sumMoney(services.map((service) => service.installment));
  if (term === "application" && installment > 0) rows.push(row("installment", "INSTALLMENT PAYMENT AMOUNT", installment));
  return rows;
}

/**
 * Rule 9 (SPEC §4): the AUTOPAY / PRE-PAY switch shows "only when the discount is numeric and
 * both autopay and pre-pay are available", whatever the saving, also none or less than a
 * cent (issue 27: both plans are offered, so the visitor may choose either); '& SAVE {amount}'
 * only when pre-pay saves at least one minor unit (0.01, or ¥1).
 */
export function buildPlanSwitch(totals: QuoteTotals, settings: PricingSettings, currency: Currency): PlanSwitch {
  const custom = settings.autoPayLabel?.trim();
  return {
    shown: settings.autoPayAvailable && settings.prePayAvailable && Number.isFinite(totals.discount),
    autopayLabel: custom || "AUTOPAY",
    prepayLabel: "PRE-PAY",
    saveText: totals.discount >= 1 ? `& SAVE ${formatMoney(totals.discount, currency.code)}` : null,
  };
}
