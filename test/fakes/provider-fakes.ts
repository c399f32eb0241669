// Local fakes of the providers the production entry calls (issue 28), serving the shapes of
// their published documentation: Google's Places API (New) Autocomplete and Place Details,
// the Maps Static API and the Street View Static API (metadata and picture), and Regrid's
// Parcel API v2 (parcel at a point, parcel at an address), and the satellite tiles of the
// measuring tool (issue 33): Mapbox's Raster Tiles API v4 (`mapbox.satellite`) and Esri's World
// Imagery basemap tiles, which the visitor's browser asks for. Each provider's answer can be set
// to fail the ways the real ones do (401, 403, 429, 500, a timeout that never answers), and
// every call is recorded (path, query, headers, body) for the tests to read.
import { Hono } from "hono";
import type { Fetch } from "../../server/adapters/provider-call.ts";
import { serveFake } from "./serve-fake.ts";

export type FakeMode = "ok" | "empty" | "401" | "403" | "429" | "500" | "timeout";
export type FakeProvider = "places" | "maps" | "regrid" | "imagery";

export const FAKE_GOOGLE_KEY = "fake-google-key";
export const FAKE_REGRID_TOKEN = "fake-regrid-token";
/** Mapbox's public tokens start pk. (a secret sk. token is refused by the server at start-up). */
export const FAKE_MAPBOX_TOKEN = "pk.fake-mapbox-token";
export const FAKE_ARCGIS_KEY = "fake-arcgis-key";
/** Where Esri's World Imagery tiles sit under the fake's URL (ARCGIS_TILES_BASE = url + this). */
export const FAKE_ESRI_TILES_PATH = "/arcgis/rest/services/World_Imagery/MapServer/tile";

export interface FakePlace {
  placeId: string;
  formattedAddress: string;
  houseNumber: string;
  street: string;
  city: string;
  county: string;
  state: string;
  stateName: string;
  postalCode: string;
  country: string;
  lat: number;
  lng: number;
  /** Regrid's ll_gissqft of the parcel there. */
  lotSqFt: number;
  /** Street View has imagery here. */
  streetView: boolean;
}

export const FAKE_PLACES: readonly FakePlace[] = [
  { placeId: "ChIJfake1600Penn", formattedAddress: "1600 Pennsylvania Avenue NW, Washington, DC 20500, USA", houseNumber: "1600", street: "Pennsylvania Avenue Northwest", city: "Washington", county: "District of Columbia", state: "DC", stateName: "District of Columbia", postalCode: "20500", country: "US", lat: 38.8976763, lng: -77.0365298, lotSqFt: 783_000, streetView: true },
  { placeId: "ChIJfake88Main", formattedAddress: "88 Main Street, Dublin, OH 43017, USA", houseNumber: "88", street: "Main Street", city: "Dublin", county: "Franklin County", state: "OH", stateName: "Ohio", postalCode: "43017", country: "US", lat: 40.0999, lng: -83.1142, lotSqFt: 9_583.2, streetView: true },
  { placeId: "ChIJfake17Field", formattedAddress: "17 Field Road, Dublin, OH 43017, USA", houseNumber: "17", street: "Field Road", city: "Dublin", county: "Franklin County", state: "OH", stateName: "Ohio", postalCode: "43017", country: "US", lat: 40.1101, lng: -83.1301, lotSqFt: 12_000, streetView: false },
];

/** A 1×1 PNG: what the picture APIs answer, small. */
export const FAKE_PNG = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));

