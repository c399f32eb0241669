// The measuring tool's page script (bundled alone by esbuild as an IIFE, served beside the
// page: no inline script, so the page runs under a strict CSP). The visitor draws the lawn
// (area) or its edges (perimeter) on the satellite map; "Use this measurement" posts the total
// and a picture to the page that opened the tool, at its exact origin, and "Close" cancels.
// Its words are the page's language's (data-lang: src/i18n/<lang>/measure-tool.ts).
// The pure parts live beside it: tile-math, map-view, drawing, measure, options, image-fit.
import { MAX_IMAGE_CHARS, type MeasureMessage } from "../contract/measure-messages.ts";
import { MEASURE_TOOL_WORDS } from "../i18n/measure-tool-words.ts";
import { apply, finishOpen, movePoint, openShape, startHistory, type Action, type History } from "./drawing.ts";
import { fitImage } from "./image-fit.ts";
import { attachInput } from "./input.ts";
import { toPlace, toScreen, viewAt, visibleTiles, zoomAround, type MapView, type ScreenPoint } from "./map-view.ts";
import { formatTotal, measureDrawing, outlineText, refusal } from "./measure.ts";
import { parentProblem, readOptions } from "./options.ts";
import { paintCaption, paintMap } from "./paint.ts";
import { scaleBar, unproject } from "./tile-math.ts";
import { TileCache } from "./tiles.ts";

/** A fingertip: how near a handle or the first point a press counts as on it, in CSS pixels. */
const HIT_RADIUS = 22;

function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`measure tool: #${id} is missing`);
  return found;
}

const root = byId("measure-tool", HTMLElement);
const options = readOptions({ ...root.dataset }, window.location.search);
/** The page's language's words (the server rendered the page's own in the same language). */
const w = MEASURE_TOOL_WORDS[options.lang];
/** The scale bar's units in the visitor's words ("50 ft", "50 pies"). */
const scaleUnits = { m: w.unitAfterNumber["linear m"], ft: w.unitAfterNumber["linear ft"] };
const problem = parentProblem(window.location.search, w);
const map = byId("map", HTMLElement);
const canvas = byId("map-canvas", HTMLCanvasElement);
const total = byId("total", HTMLOutputElement);
const status = byId("status", HTMLElement);
const problemBox = byId("problem", HTMLElement);
const unavailable = byId("unavailable", HTMLElement);
const scaleLine = byId("scale-bar", HTMLElement);
const scaleLabel = byId("scale-label", HTMLElement);
const button = (id: string) => byId(id, HTMLButtonElement);
const buttons = {
  done: button("done"),
  undo: button("undo"),
  startOver: button("start-over"),
  another: button("add-area"),
  takeOut: button("take-out"),
  outline: button("use-outline"),
  use: button("use"),
  zoomIn: button("zoom-in"),
  zoomOut: button("zoom-out"),
};

let history: History = startHistory(options.mode);
let view: MapView = viewAt(options.centre ?? [0, 0], options.zoom, 1, 1);
let dragging: { shape: number; point: number } | undefined;
let focused = false;
let frame = 0;
const tiles = new TileCache(options.tileTemplate, () => schedule(), (verdict) => {
  if (verdict === "unavailable") showUnavailable();
});

function say(text: string): void {
  status.textContent = text;
}

function showProblem(text: string): void {
  problemBox.textContent = text;
  problemBox.hidden = false;
}

function showUnavailable(message = w.unavailable): void {
  const sentence = unavailable.querySelector("p");
  if (sentence) sentence.textContent = message;
  unavailable.hidden = false;
  root.classList.add("is-unavailable");
  for (const b of Object.values(buttons)) b.disabled = true;
}

function post(message: MeasureMessage): boolean {
  if (problem !== undefined || options.parentOrigin === undefined) {
    showProblem(problem ?? w.cannotSend);
    return false;
  }
  if (window.parent === window) {
    showProblem(w.notFramed);
    return false;
  }
  // Only the exact origin the opener named receives it: never "*".
  window.parent.postMessage(message, options.parentOrigin);
  return true;
}

function schedule(): void {
  if (frame === 0) frame = requestAnimationFrame(render);
}

function render(): void {
  frame = 0;
  const ratio = window.devicePixelRatio || 1;
  const ctx = canvas.getContext("2d");
  if (ctx && options.centre) {
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    paintMap(ctx, view, history.present, {
      tile: (t) => tiles.get(t),
      maxZoom: options.maxZoom,
      outline: options.outline,
      crosshair: focused,
      handles: true,
    });
  }
  const scale = scaleBar(unproject(view.centre)[1], view.zoom, options.metric, 100, scaleUnits);
  scaleLine.style.width = `${scale.px}px`;
  scaleLabel.textContent = scale.label;
  const m = measureDrawing(history.present, options.metric);
  const text = formatTotal(m.value, m.unit, w);
  if (total.value !== text) total.value = text;
  const drawn = history.present.shapes.length > 0;
  if (!unavailable.hidden) return;
  buttons.undo.disabled = history.past.length === 0;
  buttons.startOver.disabled = !drawn;
  buttons.done.disabled = openShape(history.present) === undefined;
  buttons.use.disabled = !drawn;
}

function resize(): void {
  const box = map.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(box.width * ratio));
  canvas.height = Math.max(1, Math.round(box.height * ratio));
  const first = view.width === 1;
  view = { ...view, width: Math.max(1, box.width), height: Math.max(1, box.height) };
  if (first && box.width > 1) tiles.noteFirstView(visibleTiles(view, options.maxZoom));
  render();
}

function act(action: Action): void {
  history = apply(history, action);
  schedule();
}

