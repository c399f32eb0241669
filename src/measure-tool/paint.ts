// Painting the map on a canvas: the tiles, the faint lot outline, the drawing (lawn parts in
// yellow, taken-out parts in red, dashed), its points as handles, and the keyboard's
// crosshair. The same painter makes the picture sent with the measurement.
import type { Drawing, Shape } from "./drawing.ts";
import { toScreen, visibleTiles, type MapView } from "./map-view.ts";
import type { LngLat } from "./tile-math.ts";

export interface PaintOptions {
  tile: (t: ReturnType<typeof visibleTiles>[number]) => CanvasImageSource | undefined;
  maxZoom: number;
  outline: readonly LngLat[] | undefined;
  crosshair: boolean;
  handles: boolean;
}

const LAWN = { stroke: "#ffd400", fill: "rgba(255, 212, 0, 0.35)" };
const CUTOUT = { stroke: "#ff4d4d", fill: "rgba(255, 77, 77, 0.35)" };
/** Handle radius in CSS pixels: drawn small, hit with a fingertip (see HIT_RADIUS in main.ts). */
const HANDLE_RADIUS = 6;

export function paintMap(ctx: CanvasRenderingContext2D, view: MapView, drawing: Drawing, options: PaintOptions): void {
  ctx.fillStyle = "#5b6b52";
  ctx.fillRect(0, 0, view.width, view.height);
  for (const tile of visibleTiles(view, options.maxZoom)) {
    const image = options.tile(tile);
    // A hair wider than the tile, so no seams show between scaled tiles.
    if (image) ctx.drawImage(image, tile.left, tile.top, tile.size + 0.5, tile.size + 0.5);
  }
  if (options.outline) paintOutline(ctx, view, options.outline);
  drawing.shapes.forEach((shape) => paintShape(ctx, view, shape, drawing.mode === "area"));
  if (options.handles) for (const shape of drawing.shapes) paintHandles(ctx, view, shape, drawing.mode === "area");
  if (options.crosshair) paintCrosshair(ctx, view.width / 2, view.height / 2);
}

function tracePath(ctx: CanvasRenderingContext2D, view: MapView, points: readonly LngLat[]): void {
  ctx.beginPath();
  points.forEach((place, i) => {
    const p = toScreen(view, place);
    if (i === 0) ctx.moveTo(p.x, p.y);
    else ctx.lineTo(p.x, p.y);
  });
}

function paintOutline(ctx: CanvasRenderingContext2D, view: MapView, ring: readonly LngLat[]): void {
  ctx.save();
  tracePath(ctx, view, ring);
  ctx.closePath();
  ctx.setLineDash([8, 6]);
  ctx.lineWidth = 2;
  ctx.strokeStyle = "rgba(255, 255, 255, 0.6)";
  ctx.stroke();
  ctx.restore();
}

function paintShape(ctx: CanvasRenderingContext2D, view: MapView, shape: Shape, area: boolean): void {
  if (shape.points.length === 0) return;
  const colours = shape.kind === "cutout" ? CUTOUT : LAWN;
  ctx.save();
  tracePath(ctx, view, shape.points);
  if (area && shape.finished) ctx.closePath();
  if (area && shape.points.length >= 3) {
    ctx.fillStyle = colours.fill;
    ctx.fill();
  }
  ctx.lineWidth = 3;
  ctx.lineJoin = "round";
  ctx.strokeStyle = colours.stroke;
  if (shape.kind === "cutout") ctx.setLineDash([8, 5]);
  ctx.stroke();
  ctx.restore();
}

function paintHandles(ctx: CanvasRenderingContext2D, view: MapView, shape: Shape, area: boolean): void {
  shape.points.forEach((place, i) => {
    const p = toScreen(view, place);
    const first = i === 0 && area && !shape.finished;
    ctx.beginPath();
    ctx.arc(p.x, p.y, first ? HANDLE_RADIUS + 3 : HANDLE_RADIUS, 0, Math.PI * 2);
    ctx.fillStyle = first ? "#ffffff" : shape.kind === "cutout" ? CUTOUT.stroke : LAWN.stroke;
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = "#1b1b1b";
    ctx.stroke();
  });
}

function paintCrosshair(ctx: CanvasRenderingContext2D, x: number, y: number): void {
  ctx.save();
  ctx.beginPath();
  ctx.moveTo(x - 14, y);
  ctx.lineTo(x + 14, y);
  ctx.moveTo(x, y - 14);
  ctx.lineTo(x, y + 14);
  ctx.lineWidth = 4;
  ctx.strokeStyle = "#ffffff";
  ctx.stroke();
  ctx.lineWidth = 2;
  ctx.strokeStyle = "#000000";
  ctx.stroke();
  ctx.restore();
}

/** The scale bar and attribution burnt into the sent picture, so it stays readable alone. */
export function paintCaption(ctx: CanvasRenderingContext2D, width: number, height: number, scale: { px: number; label: string }, attribution: string): void {
  ctx.save();
  ctx.font = "12px system-ui, sans-serif";
  ctx.fillStyle = "rgba(255, 255, 255, 0.85)";
  ctx.fillRect(6, height - 26, scale.px + 60, 20);
  ctx.fillStyle = "#111";
  ctx.fillRect(12, height - 12, scale.px, 3);
  ctx.fillText(scale.label, scale.px + 18, height - 10);
  const textWidth = ctx.measureText(attribution).width;
  ctx.fillStyle = "rgba(255, 255, 255, 0.85)";
  ctx.fillRect(width - textWidth - 12, height - 20, textWidth + 12, 20);
  ctx.fillStyle = "#111";
  ctx.fillText(attribution, width - textWidth - 6, height - 6);
  ctx.restore();
}
