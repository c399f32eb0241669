// The measuring tool (issue 33) in real Chromium, framed as the widget frames it: draw a
// square on the map, read the total, "Use this measurement", and receive measurit:result at
// the exact parent origin, never at another; missing imagery says so and offers Close.
import { MeasureResultSchema } from "../../src/bridge/measure-messages.ts";
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
});
