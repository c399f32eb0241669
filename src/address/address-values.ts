// What a picked address suggestion answers with: its parts under the answer names the flow
// reads (src/flow/inputs/address.ts accepts them), the region abbreviated, the country as ISO.
import type { GeomapItem } from "../contract/geomap.ts";
import { abbreviateRegion, normalizeCountry } from "./region-abbreviations.ts";

/** The answer values of a picked suggestion (street, city, state, zip, country, position). */
export function addressValues(item: GeomapItem): Record<string, string> {
  const a = item.address;
  const values: Record<string, string> = {
    customerAddress: [a.houseNumber, a.street].filter(Boolean).join(" ").trim(),
    customerCity: a.city,
    customerState: abbreviateRegion(a.state),
    customerZip: a.postalCode,
    customerCountryCode: normalizeCountry(a.countryCode === "USA" ? "US" : a.countryCode),
  };
  if (a.county) values.customerCounty = a.county;
  if (item.position) {
    values.customerLat = String(item.position.lat);
    values.customerLng = String(item.position.lng);
  }
  return values;
}
