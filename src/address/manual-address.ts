// An address typed by hand after 'No matches found' (issue 16): street, city, state or
// province, postcode, in the company's country (told by its currency, as for phone numbers).
// A US ZIP, a Canadian postal code and a British postcode must have their country's form.
import { findPostcode, type PostcodeKind } from "./parse-free-address.ts";
import { abbreviateRegion } from "./region-abbreviations.ts";
import { en } from "../i18n/en/widget.ts";

const COUNTRY_OF_CURRENCY: Record<string, PostcodeKind> = { USD: "US", CAD: "CA", GBP: "GB" };

export const companyCountry = (currency: string | undefined): string | undefined =>
  currency ? COUNTRY_OF_CURRENCY[currency.toUpperCase()] : undefined;

/**
 * The form's four labels in `country`: a British county may be left out. `words`: street,
 * city, state, province, county, ZIP code, postcode, postal code (src/i18n/en/widget.ts addressFields).
 */
export const manualAddressLabels = (country: string | undefined, words: readonly string[] = en.addressFields): string[] => [
  words[0]!,
  words[1]!,
  words[country === "CA" ? 3 : country === "GB" ? 4 : 2]!,
  words[country === "US" ? 5 : country === "GB" ? 6 : 7]!,
];

/**
 * The answer values of a typed address (street, city, region, postcode), or the index of the
 * first part that is missing or wrong: a street without a number, a postcode not of `country`.
 */
export function checkManualAddress(typed: string[], country: string | undefined): Record<string, string> | number {
  const [street, city, state, postcode] = typed.map((s) => s.trim().replace(/\s+/g, " "));
  const found = findPostcode(postcode!);
  const known = country === "US" || country === "CA" || country === "GB";
  const bad = [
    !/\d/.test(street!) || street!.length < 4,
    !city,
    !state && country !== "GB",
    !postcode || (known && (found?.kind !== country || !!found.rest)),
  ].indexOf(true);
  if (bad >= 0) return bad;
  return {
    customerAddress: street!,
    customerCity: city!,
    ...(state ? { customerState: abbreviateRegion(state) } : {}),
    customerZip: known ? found!.code : postcode!,
    ...(country ? { customerCountryCode: country } : {}),
  };
}
