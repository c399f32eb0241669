// Sales tax by postal code for GET /v1/tax: a small local table covering the demo companies'
// service areas, in place of a tax-rate service. A rate is a fraction of the net price.

export type TaxCountry = "US" | "GB" | "CH";

export interface TaxRate {
  country: TaxCountry;
  /** Matches every postal code that starts with it (upper case, no spaces); "" is the whole country. */
  prefix: string;
  rate: number;
  /** Where the rate comes from, for a reader. */
  area: string;
}

/** The backend's answer when it has no rate: the widget keeps the company's serviceTax. */
export const UNKNOWN_TAX = -1;

export const TAX_RATES: readonly TaxRate[] = [
  // Ohio: 5.75 % state tax plus the county's (Franklin 1.75 %, Delaware 1.5 %).
  { country: "US", prefix: "43016", rate: 0.075, area: "Dublin, Franklin County OH" },
  { country: "US", prefix: "43017", rate: 0.075, area: "Dublin, Franklin County OH" },
  { country: "US", prefix: "43026", rate: 0.075, area: "Hilliard, Franklin County OH" },
  { country: "US", prefix: "43235", rate: 0.075, area: "Columbus, Franklin County OH" },
  { country: "US", prefix: "43065", rate: 0.0725, area: "Powell, Delaware County OH" },
  { country: "US", prefix: "43082", rate: 0.0725, area: "Westerville, Delaware County OH" },
  // Texas: 6.25 % state tax plus 2 % for the City of Austin and its transit authority.
  { country: "US", prefix: "787", rate: 0.0825, area: "Austin TX (787xx)" },
  // VAT and MWST are national.
  { country: "GB", prefix: "", rate: 0.2, area: "United Kingdom, VAT standard rate" },
  { country: "CH", prefix: "", rate: 0.081, area: "Switzerland, MWST standard rate" },
];

const POSTAL_FORMATS: readonly [TaxCountry, RegExp][] = [
  ["US", /^\d{5}(-?\d{4})?$/],
  ["CH", /^\d{4}$/],
  // A full UK postcode (SW139AA) or its outward part (SW13).
  ["GB", /^[A-Z]{1,2}\d[A-Z\d]?(\d[A-Z]{2})?$/],
];

/** "sw13 9aa" → "SW139AA". */
function normalizePostalCode(postalCode: string): string {
  return postalCode.replace(/\s+/g, "").toUpperCase();
}

/**
 * The tax for a postal code: the longest matching prefix of its country's entries, else
 * UNKNOWN_TAX. The country is the one given, or the one whose postal codes look like this
 * one (a Swiss 8008 is not the start of a US zip).
 */
export function findTaxRate(postalCode: string, country?: string, rates: readonly TaxRate[] = TAX_RATES): number {
  const code = normalizePostalCode(postalCode);
  const wanted = country?.trim().toUpperCase() || POSTAL_FORMATS.find(([, format]) => format.test(code))?.[0];
  if (!wanted || code === "") return UNKNOWN_TAX;
  let best: TaxRate | undefined;
  for (const rate of rates) {
    if (rate.country === wanted && code.startsWith(rate.prefix) && (!best || rate.prefix.length > best.prefix.length)) best = rate;
  }
  return best?.rate ?? UNKNOWN_TAX;
}
