// The production entry's ports (issue 28), from the environment: each third party is live
// when its key is set and off otherwise; nothing is ever invented in its place.
//   GOOGLE_MAPS_API_KEY     address search (Places API (New)), aerial (Maps Static API) and
//                           street pictures (Street View Static API)
//   GOOGLE_PLACES_API_BASE  default https://places.googleapis.com
//   GOOGLE_MAPS_API_BASE    default https://maps.googleapis.com
//   REGRID_API_TOKEN        lot sizes (Regrid Parcel API v2): estimate sources zillow and other
//   REGRID_API_BASE         default https://app.regrid.com
//   MEASURE_IMAGERY, MAPBOX_ACCESS_TOKEN, MAPBOX_API_BASE, ARCGIS_API_KEY, ARCGIS_TILES_BASE
//                           satellite tiles for the measuring tool (server/adapters/imagery.ts)
//   TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM
//                           follow-up texts (Twilio Programmable Messaging, issue 34): on when
//                           all three are set (TWILIO_FROM in E.164); some without the others
//                           stops start-up naming the missing ones
//   TWILIO_API_BASE         default https://api.twilio.com
//   PROVIDER_TIMEOUT_MS     each provider call's limit, default 4000 (at most 5000: a request
//                           makes up to three calls in a row, inside the widget's 15 s)
import { createGooglePictures, GOOGLE_MAPS_DEFAULT_BASE } from "../adapters/google-pictures.ts";
import { createGooglePlacesSearch, GOOGLE_PLACES_DEFAULT_BASE } from "../adapters/google-places.ts";
import { baseUrlFromEnv, ProviderConfigError } from "../adapters/env-base-url.ts";
import { imageryFromEnv } from "../adapters/imagery.ts";

export { ProviderConfigError };
import { DEFAULT_PROVIDER_TIMEOUT_MS, type Fetch } from "../adapters/provider-call.ts";
import { createRegridPropertyData, REGRID_DEFAULT_BASE } from "../adapters/regrid.ts";
import { smsFromEnv } from "../adapters/twilio.ts";
import type { ProviderCache } from "../db/provider-cache-store.ts";
import { PORTS_OFF, type Ports } from "../ports/ports.ts";
import type { Logger } from "./logger.ts";


export const MAX_PROVIDER_TIMEOUT_MS = 5000;

/** The ports the environment configures; a bad base URL, timeout or sender number stops start-up with its name. */
/** `fetch`: what provider calls send with (default the global fetch; tests route them to fakes in process). */
export function portsFromEnv(env: Record<string, string | undefined>, cache: ProviderCache, logger?: Logger, fetch?: Fetch): Ports {
  const rawTimeout = env.PROVIDER_TIMEOUT_MS?.trim();
  const timeoutMs = rawTimeout ? Number(rawTimeout) : DEFAULT_PROVIDER_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > MAX_PROVIDER_TIMEOUT_MS) {
    throw new ProviderConfigError(`PROVIDER_TIMEOUT_MS=${rawTimeout}: must be a whole number from 100 to ${MAX_PROVIDER_TIMEOUT_MS}`);
  }
  const common = { timeoutMs, cache, ...(logger ? { logger } : {}), ...(fetch ? { fetch } : {}) };
  const ports: Ports = { ...PORTS_OFF };
  const googleKey = env.GOOGLE_MAPS_API_KEY?.trim();
  if (googleKey) {
    ports.addressSearch = createGooglePlacesSearch({ apiKey: googleKey, baseUrl: baseUrlFromEnv(env, "GOOGLE_PLACES_API_BASE", GOOGLE_PLACES_DEFAULT_BASE), ...common });
    ports.propertyPictures = createGooglePictures({ apiKey: googleKey, baseUrl: baseUrlFromEnv(env, "GOOGLE_MAPS_API_BASE", GOOGLE_MAPS_DEFAULT_BASE), ...common });
  }
  const regridToken = env.REGRID_API_TOKEN?.trim();
  if (regridToken) ports.propertyData = createRegridPropertyData({ token: regridToken, baseUrl: baseUrlFromEnv(env, "REGRID_API_BASE", REGRID_DEFAULT_BASE), ...common });
  ports.imagery = imageryFromEnv(env);
  ports.sms = smsFromEnv(env, { timeoutMs, ...(logger ? { logger } : {}), ...(fetch ? { fetch } : {}) });
  return ports;
}
