// The built quote chunk (dist/quote-assistant-quote.js) against the built bundle, in real
// Chromium, each case in a fresh same-origin frame: the bundle shares its modules through a
// hidden registry (the namespace of src/lazy/shared-with-chunks.ts) and fetches nothing of
// the quote at start; the chunk registers the modal with the registry of the build it was
// built with; a chunk from another build, or without the bundle, registers nothing and throws
// nothing into the page.
import { assert, assertEqual, waitFor } from "./helpers.ts";

const REGISTRY = Symbol.for("quote-assistant.shared");
const CHUNK = "/dist/quote-assistant-quote.js";

interface Registry {
  buildId: string;
  modules: Record<string, unknown>;
  registerQuoteChunk(chunk: unknown): void;
}

interface Frame {
  win: Window & typeof globalThis & { [REGISTRY]?: Registry };
  /** Uncaught errors in the frame, and what it logged as errors. */
  uncaught: string[];
  logged: string[];
  load(src: string): Promise<void>;
}

const frames: HTMLIFrameElement[] = [];
afterEach(() => {
  for (const frame of frames.splice(0)) frame.remove();
});

async function freshFrame(): Promise<Frame> {
  const iframe = document.createElement("iframe");
  document.body.append(iframe);
  frames.push(iframe);
  const win = iframe.contentWindow as Frame["win"];
  const uncaught: string[] = [];
  const logged: string[] = [];
  win.addEventListener("error", (event) => uncaught.push(event.message));
  win.console.error = (...args: unknown[]) => void logged.push(args.map(String).join(" "));
  const load = (src: string) =>
    new Promise<void>((resolve, reject) => {
      const script = win.document.createElement("script");
      script.src = new URL(src, location.href).href;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`could not load ${src}`));
      win.document.head.append(script);
    });
  return { win, uncaught, logged, load };
}

/** The registry the real bundle fills, read from a frame that ran it. */
async function bundleRegistry(): Promise<{ frame: Frame; registry: Registry }> {
  const frame = await freshFrame();
  await frame.load("/dist/quote-assistant.js");
  const registry = await waitFor(() => frame.win[REGISTRY], "the bundle's registry");
  return { frame, registry };
}

/** A registry made by the test, so what a chunk registers can be seen. */
function fakeRegistry(frame: Frame, buildId: string, modules: Record<string, unknown>): unknown[] {
  const registered: unknown[] = [];
  Object.defineProperty(frame.win, REGISTRY, { value: { buildId, modules, registerQuoteChunk: (chunk: unknown) => registered.push(chunk) } });
  return registered;
}

describe("the quote chunk and the bundle's shared modules", () => {
  it("the bundle fills a hidden, fixed registry with one React and fetches nothing of the quote", async () => {
    const { frame, registry } = await bundleRegistry();
    const descriptor = Object.getOwnPropertyDescriptor(frame.win, REGISTRY)!;
    assertEqual([descriptor.enumerable, descriptor.writable, descriptor.configurable], [false, false, false], "not enumerable, not replaceable");
    assert(/^[0-9a-f]{12}$/.test(registry.buildId), `a build id, got ${registry.buildId}`);
    for (const key of ["React", "jsxRuntime", "v", "formatMoney", "Modal"]) assert(key in registry.modules, `shares ${key}`);
    assertEqual(typeof (registry.modules.React as { useState?: unknown }).useState, "function", "React itself");
    const fetched = frame.win.performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname);
    assert(!fetched.includes(CHUNK), `the quote's file is not fetched at start: ${fetched.join(", ")}`);

    // A second copy of the bundle keeps the first registry (its element is the one defined).
    await frame.load("/dist/quote-assistant.js?copy=2");
    assert(frame.win[REGISTRY] === registry, "the first registry stays");
  });

  it("the chunk, run against the registry it was built for, registers the quote modal and its CSS", async () => {
    const { registry } = await bundleRegistry();
    const frame = await freshFrame();
    const registered = fakeRegistry(frame, registry.buildId, registry.modules);
    await frame.load(CHUNK);
    assertEqual(registered.length, 1, "registered once");
    const chunk = registered[0] as { QuoteModal: unknown; css: string };
    assertEqual(typeof chunk.QuoteModal, "function", "a component");
    assert(chunk.css.includes(".qa-proposal{") && chunk.css.includes(".qa-pay{"), "the proposal's and checkout's CSS");
    assertEqual(frame.uncaught, []);
    assertEqual(frame.logged, []);
  });

  it("a chunk from another build registers nothing, throws nothing into the page, and says why", async () => {
    const { registry } = await bundleRegistry();
    const frame = await freshFrame();
    const registered = fakeRegistry(frame, "0123456789ab", registry.modules);
    await frame.load(CHUNK);
    assertEqual(registered, [], "nothing registered");
    assertEqual(frame.uncaught, [], "no uncaught error");
    assert(frame.logged.some((text) => text.includes("[quote-assistant] the quote chunk could not start") && text.includes("0123456789ab")), `logged: ${frame.logged.join(" | ")}`);
  });

  it("a registry missing a module the chunk needs: nothing registered, nothing thrown", async () => {
    const { registry } = await bundleRegistry();
    const frame = await freshFrame();
    const { v: _dropped, ...modules } = registry.modules;
    const registered = fakeRegistry(frame, registry.buildId, modules);
    await frame.load(CHUNK);
    assertEqual(registered, []);
    assertEqual(frame.uncaught, []);
    assert(frame.logged.some((text) => text.includes("[quote-assistant] the quote chunk could not start")), `logged: ${frame.logged.join(" | ")}`);
  });

  it("the chunk on a page without the bundle does nothing harmful", async () => {
    const frame = await freshFrame();
    await frame.load(CHUNK);
    assertEqual(frame.uncaught, []);
    assert(frame.logged.some((text) => text.includes("could not start")), "logged");
  });
});
