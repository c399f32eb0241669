// What part of the world the map shows: a centre, a (fractional) zoom and the map's size in
// CSS pixels. Pan, zoom around a point (the pinch's or the wheel's) and the tiles to draw,
// overzoomed past the provider's last level by scaling its tiles up. Pure, without the DOM.
import { project, TILE_SIZE, unproject, type LngLat, type WorldPoint } from "./tile-math.ts";

/** Closer than a lot makes no sense for a lawn; further than 22 a tile pixel is a fist. */
export const MIN_ZOOM = 14;
export const MAX_ZOOM = 22;

export interface MapView {
  /** The map's centre in world pixels at zoom 0. */
  centre: WorldPoint;
  zoom: number;
  width: number;
  height: number;
}

export interface ScreenPoint {
  x: number;
  y: number;
}

export function viewAt(place: LngLat, zoom: number, width: number, height: number): MapView {
  return { centre: project(place), zoom: clampZoom(zoom), width, height };
}

export function clampZoom(zoom: number): number {
  return Math.max(MIN_ZOOM, Math.min(MAX_ZOOM, zoom));
}

export function toScreen(view: MapView, place: LngLat): ScreenPoint {
  const world = project(place);
  const scale = 2 ** view.zoom;
  return { x: (world.x - view.centre.x) * scale + view.width / 2, y: (world.y - view.centre.y) * scale + view.height / 2 };
}

export function toPlace(view: MapView, point: ScreenPoint): LngLat {
  const scale = 2 ** view.zoom;
  return unproject({ x: view.centre.x + (point.x - view.width / 2) / scale, y: view.centre.y + (point.y - view.height / 2) / scale });
}

/** Moves the picture by (dx, dy) screen pixels, as a finger dragging it would. */
export function panBy(view: MapView, dx: number, dy: number): MapView {
  const scale = 2 ** view.zoom;
  const y = Math.max(0, Math.min(TILE_SIZE, view.centre.y - dy / scale));
  return { ...view, centre: { x: view.centre.x - dx / scale, y } };
}

/** Zooms to `zoom` keeping the place under `anchor` (a pinch's centre, the mouse) where it is. */
export function zoomAround(view: MapView, zoom: number, anchor: ScreenPoint): MapView {
  const next = clampZoom(zoom);
  const before = 2 ** view.zoom;
  const after = 2 ** next;
  const world = { x: view.centre.x + (anchor.x - view.width / 2) / before, y: view.centre.y + (anchor.y - view.height / 2) / before };
  return { ...view, zoom: next, centre: { x: world.x - (anchor.x - view.width / 2) / after, y: world.y - (anchor.y - view.height / 2) / after } };
}

export interface TilePlacement {
  z: number;
  x: number;
  y: number;
  /** Where the tile goes on screen, in CSS pixels. */
  left: number;
  top: number;
  size: number;
}

/**
 * The tiles covering the view: from the nearest zoom level the provider has (never past
 * `maxZoom`, so deeper views scale its last level up), each placed in CSS pixels.
 */
export function visibleTiles(view: MapView, maxZoom: number): TilePlacement[] {
  const z = Math.max(0, Math.min(maxZoom, Math.round(view.zoom)));
  const size = TILE_SIZE * 2 ** (view.zoom - z);
  const count = 2 ** z;
  const centreX = (view.centre.x * count) / TILE_SIZE;
  const centreY = (view.centre.y * count) / TILE_SIZE;
  const firstX = Math.floor(centreX - view.width / 2 / size);
  const lastX = Math.floor(centreX + view.width / 2 / size);
  const firstY = Math.max(0, Math.floor(centreY - view.height / 2 / size));
  const lastY = Math.min(count - 1, Math.floor(centreY + view.height / 2 / size));
  const tiles: TilePlacement[] = [];
  for (let ty = firstY; ty <= lastY; ty++) {
    for (let tx = firstX; tx <= lastX; tx++) {
      tiles.push({
        z,
        x: ((tx % count) + count) % count,
        y: ty,
        left: view.width / 2 + (tx - centreX) * size,
        top: view.height / 2 + (ty - centreY) * size,
        size,
      });
    }
  }
  return tiles;
}
