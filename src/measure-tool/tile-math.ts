// Web-mercator arithmetic for XYZ tiles (the scheme every satellite imagery provider uses):
// longitude/latitude to "world pixels" at zoom 0 (0..256 across the whole Earth) and back,
// which tile holds a place, and how many metres one screen pixel covers at a latitude.
// Pure, so the map and the unit tests share it.

/** One tile is 256 CSS pixels across, whatever resolution the server sends. */
export const TILE_SIZE = 256;
/** Web mercator stops here: the square world map's top and bottom edges. */
export const MAX_LATITUDE = 85.0511287798;
/** The Earth's equatorial circumference on WGS84, in metres (the scale bar's ruler). */
export const EARTH_CIRCUMFERENCE = 40_075_016.686;

/** [longitude, latitude] in degrees, in GeoJSON's order. */
export type LngLat = readonly [number, number];

/** A position on the world map at zoom 0, in pixels (x east, y south, 0..256). */
export interface WorldPoint {
  x: number;
  y: number;
}

export function project([lng, lat]: LngLat): WorldPoint {
  const clamped = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  return {
    x: (TILE_SIZE * (lng + 180)) / 360,
    y: TILE_SIZE * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)),
  };
}

export function unproject(point: WorldPoint): LngLat {
  const lng = (point.x / TILE_SIZE) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * point.y) / TILE_SIZE;
  return [lng, (180 / Math.PI) * Math.atan(Math.sinh(n))];
}

/** The tile (x, y) at zoom `z` that holds the place. */
export function tileAt(place: LngLat, z: number): { x: number; y: number } {
  const world = project(place);
  const scale = 2 ** z;
  return { x: Math.floor(world.x * scale / TILE_SIZE), y: Math.floor(world.y * scale / TILE_SIZE) };
}

/** Ground metres covered by one CSS pixel at this latitude and (possibly fractional) zoom. */
export function metresPerPixel(lat: number, zoom: number): number {
  return (EARTH_CIRCUMFERENCE * Math.cos((lat * Math.PI) / 180)) / (TILE_SIZE * 2 ** zoom);
}

/** The longest round length (1, 2 or 5 × a power of ten) no longer than `max`. */
export function roundScaleLength(max: number): number {
  if (!(max > 0)) return 0;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [5, 2, 1]) if (step * power <= max) return step * power;
  return power;
}

/** The tile's address from the server's template ("/measure/tiles/{z}/{x}/{y}"). */
export function tileUrl(template: string, z: number, x: number, y: number): string {
  return template.replace("{z}", String(z)).replace("{x}", String(x)).replace("{y}", String(y));
}

/** The scale bar: a round length in metres or feet, at most `maxPx` CSS pixels long; `units` as the visitor reads them after a number. */
export function scaleBar(lat: number, zoom: number, metric: boolean, maxPx = 100, units = { m: "m", ft: "ft" }): { px: number; label: string } {
  const metresPerPx = metresPerPixel(lat, zoom);
  const unitMetres = metric ? 1 : 0.3048;
  const length = roundScaleLength((maxPx * metresPerPx) / unitMetres);
  return { px: Math.round((length * unitMetres) / metresPerPx), label: `${length.toLocaleString("en-US")} ${metric ? units.m : units.ft}` };
}
