// The address list behind POST /v1/servman/geomap: a few hundred real-looking addresses,
// generated deterministically (same list at every start, so tests and demos can name one)
// in each demo company's service area, plus neighbourhoods just outside them to reach the
// 'zip not serviced' dead end. No geocoding service is called.
import type { GeomapItem } from "../../src/contract/geomap.ts";

interface Area {
  city: string;
  postalCodes: readonly string[];
  county?: string;
  state: string;
  countryCode: "US" | "GB" | "CH";
  center: { lat: number; lng: number };
  streets: readonly string[];
}

// US-style streets get "1234 Oak Street"; Swiss ones "Bahnhofstrasse 12"; UK ones "12 Acre Lane".
const AREAS: readonly Area[] = [
  // Greenway Lawn Care (Columbus, Ohio suburbs): every one of its zip codes.
  { city: "Dublin", postalCodes: ["43016", "43017"], county: "Franklin County", state: "OH", countryCode: "US", center: { lat: 40.0992, lng: -83.1141 }, streets: ["Oak Street", "Tuttle Crossing Boulevard", "Brand Road", "Coffman Park Drive", "Bristol Parkway", "Muirfield Drive"] },
  { city: "Hilliard", postalCodes: ["43026"], county: "Franklin County", state: "OH", countryCode: "US", center: { lat: 40.0334, lng: -83.1588 }, streets: ["Cemetery Road", "Scioto Darby Road", "Britton Parkway", "Main Street"] },
  { city: "Powell", postalCodes: ["43065"], county: "Delaware County", state: "OH", countryCode: "US", center: { lat: 40.1578, lng: -83.0752 }, streets: ["Liberty Street", "Olentangy Street", "Seldom Seen Road", "Maple Lane"] },
  { city: "Westerville", postalCodes: ["43082"], county: "Delaware County", state: "OH", countryCode: "US", center: { lat: 40.1262, lng: -82.9291 }, streets: ["Polaris Parkway", "Africa Road", "Maxtown Road", "Oak Street"] },
  { city: "Columbus", postalCodes: ["43235"], county: "Franklin County", state: "OH", countryCode: "US", center: { lat: 40.1017, lng: -83.0563 }, streets: ["Sawmill Road", "Snouffer Road", "Linworth Road", "Bethel Road"] },
  // BugBusters Pest Control (Austin, Texas).
  { city: "Austin", postalCodes: ["78701", "78702", "78704"], county: "Travis County", state: "TX", countryCode: "US", center: { lat: 30.2672, lng: -97.7431 }, streets: ["Congress Avenue", "East Cesar Chavez Street", "South Lamar Boulevard", "Barton Springs Road", "East 6th Street"] },
  { city: "Austin", postalCodes: ["78745", "78748", "78749", "78759"], county: "Travis County", state: "TX", countryCode: "US", center: { lat: 30.2101, lng: -97.8203 }, streets: ["Slaughter Lane", "William Cannon Drive", "Brodie Lane", "Great Hills Trail", "Oak Street"] },
  // Thames Lawns (south-west London and Surrey edge).
  { city: "London", postalCodes: ["SW13 9AA", "SW14 8JH", "SW15 6RN"], state: "England", countryCode: "GB", center: { lat: 51.4642, lng: -0.2495 }, streets: ["Castelnau", "Church Road", "Upper Richmond Road", "Putney Hill", "Rocks Lane"] },
  { city: "London", postalCodes: ["SW18 1TX", "SW19 5AE"], state: "England", countryCode: "GB", center: { lat: 51.4346, lng: -0.2049 }, streets: ["Wimbledon Park Road", "Arthur Road", "Merton Road", "Oak Street"] },
  { city: "Richmond", postalCodes: ["TW9 1DN", "TW10 6UY"], state: "England", countryCode: "GB", center: { lat: 51.4613, lng: -0.3037 }, streets: ["Kew Road", "Sheen Road", "Petersham Road", "Queens Road"] },
  { city: "Kingston upon Thames", postalCodes: ["KT2 5PE"], state: "England", countryCode: "GB", center: { lat: 51.4155, lng: -0.2926 }, streets: ["Park Road", "Richmond Road", "Coombe Lane West"] },
  // Alpen Rasen (Zürich and the lake shore).
  { city: "Zürich", postalCodes: ["8001", "8002", "8003", "8004", "8006", "8008", "8032", "8044"], state: "ZH", countryCode: "CH", center: { lat: 47.3769, lng: 8.5417 }, streets: ["Bahnhofstrasse", "Seefeldstrasse", "Bellerivestrasse", "Universitätstrasse", "Badenerstrasse", "Zürichbergstrasse"] },
  { city: "Küsnacht", postalCodes: ["8700"], state: "ZH", countryCode: "CH", center: { lat: 47.3186, lng: 8.5832 }, streets: ["Seestrasse", "Zürichstrasse", "Alte Landstrasse"] },
  // Outside every service area: 'zip not serviced' for the nearest company.
  { city: "Cincinnati", postalCodes: ["45202"], county: "Hamilton County", state: "OH", countryCode: "US", center: { lat: 39.1031, lng: -84.512 }, streets: ["Vine Street", "Walnut Street", "Oak Street", "Race Street"] },
  { city: "Cleveland", postalCodes: ["44114"], county: "Cuyahoga County", state: "OH", countryCode: "US", center: { lat: 41.5052, lng: -81.6934 }, streets: ["Euclid Avenue", "Superior Avenue", "Lakeside Avenue"] },
  { city: "Dallas", postalCodes: ["75201"], county: "Dallas County", state: "TX", countryCode: "US", center: { lat: 32.7876, lng: -96.7994 }, streets: ["Main Street", "Elm Street", "Ross Avenue", "Oak Street"] },
  { city: "London", postalCodes: ["SW2 5SG", "SE1 7PB"], state: "England", countryCode: "GB", center: { lat: 51.4613, lng: -0.1156 }, streets: ["Acre Lane", "Brixton Hill", "Lambeth Road"] },
  { city: "Basel", postalCodes: ["4051"], state: "BS", countryCode: "CH", center: { lat: 47.5596, lng: 7.5886 }, streets: ["Freie Strasse", "Steinenvorstadt", "Elisabethenstrasse"] },
];

