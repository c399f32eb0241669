// The postMessage bridge across real origins in Chromium: only the allowed origin's own
// iframe, with a valid payload, gets through (ISSUE 4 item 8).
import { listenToFrame } from "../../src/bridge/frame-bridge.ts";
import { MeasureMessageSchema, type MeasureMessage } from "../../src/contract/measure-messages.ts";
import { assert, assertEqual, waitFor } from "./helpers.ts";

interface Origins {
  allowed: string;
  otherPort: string;
  lookAlike: string;
}

const good = { type: "measurit:result", version: 1, mode: "area", value: 8200, units: "sq ft" };
let origins: Origins;
let received: MeasureMessage[] = [];
let stop: (() => void) | undefined;
const cleanups: Array<() => void> = [];

afterEach(() => {
  stop?.();
  for (const cleanup of cleanups.splice(0)) cleanup();
  received = [];
});

async function loadOrigins(): Promise<Origins> {
  origins ??= (await (await fetch("/test-origins.json")).json()) as Origins;
  return origins;
}

/** Opens the emitter in a frame (or popup) and resolves with its window once it is ready. */
function openEmitter(origin: string, how: "iframe" | "sandboxed" | "popup"): Promise<{ win: Window; frame?: HTMLIFrameElement }> {
  const src = `${origin}/emitter.html?parent=${encodeURIComponent(location.origin)}`;
  return new Promise((resolve, reject) => {
    let frame: HTMLIFrameElement | undefined;
    let win: Window | null = null;
    const onReady = (event: MessageEvent) => {
      if ((event.data as { emitter?: string })?.emitter !== "ready" || event.source !== win) return;
      window.removeEventListener("message", onReady);
      resolve({ win: win!, ...(frame ? { frame } : {}) });
    };
    window.addEventListener("message", onReady);
    if (how === "popup") {
      win = window.open(src, "_blank", "popup,width=200,height=200");
      if (!win) return reject(new Error("the popup was blocked"));
      cleanups.push(() => win!.close());
    } else {
      frame = document.createElement("iframe");
      frame.title = "emitter";
      if (how === "sandboxed") frame.setAttribute("sandbox", "allow-scripts");
      frame.src = src;
      document.body.append(frame);
      win = frame.contentWindow;
      cleanups.push(() => frame!.remove());
    }
    setTimeout(() => reject(new Error(`emitter at ${origin} (${how}) never got ready`)), 8000);
  });
}

/** Listens as the widget does for the measuring tool living in `toolFrame`. */
function listenTo(toolUrl: string, toolFrame: () => Window | null) {
  stop = listenToFrame({ frameUrl: toolUrl, frameWindow: toolFrame, schema: MeasureMessageSchema, onMessage: (m) => received.push(m) });
}

/**
 * Tells the emitter at `origin` what to post; resolves once the emitter's next message, saying it
 * has posted, has arrived. Messages from one window to another arrive in the order they were
 * posted, so by then the payload has been handled: taken, or (rightly) ignored.
 */
function command(win: Window, origin: string, payload: unknown): Promise<void> {
  return new Promise((resolve) => {
    const onPosted = (event: MessageEvent) => {
      if (event.source !== win || (event.data as { emitter?: string } | null)?.emitter !== "posted") return;
      window.removeEventListener("message", onPosted);
      resolve();
    };
    window.addEventListener("message", onPosted);
    win.postMessage({ cmd: "post", payload }, origin);
  });
}

describe("the frame bridge across real origins", () => {
  it("accepts a valid result from the allowed origin's own iframe", async () => {
    const { allowed } = await loadOrigins();
    const tool = await openEmitter(allowed, "iframe");
    listenTo(`${allowed}/tool`, () => tool.frame!.contentWindow);
    await command(tool.win, allowed, good);
    await waitFor(() => received.length === 1, "the result");
    assertEqual(received[0], good as MeasureMessage);
  });

  const elsewhere: Array<[string, keyof Origins]> = [
    ["another port", "otherPort"],
    ["a look-alike host name", "lookAlike"],
  ];
  for (const [what, key] of elsewhere) {
    it(`ignores the same payload from ${what}`, async () => {
      const o = await loadOrigins();
      const impostor = await openEmitter(o[key], "iframe");
      listenTo(`${o.allowed}/tool`, () => impostor.frame!.contentWindow);
      await command(impostor.win, o[key], good);
      assertEqual(received.length, 0, "messages taken");
    });
  }

  it("ignores a second iframe of the allowed origin", async () => {
    const { allowed } = await loadOrigins();
    const tool = await openEmitter(allowed, "iframe");
    const second = await openEmitter(allowed, "iframe");
    listenTo(`${allowed}/tool`, () => tool.frame!.contentWindow);
    await command(second.win, allowed, good);
    assertEqual(received.length, 0, "messages taken");
  });

  it("ignores a popup of the allowed origin", async () => {
    const { allowed } = await loadOrigins();
    const tool = await openEmitter(allowed, "iframe");
    const popup = await openEmitter(allowed, "popup");
    listenTo(`${allowed}/tool`, () => tool.frame!.contentWindow);
    await command(popup.win, allowed, good);
    assertEqual(received.length, 0, "messages taken");
  });

  it("ignores the allowed page when sandboxed (origin 'null')", async () => {
    const { allowed } = await loadOrigins();
    const tool = await openEmitter(allowed, "sandboxed");
    listenTo(`${allowed}/tool`, () => tool.frame!.contentWindow);
    // A sandboxed frame's origin is "null" and cannot be named: the test fixture alone uses "*".
    await command(tool.win, "*", good);
    assertEqual(received.length, 0, "messages taken");
  });

  const bad: Array<[string, unknown]> = [
    ["a malformed payload", { type: "measurit:result", value: 10 }],
    ["an out-of-range value", { ...good, value: 300_001 }],
    ["a zero value", { ...good, value: 0 }],
    ["an oversized payload", { ...good, image: `data:image/png;base64,${"A".repeat(300_000)}` }],
    ["a __proto__ payload", JSON.parse('{"type":"measurit:result","version":1,"mode":"area","value":5,"units":"sq ft","__proto__":{"polluted":true}}')],
    ["text", "measurit:result 8200"],
  ];
  for (const [what, payload] of bad) {
    it(`ignores ${what} from the right frame, and throws nothing`, async () => {
      const { allowed } = await loadOrigins();
      const tool = await openEmitter(allowed, "iframe");
      listenTo(`${allowed}/tool`, () => tool.frame!.contentWindow);
      const errors: string[] = [];
      const onError = (e: ErrorEvent) => errors.push(e.message);
      window.addEventListener("error", onError);
      await command(tool.win, allowed, payload);
      window.removeEventListener("error", onError);
      assertEqual(received.length, 0, "messages taken");
      assertEqual(errors, [], "uncaught errors");
      assert(({} as { polluted?: boolean }).polluted === undefined, "no prototype pollution");
    });
  }
});
