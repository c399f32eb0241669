// The "aerial photo" the stand-in measuring tool draws on: a lot with a house, a driveway,
// trees and neighbours, laid out from a hash of the address so each address always gets
// the same picture. Sizes are in picture pixels at METRES_PER_PIXEL (0.25 m): a lot of
// 140 × 100 px is 35 m × 25 m. Pure data; the page script paints it on a canvas.
import { PICTURE_HEIGHT, PICTURE_WIDTH } from "./tool-state.ts";

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface AerialScene {
  width: number;
  height: number;
  /** The property's lot (its lawn), with the property lines around it. */
  lot: Rect;
  house: Rect;
  driveway: Rect;
  /** The road along the bottom of the picture. */
  road: Rect;
  neighbours: Rect[];
  trees: { x: number; y: number; r: number }[];
  colours: { lawn: string; neighbourLawn: string; roof: string };
}

const PALETTES = [
  { lawn: "#5f9e46", neighbourLawn: "#7fa864", roof: "#8a4b3a" },
  { lawn: "#6aa84f", neighbourLawn: "#87ad6e", roof: "#44546a" },
  { lawn: "#4f8a3c", neighbourLawn: "#74a05e", roof: "#7a6a55" },
  { lawn: "#77b255", neighbourLawn: "#92b479", roof: "#5b3a29" },
] as const;

/** FNV-1a, 32 bits: a stable number for a string. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: a small seeded generator, numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function buildAerialScene(address: string): AerialScene {
  const seed = hashString(address.trim().toLowerCase().replace(/\s+/g, " "));
  const next = random(seed);
  const between = (min: number, max: number) => Math.round(min + next() * (max - min));
  const width = PICTURE_WIDTH;
  const height = PICTURE_HEIGHT;
  const road: Rect = { x: 0, y: height - 56, w: width, h: 56 };

  // 28–60 m wide, 22–44 m deep: about 600–2600 m² (6,500–28,000 sq ft).
  const lotW = between(112, 240);
  const lotH = between(88, 176);
  const lot: Rect = { x: Math.round((width - lotW) / 2) + between(-40, 40), y: road.y - 8 - lotH, w: lotW, h: lotH };

  const houseW = Math.round(lotW * (0.35 + next() * 0.2));
  const houseH = Math.round(lotH * (0.3 + next() * 0.15));
  const house: Rect = {
    x: lot.x + between(10, Math.max(10, lotW - houseW - 10)),
    y: lot.y + Math.round(lotH * 0.25),
    w: houseW,
    h: houseH,
  };
  const driveW = 14;
  const driveway: Rect = { x: house.x + between(0, Math.max(0, houseW - driveW)), y: house.y + houseH, w: driveW, h: road.y - (house.y + houseH) };

  const neighbours: Rect[] = [
    { x: 0, y: lot.y, w: lot.x - 6, h: lotH },
    { x: lot.x + lotW + 6, y: lot.y, w: width - (lot.x + lotW + 6), h: lotH },
    { x: 0, y: 0, w: width, h: lot.y - 6 },
  ].filter((rect) => rect.w > 0 && rect.h > 0);

  const trees: AerialScene["trees"] = [];
  for (let i = 0; i < 5; i++) {
    trees.push({ x: between(8, width - 8), y: between(8, road.y - 8), r: between(8, 18) });
  }

  const palette = PALETTES[seed % PALETTES.length] ?? PALETTES[0];
  return { width, height, lot, house, driveway, road, neighbours, trees, colours: { ...palette } };
}