// A few house numbers per street: four per street and postal code keeps the whole list at a
// few hundred entries, enough for a search box to feel real.
const US_NUMBERS = [112, 1234, 2870, 5561];
const UK_NUMBERS = [3, 12, 47, 118];
const CH_NUMBERS = [5, 12, 38, 101];

function buildLabel(area: Area, houseNumber: string, street: string, postalCode: string): string {
  switch (area.countryCode) {
    case "US":
      return `${houseNumber} ${street}, ${area.city}, ${area.state} ${postalCode}, USA`;
    case "GB":
      return `${houseNumber} ${street}, ${area.city} ${postalCode}, UK`;
    case "CH":
      return `${street} ${houseNumber}, ${postalCode} ${area.city}, Switzerland`;
  }
}

function houseNumbersFor(area: Area): readonly number[] {
  if (area.countryCode === "GB") return UK_NUMBERS;
  if (area.countryCode === "CH") return CH_NUMBERS;
  return US_NUMBERS;
}

/** A position near the area's centre, spread out deterministically by the entry's index. */
function positionFor(area: Area, index: number): { lat: number; lng: number } {
  const angle = index * 2.399963; // the golden angle: evenly spread points
  const radius = 0.004 + 0.0015 * (index % 11);
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { lat: round(area.center.lat + radius * Math.sin(angle)), lng: round(area.center.lng + radius * Math.cos(angle)) };
}

function buildAddressBook(): readonly GeomapItem[] {
  const items: GeomapItem[] = [];
  for (const area of AREAS) {
    let index = 0;
    for (const postalCode of area.postalCodes) {
      for (const [streetIndex, street] of area.streets.entries()) {
        for (const number of houseNumbersFor(area)) {
          // Not every number on every street: vary by street so the list looks less like a grid.
          const houseNumber = String(number + streetIndex * 2);
          const item: GeomapItem = {
            address: {
              label: buildLabel(area, houseNumber, street, postalCode),
              houseNumber,
              street,
              city: area.city,
              postalCode,
              state: area.state,
              countryCode: area.countryCode,
            },
            position: positionFor(area, index++),
          };
          if (area.county !== undefined) item.address.county = area.county;
          items.push(item);
        }
      }
    }
  }
  return items;
}

/**
 * Addresses for the property-estimate dead ends (docs/api.md 'Demo data'): house number 404
 * and any street with "Nowhere" have no property data; house number 999 is far too big; at
 * house number 808 the 'other' source knows the lot but not the lawn.
 * In a serviced zip of each demo company, so the widget reaches the estimate step first.
 */
const HOOK_ADDRESSES: readonly { city: string; postalCode: string; houseNumber: string; street: string }[] = [
  { city: "Dublin", postalCode: "43017", houseNumber: "404", street: "Oak Street" },
  { city: "Dublin", postalCode: "43017", houseNumber: "999", street: "Oak Street" },
  { city: "Dublin", postalCode: "43017", houseNumber: "12", street: "Nowhere Lane" },
  { city: "Dublin", postalCode: "43017", houseNumber: "808", street: "Oak Street" },
  { city: "Austin", postalCode: "78704", houseNumber: "404", street: "South Lamar Boulevard" },
  { city: "Austin", postalCode: "78704", houseNumber: "999", street: "South Lamar Boulevard" },
  { city: "Austin", postalCode: "78704", houseNumber: "12", street: "Nowhere Lane" },
  { city: "London", postalCode: "SW13 9AA", houseNumber: "404", street: "Church Road" },
  { city: "London", postalCode: "SW13 9AA", houseNumber: "999", street: "Church Road" },
  { city: "Zürich", postalCode: "8008", houseNumber: "404", street: "Seefeldstrasse" },
  { city: "Zürich", postalCode: "8008", houseNumber: "999", street: "Seefeldstrasse" },
];

function buildHookAddresses(): GeomapItem[] {
  return HOOK_ADDRESSES.map((hook, index) => {
    const area = AREAS.find((a) => a.city === hook.city && a.postalCodes.includes(hook.postalCode));
    if (!area) throw new Error(`address book: no area for ${hook.city} ${hook.postalCode}`);
    const item: GeomapItem = {
      address: {
        label: buildLabel(area, hook.houseNumber, hook.street, hook.postalCode),
        houseNumber: hook.houseNumber,
        street: hook.street,
        city: area.city,
        postalCode: hook.postalCode,
        state: area.state,
        countryCode: area.countryCode,
      },
      position: positionFor(area, 500 + index),
    };
    if (area.county !== undefined) item.address.county = area.county;
    return item;
  });
}

export const ADDRESS_BOOK: readonly GeomapItem[] = [...buildAddressBook(), ...buildHookAddresses()];
