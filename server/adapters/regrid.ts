// Lot size from Regrid's Parcel API v2 (issue 28): the parcel at the geocoded point
// (GET /api/v2/parcels/point?lat&lon&token), or, for an address typed by hand, the parcel at
// the address (GET /api/v2/parcels/address?query&token); its area in square feet is the
// parcel's ll_gissqft (else ll_gisacre × 43,560). Regrid knows lots, not homes or lawns: it
// answers zillow and other, and the widget makes the lawn lot × sqFtPercentage. Answers are
// kept a day per address; a failure is not 'no data' but unavailable, and not kept (the widget
// goes on to the measuring tool or a typed size).
import * as v from "valibot";
import { addressKey } from "../db/address-key.ts";
import type { ProviderCache } from "../db/provider-cache-store.ts";
import type { Logger } from "../production/logger.ts";
import { PROPERTY_DATA_UNAVAILABLE, type PropertyDataPort, type PropertyPlace, type PropertySize } from "../ports/property-data.ts";
import { callProvider, readJson, type ProviderCallOptions, type Fetch } from "./provider-call.ts";

export const REGRID_DEFAULT_BASE = "https://app.regrid.com";
const SQ_FT_PER_ACRE = 43_560;

export interface RegridOptions {
  token: string;
  /** REGRID_API_BASE; default https://app.regrid.com. */
  baseUrl?: string;
  timeoutMs: number;
  cache: ProviderCache;
  logger?: Logger;
  /** Default the global fetch; tests and the in-process demo site route calls to Hono apps. */
  fetch?: Fetch;
}

const ParcelsSchema = v.object({
  parcels: v.object({
    features: v.array(
      v.object({
        properties: v.object({
          fields: v.optional(
            v.object({
              ll_gissqft: v.optional(v.nullable(v.number())),
              ll_gisacre: v.optional(v.nullable(v.number())),
            }),
            {},
          ),
        }),
      }),
    ),
  }),
});

const Ring = v.array(v.tuple([v.number(), v.number()]));
const GeometrySchema = v.object({
  parcels: v.object({
    features: v.array(
      v.object({
        geometry: v.optional(
          v.nullable(
            v.variant("type", [
              v.object({ type: v.literal("Polygon"), coordinates: v.array(Ring) }),
              v.object({ type: v.literal("MultiPolygon"), coordinates: v.array(v.array(Ring)) }),
            ]),
          ),
        ),
      }),
    ),
  }),
});
/** More points than a lot's outline needs are a geometry the tool should not draw. */
const MAX_OUTLINE_POINTS = 500;

/** The first parcel's outer ring ([lng, lat] pairs; a MultiPolygon's largest by points), or undefined. */
export function parcelOutline(body: unknown): Array<[number, number]> | undefined {
  const parsed = v.safeParse(GeometrySchema, body);
  if (!parsed.success) return undefined;
  const geometry = parsed.output.parcels.features[0]?.geometry;
  if (!geometry) return undefined;
  const rings = geometry.type === "Polygon" ? [geometry.coordinates[0]] : geometry.coordinates.map((polygon) => polygon[0]);
  const outer = rings.filter((ring) => ring !== undefined).sort((a, b) => b.length - a.length)[0];
  return outer && outer.length >= 4 && outer.length <= MAX_OUTLINE_POINTS ? outer.map(([lng, lat]) => [lng, lat] as [number, number]) : undefined;
}

/** The first parcel's area in sq ft, or undefined when the answer names no parcel with an area. */
export function parcelSquareFeet(body: unknown): number | undefined {
  const parsed = v.safeParse(ParcelsSchema, body);
  if (!parsed.success) return undefined;
  const fields = parsed.output.parcels.features[0]?.properties.fields;
  if (!fields) return undefined;
  if (fields.ll_gissqft && fields.ll_gissqft > 0) return fields.ll_gissqft;
  if (fields.ll_gisacre && fields.ll_gisacre > 0) return fields.ll_gisacre * SQ_FT_PER_ACRE;
  return undefined;
}

export function createRegridPropertyData(options: RegridOptions): PropertyDataPort {
  const base = (options.baseUrl ?? REGRID_DEFAULT_BASE).replace(/\/+$/, "");
  const how = (call: string): ProviderCallOptions => ({
    provider: "regrid",
    call,
    timeoutMs: options.timeoutMs,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function lookUp(place: PropertyPlace): Promise<{ sqFt: number | null } | undefined> {
    const params = new URLSearchParams();
    let call: ProviderCallOptions;
    let path: string;
    if (place.position) {
      call = how("parcel at point");
      path = "/api/v2/parcels/point";
      params.set("lat", String(place.position.lat));
      params.set("lon", String(place.position.lng));
    } else {
      call = how("parcel at address");
      path = "/api/v2/parcels/address";
      params.set("query", [place.address, place.city, [place.state, place.zip].filter(Boolean).join(" ")].filter(Boolean).join(", "));
    }
    params.set("limit", "1");
    params.set("token", options.token);
    const result = await callProvider(`${base}${path}?${params.toString()}`, { headers: { Accept: "application/json" } }, call);
    if (!result.ok) return undefined;
    if (result.status === 404) return { sqFt: null };
    const body = readJson(result, call);
    if (body === undefined) return undefined;
    return { sqFt: parcelSquareFeet(body) ?? null };
  }

  /** The parcel at a point, for its outline; kept a day per point, as the estimates are. */
  async function outline(position: { lat: number; lng: number }): Promise<Array<[number, number]> | undefined> {
    const key = `outline:${position.lat.toFixed(6)},${position.lng.toFixed(6)}`;
    const kept = await options.cache.get<{ ring: Array<[number, number]> | null }>("regrid", key);
    if (kept) return kept.ring ?? undefined;
    const call = how("parcel outline at point");
    const params = new URLSearchParams({ lat: String(position.lat), lon: String(position.lng), limit: "1", token: options.token });
    const result = await callProvider(`${base}/api/v2/parcels/point?${params.toString()}`, { headers: { Accept: "application/json" } }, call);
    if (!result.ok) return undefined;
    const ring = result.status === 404 ? undefined : parcelOutline(readJson(result, call));
    await options.cache.put("regrid", key, { ring: ring ?? null });
    return ring;
  }

  return {
    name: "regrid",
    sources: new Set(["zillow", "other"]),
    outline,
    async estimate(source, place): Promise<PropertySize | undefined | typeof PROPERTY_DATA_UNAVAILABLE> {
      if (source === "home") return undefined;
      const key = addressKey(place.address, place.zip);
      let found = await options.cache.get<{ sqFt: number | null }>("regrid", key);
      if (!found) {
        found = await lookUp(place);
        // Failures are not kept: the next visitor asks again.
        if (!found) return PROPERTY_DATA_UNAVAILABLE;
        await options.cache.put("regrid", key, found);
      }
      return found.sqFt ? { estimate: found.sqFt } : undefined;
    },
  };
}
