// The reference backend's property data (SPEC §7 property estimate, aerial, street): sizes
// and picture numbers made up deterministically from the address, so every demo address
// always gets the same answer, with a few addresses kept for the dead ends (docs/api.md
// 'Demo data': no data, too big). No map or real-estate service is called.
import type { EstimateSource } from "../../src/contract/property-estimate.ts";
import { addressKey } from "../../server/db/address-key.ts";
import { SQUARE_FEET_PER_SQUARE_METRE } from "../measure/geometry.ts";
import { hashString } from "../measure/aerial-scene.ts";

/** Test hooks: the house number and street word that have no property data (404). */
export const NO_DATA_HOUSE_NUMBER = "404";
export const NO_DATA_STREET_WORD = /nowhere/i;
/** Test hook: this house number has a lot far above every demo company's maximum. */
export const TOO_BIG_HOUSE_NUMBER = "999";
export const TOO_BIG_SQ_FT = 120_000;

/** Test hook: 'other' knows only the lot at this house number, not the lawn (the widget applies sqFtPercentage). */
export const LOT_ONLY_HOUSE_NUMBER = "808";

/** Plausible ranges, in sq ft: lots for zillow and other, internal floor area for home. */
export const LOT_RANGE = { min: 4_000, max: 20_000 } as const;
export const HOME_RANGE = { min: 1_200, max: 4_500 } as const;
/** 'other' also knows the lawn: 35 to 60 percent of the lot. */
export const LAWN_SHARE_RANGE = { min: 0.35, max: 0.6 } as const;

/** "1234 Oak Street" → 1234, "Seefeldstrasse 14" → 14: the leading number, else the trailing one. */
export function houseNumberOf(street: string): string | undefined {
  const trimmed = street.trim();
  return /^(\d+)\b/.exec(trimmed)?.[1] ?? /\b(\d+)[a-z]?$/i.exec(trimmed)?.[1];
}

export function hasNoPropertyData(street: string): boolean {
  return houseNumberOf(street) === NO_DATA_HOUSE_NUMBER || NO_DATA_STREET_WORD.test(street);
}

const inRange = (hash: number, range: { min: number; max: number }) => range.min + (hash % (range.max - range.min + 1));

export interface SizeEstimate {
  estimate: number;
  lawnEstimate?: number;
}

/**
 * The source's figure for an address, in sq ft or (metric) sq m, rounded; undefined when the
 * source has no data for it. zillow and other agree on the lot (it is the same lot); other
 * adds the lawn; home answers the house's internal square footage.
 */
export function estimatePropertySize(source: EstimateSource, street: string, postalCode: string, metric: boolean): SizeEstimate | undefined {
  if (hasNoPropertyData(street)) return undefined;
  const hash = hashString(addressKey(street, postalCode));
  const tooBig = houseNumberOf(street) === TOO_BIG_HOUSE_NUMBER;
  const inUnit = (sqFt: number) => Math.round(metric ? sqFt / SQUARE_FEET_PER_SQUARE_METRE : sqFt);
  if (source === "home") return { estimate: inUnit(tooBig ? TOO_BIG_SQ_FT : inRange(hash, HOME_RANGE)) };
  const lot = tooBig ? TOO_BIG_SQ_FT : inRange(hash, LOT_RANGE);
  if (source === "zillow" || houseNumberOf(street) === LOT_ONLY_HOUSE_NUMBER) return { estimate: inUnit(lot) };
  const share = LAWN_SHARE_RANGE.min + ((hash >>> 16) % 26) / 100;
  return { estimate: inUnit(lot), lawnEstimate: inUnit(lot * share) };
}

/** Which of the 999 drawn pictures (/demo-assets/property/{aerial,street}-<n>.svg) shows this property. */
export function pictureNumberForAddress(street: string, postalCode: string): number {
  return (hashString(addressKey(street, postalCode)) % 999) + 1;
}

export function pictureNumberForPosition(lat: number, lng: number): number {
  return (hashString(`${lat.toFixed(5)},${lng.toFixed(5)}`) % 999) + 1;
}
