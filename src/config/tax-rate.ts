// Which tax applies to a quote (SPEC §3 serviceTax, lookupZipCodeTax, dontTaxZipCodes,
// taxOverride; §8 'Tax lookup error or -1: logged, tax unchanged'; §9 default tax 0).
import type { CompanyConfig } from "./company-config.ts";
import { isUntaxedZip } from "./zip-codes.ts";

/**
 * The tax in percent for this zip: zero for an untaxed zip; the looked-up rate when the
 * company looks tax up by zip and the lookup answered; otherwise the company's serviceTax.
 * null (unknown: the summary says '+ TAX') only when a lookup was wanted, failed, and the
 * company has no tax of its own to fall back on.
 */
export function taxPercentFor(
  config: Pick<CompanyConfig, "serviceTax" | "lookupZipCodeTax" | "dontTaxZipCodes">,
  zip: string,
  lookedUp: number | null | undefined,
): number | null {
  if (isUntaxedZip(zip, config.dontTaxZipCodes)) return 0;
  if (config.lookupZipCodeTax) {
    if (typeof lookedUp === "number") return lookedUp;
    return config.serviceTax > 0 ? config.serviceTax : null;
  }
  return config.serviceTax;
}
