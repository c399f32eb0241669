// The measuring tool (issue 33) in real Chromium, framed as the widget frames it: draw a
// square on the map, read the total, "Use this measurement", and receive measurit:result at
// the exact parent origin, never at another; missing imagery says so and offers Close.
import { MeasureResultSchema } from "../../src/contract/measure-messages.ts";
import * as v from "valibot";
import { assert, assertEqual, seriousAxeViolationsIn, waitFor } from "./fixtures/measure-tool-helpers.ts";

const frames: HTMLIFrameElement[] = [];
afterEach(() => frames.splice(0).forEach((f) => f.remove()));

async function openTool(query: string): Promise<Document> {
  const frame = document.createElement("iframe");
  frame.title = "Measuring tool";
  frame.style.width = "390px";
  frame.style.height = "700px";
  frame.src = `/test/browser/fixtures/measure-tool.html?${query}`;
  document.body.append(frame);
  frames.push(frame);
  return waitFor(() => frame.contentDocument?.getElementById("measure-tool")?.dataset.ready === "true" && frame.contentDocument, "the tool is ready");
}

function tapMap(doc: Document, x: number, y: number): void {
  const map = doc.getElementById("map")!;
  const box = map.getBoundingClientRect();
  const init = { clientX: box.left + x, clientY: box.top + y, pointerId: 1, pointerType: "mouse", isPrimary: true, button: 0, bubbles: true };
  map.dispatchEvent(new PointerEvent("pointerdown", init));
  map.dispatchEvent(new PointerEvent("pointerup", init));
}

function button(doc: Document, name: string): HTMLButtonElement {
  const found = [...doc.querySelectorAll("button")].find((b) => b.textContent === name);
  assert(found, `a button named ${name}`);
  return found;
}


/** A pointer event on the map, at a point of it (CSS px from its top left). */
function pointer(doc: Document, type: string, id: number, x: number, y: number, pointerType: "mouse" | "touch"): void {
  const map = doc.getElementById("map")!;
  const box = map.getBoundingClientRect();
  map.dispatchEvent(new PointerEvent(type, { clientX: box.left + x, clientY: box.top + y, pointerId: id, pointerType, isPrimary: id === 1, button: 0, bubbles: true }));
}

function key(doc: Document, name: string, times = 1): void {
  const map = doc.getElementById("map")!;
  for (let i = 0; i < times; i++) map.dispatchEvent(new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true }));
}

const totalOf = (doc: Document) => Number((doc.getElementById("total")!.textContent ?? "").replace(/[^\d]/g, ""));

