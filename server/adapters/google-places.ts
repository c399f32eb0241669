// Address search by Google's Places API (New) (issue 28): Autocomplete (POST
// /v1/places:autocomplete) limited to the company's country, then Place Details (GET
// /v1/places/{id}) for the first suggestions, so each one reaches the widget with its parts and
// position as the demo's address book gives them. One session token per search covers its
// Autocomplete and Details calls. Details are kept a day per place (they are billed per call).
// Any failure (refused key, quota, outage, timeout) answers no suggestions, and the widget
// offers the address typed by hand. The key stays on the server.
import { randomUUID } from "node:crypto";
import * as v from "valibot";
import type { GeomapItem } from "../../src/contract/geomap.ts";
import type { ProviderCache } from "../db/provider-cache-store.ts";
import type { Logger } from "../production/logger.ts";
import type { AddressQuery, AddressSearchPort, AddressSuggestions } from "../ports/address-search.ts";
import { callProvider, readJson, type ProviderCallOptions, type Fetch } from "./provider-call.ts";

export const GOOGLE_PLACES_DEFAULT_BASE = "https://places.googleapis.com";
/** Google's terms: results shown without a Google map carry its attribution. */
export const GOOGLE_ATTRIBUTION = "Powered by Google";
/** Suggestions resolved to full addresses per search (each is a Details call, unless cached). */
export const MAX_GOOGLE_SUGGESTIONS = 5;

export interface GooglePlacesOptions {
  apiKey: string;
  /** GOOGLE_PLACES_API_BASE; default https://places.googleapis.com. */
  baseUrl?: string;
  timeoutMs: number;
  cache: ProviderCache;
  logger?: Logger;
  /** Default the global fetch; tests and the in-process demo site route calls to Hono apps. */
  fetch?: Fetch;
}

// The shapes of the documented answers, as far as they are read (unknown fields pass).
const TextSchema = v.object({ text: v.string() });
const AutocompleteSchema = v.object({
  suggestions: v.optional(
    v.array(
      v.object({
        placePrediction: v.optional(v.object({ placeId: v.string(), text: v.optional(TextSchema) })),
      }),
    ),
    [],
  ),
});
const AddressComponentSchema = v.object({
  longText: v.optional(v.string(), ""),
  shortText: v.optional(v.string(), ""),
  types: v.optional(v.array(v.string()), []),
});
const PlaceSchema = v.object({
  formattedAddress: v.optional(v.string()),
  addressComponents: v.optional(v.array(AddressComponentSchema), []),
  location: v.optional(v.object({ latitude: v.number(), longitude: v.number() })),
});
type Place = v.InferOutput<typeof PlaceSchema>;

/** A place's address as the widget's suggestion, or undefined when it is not a street address with a postal code. */
export function placeToItem(place: Place): GeomapItem | undefined {
  const part = (type: string, form: "longText" | "shortText" = "longText") =>
    place.addressComponents.find((component) => component.types.includes(type))?.[form] ?? "";
  const street = part("route");
  const postalCode = part("postal_code");
  const countryCode = part("country", "shortText");
  if (!street || !postalCode || !countryCode) return undefined;
  const houseNumber = part("street_number");
  const city = part("locality") || part("postal_town") || part("sublocality") || part("administrative_area_level_3");
  const county = part("administrative_area_level_2");
  const state = part("administrative_area_level_1", "shortText");
  const label = place.formattedAddress ?? [[houseNumber, street].filter(Boolean).join(" "), city, `${state} ${postalCode}`.trim()].join(", ");
  return {
    address: { label, houseNumber, street, city, postalCode, ...(county ? { county } : {}), state, countryCode },
    ...(place.location ? { position: { lat: place.location.latitude, lng: place.location.longitude } } : {}),
  };
}

export function createGooglePlacesSearch(options: GooglePlacesOptions): AddressSearchPort {
  const base = (options.baseUrl ?? GOOGLE_PLACES_DEFAULT_BASE).replace(/\/+$/, "");
  const call = (name: string): ProviderCallOptions => ({
    provider: "google-places",
    call: name,
    timeoutMs: options.timeoutMs,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function details(placeId: string, sessionToken: string): Promise<GeomapItem | null | undefined> {
    const cached = await options.cache.get<{ item: GeomapItem | null }>("google-place", placeId);
    if (cached) return cached.item;
    const how = call("place details");
    const result = await callProvider(`${base}/v1/places/${encodeURIComponent(placeId)}?sessionToken=${encodeURIComponent(sessionToken)}`, {
      headers: { "X-Goog-Api-Key": options.apiKey, "X-Goog-FieldMask": "id,formattedAddress,addressComponents,location" },
    }, how);
    if (!result.ok) return undefined;
    if (result.status === 404) return null;
    const parsed = v.safeParse(PlaceSchema, readJson(result, how));
    if (!parsed.success) return undefined;
    const item = placeToItem(parsed.output) ?? null;
    await options.cache.put("google-place", placeId, { item });
    return item;
  }

  return {
    name: "google-places",
    live: true,
    async search(query: AddressQuery): Promise<AddressSuggestions> {
      const sessionToken = randomUUID();
      const how = call("autocomplete");
      const result = await callProvider(`${base}/v1/places:autocomplete`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "X-Goog-Api-Key": options.apiKey,
          "X-Goog-FieldMask": "suggestions.placePrediction.placeId,suggestions.placePrediction.text",
        },
        body: JSON.stringify({
          input: query.queryTerm,
          sessionToken,
          ...(query.country ? { includedRegionCodes: [query.country.toLowerCase()] } : {}),
        }),
      }, how);
      if (!result.ok || result.status === 404) return { items: [] };
      const parsed = v.safeParse(AutocompleteSchema, readJson(result, how));
      if (!parsed.success) return { items: [] };
      const ids = parsed.output.suggestions.flatMap((s) => (s.placePrediction ? [s.placePrediction.placeId] : [])).slice(0, MAX_GOOGLE_SUGGESTIONS);
      const resolved = await Promise.all(ids.map((id) => details(id, sessionToken)));
      const items = resolved.filter((item): item is GeomapItem => !!item);
      // Labels are the widget's list keys: one suggestion per address.
      const unique = [...new Map(items.map((item) => [item.address.label, item])).values()];
      return unique.length > 0 ? { items: unique, attribution: GOOGLE_ATTRIBUTION } : { items: [] };
    },
  };
}
