// GET /v1/property/aerial?lat&lng and GET /v1/property/street?city&state&zip&address
// (SPEC §7): pictures of the property for the chat (SPEC §2 step 3), as URLs. A 404 means
// there is no picture; the widget skips it.
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";
import type { ApiClient } from "./client.ts";

/** A query value: a string holding a finite number in [min, max]. */
export const coordinate = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^-?\d+(\.\d+)?$/, "must be a decimal number"),
    v.transform(Number),
    v.number(),
    v.minValue(min),
    v.maxValue(max),
  );

export const AerialQuerySchema = object({
  lat: coordinate(-90, 90),
  lng: coordinate(-180, 180),
});

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));
const required = (max: number) => v.pipe(text(max), v.minLength(1));

export const StreetQuerySchema = object({
  /** The street line: "1234 Oak Street". */
  address: required(200),
  zip: required(20),
  city: v.optional(text(100)),
  state: v.optional(text(100)),
});

export const PropertyImageSchema = object({
  /** Absolute URL of the picture. */
  url: v.pipe(v.string(), v.url()),
});
export type PropertyImage = v.InferOutput<typeof PropertyImageSchema>;

async function fetchImage(api: ApiClient, path: string, searchParams: Record<string, string>): Promise<string | null> {
  const response = await api.get(path, { searchParams, throwHttpErrors: false });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${path} failed with HTTP ${response.status}`);
  return v.parse(PropertyImageSchema, await response.json()).url;
}

/** The aerial picture's URL, or null when there is none. */
export function fetchAerialImage(api: ApiClient, position: { lat: number; lng: number }): Promise<string | null> {
  return fetchImage(api, "v1/property/aerial", { lat: String(position.lat), lng: String(position.lng) });
}

/** The street-view picture's URL, or null when there is none. */
export function fetchStreetImage(
  api: ApiClient,
  place: { address: string; zip: string; city?: string; state?: string },
): Promise<string | null> {
  const searchParams: Record<string, string> = { address: place.address, zip: place.zip };
  if (place.city !== undefined) searchParams.city = place.city;
  if (place.state !== undefined) searchParams.state = place.state;
  return fetchImage(api, "v1/property/street", searchParams);
}
