// The map's gestures with Pointer Events. A mouse drags to pan and clicks to place a point; on
// touch one finger taps points (a drag of one finger does nothing, so a scroll never draws)
// and two fingers pan and pinch-zoom. A point's handle is dragged by mouse or one finger.
// The wheel zooms around the mouse; the keys pan, zoom and add a point at the crosshair.
import { panBy, zoomAround, type MapView, type ScreenPoint } from "./map-view.ts";

export interface MapInput {
  view(): MapView;
  setView(view: MapView): void;
  tap(at: ScreenPoint): void;
  /** Starts dragging the handle under `at`; false when there is none. */
  grab(at: ScreenPoint): boolean;
  drag(at: ScreenPoint): void;
  release(): void;
  addAtCentre(): void;
  undo(): void;
  /** A one-finger drag on touch: the page says how to move the map. */
  hintTwoFingers(): void;
}

/** Further than this and a press is a drag, not a tap: a mouse is precise, a finger is not. */
const TAP_SLOP = { mouse: 4, touch: 10 };
const KEY_PAN = 60;

type Gesture = "idle" | "pending" | "pan" | "drag" | "pinch" | "ignored";

export function attachInput(map: HTMLElement, input: MapInput): void {
  const pointers = new Map<number, { at: ScreenPoint; start: ScreenPoint; touch: boolean }>();
  let gesture: Gesture = "idle";
  let pinchStart: { view: MapView; centre: ScreenPoint; distance: number } | undefined;

  const local = (event: PointerEvent | WheelEvent): ScreenPoint => {
    const box = map.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const pair = () => {
    const [a, b] = [...pointers.values()];
    if (!a || !b) return undefined;
    return { centre: { x: (a.at.x + b.at.x) / 2, y: (a.at.y + b.at.y) / 2 }, distance: Math.max(1, Math.hypot(a.at.x - b.at.x, a.at.y - b.at.y)) };
  };

  map.addEventListener("pointerdown", (event) => {
    if (event.pointerType === "mouse" && event.button !== 0) return;
    event.preventDefault();
    map.focus({ preventScroll: true });
    try {
      map.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks (or a synthetic one): the gesture still works inside the map.
    }
    const at = local(event);
    pointers.set(event.pointerId, { at, start: at, touch: event.pointerType !== "mouse" });
    if (pointers.size === 1) {
      gesture = input.grab(at) ? "drag" : "pending";
    } else if (pointers.size === 2) {
      if (gesture === "drag") input.release();
      const p = pair();
      gesture = "pinch";
      pinchStart = p && { view: input.view(), ...p };
    }
  });

  map.addEventListener("pointermove", (event) => {
    const pointer = pointers.get(event.pointerId);
    if (!pointer) return;
    const at = local(event);
    const last = pointer.at;
    pointer.at = at;
    if (gesture === "pending") {
      const moved = Math.hypot(at.x - pointer.start.x, at.y - pointer.start.y);
      if (moved > (pointer.touch ? TAP_SLOP.touch : TAP_SLOP.mouse)) {
        gesture = pointer.touch ? "ignored" : "pan";
        if (pointer.touch) input.hintTwoFingers();
      }
    }
    if (gesture === "pan") input.setView(panBy(input.view(), at.x - last.x, at.y - last.y));
    else if (gesture === "drag") input.drag(at);
    else if (gesture === "pinch" && pinchStart) {
      const now = pair();
      if (!now) return;
      const moved = panBy(pinchStart.view, now.centre.x - pinchStart.centre.x, now.centre.y - pinchStart.centre.y);
      input.setView(zoomAround(moved, pinchStart.view.zoom + Math.log2(now.distance / pinchStart.distance), now.centre));
    }
  });

  const end = (event: PointerEvent, cancelled: boolean) => {
    const pointer = pointers.get(event.pointerId);
    if (!pointer) return;
    pointers.delete(event.pointerId);
    if (gesture === "pending" && !cancelled) input.tap(pointer.at);
    if (gesture === "drag") input.release();
    // Lifting one finger of a pinch ends it; the other finger neither taps nor pans.
    gesture = pointers.size === 0 ? "idle" : "ignored";
  };
  map.addEventListener("pointerup", (event) => end(event, false));
  map.addEventListener("pointercancel", (event) => end(event, true));

  map.addEventListener(
    "wheel",
    (event) => {
      event.preventDefault();
      const view = input.view();
      const delta = Math.max(-100, Math.min(100, event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY));
      input.setView(zoomAround(view, view.zoom - delta / 200, local(event)));
    },
    { passive: false },
  );

  map.addEventListener("keydown", (event) => {
    const view = input.view();
    const stepPx = event.shiftKey ? KEY_PAN * 3 : KEY_PAN;
    const centre = { x: view.width / 2, y: view.height / 2 };
    const pans: Record<string, [number, number]> = { ArrowLeft: [stepPx, 0], ArrowRight: [-stepPx, 0], ArrowUp: [0, stepPx], ArrowDown: [0, -stepPx] };
    const pan = pans[event.key];
    if (pan) input.setView(panBy(view, pan[0], pan[1]));
    else if (event.key === "+" || event.key === "=") input.setView(zoomAround(view, Math.round(view.zoom) + 1, centre));
    else if (event.key === "-" || event.key === "_") input.setView(zoomAround(view, Math.round(view.zoom) - 1, centre));
    else if (event.key === "Enter" || event.key === " ") input.addAtCentre();
    else if (event.key === "Backspace" || event.key === "Delete") input.undo();
    else return;
    event.preventDefault();
  });
}