export interface RecordedCall {
  provider: FakeProvider;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

export interface ProviderFakes {
  url: string;
  /** What the adapters under test send with: calls to `url` answered in process (the global fetch when listening). */
  fetch: Fetch;
  calls: RecordedCall[];
  /** How each provider answers from now on. */
  modes: Record<FakeProvider, FakeMode>;
  setMode(provider: FakeProvider, mode: FakeMode): void;
  reset(): void;
  /** Calls held by a timeout, waiting (the tests wait for the adapter to give up, not for a clock). */
  held(): number;
  close(): Promise<void>;
}

/** The production entry's environment for Google's and Regrid's APIs, pointed at the fakes at `url`. */
export function providerEnv(url: string): Record<string, string> {
  return { GOOGLE_MAPS_API_KEY: FAKE_GOOGLE_KEY, GOOGLE_PLACES_API_BASE: url, GOOGLE_MAPS_API_BASE: url, REGRID_API_TOKEN: FAKE_REGRID_TOKEN, REGRID_API_BASE: url };
}

const TILE_CORS = { "Access-Control-Allow-Origin": "*" };

const googleError = (code: number) => {
  const status = { 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 429: "RESOURCE_EXHAUSTED", 500: "INTERNAL" }[code] ?? "UNKNOWN";
  return { error: { code, message: `fake ${status}`, status } };
};

const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

/** In process by default; `listen: true` on a local port (e2e: the production server in another process). */
export async function startProviderFakes(options: { listen?: boolean } = {}): Promise<ProviderFakes> {
  const calls: RecordedCall[] = [];
  const modes: Record<FakeProvider, FakeMode> = { places: "ok", maps: "ok", regrid: "ok", imagery: "ok" };
  const release = new Set<() => void>();
  const app = new Hono();

  // Every call is recorded, then answered by its provider's mode unless "ok"/"empty".
  const record = async (provider: FakeProvider, c: import("hono").Context): Promise<Response | undefined> => {
    let body: unknown;
    if (c.req.method === "POST") body = await c.req.json().catch(() => undefined);
    calls.push({ provider, method: c.req.method, path: c.req.path, query: c.req.query(), headers: Object.fromEntries(Object.entries(c.req.header()).map(([k, v]) => [k.toLowerCase(), v])), body });
    const mode = modes[provider];
    if (mode === "timeout") {
      await new Promise<void>((resolve) => release.add(resolve));
      return c.text("too late", 504);
    }
    const status = mode === "401" ? 401 : mode === "403" ? 403 : mode === "429" ? 429 : mode === "500" ? 500 : undefined;
    // Tiles are read by the browser across origins: their answers, errors included, allow it (as Mapbox's do).
    if (provider === "imagery") {
      if (status) return c.json({ message: `fake ${status}` }, status, TILE_CORS);
      const tokenOk = c.req.query("access_token") === FAKE_MAPBOX_TOKEN || c.req.query("token") === FAKE_ARCGIS_KEY;
      return tokenOk ? undefined : c.json({ message: "Not Authorized - Invalid Token" }, 401, TILE_CORS);
    }
    if (status) return provider === "regrid" ? c.json({ message: `fake ${status}` }, status) : c.json(googleError(status), status);
    const keyOk = provider === "regrid" ? c.req.query("token") === FAKE_REGRID_TOKEN : (c.req.header("X-Goog-Api-Key") ?? c.req.query("key")) === FAKE_GOOGLE_KEY;
    if (!keyOk) return provider === "regrid" ? c.json({ message: "Invalid token" }, 401) : c.json(googleError(403), 403);
    return undefined;
  };

  app.post("/v1/places:autocomplete", async (c) => {
    const failed = await record("places", c);
    if (failed) return failed;
    const body = calls.at(-1)!.body as { input?: string; includedRegionCodes?: string[] };
    const wanted = words(body.input ?? "");
    const regions = (body.includedRegionCodes ?? []).map((code) => code.toUpperCase());
    const found = modes.places === "empty" ? [] : FAKE_PLACES.filter((place) => (regions.length === 0 || regions.includes(place.country)) && wanted.every((word) => words(place.formattedAddress).some((w) => w.startsWith(word))));
    // No suggestions: an empty object, as the API answers.
    if (found.length === 0) return c.json({});
    return c.json({
      suggestions: found.map((place) => ({
        placePrediction: {
          place: `places/${place.placeId}`,
          placeId: place.placeId,
          text: { text: place.formattedAddress, matches: [{ endOffset: body.input?.length ?? 0 }] },
          structuredFormat: { mainText: { text: `${place.houseNumber} ${place.street}` }, secondaryText: { text: `${place.city}, ${place.state}, USA` } },
          types: ["premise", "street_address", "geocode"],
        },
      })),
    });
  });

  app.get("/v1/places/:id", async (c) => {
    const failed = await record("places", c);
    if (failed) return failed;
    const place = FAKE_PLACES.find((p) => p.placeId === c.req.param("id"));
    if (!place) return c.json({ error: { code: 404, message: "Not found", status: "NOT_FOUND" } }, 404);
    const component = (longText: string, shortText: string, types: string[]) => ({ longText, shortText, types, languageCode: "en" });
    return c.json({
      id: place.placeId,
      formattedAddress: place.formattedAddress,
      addressComponents: [
        component(place.houseNumber, place.houseNumber, ["street_number"]),
        component(place.street, place.street.replace("Street", "St"), ["route"]),
        component(place.city, place.city, ["locality", "political"]),
        component(place.county, place.county, ["administrative_area_level_2", "political"]),
        component(place.stateName, place.state, ["administrative_area_level_1", "political"]),
        component("United States", "US", ["country", "political"]),
        component(place.postalCode, place.postalCode, ["postal_code"]),
      ],
      location: { latitude: place.lat, longitude: place.lng },
    });
  });

  const placeAt = (location: string | undefined) => {
    if (!location) return undefined;
    const [lat, lng] = location.split(",").map(Number);
    return FAKE_PLACES.find((p) => (Math.abs(p.lat - (lat ?? NaN)) < 1e-4 && Math.abs(p.lng - (lng ?? NaN)) < 1e-4) || words(location).join(" ").startsWith(words(`${p.houseNumber} ${p.street}`).join(" ")) || location.startsWith(`${p.houseNumber} ${p.street}`));
  };
  const picture = (c: import("hono").Context) => c.body(FAKE_PNG, 200, { "Content-Type": "image/png" });

  app.get("/maps/api/staticmap", async (c) => (await record("maps", c)) ?? picture(c));
  app.get("/maps/api/streetview/metadata", async (c) => {
    const failed = await record("maps", c);
    if (failed) return failed;
    const place = placeAt(c.req.query("location"));
    if (modes.maps === "empty" || !place?.streetView) return c.json({ status: "ZERO_RESULTS" });
    return c.json({ status: "OK", copyright: "© Google", date: "2024-05", location: { lat: place.lat, lng: place.lng }, pano_id: `pano-${place.placeId}` });
  });
  app.get("/maps/api/streetview", async (c) => (await record("maps", c)) ?? picture(c));

  const parcels = (place: FakePlace | undefined) => ({
    parcels: {
      type: "FeatureCollection",
      features: place
        ? [{
            type: "Feature",
            id: 1,
            geometry: { type: "Polygon", coordinates: [] },
            properties: { headline: `${place.houseNumber} ${place.street}`, path: "/us/fake/parcel/1", ll_uuid: `uuid-${place.placeId}`, fields: { address: `${place.houseNumber} ${place.street}`.toUpperCase(), ll_gisacre: place.lotSqFt / 43_560, ll_gissqft: place.lotSqFt, szip: place.postalCode } },
          }]
        : [],
    },
    buildings: { type: "FeatureCollection", features: [] },
  });
  app.get("/api/v2/parcels/point", async (c) => {
    const failed = await record("regrid", c);
    if (failed) return failed;
    return c.json(parcels(modes.regrid === "empty" ? undefined : placeAt(`${c.req.query("lat")},${c.req.query("lon")}`)));
  });
  app.get("/api/v2/parcels/address", async (c) => {
    const failed = await record("regrid", c);
    if (failed) return failed;
    return c.json(parcels(modes.regrid === "empty" ? undefined : placeAt(c.req.query("query"))));
  });

  // A tile: the same small picture for every place (its pixels do not matter to what is measured).
  const tile = (c: import("hono").Context) => c.body(FAKE_PNG, 200, { ...TILE_CORS, "Content-Type": "image/png" });
  app.get("/v4/mapbox.satellite/:z/:x/:file", async (c) => (await record("imagery", c)) ?? tile(c));
  app.get(`${FAKE_ESRI_TILES_PATH}/:z/:y/:x`, async (c) => (await record("imagery", c)) ?? tile(c));

  const served = await serveFake(app, { listen: options.listen ?? false, origin: "http://providers.fake.test" });
  const releaseAll = () => {
    for (const done of release) done();
    release.clear();
  };
  return {
    url: served.url,
    fetch: served.fetch,
    calls,
    modes,
    setMode(provider, mode) {
      if (mode !== "timeout") releaseAll();
      modes[provider] = mode;
    },
    reset() {
      releaseAll();
      calls.length = 0;
      modes.places = "ok";
      modes.maps = "ok";
      modes.regrid = "ok";
      modes.imagery = "ok";
    },
    held: () => release.size,
    close: async () => {
      releaseAll();
      await served.close();
    },
  };
}
