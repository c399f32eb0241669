// US and Canadian region names to their postal abbreviations (SPEC §3, §5), and the few
// country names we normalise, so free-text addresses and query flags agree on one spelling.

export type RegionKind =
  | "state"
  | "district"
  | "territory"
  | "freely-associated-state"
  | "armed-forces"
  | "province";

export interface Region {
  readonly code: string;
  readonly country: "US" | "CA";
  readonly kind: RegionKind;
  /** Official name; absent for the armed-forces codes, which have no place name to translate. */
  readonly name?: string;
  /** Other spellings people and autocomplete services produce. */
  readonly aliases?: readonly string[];
}

const us = (code: string, name: string, kind: RegionKind = "state", aliases?: string[]): Region =>
  aliases ? { code, country: "US", kind, name, aliases } : { code, country: "US", kind, name };
const ca = (code: string, name: string, kind: RegionKind, aliases?: string[]): Region =>
  aliases ? { code, country: "CA", kind, name, aliases } : { code, country: "CA", kind, name };

export const REGIONS: readonly Region[] = [
  us("AL", "Alabama"),
  us("AK", "Alaska"),
  us("AZ", "Arizona"),
  us("AR", "Arkansas"),
  us("CA", "California"),
  us("CO", "Colorado"),
  us("CT", "Connecticut"),
  us("DE", "Delaware"),
  us("FL", "Florida"),
  us("GA", "Georgia"),
  us("HI", "Hawaii", "state", ["Hawai'i", "Hawaiʻi"]),
  us("ID", "Idaho"),
  us("IL", "Illinois"),
  us("IN", "Indiana"),
  us("IA", "Iowa"),
  us("KS", "Kansas"),
  us("KY", "Kentucky"),
  us("LA", "Louisiana"),
  us("ME", "Maine"),
  us("MD", "Maryland"),
  us("MA", "Massachusetts"),
  us("MI", "Michigan"),
  us("MN", "Minnesota"),
  us("MS", "Mississippi"),
  us("MO", "Missouri"),
  us("MT", "Montana"),
  us("NE", "Nebraska"),
  us("NV", "Nevada"),
  us("NH", "New Hampshire"),
  us("NJ", "New Jersey"),
  us("NM", "New Mexico"),
  us("NY", "New York"),
  us("NC", "North Carolina"),
  us("ND", "North Dakota"),
  us("OH", "Ohio"),
  us("OK", "Oklahoma"),
  us("OR", "Oregon"),
  us("PA", "Pennsylvania"),
  us("RI", "Rhode Island"),
  us("SC", "South Carolina"),
  us("SD", "South Dakota"),
  us("TN", "Tennessee"),
  us("TX", "Texas"),
  us("UT", "Utah"),
  us("VT", "Vermont"),
  us("VA", "Virginia"),
  us("WA", "Washington"),
  us("WV", "West Virginia"),
  us("WI", "Wisconsin"),
  us("WY", "Wyoming"),
  us("DC", "District of Columbia", "district", ["Washington DC", "Washington D.C.", "Washington, D.C."]),
  us("PR", "Puerto Rico", "territory"),
  us("GU", "Guam", "territory"),
  us("VI", "U.S. Virgin Islands", "territory", [
    "US Virgin Islands",
    "United States Virgin Islands",
    "Virgin Islands",
    "Virgin Islands of the United States",
  ]),
  us("AS", "American Samoa", "territory"),
  us("MP", "Northern Mariana Islands", "territory", [
    "Commonwealth of the Northern Mariana Islands",
    "Mariana Islands",
  ]),
  us("UM", "U.S. Minor Outlying Islands", "territory", [
    "United States Minor Outlying Islands",
    "Minor Outlying Islands",
  ]),
  us("FM", "Federated States of Micronesia", "freely-associated-state", ["Micronesia"]),
  us("MH", "Marshall Islands", "freely-associated-state", ["Republic of the Marshall Islands"]),
  us("PW", "Palau", "freely-associated-state", ["Republic of Palau"]),
  { code: "AA", country: "US", kind: "armed-forces" },
  { code: "AE", country: "US", kind: "armed-forces" },
  { code: "AP", country: "US", kind: "armed-forces" },
  ca("AB", "Alberta", "province"),
  ca("BC", "British Columbia", "province", ["Colombie-Britannique"]),
  ca("MB", "Manitoba", "province"),
  ca("NB", "New Brunswick", "province", ["Nouveau-Brunswick"]),
  ca("NL", "Newfoundland and Labrador", "province", ["Newfoundland", "Terre-Neuve-et-Labrador"]),
  ca("NS", "Nova Scotia", "province", ["Nouvelle-Écosse"]),
  ca("ON", "Ontario", "province"),
  ca("PE", "Prince Edward Island", "province", ["Île-du-Prince-Édouard", "PEI", "P.E.I."]),
  ca("QC", "Quebec", "province", ["Québec", "Province of Quebec"]),
  ca("SK", "Saskatchewan", "province"),
  ca("NT", "Northwest Territories", "territory", ["Territoires du Nord-Ouest"]),
  ca("NU", "Nunavut", "territory"),
  ca("YT", "Yukon", "territory", ["Yukon Territory"]),
];