describe("measuring tool", () => {
  it("draws a square, shows the total and posts the result to the exact parent origin", async () => {
    const received: unknown[] = [];
    const listener = (event: MessageEvent) => {
      if (event.origin === location.origin && frames.some((f) => f.contentWindow === event.source)) received.push(event.data);
    };
    window.addEventListener("message", listener);
    try {
      const doc = await openTool(`parent=${encodeURIComponent(location.origin)}`);
      for (const [x, y] of [[100, 100], [250, 100], [250, 250], [100, 250]] as const) tapMap(doc, x, y);
      tapMap(doc, 101, 101); // the first point: closes the area
      const total = doc.getElementById("total")!;
      const text = await waitFor(() => /^[\d,]+ sq ft$/.test(total.textContent ?? "") && total.textContent !== "0 sq ft" && total.textContent, "a total");
      assertEqual(total.getAttribute("aria-live"), "polite");
      // 150 px square at zoom 20 near 40° N: about 17 m a side, so about 3,100 sq ft.
      const value = Number(text.replace(/[^\d]/g, ""));
      assert(value > 2500 && value < 3800, `a plausible area, got ${text}`);
      assertEqual(await seriousAxeViolationsIn(doc), [], "axe violations");
      button(doc, "Use this measurement").click();
      const message = await waitFor(() => received[0], "measurit:result");
      assert(v.is(MeasureResultSchema, message), `a valid result: ${JSON.stringify(message).slice(0, 200)}`);
      assertEqual(message.value, value, "the posted value is the total shown");
      assert(message.image?.startsWith("data:image/jpeg;base64,"), "a picture of the drawing");
    } finally {
      window.removeEventListener("message", listener);
    }
  });

  it("posts nothing to this page when the opener named another origin", async () => {
    const received: unknown[] = [];
    const listener = (event: MessageEvent) => received.push(event.data);
    window.addEventListener("message", listener);
    try {
      const doc = await openTool(`parent=${encodeURIComponent("http://localhost:1")}`);
      button(doc, "Close").click();
      await new Promise((resolve) => setTimeout(resolve, 300));
      assertEqual(received, [], "messages for another origin are dropped by the browser");
      const bad = await openTool("parent=*");
      button(bad, "Close").click();
      await waitFor(() => !bad.getElementById("problem")!.hidden, "the problem is shown");
      assertEqual(received, [], "nothing posted without a valid parent");
    } finally {
      window.removeEventListener("message", listener);
    }
  });

  it("says the picture is not available when tiles fail, and Close cancels", async () => {
    const received: unknown[] = [];
    const listener = (event: MessageEvent) => received.push(event.data);
    window.addEventListener("message", listener);
    try {
      const doc = await openTool(`parent=${encodeURIComponent(location.origin)}&tiles=missing`);
      const box = doc.getElementById("unavailable")!;
      await waitFor(() => !box.hidden, "the unavailable sentence");
      assert(box.textContent?.includes("The satellite picture is not available right now."), box.textContent ?? "");
      box.querySelector("button")!.click();
      await waitFor(() => received.length > 0, "measurit:cancel");
      assertEqual(received, [{ type: "measurit:cancel", version: 1 }]);
    } finally {
      window.removeEventListener("message", listener);
    }
  });
  it("by keyboard alone: arrows move the map, Enter adds a point at the centre cross, Backspace undoes, Done closes the area", async () => {
    const doc = await openTool(`parent=${encodeURIComponent(location.origin)}`);
    key(doc, "Enter");
    key(doc, "ArrowLeft", 3);
    key(doc, "Enter");
    key(doc, "ArrowUp", 3);
    key(doc, "Enter");
    key(doc, "ArrowRight", 3);
    key(doc, "Enter");
    key(doc, "Backspace");
    key(doc, "Enter");
    button(doc, "Done").click();
    const area = await waitFor(() => totalOf(doc) > 0 && totalOf(doc), "an area from the keyboard's four points");
    // An undone point and its repeat give the same square: the total is the square's.
    key(doc, "Backspace"); // undoes the closing
    button(doc, "Done").click();
    assertEqual(totalOf(doc), area, "Undo then Done again gives the same area");
  });

  it("on a phone: a one-finger tap places a point, a one-finger drag does not draw, a pinch zooms in", async () => {
    const doc = await openTool(`parent=${encodeURIComponent(location.origin)}`);
    const scale = doc.getElementById("scale-label")!;
    const before = scale.textContent;
    // A one-finger drag: no point, a hint to use two fingers.
    pointer(doc, "pointerdown", 1, 100, 100, "touch");
    pointer(doc, "pointermove", 1, 160, 160, "touch");
    pointer(doc, "pointerup", 1, 160, 160, "touch");
    // A pinch: two fingers spread from 60 px apart to 240 px, four times farther (two zoom levels).
    pointer(doc, "pointerdown", 1, 165, 200, "touch");
    pointer(doc, "pointerdown", 2, 225, 200, "touch");
    for (const spread of [90, 120, 180, 240]) {
      pointer(doc, "pointermove", 1, 195 - spread / 2, 200, "touch");
      pointer(doc, "pointermove", 2, 195 + spread / 2, 200, "touch");
    }
    pointer(doc, "pointerup", 1, 75, 200, "touch");
    pointer(doc, "pointerup", 2, 315, 200, "touch");
    await waitFor(() => scale.textContent !== before && scale.textContent, "the scale bar after the pinch");
    assertEqual(totalOf(doc), 0, "no gesture drew anything");
    // Taps draw: three of them and the first again close a triangle.
    for (const [x, y] of [[100, 100], [250, 100], [175, 250], [100, 100]] as const) {
      pointer(doc, "pointerdown", 1, x, y, "touch");
      pointer(doc, "pointerup", 1, x, y, "touch");
    }
    const small = await waitFor(() => totalOf(doc) > 0 && totalOf(doc), "a triangle's area");
    // Zoomed in twice, the same 150 px triangle covers a sixteenth of the ground it did.
    assert(small < 800, `the triangle at the deeper zoom is small: ${small} sq ft`);
  });

  it("a point dragged by mouse changes the area", async () => {
    const doc = await openTool(`parent=${encodeURIComponent(location.origin)}`);
    for (const [x, y] of [[100, 100], [250, 100], [250, 250], [100, 250], [100, 100]] as const) tapMap(doc, x, y);
    const square = await waitFor(() => totalOf(doc) > 0 && totalOf(doc), "the square's area");
    pointer(doc, "pointerdown", 1, 250, 250, "mouse");
    pointer(doc, "pointermove", 1, 300, 300, "mouse");
    pointer(doc, "pointermove", 1, 325, 325, "mouse");
    pointer(doc, "pointerup", 1, 325, 325, "mouse");
    const bigger = await waitFor(() => totalOf(doc) !== square && totalOf(doc), "the area after the drag");
    assert(bigger > square, `dragging a corner outwards grows the area: ${square} → ${bigger}`);
  });
});