/** The handle under a screen point, nearest first. */
function handleAt(at: ScreenPoint): { shape: number; point: number } | undefined {
  let best: { shape: number; point: number; distance: number } | undefined;
  history.present.shapes.forEach((shape, s) =>
    shape.points.forEach((place, p) => {
      const on = toScreen(view, place);
      const distance = Math.hypot(on.x - at.x, on.y - at.y);
      if (distance <= HIT_RADIUS && (!best || distance < best.distance)) best = { shape: s, point: p, distance };
    }),
  );
  return best && { shape: best.shape, point: best.point };
}

function tapAt(at: ScreenPoint): void {
  const open = openShape(history.present);
  const first = open?.points[0];
  const firstOnScreen = first && toScreen(view, first);
  const nearFirst = !!firstOnScreen && Math.hypot(firstOnScreen.x - at.x, firstOnScreen.y - at.y) <= HIT_RADIUS;
  const before = history;
  act({ type: "tap", point: toPlace(view, at), nearFirst });
  if (history === before) say(w.areaFinished);
  else if (openShape(before.present) && !openShape(history.present)) say(w.areaClosedUse);
  else say("");
}

attachInput(map, {
  view: () => view,
  setView: (next) => {
    view = next;
    schedule();
  },
  tap: tapAt,
  grab: (at) => {
    // The open area's first point closes it when tapped, so it is not grabbed.
    const hit = handleAt(at);
    const open = openShape(history.present);
    if (!hit || (open && hit.shape === history.present.shapes.length - 1 && hit.point === 0 && open.points.length >= 3)) return false;
    dragging = hit;
    history = movePoint(history, hit.shape, hit.point, toPlace(view, at), true);
    schedule();
    return true;
  },
  drag: (at) => {
    if (!dragging) return;
    history = movePoint(history, dragging.shape, dragging.point, toPlace(view, at), false);
    schedule();
  },
  release: () => {
    dragging = undefined;
  },
  addAtCentre: () => tapAt({ x: view.width / 2, y: view.height / 2 }),
  undo: () => act({ type: "undo" }),
  hintTwoFingers: () => say(w.twoFingers),
});

map.addEventListener("focus", () => {
  focused = true;
  schedule();
});
map.addEventListener("blur", () => {
  focused = false;
  schedule();
});

function snapshot(): string | undefined {
  const drawing = history.present;
  return fitImage(({ width, quality }) => {
    const small = document.createElement("canvas");
    const scale = Math.min(1, width / view.width);
    small.width = Math.round(view.width * scale);
    small.height = Math.round(view.height * scale);
    const ctx = small.getContext("2d");
    if (!ctx) return undefined;
    ctx.scale(scale, scale);
    paintMap(ctx, view, drawing, { tile: (t) => tiles.get(t), maxZoom: options.maxZoom, outline: undefined, crosshair: false, handles: false });
    paintCaption(ctx, view.width, view.height, scaleBar(unproject(view.centre)[1], view.zoom, options.metric, 100, scaleUnits), options.attribution);
    return small.toDataURL("image/jpeg", quality);
  }, MAX_IMAGE_CHARS);
}

function useMeasurement(): void {
  const drawing = finishOpen(history.present);
  const m = measureDrawing(drawing, options.metric);
  const reason = refusal(drawing, m, w);
  if (reason) return say(reason);
  if (drawing !== history.present) act({ type: "done" });
  const image = snapshot();
  const outline = outlineText(drawing);
  const message: MeasureMessage = { type: "measurit:result", version: 1, mode: m.mode, value: m.value, units: m.unit, ...(image ? { image } : {}), ...(outline ? { outline } : {}) };
  const label = formatTotal(m.value, m.unit, w);
  say(post(message) ? w.sent(label) : w.notSent(label));
}

function close(): void {
  if (post({ type: "measurit:cancel", version: 1 })) say(w.closed);
}

buttons.done.addEventListener("click", () => {
  const before = history;
  act({ type: "done" });
  say(history === before ? w.tooFewToFinish(options.mode === "area") : w.finished(options.mode === "area"));
});
buttons.undo.addEventListener("click", () => act({ type: "undo" }));
buttons.startOver.addEventListener("click", () => {
  act({ type: "start over" });
  say(w.cleared);
});
buttons.another.addEventListener("click", () => {
  act({ type: "another", kind: "lawn" });
  say(w.nextArea);
});
buttons.takeOut.addEventListener("click", () => {
  act({ type: "another", kind: "cutout" });
  say(w.takeOutArea);
});
buttons.outline.addEventListener("click", () => {
  if (!options.outline) return;
  act({ type: "outline", ring: options.outline });
  say(w.outlineDrawn);
});
buttons.use.addEventListener("click", useMeasurement);
for (const closeButton of document.querySelectorAll<HTMLButtonElement>("button[data-close]")) closeButton.addEventListener("click", close);
const zoomBy = (levels: number) => {
  view = zoomAround(view, Math.round(view.zoom) + levels, { x: view.width / 2, y: view.height / 2 });
  schedule();
};
buttons.zoomIn.addEventListener("click", () => zoomBy(1));
buttons.zoomOut.addEventListener("click", () => zoomBy(-1));
// Escape inside the frame never reaches the widget's modal, so the tool closes itself.
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape") close();
});

if (problem) showProblem(problem);
buttons.outline.hidden = !options.outline || options.mode !== "area";
buttons.another.hidden = buttons.takeOut.hidden = options.mode !== "area";
if (!options.centre) showUnavailable(w.notFound);
else {
  new ResizeObserver(resize).observe(map);
  resize();
}
root.dataset.ready = "true";
