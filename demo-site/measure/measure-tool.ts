// The stand-in measuring tool's page script (bundled by esbuild when the measure origin
// starts, served as /measure-tool.js: no inline script, so the page runs under a strict CSP).
// The visitor outlines the lawn (area) or an edge (perimeter) over the aerial picture by
// mouse, touch or keyboard; Finish posts the measured value to the page that opened the tool,
// at its exact origin. The arithmetic and the rules live in geometry.ts and tool-state.ts.
// Over 300 lines on purpose: it is one page script bundled alone (the DOM wiring of a
// stand-in), and its pure parts are already out in those two modules.
import * as v from "valibot";
import { MAX_IMAGE_CHARS, MeasureResultSchema, type MeasureMessage } from "../../src/contract/measure-messages.ts";
import { buildAerialScene, type AerialScene } from "./aerial-scene.ts";
import { formatMeasurement, type Point } from "./geometry.ts";
import {
  addPoint,
  clampToPicture,
  EMPTY_DRAWING,
  finishDrawing,
  measure,
  METRES_PER_PIXEL,
  parseToolQuery,
  PICTURE_HEIGHT,
  PICTURE_WIDTH,
  undoPoint,
  type Drawing,
} from "./tool-state.ts";

/** How near the first point (in screen pixels) a click closes the outline: a fingertip. */
const CLOSE_RADIUS_CSS_PX = 14;
const KEY_STEP = 2;
const KEY_BIG_STEP = 12;
const IMAGE_WIDTH = 320;
const IMAGE_HEIGHT = 200;

function element<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`measure tool: #${id} is missing`);
  return found;
}

const query = parseToolQuery(window.location.search);
const scene = buildAerialScene(query.address || "demo property");

const canvas = element("drawing", HTMLCanvasElement);
const reading = element("reading", HTMLOutputElement);
const status = element("status", HTMLParagraphElement);
const problem = element("problem", HTMLParagraphElement);
const prompt = element("prompt", HTMLParagraphElement);
const addressLabel = element("address", HTMLElement);
const buttons = {
  undo: element("undo", HTMLButtonElement),
  clear: element("clear", HTMLButtonElement),
  finish: element("finish", HTMLButtonElement),
  cancel: element("cancel", HTMLButtonElement),
};

let drawing: Drawing = EMPTY_DRAWING;
/** Where the next point goes: the mouse, or the keyboard cross. */
let cursor: Point | undefined;
let keyboardCursor = false;

addressLabel.textContent = query.address || "(no address given)";
prompt.textContent =
  query.mode === "area"
    ? "Click or tap around the edge of your lawn to colour it in. Close the outline on the first point, or press Finish."
    : "Click or tap along the edge you want measured. Press Finish when you reach the end.";
canvas.setAttribute(
  "aria-label",
  `Aerial picture of ${query.address || "the property"}, ${PICTURE_WIDTH * METRES_PER_PIXEL} by ${PICTURE_HEIGHT * METRES_PER_PIXEL} metres. ` +
    (query.mode === "area" ? "Outline the lawn." : "Trace the edge to measure."),
);
if (query.problems.length > 0) showProblem(query.problems.join(" "));

function showProblem(text: string): void {
  problem.textContent = text;
  problem.hidden = text === "";
}

function showStatus(text: string): void {
  status.textContent = text;
}

// --- painting -------------------------------------------------------------------------

function paintScene(ctx: CanvasRenderingContext2D, s: AerialScene): void {
  ctx.fillStyle = s.colours.neighbourLawn;
  ctx.fillRect(0, 0, s.width, s.height);
  for (const n of s.neighbours) {
    ctx.fillStyle = s.colours.neighbourLawn;
    ctx.fillRect(n.x, n.y, n.w, n.h);
    ctx.fillStyle = "#b9b1a3";
    ctx.fillRect(n.x + n.w / 2 - 30, n.y + n.h / 2 - 20, 60, 40);
  }
  ctx.fillStyle = "#8e8e8e";
  ctx.fillRect(s.road.x, s.road.y, s.road.w, s.road.h);
  ctx.strokeStyle = "#f5f5f5";
  ctx.setLineDash([18, 14]);
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(0, s.road.y + s.road.h / 2);
  ctx.lineTo(s.width, s.road.y + s.road.h / 2);
  ctx.stroke();
  ctx.fillStyle = s.colours.lawn;
  ctx.fillRect(s.lot.x, s.lot.y, s.lot.w, s.lot.h);
  ctx.strokeStyle = "#ffffffaa";
  ctx.setLineDash([6, 5]);
  ctx.strokeRect(s.lot.x, s.lot.y, s.lot.w, s.lot.h);
  ctx.setLineDash([]);
  ctx.fillStyle = "#c9c2b4";
  ctx.fillRect(s.driveway.x, s.driveway.y, s.driveway.w, s.driveway.h);
  ctx.fillStyle = s.colours.roof;
  ctx.fillRect(s.house.x, s.house.y, s.house.w, s.house.h);
  ctx.strokeStyle = "#00000040";
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(s.house.x, s.house.y + s.house.h / 2);
  ctx.lineTo(s.house.x + s.house.w, s.house.y + s.house.h / 2);
  ctx.stroke();
  ctx.fillStyle = "#2f6b2a";
  for (const t of s.trees) {
    ctx.beginPath();
    ctx.arc(t.x, t.y, t.r, 0, Math.PI * 2);
    ctx.fill();
  }
  paintScaleBar(ctx, s);
}

