// The stand-in measuring tool's arithmetic: a drawing in picture pixels becomes an area
// (shoelace formula) or a length (sum of segments) in metres, then the unit the widget asked
// for, rounded to a whole number and checked against the tool's range (SPEC §2: 1 to 300000).
// Pure: the page script and the unit tests share it.
import { MEASURE_MAX, MEASURE_MIN, unitFor, type MeasurementMode, type MeasureUnit } from "../../src/contract/measure-messages.ts";

export interface Point {
  x: number;
  y: number;
}

/** International foot: 1 m = 1 / 0.3048 ft. */
export const FEET_PER_METRE = 3.2808399;
export const SQUARE_FEET_PER_SQUARE_METRE = 10.7639104;

/** Area enclosed by the polygon (closed implicitly, last point back to the first), in the points' unit squared. */
export function polygonArea(points: readonly Point[]): number {
  if (points.length < 3) return 0;
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/** Length of the open polyline through the points, in the points' unit. */
export function polylineLength(points: readonly Point[]): number {
  let length = 0;
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    length += Math.hypot(b.x - a.x, b.y - a.y);
  }
  return length;
}

/** Square metres or metres in the requested unit, unrounded. */
export function convertFromMetric(metricValue: number, unit: MeasureUnit): number {
  switch (unit) {
    case "sq m":
    case "linear m":
      return metricValue;
    case "sq ft":
      return metricValue * SQUARE_FEET_PER_SQUARE_METRE;
    case "linear ft":
      return metricValue * FEET_PER_METRE;
  }
}

export interface Measurement {
  mode: MeasurementMode;
  unit: MeasureUnit;
  /** Square metres (area) or metres (perimeter), unrounded. */
  metric: number;
  /** In `unit`, rounded to a whole number: what the tool posts. */
  value: number;
  /** The value may be posted: within MEASURE_MIN..MEASURE_MAX. */
  inRange: boolean;
}

/**
 * Measures a drawing made on a picture of known scale. Area mode treats the points as a
 * closed polygon, perimeter mode as an open polyline (the visitor outlines an edge).
 */
export function measureDrawing(
  points: readonly Point[],
  options: { mode: MeasurementMode; metric: boolean; metresPerPixel: number },
): Measurement {
  const { mode, metric, metresPerPixel } = options;
  const unit = unitFor(mode, metric);
  const metricValue =
    mode === "area" ? polygonArea(points) * metresPerPixel * metresPerPixel : polylineLength(points) * metresPerPixel;
  const value = Math.round(convertFromMetric(metricValue, unit));
  return { mode, unit, metric: metricValue, value, inRange: isMeasurable(value) };
}

export function isMeasurable(value: number): boolean {
  return Number.isFinite(value) && value >= MEASURE_MIN && value <= MEASURE_MAX;
}

/** "12,345 sq ft": the running figure shown while drawing. */
export function formatMeasurement(value: number, unit: MeasureUnit): string {
  return `${Math.round(value).toLocaleString("en-US")} ${unit}`;
}
