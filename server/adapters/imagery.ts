// Satellite imagery providers for the measuring tool (issue 33, server/ports/imagery.ts), from
// the environment. Each gives a tile URL template that the visitor's browser requests directly,
// with a public, URL-restricted token: never a secret key (a Mapbox secret token, sk.…, is
// refused at start-up, since the page would show it).
//   MEASURE_IMAGERY       mapbox | esri (default: the one whose key is set; none: off)
//   MAPBOX_ACCESS_TOKEN   a public token (pk.…) restricted to this server's URL
//   MAPBOX_API_BASE       default https://api.mapbox.com (Raster Tiles API v4, mapbox.satellite)
//   ARCGIS_API_KEY        an ArcGIS Location Platform API key restricted to this server's URL
//   ARCGIS_TILES_BASE     default https://ibasemaps-api.arcgis.com/arcgis/rest/services/World_Imagery/MapServer/tile
import { IMAGERY_OFF, type ImageryPort } from "../ports/imagery.ts";
import { baseUrlFromEnv, ProviderConfigError } from "./env-base-url.ts";

export const MAPBOX_DEFAULT_BASE = "https://api.mapbox.com";
export const ARCGIS_TILES_DEFAULT_BASE = "https://ibasemaps-api.arcgis.com/arcgis/rest/services/World_Imagery/MapServer/tile";

/** Mapbox Satellite through the Raster Tiles API v4: 512 px (@2x) JPEG tiles for 256 CSS px. */
export function mapboxImagery(token: string, base = MAPBOX_DEFAULT_BASE, name = "mapbox"): ImageryPort {
  if (/^sk\./.test(token)) {
    throw new ProviderConfigError("MAPBOX_ACCESS_TOKEN is a secret token (sk.…): the measuring tool's page would show it. Use a public token (pk.…) restricted to this server's URL.");
  }
  const root = base.replace(/\/+$/, "");
  return {
    name,
    live: true,
    tileTemplate: `${root}/v4/mapbox.satellite/{z}/{x}/{y}@2x.jpg90?access_token=${encodeURIComponent(token)}`,
    tileOrigin: new URL(root).origin,
    maxZoom: 22,
    attribution: "© Mapbox © OpenStreetMap © Maxar",
    attributionUrl: "https://www.mapbox.com/about/maps/",
  };
}

/** Esri World Imagery through the ArcGIS basemap tiles (rows before columns in its path). */
export function esriImagery(apiKey: string, base = ARCGIS_TILES_DEFAULT_BASE): ImageryPort {
  const root = base.replace(/\/+$/, "");
  return {
    name: "esri",
    live: true,
    tileTemplate: `${root}/{z}/{y}/{x}?token=${encodeURIComponent(apiKey)}`,
    tileOrigin: new URL(root).origin,
    maxZoom: 19,
    attribution: "Powered by Esri | Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community",
    attributionUrl: "https://www.esri.com/",
  };
}

/** The imagery the environment configures; a bad choice or key stops start-up with its name. */
export function imageryFromEnv(env: Record<string, string | undefined>): ImageryPort {
  const mapboxToken = env.MAPBOX_ACCESS_TOKEN?.trim();
  const arcgisKey = env.ARCGIS_API_KEY?.trim();
  const chosen = env.MEASURE_IMAGERY?.trim() || (mapboxToken ? "mapbox" : arcgisKey ? "esri" : "");
  if (chosen === "") return IMAGERY_OFF;
  if (chosen === "mapbox") {
    if (!mapboxToken) throw new ProviderConfigError("MEASURE_IMAGERY=mapbox needs MAPBOX_ACCESS_TOKEN (a public token, pk.…)");
    return mapboxImagery(mapboxToken, baseUrlFromEnv(env, "MAPBOX_API_BASE", MAPBOX_DEFAULT_BASE));
  }
  if (chosen === "esri") {
    if (!arcgisKey) throw new ProviderConfigError("MEASURE_IMAGERY=esri needs ARCGIS_API_KEY");
    return esriImagery(arcgisKey, baseUrlFromEnv(env, "ARCGIS_TILES_BASE", ARCGIS_TILES_DEFAULT_BASE));
  }
  throw new ProviderConfigError(`MEASURE_IMAGERY=${chosen}: expected mapbox or esri`);
}
