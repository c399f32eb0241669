// Which tax applies to a quote (SPEC §3 serviceTax, lookupZipCodeTax, dontTaxZipCodes,
// taxOverride; §8 'Tax lookup error or -1: logged, tax unchanged'; §9 default tax 0).
import type { CompanyConfig } from "./company-config.ts";
import { isUntaxedZip } from "./zip-codes.ts";

/**
 * The tax in percent for this zip: zero for an untaxed zip; the looked-up rate when the
 * company looks tax up by zip and the lookup answered; otherwise the company's serviceTax,
 * also when a wanted lookup failed or answered -1 (SPEC §8 'tax unchanged'), even at 0 (SPEC
 * §9 'Default tax 0': 'SERVICE TAX (0.000%)', not '+ TAX'; issue 27). The summary says
 * '+ TAX' only for taxOverride, or while no tax is known yet.
 */
export function taxPercentFor(
  config: Pick<CompanyConfig, "serviceTax" | "lookupZipCodeTax" | "dontTaxZipCodes">,
  zip: string,
  lookedUp: number | null | undefined,
): number {
  if (isUntaxedZip(zip, config.dontTaxZipCodes)) return 0;
  if (config.lookupZipCodeTax && typeof lookedUp === "number") return lookedUp;
  return config.serviceTax;
}
