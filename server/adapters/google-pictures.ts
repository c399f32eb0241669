// Property pictures from Google Maps Platform (issue 28): the aerial picture from the Maps
// Static API (maptype=satellite) and the street picture from the Street View Static API, once
// its metadata call (free) says there is imagery (status OK). The server fetches each picture
// with its key and serves it from its own URL (/v1/property/picture/<name>), so the key never
// reaches the browser. The bytes are kept a day; the request that made them a year, so a
// returning customer's picture is fetched again when asked after the day.
import { createHash } from "node:crypto";
import * as v from "valibot";
import type { ProviderCache } from "../db/provider-cache-store.ts";
import type { Logger } from "../production/logger.ts";
import type { Picture, PropertyPicturesPort } from "../ports/property-pictures.ts";
import type { PropertyPlace } from "../ports/property-data.ts";
import { callProvider, readJson, type ProviderCallOptions, type Fetch } from "./provider-call.ts";

export const GOOGLE_MAPS_DEFAULT_BASE = "https://maps.googleapis.com";
export const PICTURE_PATH_PREFIX = "/v1/property/picture/";
const SIZE = "640x400";
const AERIAL_ZOOM = "20";
const YEAR_MS = 365 * 24 * 60 * 60 * 1000;
const MAX_PICTURE_BYTES = 2 * 1024 * 1024;

export interface GooglePicturesOptions {
  apiKey: string;
  /** GOOGLE_MAPS_API_BASE; default https://maps.googleapis.com. */
  baseUrl?: string;
  timeoutMs: number;
  cache: ProviderCache;
  logger?: Logger;
  /** Default the global fetch; tests and the in-process demo site route calls to Hono apps. */
  fetch?: Fetch;
}

type Recipe = { kind: "aerial" | "street"; location: string };

const MetadataSchema = v.object({ status: v.string() });

/** "40.1,-83.1" for a point, else the address as one line (both APIs accept either). */
function locationOf(target: { position?: { lat: number; lng: number } } & Partial<PropertyPlace>): string | undefined {
  if (target.position) return `${target.position.lat},${target.position.lng}`;
  if (!target.address || !target.zip) return undefined;
  return [target.address, target.city, [target.state, target.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

const nameOf = (recipe: Recipe) => `${recipe.kind}-${createHash("sha256").update(`${recipe.kind}|${recipe.location}`).digest("hex").slice(0, 32)}`;
const NAME = /^(aerial|street)-[0-9a-f]{32}$/;

export function createGooglePictures(options: GooglePicturesOptions): PropertyPicturesPort {
  const base = (options.baseUrl ?? GOOGLE_MAPS_DEFAULT_BASE).replace(/\/+$/, "");
  const how = (call: string): ProviderCallOptions => ({
    provider: "google-maps",
    call,
    timeoutMs: options.timeoutMs,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const url = (path: string, params: Record<string, string>) => `${base}${path}?${new URLSearchParams({ ...params, key: options.apiKey }).toString()}`;

  async function download(recipe: Recipe): Promise<Picture | undefined> {
    const call = how(recipe.kind === "aerial" ? "static map" : "street view");
    const target =
      recipe.kind === "aerial"
        ? url("/maps/api/staticmap", { center: recipe.location, zoom: AERIAL_ZOOM, size: SIZE, maptype: "satellite" })
        : url("/maps/api/streetview", { location: recipe.location, size: SIZE, source: "outdoor" });
    const result = await callProvider(target, {}, call);
    if (!result.ok || result.status !== 200) return undefined;
    const contentType = result.contentType;
    if (!/^image\/(png|jpeg|gif|webp)$/.test(contentType)) {
      options.logger?.log("warn", "provider call failed: bad-answer", { provider: "google-maps", call: call.call });
      return undefined;
    }
    const body = new Uint8Array(result.body);
    if (body.byteLength === 0 || body.byteLength > MAX_PICTURE_BYTES) return undefined;
    return { body, contentType };
  }

  /** Fetches and keeps the picture; its name, or undefined when there is none. */
  async function keep(recipe: Recipe): Promise<string | undefined> {
    const name = nameOf(recipe);
    if (await options.cache.get("google-picture", name)) return name;
    const picture = await download(recipe);
    if (!picture) return undefined;
    await options.cache.put("google-picture", name, { contentType: picture.contentType, base64: Buffer.from(picture.body).toString("base64") });
    await options.cache.put("google-picture-recipe", name, recipe, YEAR_MS);
    return name;
  }

  return {
    name: "google-maps (static maps, street view)",
    live: true,
    pathPrefix: PICTURE_PATH_PREFIX,
    async aerial(target) {
      const location = locationOf(target);
      return location ? keep({ kind: "aerial", location }) : undefined;
    },
    async street(target) {
      const location = locationOf(target);
      if (!location) return undefined;
      const recipe: Recipe = { kind: "street", location };
      if (await options.cache.get("google-picture", nameOf(recipe))) return nameOf(recipe);
      // The metadata call is free and says whether there is imagery; the picture is billed.
      const call = how("street view metadata");
      const known = await options.cache.get<{ status: string }>("google-streetview-metadata", location);
      let status = known?.status;
      if (!status) {
        const result = await callProvider(url("/maps/api/streetview/metadata", { location, source: "outdoor" }), {}, call);
        if (!result.ok || result.status !== 200) return undefined;
        const parsed = v.safeParse(MetadataSchema, readJson(result, call));
        if (!parsed.success) return undefined;
        status = parsed.output.status;
        if (status === "OK" || status === "ZERO_RESULTS" || status === "NOT_FOUND") await options.cache.put("google-streetview-metadata", location, { status });
        else options.logger?.log(status === "REQUEST_DENIED" ? "error" : "warn", `provider call failed: ${status}`, { provider: "google-maps", call: call.call });
      }
      return status === "OK" ? keep(recipe) : undefined;
    },
    async image(name) {
      if (!NAME.test(name)) return undefined;
      const kept = await options.cache.get<{ contentType: string; base64: string }>("google-picture", name);
      if (kept) return { contentType: kept.contentType, body: new Uint8Array(Buffer.from(kept.base64, "base64")) };
      const recipe = await options.cache.get<Recipe>("google-picture-recipe", name);
      if (!recipe || nameOf(recipe) !== name) return undefined;
      if (!(await keep(recipe))) return undefined;
      const again = await options.cache.get<{ contentType: string; base64: string }>("google-picture", name);
      return again ? { contentType: again.contentType, body: new Uint8Array(Buffer.from(again.base64, "base64")) } : undefined;
    },
  };
}
