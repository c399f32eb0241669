// Sales tax by postal code for GET /v1/tax and the server's own amount check (issue 28): the
// combined rate from the table the company imported (server/db/tax-rate-store.ts, through the
// admin API or `npm run tax-rates`), or UNKNOWN_TAX when it has none; the widget then keeps
// the configuration's serviceTax. dontTaxZipCodes and taxOverride are the configuration's
// rules on top (src/config/tax-rate.ts), the same on both sides.
import type { TaxRateStore } from "../db/tax-rate-store.ts";

/** The backend's answer when it has no rate: the widget keeps the company's serviceTax. */
export const UNKNOWN_TAX = -1;

/** The company's imported rate at a postal code (a fraction), or UNKNOWN_TAX. */
export async function findTaxRate(rates: Pick<TaxRateStore, "rateFor">, companyId: string | undefined, postalCode: string): Promise<number> {
  if (!companyId || postalCode.trim() === "") return UNKNOWN_TAX;
  return (await rates.rateFor(companyId, postalCode)) ?? UNKNOWN_TAX;
}
