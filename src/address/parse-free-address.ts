// Splits one line of free-text address (as Google-style autocomplete writes it) into parts,
// for the googlelocate query flag and the host page's prefill (SPEC §2).
import { abbreviateRegion, findCountry, findRegion } from "./region-abbreviations.ts";

export interface FreeAddress {
  street?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  country?: string;
}

export type PostcodeKind = "US" | "CA" | "GB";

interface PostcodeMatch {
  kind: PostcodeKind;
  code: string;
  /** What the part says besides the postcode: a state, a city, or "City ST". */
  rest: string;
}

// Query strings are attacker-controlled; a cap keeps every regex below cheap.
export const MAX_ADDRESS_LENGTH = 300;

// Canada Post leaves out D F I O Q U everywhere, and W Z in the first letter, which keeps
// ordinary words from passing for postal codes.
const CA_POSTCODE = /\b([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s?(\d[ABCEGHJ-NPRSTV-Z]\d)\b/gi;
const GB_POSTCODE = /\b([A-Z]{1,2}\d[A-Z\d]?|GIR)\s*(\d[A-Z]{2})\b/gi;
// Anchored at the end of its part so a house number ("12345 Main St") is never a ZIP.
const US_ZIP = /(?:^|\s)(\d{5})(?:\s*-\s*(\d{4})|(\d{4}))?$/;

const STREET_WORD =
  /\b(street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|place|pl|terrace|way|highway|hwy|parkway|pkwy|circle|cir|square|sq|crescent|close|row|mews)\.?$/i;

const tidy = (s: string): string => s.replace(/\s+/g, " ").replace(/^[\s,.]+|[\s,]+$/g, "");

function lastMatch(re: RegExp, text: string): RegExpExecArray | undefined {
  re.lastIndex = 0;
  let found: RegExpExecArray | undefined;
  for (let m = re.exec(text); m; m = re.exec(text)) found = m;
  return found;
}

/** The postcode in one comma-separated part, normalised, with what is left of the part. */
export function findPostcode(part: string): PostcodeMatch | undefined {
  const cut = (m: RegExpExecArray): string => tidy(part.slice(0, m.index) + " " + part.slice(m.index + m[0].length));
  const ca = lastMatch(CA_POSTCODE, part);
  if (ca) return { kind: "CA", code: `${ca[1]} ${ca[2]}`.toUpperCase(), rest: cut(ca) };
  const gb = lastMatch(GB_POSTCODE, part);
  if (gb) return { kind: "GB", code: `${gb[1]} ${gb[2]}`.toUpperCase(), rest: cut(gb) };
  const us = US_ZIP.exec(part);
  if (us) {
    const plus4 = us[2] ?? us[3];
    return { kind: "US", code: plus4 ? `${us[1]}-${plus4}` : `${us[1]}`, rest: cut(us) };
  }
  return undefined;
}

/** "Springfield IL" → city and state; a lone region name is all state; otherwise no region. */
function splitTrailingRegion(text: string): { head: string; state: string } | undefined {
  const whole = findRegion(text);
  if (whole) return { head: "", state: whole };
  const words = text.split(" ");
  // Longest first, so "New York" wins over "York" and "Newfoundland and Labrador" over "Labrador".
  for (let n = Math.min(4, words.length - 1); n >= 1; n--) {
    const tail = words.slice(-n).join(" ");
    // Only a bare code or a name counts; a trailing word like "in" or "me" must be upper-case.
    if (tail.length <= 3 && tail !== tail.toUpperCase()) continue;
    const state = findRegion(tail);
    if (state) return { head: words.slice(0, -n).join(" "), state };
  }
  return undefined;
}

const looksLikeStreet = (s: string): boolean => /\d/.test(s) || STREET_WORD.test(s);

export function parseFreeAddress(text: string): FreeAddress {
  try {
    return parseParts(typeof text === "string" ? text.slice(0, MAX_ADDRESS_LENGTH) : "");
  } catch {
    // Prefill is a convenience: a bad address must never break the page that carries it.
    return {};
  }
}

function parseParts(text: string): FreeAddress {
  const parts = text.split(/[,;\n\r]+/).map(tidy).filter((p) => p.length > 0);
  const out: FreeAddress = {};

  // Google puts the country last; "England, UK" names it twice.
  while (parts.length > 0) {
    const country = findCountry(parts[parts.length - 1]!);
    if (!country) break;
    out.country ??= country;
    parts.pop();
  }

  // A postcode in the first of several parts is a house number or a flat, not a postcode.
  let postcodeAt = -1;
  let postcode: PostcodeMatch | undefined;
  for (let i = parts.length - 1; i >= (parts.length > 1 ? 1 : 0); i--) {
    postcode = findPostcode(parts[i]!);
    if (postcode) {
      postcodeAt = i;
      break;
    }
  }

  let before = parts;
  if (postcode) {
    out.postalCode = postcode.code;
    out.country ??= postcode.kind;
    // Parts after the postcode that are not a country we know ("Germany") are left out.
    before = parts.slice(0, postcodeAt);
    placeRest(out, postcode, before.length);
  }

  const rest = [...before];
  if (!out.state && rest.length >= 2) {
    const split = splitTrailingRegion(rest[rest.length - 1]!);
    if (split) {
      out.state = split.state;
      rest.pop();
      if (split.head) out.city ??= split.head;
    }
  }
  if (!out.city && rest.length >= 2) out.city = rest.pop();
  if (rest.length === 1 && !out.city && !looksLikeStreet(rest[0]!)) {
    const split = splitTrailingRegion(rest[0]!);
    if (split?.head) {
      out.city = split.head;
      out.state ??= split.state;
    } else if (split && out.country && !out.state) {
      // Autocomplete writes a whole region as "Texas, USA"; without the country it may be a city.
      out.state = split.state;
    } else {
      out.city = rest[0];
    }
    rest.pop();
  }
  if (rest.length > 0) out.street = rest.join(", ");
  return out;
}

/** Files what sat beside the postcode: a state ("DC", "New York"), "City ST", or a UK town. */
function placeRest(out: FreeAddress, postcode: PostcodeMatch, partsBefore: number): void {
  const rest = postcode.rest;
  if (!rest) return;
  const split = splitTrailingRegion(rest);
  if (split && postcode.kind !== "GB") {
    out.state = split.state;
    if (split.head) out.city = split.head;
  } else if (postcode.kind !== "GB" && partsBefore >= 2) {
    // North American order is street, city, state-and-zip: an unknown name here is a state.
    out.state = abbreviateRegion(rest);
  } else {
    out.city = rest;
  }
}
