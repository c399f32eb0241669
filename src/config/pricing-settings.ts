// A company's configuration as the pure pricing reads it (SPEC §3, §9): one mapping, used by the
// widget's quote (src/state/quote-atoms.ts) and the server's check of an amount
// (demo-site/payments/server-amount.ts), so both price a quote the same way.
import type { PricingSettings, Term } from "../pricing/types.ts";
import type { CompanyConfig } from "./company-config.ts";

type PricingConfig = Pick<
  CompanyConfig,
  "currency" | "taxOverride" | "autoPayAvailable" | "prePayAvailable" | "autoPayPriceMethod" | "autoPayMonthlyPricePeriod" | "autoPayAlternativeLabel"
>;

/** SPEC §4: the plan shown before the visitor chooses one. */
export const defaultTerm = (config: Pick<CompanyConfig, "autoPayAvailable" | "prePayAvailable">): Term =>
  config.autoPayAvailable || !config.prePayAvailable ? "application" : "total";

/** `term` null: the company's default plan; `taxPercent` null: no tax known (yet). */
export function pricingSettingsFor(config: PricingConfig, taxPercent: number | null, term: Term | null): PricingSettings {
  return {
    currency: config.currency,
    taxPercent,
    taxOverride: config.taxOverride,
    term: term ?? defaultTerm(config),
    autopayMethod: config.autoPayPriceMethod === "monthly-payment" ? "monthly-payment" : "first-application-payment",
    period: config.autoPayMonthlyPricePeriod,
    autoPayAvailable: config.autoPayAvailable,
    prePayAvailable: config.prePayAvailable,
    ...(config.autoPayAlternativeLabel ? { autoPayLabel: config.autoPayAlternativeLabel } : {}),
  };
}