/**
 * Folds the spellings people type into one key: accents, case, periods, apostrophes, hyphens,
 * '&' and 'St.'/'Ste' for Saint/Sainte, and runs of spaces all stop mattering.
 */
export function regionKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['\u2018\u2019\u02bb.]/g, "")
    .replace(/[-,\s]+/g, " ")
    .trim()
    // "U. S." and "U.S." should read alike.
    .replace(/\b([a-z]) (?=[a-z]\b)/g, "$1")
    .replace(/(^| )st(?= |$)/g, "$1saint")
    .replace(/(^| )ste(?= |$)/g, "$1sainte");
}

/** Built on first use, not when the widget starts: most conversations never fold a region name. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

const CODES = once(() => new Set(REGIONS.map((r) => r.code)));

const BY_NAME = once(
  (): ReadonlyMap<string, string> =>
    new Map(
      REGIONS.flatMap((r) =>
        [r.name, ...(r.aliases ?? [])]
          .filter((n): n is string => n !== undefined)
          .map((n) => [regionKey(n), r.code] as const),
      ),
    ),
);

/** The abbreviation for a known region name or code (in any spelling), else undefined. */
export function findRegion(text: string): string | undefined {
  const key = regionKey(text);
  const byName = BY_NAME().get(key);
  if (byName) return byName;
  // "D.C." or "n y" are codes once the periods and spaces go.
  const compact = key.replace(/ /g, "").toUpperCase();
  return CODES().has(compact) ? compact : undefined;
}

/**
 * SPEC §5: names longer than 3 characters become abbreviations; 2–3 character input is
 * taken to be an abbreviation already; anything unrecognised comes back trimmed.
 */
export function abbreviateRegion(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, " ");
  if (trimmed.length >= 2 && trimmed.length <= 3) return trimmed.toUpperCase();
  if (trimmed.length <= 3) return trimmed;
  return findRegion(trimmed) ?? trimmed;
}

const COUNTRIES = once(
  (): ReadonlyMap<string, string> =>
    new Map(
      (
        [
          ["US", ["United States", "United States of America", "USA", "US"]],
          ["CA", ["Canada"]],
          ["GB", ["United Kingdom", "UK", "Great Britain", "England", "Scotland", "Wales", "Northern Ireland", "GB"]],
        ] as const
      ).flatMap(([code, names]) => names.map((n) => [regionKey(n), code] as const)),
    ),
);

/** The ISO code for a country name we recognise (US, Canada, the UK), else undefined. */
export function findCountry(text: string): string | undefined {
  const key = regionKey(text);
  return COUNTRIES().get(key) ?? COUNTRIES().get(key.replace(/ /g, ""));
}

/** SPEC §5: United States and Canada map to US and CA; the UK's names to GB; others pass through. */
export function normalizeCountry(name: string): string {
  const known = findCountry(name);
  if (known) return known;
  const trimmed = name.trim().replace(/\s+/g, " ");
  return /^[a-z]{2}$/i.test(trimmed) ? trimmed.toUpperCase() : trimmed;
}
