// The widget's call (ky). The wire's schemas and types: src/contract/property-images.ts, shared with the server.
import * as v from "valibot";
import type { ApiClient } from "./client.ts";
import { PropertyImageSchema } from "../contract/property-images.ts";

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
