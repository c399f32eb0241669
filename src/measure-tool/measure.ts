// Measuring the drawing with Turf (@turf/area, @turf/length: on a sphere of the Earth's mean
// radius, within a few tenths of a percent of the WGS84 ellipsoid for a lawn's size):
// lawn areas summed, taken-out areas subtracted, lines summed, then the unit the widget asked
// for, rounded to a whole number and checked against the tool's range (SPEC §2: 1 to 300000).
import area from "@turf/area";
import length from "@turf/length";
import { MEASURE_MAX, MEASURE_MIN, unitFor, type MeasurementMode, type MeasureUnit } from "../config/measurement.ts";
import { MAX_OUTLINE_CHARS, MAX_OUTLINE_SHAPES, MAX_SHAPE_POINTS } from "../contract/outline-limits.ts";
import { MEASURE_TOOL_WORDS, type MeasureToolWords } from "../i18n/measure-tool-words.ts";
import { pointsNeeded, type Drawing } from "./drawing.ts";
import type { LngLat } from "./tile-math.ts";

/** International foot: 1 m = 1 / 0.3048 ft (the constants of demo-site/measure/geometry.ts). */
export const FEET_PER_METRE = 1 / 0.3048;
export const SQUARE_FEET_PER_SQUARE_METRE = FEET_PER_METRE * FEET_PER_METRE;

export interface Measurement {
  mode: MeasurementMode;
  unit: MeasureUnit;
  /** Square metres or metres, unrounded. */
  metricValue: number;
  /** In `unit`, rounded: what is posted. */
  value: number;
  inRange: boolean;
}

/** Square metres inside a ring of [lng, lat] points (closed implicitly). */
export function ringArea(points: readonly LngLat[]): number {
  if (points.length < 3) return 0;
  const ring = [...points, points[0]!].map(([lng, lat]) => [lng, lat]);
  return area({ type: "Polygon", coordinates: [ring] });
}

/** Metres along an open line of [lng, lat] points. */
export function lineLength(points: readonly LngLat[]): number {
  if (points.length < 2) return 0;
  return length({ type: "Feature", properties: {}, geometry: { type: "LineString", coordinates: points.map(([lng, lat]) => [lng, lat]) } }, { units: "meters" });
}

/** Metres (or square metres) in the unit asked for, unrounded. */
export function fromMetric(metricValue: number, unit: MeasureUnit): number {
  if (unit === "sq ft") return metricValue * SQUARE_FEET_PER_SQUARE_METRE;
  if (unit === "linear ft") return metricValue * FEET_PER_METRE;
  return metricValue;
}

/**
 * The drawing's total. Shapes still being drawn count once they have enough points (the
 * running total follows the finger). Taken-out areas are assumed to lie inside the lawn, as
 * the visitor draws them there; the total never goes below zero.
 */
export function measureDrawing(drawing: Drawing, metric: boolean): Measurement {
  const unit = unitFor(drawing.mode, metric);
  let total = 0;
  for (const shape of drawing.shapes) {
    if (shape.points.length < pointsNeeded(drawing.mode)) continue;
    if (drawing.mode === "perimeter") total += lineLength(shape.points);
    else total += (shape.kind === "cutout" ? -1 : 1) * ringArea(shape.points);
  }
  const metricValue = Math.max(0, total);
  const value = Math.round(fromMetric(metricValue, unit));
  return { mode: drawing.mode, unit, metricValue, value, inRange: value >= MEASURE_MIN && value <= MEASURE_MAX };
}

/** "1,234 sq ft", "115 m²", "250 ft", "76 m" ("1,234 pies²" in Spanish): the running total as the visitor reads it. */
export function formatTotal(value: number, unit: MeasureUnit, words: MeasureToolWords = MEASURE_TOOL_WORDS.en): string {
  return `${Math.round(value).toLocaleString("en-US")} ${words.unitAfterNumber[unit]}`;
}

/** Why a drawing cannot be sent, in the visitor's words; undefined when it can. */
export function refusal(drawing: Drawing, measurement: Measurement, words: MeasureToolWords = MEASURE_TOOL_WORDS.en): string | undefined {
  const needed = pointsNeeded(drawing.mode);
  if (!drawing.shapes.some((s) => s.kind === "lawn" && s.points.length >= needed)) {
    return words.tooFewToUse(drawing.mode === "area");
  }
  if (!measurement.inRange) {
    return words.outOfRange(formatTotal(measurement.value, measurement.unit, words), MEASURE_MIN, MEASURE_MAX.toLocaleString("en-US"), words.unitName[measurement.unit]);
  }
  return undefined;
}

/** A coordinate to 7 decimals (about a centimetre): what the outline keeps. */
const fine = (x: number) => Math.round(x * 1e7) / 1e7;

/**
 * The drawing as GeoJSON text (src/contract/lawn-outline.ts): the shapes that count, each a
 * closed Polygon (area) or a LineString (perimeter). Undefined when nothing counts or the
 * drawing is beyond what the quote keeps (then only the figure and the picture are sent).
 */
export function outlineText(drawing: Drawing): string | undefined {
  const counted = drawing.shapes.filter((shape) => shape.points.length >= pointsNeeded(drawing.mode));
  if (counted.length === 0 || counted.length > MAX_OUTLINE_SHAPES || counted.some((s) => s.points.length > MAX_SHAPE_POINTS)) return undefined;
  const features = counted.map((shape) => {
    const points = shape.points.map(([lng, lat]) => [fine(lng), fine(lat)]);
    const geometry = drawing.mode === "area" ? { type: "Polygon", coordinates: [[...points, points[0]]] } : { type: "LineString", coordinates: points };
    return { type: "Feature", properties: { kind: shape.kind }, geometry };
  });
  const text = JSON.stringify({ type: "FeatureCollection", features });
  return text.length <= MAX_OUTLINE_CHARS ? text : undefined;
}
