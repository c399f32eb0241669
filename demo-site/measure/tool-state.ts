// The stand-in measuring tool's state, without the DOM: what the query string asks for
// (address, mode, units, and where to answer), and the drawing as points that the visitor
// adds, undoes, clears and finishes. The page script (measure-tool.ts) only draws and posts.
import type { MeasurementMode } from "../../src/contract/measure-messages.ts";
import { parseParentOrigin } from "../../src/config/measurement.ts";
import { formatMeasurement, measureDrawing, type Measurement, type Point } from "./geometry.ts";

export { parseParentOrigin };

/** The picture's scale, stated on the page with a scale bar: 640 × 400 px is 160 m × 100 m. */
export const METRES_PER_PIXEL = 0.25;
export const PICTURE_WIDTH = 640;
export const PICTURE_HEIGHT = 400;

export interface ToolQuery {
  address: string;
  mode: MeasurementMode;
  metric: boolean;
  /** The exact origin to post to; undefined when `parent` is missing or not an http(s) origin. */
  parentOrigin: string | undefined;
  /** What is wrong with the query, for the visitor; empty when the tool may post. */
  problems: string[];
}

/** `?address=…&mode=area|perimeter&units=imperial|metric&parent={origin}`; mode and units default to area and imperial. */
export function parseToolQuery(search: string): ToolQuery {
  const params = new URLSearchParams(search);
  const problems: string[] = [];
  const modeParam = params.get("mode") ?? "area";
  const unitsParam = params.get("units") ?? "imperial";
  if (modeParam !== "area" && modeParam !== "perimeter") problems.push(`Unknown mode "${modeParam}": expected area or perimeter.`);
  if (unitsParam !== "imperial" && unitsParam !== "metric") problems.push(`Unknown units "${unitsParam}": expected imperial or metric.`);
  const parentOrigin = parseParentOrigin(params.get("parent"));
  if (parentOrigin === undefined) {
    problems.push(
      params.get("parent")
        ? "The page that opened this tool gave an invalid origin, so the result cannot be sent back."
        : "This tool was opened without the origin of the page that asked for it, so the result cannot be sent back.",
    );
  }
  return {
    address: (params.get("address") ?? "").trim().slice(0, 300),
    mode: modeParam === "perimeter" ? "perimeter" : "area",
    metric: unitsParam === "metric",
    parentOrigin,
    problems,
  };
}

export interface Drawing {
  points: readonly Point[];
  /** Area mode: the outline was closed on its first point. */
  closed: boolean;
}

export const EMPTY_DRAWING: Drawing = { points: [], closed: false };

/**
 * Adds a point. In area mode a point within `closeRadius` of the first one (with at least
 * three points down) closes the outline instead. A closed outline takes no more points.
 */
export function addPoint(drawing: Drawing, point: Point, mode: MeasurementMode, closeRadius: number): Drawing {
  if (drawing.closed) return drawing;
  const first = drawing.points[0];
  if (mode === "area" && first && drawing.points.length >= 3 && Math.hypot(point.x - first.x, point.y - first.y) <= closeRadius) {
    return { points: drawing.points, closed: true };
  }
  return { points: [...drawing.points, clampToPicture(point)], closed: false };
}

/** Reopens a closed outline, else removes the last point. */
export function undoPoint(drawing: Drawing): Drawing {
  if (drawing.closed) return { points: drawing.points, closed: false };
  return { points: drawing.points.slice(0, -1), closed: false };
}

export function clampToPicture(point: Point): Point {
  return {
    x: Math.min(PICTURE_WIDTH, Math.max(0, point.x)),
    y: Math.min(PICTURE_HEIGHT, Math.max(0, point.y)),
  };
}

export function measure(drawing: Drawing, query: Pick<ToolQuery, "mode" | "metric">): Measurement {
  return measureDrawing(drawing.points, { mode: query.mode, metric: query.metric, metresPerPixel: METRES_PER_PIXEL });
}

export type FinishOutcome = { ok: true; measurement: Measurement } | { ok: false; reason: string };

/** Whether the drawing may be sent, and if not, why (in the visitor's words). */
export function finishDrawing(drawing: Drawing, query: Pick<ToolQuery, "mode" | "metric">): FinishOutcome {
  const needed = query.mode === "area" ? 3 : 2;
  if (drawing.points.length < needed) {
    return {
      ok: false,
      reason:
        query.mode === "area"
          ? "Add at least three points around the lawn before finishing."
          : "Add at least two points along the edge before finishing.",
    };
  }
  const measurement = measure(drawing, query);
  if (!measurement.inRange) {
    return {
      ok: false,
      reason: `This drawing measures ${formatMeasurement(measurement.value, measurement.unit)}; the tool can only send 1 to 300,000 ${measurement.unit}. Adjust the drawing and try again.`,
    };
  }
  return { ok: true, measurement };
}
