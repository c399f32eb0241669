// An address typed by hand after 'No matches found' (issue 16): street, city, state or
// province, postcode, in the company's country (told by its currency, as for phone numbers).
// A US ZIP, a Canadian postal code and a British postcode must have their country's form.
import { findPostcode, type PostcodeKind } from "./parse-free-address.ts";
import { abbreviateRegion } from "./region-abbreviations.ts";

const COUNTRY_OF_CURRENCY: Record<string, PostcodeKind> = { USD: "US", CAD: "CA", GBP: "GB" };

export const companyCountry = (currency: string | undefined): string | undefined =>
  currency ? COUNTRY_OF_CURRENCY[currency.toUpperCase()] : undefined;

/** The form's four labels in `country`: a British county may be left out. */
export const manualAddressLabels = (country: string | undefined): string[] => [
  "Street address",
  "City",
  country === "CA" ? "Province" : country === "GB" ? "County (optional)" : "State",
  country === "US" ? "ZIP code" : country === "GB" ? "Postcode" : "Postal code",
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