/** 10 m, the scale stated on the page; kept in the posted picture too. */
function paintScaleBar(ctx: CanvasRenderingContext2D, s: AerialScene): void {
  const barPx = 10 / METRES_PER_PIXEL;
  const x = 12;
  const y = s.height - 14;
  ctx.fillStyle = "#ffffffd0";
  ctx.fillRect(x - 6, y - 22, barPx + 62, 30);
  ctx.fillStyle = "#111";
  ctx.fillRect(x, y - 4, barPx, 4);
  ctx.fillRect(x, y - 10, 2, 10);
  ctx.fillRect(x + barPx - 2, y - 10, 2, 10);
  ctx.font = "12px system-ui, sans-serif";
  ctx.fillText("10 m", x + barPx + 8, y);
}

function paintDrawing(ctx: CanvasRenderingContext2D, d: Drawing, preview: Point | undefined): void {
  const points = d.points;
  if (points.length === 0) return;
  const area = query.mode === "area";
  ctx.lineWidth = 3;
  ctx.lineJoin = "round";
  ctx.strokeStyle = "#ffd400";
  ctx.fillStyle = "#ffd40066";
  ctx.beginPath();
  points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  if (d.closed) {
    ctx.closePath();
    ctx.fill();
  } else if (area && points.length >= 3) {
    ctx.save();
    ctx.globalAlpha = 0.5;
    ctx.fill();
    ctx.restore();
  }
  ctx.stroke();
  if (preview && !d.closed) {
    const last = points[points.length - 1]!;
    ctx.setLineDash([6, 6]);
    ctx.beginPath();
    ctx.moveTo(last.x, last.y);
    ctx.lineTo(preview.x, preview.y);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  points.forEach((p, i) => {
    ctx.beginPath();
    ctx.arc(p.x, p.y, i === 0 && area ? 7 : 5, 0, Math.PI * 2);
    ctx.fillStyle = i === 0 ? "#ffffff" : "#ffd400";
    ctx.fill();
    ctx.strokeStyle = "#1b1b1b";
    ctx.lineWidth = 2;
    ctx.stroke();
  });
}

function paintCursor(ctx: CanvasRenderingContext2D, p: Point): void {
  ctx.strokeStyle = "#ffffff";
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(p.x - 10, p.y);
  ctx.lineTo(p.x + 10, p.y);
  ctx.moveTo(p.x, p.y - 10);
  ctx.lineTo(p.x, p.y + 10);
  ctx.stroke();
  ctx.strokeStyle = "#000000";
  ctx.lineWidth = 1;
  ctx.stroke();
}

function render(): void {
  const ctx = canvas.getContext("2d");
  if (ctx) {
    ctx.clearRect(0, 0, PICTURE_WIDTH, PICTURE_HEIGHT);
    paintScene(ctx, scene);
    paintDrawing(ctx, drawing, cursor);
    if (keyboardCursor && cursor) paintCursor(ctx, cursor);
  }
  const m = measure(drawing, query);
  reading.value = formatMeasurement(m.value, m.unit);
  buttons.undo.disabled = drawing.points.length === 0;
  buttons.clear.disabled = drawing.points.length === 0;
}

/** The drawing alone, small enough for the message (PNG, else JPEG). */
function snapshot(): string | undefined {
  const small = document.createElement("canvas");
  small.width = IMAGE_WIDTH;
  small.height = IMAGE_HEIGHT;
  const ctx = small.getContext("2d");
  if (!ctx) return undefined;
  ctx.scale(IMAGE_WIDTH / PICTURE_WIDTH, IMAGE_HEIGHT / PICTURE_HEIGHT);
  paintScene(ctx, scene);
  paintDrawing(ctx, drawing, undefined);
  for (const encode of [() => small.toDataURL("image/png"), () => small.toDataURL("image/jpeg", 0.85), () => small.toDataURL("image/jpeg", 0.6)]) {
    const url = encode();
    if (url.length <= MAX_IMAGE_CHARS) return url;
  }
  return undefined;
}

// --- input ----------------------------------------------------------------------------

/** Screen position to picture pixels (the canvas is scaled to fit the screen). */
function toPicture(event: PointerEvent): Point {
  const box = canvas.getBoundingClientRect();
  return clampToPicture({
    x: ((event.clientX - box.left) / box.width) * PICTURE_WIDTH,
    y: ((event.clientY - box.top) / box.height) * PICTURE_HEIGHT,
  });
}

function closeRadius(): number {
  const box = canvas.getBoundingClientRect();
  return box.width > 0 ? CLOSE_RADIUS_CSS_PX * (PICTURE_WIDTH / box.width) : CLOSE_RADIUS_CSS_PX;
}

function place(point: Point): void {
  const before = drawing;
  drawing = addPoint(drawing, point, query.mode, closeRadius());
  if (drawing.closed && !before.closed) showStatus("Outline closed. Press Finish to send it, or Undo to keep drawing.");
  else if (drawing === before) showStatus("The outline is closed. Undo or Clear to change it.");
  else showStatus("");
  render();
}

canvas.addEventListener("pointerdown", (event) => {
  if (!event.isPrimary || event.button > 0) return;
  event.preventDefault();
  keyboardCursor = false;
  place(toPicture(event));
});
canvas.addEventListener("pointermove", (event) => {
  if (event.pointerType !== "mouse") return;
  keyboardCursor = false;
  cursor = toPicture(event);
  render();
});
canvas.addEventListener("pointerleave", () => {
  if (keyboardCursor) return;
  cursor = undefined;
  render();
});

// Keyboard: the arrow keys move a cross over the picture, Enter or Space puts a point there.
canvas.addEventListener("focus", () => {
  keyboardCursor = true;
  cursor ??= drawing.points[drawing.points.length - 1] ?? { x: PICTURE_WIDTH / 2, y: PICTURE_HEIGHT / 2 };
  render();
});
canvas.addEventListener("blur", () => {
  keyboardCursor = false;
  cursor = undefined;
  render();
});
canvas.addEventListener("keydown", (event) => {
  const step = event.shiftKey ? KEY_BIG_STEP : KEY_STEP;
  const at = cursor ?? { x: PICTURE_WIDTH / 2, y: PICTURE_HEIGHT / 2 };
  const moves: Record<string, Point> = {
    ArrowLeft: { x: at.x - step, y: at.y },
    ArrowRight: { x: at.x + step, y: at.y },
    ArrowUp: { x: at.x, y: at.y - step },
    ArrowDown: { x: at.x, y: at.y + step },
  };
  const moved = moves[event.key];
  if (moved) {
    cursor = clampToPicture(moved);
    keyboardCursor = true;
  } else if (event.key === "Enter" || event.key === " ") {
    place(at);
  } else if (event.key === "Backspace" || event.key === "Delete") {
    drawing = undoPoint(drawing);
  } else {
    return;
  }
  event.preventDefault();
  render();
});

// --- buttons --------------------------------------------------------------------------

function post(message: MeasureMessage): boolean {
  if (query.parentOrigin === undefined || window.parent === window) {
    showProblem(
      query.parentOrigin === undefined
        ? query.problems.join(" ")
        : "This tool is not inside another page, so there is nobody to send the result to.",
    );
    return false;
  }
  // The exact origin the opener named: a page of any other origin never receives it.
  window.parent.postMessage(message, query.parentOrigin);
  return true;
}

buttons.undo.addEventListener("click", () => {
  drawing = undoPoint(drawing);
  showStatus("");
  render();
});
buttons.clear.addEventListener("click", () => {
  drawing = EMPTY_DRAWING;
  showStatus("");
  render();
});
buttons.finish.addEventListener("click", () => {
  const outcome = finishDrawing(drawing, query);
  if (!outcome.ok) {
    showStatus(outcome.reason);
    return;
  }
  const { measurement } = outcome;
  if (query.mode === "area" && !drawing.closed) drawing = { points: drawing.points, closed: true };
  render();
  const image = snapshot();
  let message: MeasureMessage = { type: "measurit:result", version: 1, mode: measurement.mode, value: measurement.value, units: measurement.unit };
  if (image !== undefined) message = { ...message, image };
  // Send only what the widget's own schema accepts; a picture it would refuse is left out.
  if (!v.is(MeasureResultSchema, message)) message = { type: "measurit:result", version: 1, mode: measurement.mode, value: measurement.value, units: measurement.unit };
  const label = formatMeasurement(measurement.value, measurement.unit);
  if (post(message)) showStatus(`Sent: ${label}.`);
  else showStatus(`Measured ${label}, but it could not be sent.`);
});
const cancel = () => {
  if (post({ type: "measurit:cancel", version: 1 })) showStatus("Cancelled.");
};
buttons.cancel.addEventListener("click", cancel);
// Escape inside the tool closes it, as it closes the widget's modal around it (issue 16): the
// key never reaches the widget from inside this frame, so the tool says so itself.
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") cancel();
});

canvas.dataset.ready = "true";
render();
