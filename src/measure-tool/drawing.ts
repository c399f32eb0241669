// The drawing as a state machine, without the DOM: parts of the lawn ("Add another area"),
// parts taken out ("Take out an area": beds, a pool) and, in perimeter mode, lines. The page
// turns taps, buttons and drags into actions; every action but a drag's moves is one Undo.
import type { MeasurementMode } from "../config/measurement.ts";
import type { LngLat } from "./tile-math.ts";

/** "lawn" adds to the total, "cutout" is taken out of it. Lines (perimeter) are "lawn". */
export type ShapeKind = "lawn" | "cutout";

export interface Shape {
  kind: ShapeKind;
  points: readonly LngLat[];
  /** An area closed on its first point, or a line finished with Done. */
  finished: boolean;
}

export interface Drawing {
  mode: MeasurementMode;
  shapes: readonly Shape[];
  /** What the next tap starts when no shape is open: set by the two buttons. */
  nextKind: ShapeKind | undefined;
}

export interface History {
  present: Drawing;
  past: readonly Drawing[];
}

export type Action =
  /** `nearFirst`: the tap landed on the open area's first point (the page measures in screen pixels). */
  | { type: "tap"; point: LngLat; nearFirst: boolean }
  | { type: "done" }
  | { type: "another"; kind: ShapeKind }
  | { type: "outline"; ring: readonly LngLat[] }
  | { type: "start over" }
  | { type: "undo" };

export function emptyDrawing(mode: MeasurementMode): Drawing {
  return { mode, shapes: [], nextKind: "lawn" };
}

export function startHistory(mode: MeasurementMode): History {
  return { present: emptyDrawing(mode), past: [] };
}

/** Points an area or a line needs before it counts. */
export function pointsNeeded(mode: MeasurementMode): number {
  return mode === "area" ? 3 : 2;
}

/** The shape being drawn, if any (always the last one). */
export function openShape(drawing: Drawing): Shape | undefined {
  const last = drawing.shapes[drawing.shapes.length - 1];
  return last && !last.finished ? last : undefined;
}

function replaceLast(drawing: Drawing, shape: Shape): Drawing {
  return { ...drawing, shapes: [...drawing.shapes.slice(0, -1), shape] };
}

/** The drawing after one action; the same object when the action changes nothing. */
export function step(drawing: Drawing, action: Exclude<Action, { type: "undo" }>): Drawing {
  const open = openShape(drawing);
  const needed = pointsNeeded(drawing.mode);
  switch (action.type) {
    case "tap": {
      if (open) {
        if (drawing.mode === "area" && action.nearFirst && open.points.length >= needed) return replaceLast(drawing, { ...open, finished: true });
        return replaceLast(drawing, { ...open, points: [...open.points, action.point] });
      }
      // After a finished area the visitor chooses what comes next; lines simply follow on.
      const kind = drawing.mode === "perimeter" ? "lawn" : drawing.nextKind;
      if (kind === undefined) return drawing;
      return { ...drawing, nextKind: undefined, shapes: [...drawing.shapes, { kind, points: [action.point], finished: false }] };
    }
    case "done":
      if (!open || open.points.length < needed) return drawing;
      return replaceLast(drawing, { ...open, finished: true });
    case "another": {
      if (drawing.mode === "perimeter") return drawing;
      if (open && open.points.length >= needed) return { ...replaceLast(drawing, { ...open, finished: true }), nextKind: action.kind };
      // A shape too small to finish is the one just started: it becomes the kind asked for.
      if (open) return replaceLast(drawing, { ...open, kind: action.kind });
      return drawing.nextKind === action.kind ? drawing : { ...drawing, nextKind: action.kind };
    }
    case "outline":
      if (drawing.mode !== "area" || action.ring.length < 3) return drawing;
      return { ...drawing, nextKind: undefined, shapes: [{ kind: "lawn", points: [...action.ring], finished: true }] };
    case "start over":
      return drawing.shapes.length === 0 && drawing.nextKind === "lawn" ? drawing : emptyDrawing(drawing.mode);
  }
}

/** Applies an action, remembering the drawing before it for Undo. */
export function apply(history: History, action: Action): History {
  if (action.type === "undo") {
    const previous = history.past[history.past.length - 1];
    return previous ? { present: previous, past: history.past.slice(0, -1) } : history;
  }
  const next = step(history.present, action);
  return next === history.present ? history : { present: next, past: [...history.past, history.present] };
}

/** Where a dragged point goes. Call with `record` once as the drag starts, so Undo puts it back. */
export function movePoint(history: History, shapeIndex: number, pointIndex: number, to: LngLat, record: boolean): History {
  const shape = history.present.shapes[shapeIndex];
  if (!shape || pointIndex < 0 || pointIndex >= shape.points.length) return history;
  const points = shape.points.map((p, i) => (i === pointIndex ? to : p));
  const shapes = history.present.shapes.map((s, i) => (i === shapeIndex ? { ...s, points } : s));
  const present = { ...history.present, shapes };
  return { present, past: record ? [...history.past, history.present] : history.past };
}

/** Finishes an open shape that can be finished, before the drawing is sent. */
export function finishOpen(drawing: Drawing): Drawing {
  return step(drawing, { type: "done" });
}
