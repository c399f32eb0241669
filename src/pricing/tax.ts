// Rule 3 (SPEC §9 'tax computed at 4 decimals as percent of net price'): the tax percent is
// carried as an integer of ten-thousandths of a percent, and the tax of a net amount is
// round(net × percent / 100) to the currency's step, in integers. An unknown percent (null)
// or a company that adds tax itself (taxOverride) adds no tax anywhere.
import { divideHalfUp, scaleDecimal } from "./decimal.ts";
import { percentOf } from "./rounding.ts";
import type { Money, PricingSettings } from "./types.ts";

/** The tax rate in ten-thousandths of a percent, or null when no tax is added. */
export type TaxRate = bigint | null;

/** null for an unknown, overridden, negative or unreadable percent. */
export function readTaxRate(settings: Pick<PricingSettings, "taxPercent" | "taxOverride">): TaxRate {
  const percent = settings.taxPercent;
  if (settings.taxOverride || percent === null || !Number.isFinite(percent) || percent < 0) return null;
  return scaleDecimal(percent, 4);
}

export function taxOf(net: Money, rate: TaxRate, step: number): Money {
  return rate === null ? 0 : percentOf(net, rate, step);
}

/** The rate as the summary shows it, exactly 3 decimals: 72_500n → "7.250", 72_505n → "7.251". */
export function formatTaxPercent(rate: bigint): string {
  const thousandths = divideHalfUp(rate, 10n);
  const whole = thousandths / 1000n;
  return `${whole}.${(thousandths % 1000n).toString().padStart(3, "0")}`;
}
