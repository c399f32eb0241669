// The stand-in of Mapbox's Raster Tiles API v4 for the demo (issue 33): the measuring tool asks
// it for `mapbox.satellite` tiles exactly as it would ask api.mapbox.com —
// GET /v4/mapbox.satellite/{z}/{x}/{y}{@2x}.{jpg90|png}?access_token=pk.… — and gets the demo's
// drawn suburb (aerial-tiles.ts). Like the real API: a missing or wrong token is 401 with a
// JSON message, a tile outside the world or the zoom range 404, and CORS is open (`*`), so
// the tool can read its tiles back into the picture it sends.
import type { Hono } from "hono";
import { renderAerialTile } from "./aerial-tiles.ts";

export const STAND_IN_TOKEN = "pk.demo-stand-in";
const MAX_ZOOM = 22;
const TILE_FILE = /^(\d+)(@2x)?\.(jpg\d{0,2}|png)$/;
/** The tiles drawn so far (a few hundred kB each): a view is about 20, a session a few hundred. */
const CACHE_LIMIT = 400;

export function addTileStandIn(app: Hono): void {
  const cache = new Map<string, Buffer>();
  app.get("/v4/mapbox.satellite/:z/:x/:file", (c) => {
    const headers = { "Access-Control-Allow-Origin": "*" };
    if (c.req.query("access_token") !== STAND_IN_TOKEN) return c.json({ message: "Not Authorized - Invalid Token" }, 401, headers);
    const { z: zText, x: xText, file } = c.req.param();
    const match = TILE_FILE.exec(file);
    const z = Number(zText);
    const x = Number(xText);
    const y = Number(match?.[1]);
    const inWorld = (n: number) => Number.isInteger(n) && n >= 0 && n < 2 ** z;
    if (!match || !Number.isInteger(z) || z < 0 || z > MAX_ZOOM || !inWorld(x) || !inWorld(y)) return c.json({ message: "Tile not found" }, 404, headers);
    const scale = match[2] ? 2 : 1;
    const key = `${z}/${x}/${y}/${scale}`;
    let png = cache.get(key);
    if (!png) {
      png = renderAerialTile(z, x, y, scale);
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(key, png);
    }
    return c.body(new Uint8Array(png), 200, { ...headers, "Content-Type": "image/png", "Cache-Control": "public, max-age=3600" });
  });
}
