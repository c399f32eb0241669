// The demo's satellite picture, drawn rather than photographed: a suburb of identical plots
// laid over the whole world in web-mercator metres (a street, a house, a drive, a bed, a tree
// and the rest lawn), so that wherever the measuring tool opens there is a yard to outline.
// A tile is the picture of one XYZ tile, as Mapbox's @2x tiles are: 512 px for 256 CSS px.
import { encodePng } from "./png.ts";

const EARTH = 40_075_016.686;
/** A plot, in mercator metres (about 30 m × 40 m of ground at Ohio's latitude). */
const PLOT_W = 40;
const PLOT_H = 52;

type Rgb = readonly [number, number, number];
const STREET: Rgb = [92, 94, 98];
const DRIVE: Rgb = [178, 176, 170];
const BED: Rgb = [96, 70, 48];
const TREE: Rgb = [38, 72, 40];
const ROOFS: readonly Rgb[] = [[120, 84, 70], [88, 92, 100], [140, 120, 96], [70, 74, 80]];
const LAWN: Rgb = [86, 140, 62];

/** A small integer hash: the same plot, and the same patch of grass, look the same every time. */
function hash(a: number, b: number): number {
  let h = Math.imul(a | 0, 0x27d4eb2d) ^ Math.imul(b | 0, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  return (h ^ (h >>> 13)) >>> 0;
}

/** What covers the ground at a point of a plot (u, v from 0 to 1 across it). */
function groundAt(u: number, v: number, plot: number): Rgb {
  if (u < 0.1) return STREET;
  const tu = u - 0.8;
  const tv = v - 0.25;
  if (tu * tu + tv * tv < 0.008) return TREE;
  if (u > 0.3 && u < 0.72 && v > 0.52 && v < 0.8) return ROOFS[plot % ROOFS.length]!;
  if (u >= 0.1 && u <= 0.3 && v > 0.6 && v < 0.74) return DRIVE;
  if (u > 0.34 && u < 0.68 && v > 0.84 && v < 0.9) return BED;
  return LAWN;
}

/** The tile's PNG; `scale` 2 for the @2x (512 px) tiles. */
export function renderAerialTile(z: number, x: number, y: number, scale: 1 | 2 = 2): Buffer {
  const size = 256 * scale;
  const worldPixels = 256 * 2 ** z * scale;
  const rgb = new Uint8Array(size * size * 3);
  for (let py = 0; py < size; py++) {
    const my = EARTH / 2 - ((y * size + py + 0.5) / worldPixels) * EARTH;
    const row = Math.floor(my / PLOT_H);
    const v = my / PLOT_H - row;
    for (let px = 0; px < size; px++) {
      const mx = ((x * size + px + 0.5) / worldPixels) * EARTH - EARTH / 2;
      const column = Math.floor(mx / PLOT_W);
      const u = mx / PLOT_W - column;
      const [r, g, b] = groundAt(u, 1 - v, hash(column, row));
      // Grain every half metre or so: grass and roofs are never flat colour from above.
      const grain = (hash(Math.floor(mx * 2), Math.floor(my * 2)) % 21) - 10;
      const at = (py * size + px) * 3;
      rgb[at] = Math.max(0, Math.min(255, r + grain));
      rgb[at + 1] = Math.max(0, Math.min(255, g + grain));
      rgb[at + 2] = Math.max(0, Math.min(255, b + grain));
    }
  }
  return encodePng(size, size, rgb);
}

const RADIUS = EARTH / (2 * Math.PI);
const toLngLat = (mx: number, my: number): [number, number] => [
  Math.round(((mx / EARTH) * 360) * 1e7) / 1e7,
  Math.round(((2 * Math.atan(Math.exp(my / RADIUS)) - Math.PI / 2) * 180) / Math.PI * 1e7) / 1e7,
];

/** The lot of the drawn suburb at a point (the plot but its strip of street), as a closed [lng, lat] ring. */
export function plotOutlineAt(lat: number, lng: number): Array<[number, number]> {
  const mx = (lng / 360) * EARTH;
  const my = Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * RADIUS;
  const left = (Math.floor(mx / PLOT_W) + 0.1) * PLOT_W;
  const right = (Math.floor(mx / PLOT_W) + 1) * PLOT_W;
  const bottom = Math.floor(my / PLOT_H) * PLOT_H;
  const top = bottom + PLOT_H;
  return [toLngLat(left, top), toLngLat(right, top), toLngLat(right, bottom), toLngLat(left, bottom), toLngLat(left, top)];
}
