// The loader facade under happy-dom: the queue stub, the bubble, and when and how the bundle
// is loaded. happy-dom never runs the injected bundle (test/unit/setup.ts disables script
// loading); each test decides whether that counts as a load or an error.
// Over 300 lines on purpose: every rule of the loader (queue, bubble, press hand-over, shell, duplicate snippets) on one happy-dom set-up.
import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import { afterEach, beforeEach, describe, mock, test } from "node:test";
import assert from "node:assert/strict";
import { startLoader } from "../../../loader/start-loader.ts";
import type { QuoteAssistantGlobal } from "../../../loader/queue-stub.ts";

const LOADER_URL = "https://cdn.example.com/qa/v1/loader.js?v=3";
const BUNDLE_URL = "https://cdn.example.com/qa/v1/quote-assistant.js";

const slot = globalThis as unknown as { QuoteAssistant?: QuoteAssistantGlobal };
const settings = (globalThis as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } })
  .happyDOM.settings;

function loaderTag(data: Record<string, string> = { company: "demo-company", bot: "demo-bot" }): HTMLScriptElement {
  // Never inserted: inserting would make happy-dom try to load it. startLoader only reads it.
  const script = document.createElement("script");
  script.src = LOADER_URL;
  Object.assign(script.dataset, data);
  return script;
}

/** The loader adds the bundle's tag after the next frame (a warmed bundle would run at once). */
/** The loader paints its bubble in a task after its own (start-loader.ts): started and painted. */
async function painted(tag: HTMLScriptElement): Promise<void> {
  startLoader(tag);
  await new Promise((resolve) => setTimeout(resolve));
}
const afterNextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
const facades = () => document.querySelectorAll("[data-quote-assistant-facade]");
const facadeButton = () => facades()[0]!.shadowRoot!.querySelector<HTMLButtonElement>("button.qa-bubble")!;
const bundleScripts = () => document.querySelectorAll(`script[src="${BUNDLE_URL}"]`);
const widgets = () => document.querySelectorAll("quote-assistant");
const queued = () => slot.QuoteAssistant!.q!.map((call) => Array.from(call));

function attributesOf(element: Element): Record<string, string> {
  return Object.fromEntries(Array.from(element.attributes, (a) => [a.name, a.value]));
}

beforeEach(async () => {
  // A bundle tag a test's loader still had to add (after a frame) lands before the next test.
  await afterNextFrame();
  delete slot.QuoteAssistant;
  document.head.innerHTML = "";
  document.body.innerHTML = "";
  settings.handleDisabledFileLoadingAsSuccess = true;
});

afterEach(() => {
  mock.restoreAll();
  settings.handleDisabledFileLoadingAsSuccess = false;
});

describe("the queue stub", () => {
  test("records commands in the order the host page made them, without loading", () => {
    startLoader(loaderTag());
    const handler = () => {};
    slot.QuoteAssistant!("prefill", { firstName: "Ada" });
    slot.QuoteAssistant!("on", "ready", handler);
    slot.QuoteAssistant!("close");
    assert.deepEqual(queued(), [["prefill", { firstName: "Ada" }], ["on", "ready", handler], ["close"]]);
    assert.equal(bundleScripts().length, 0);
    assert.equal(slot.QuoteAssistant!.facade, true);
  });

  test("keeps the queue of a stub the host page defined first, and its queued open loads at once", async () => {
    const hostQueue: unknown[] = [];
    // The classic snippet a host page may run before the loader arrives.
    const hostStub = function (..._args: unknown[]) {
      // eslint-disable-next-line prefer-rest-params
      hostQueue.push(arguments);
    };
    slot.QuoteAssistant = Object.assign(hostStub, { q: hostQueue as QuoteAssistantGlobal["q"] });
    slot.QuoteAssistant("prefill", { zip: "30301" });
    slot.QuoteAssistant("open");
    startLoader(loaderTag());
    slot.QuoteAssistant("close");
    assert.equal(slot.QuoteAssistant.q, hostQueue);
    assert.deepEqual(queued(), [["prefill", { zip: "30301" }], ["open"], ["close"]]);
    // The bubble's task first (the load waits for it), then the frame after which the bundle's tag goes in.
    await new Promise((resolve) => setTimeout(resolve));
    await afterNextFrame();
    assert.equal(bundleScripts().length, 1);
    assert.equal(widgets()[0]!.hasAttribute("open"), true);
  });
});

describe("one bubble per page", () => {
  test("a second copy of the loader adds no second bubble and keeps the first stub", async () => {
    await painted(loaderTag());
    const first = slot.QuoteAssistant;
    startLoader(loaderTag());
    assert.equal(facades().length, 1);
    assert.equal(slot.QuoteAssistant, first);
  });

  test("after the bundle's own tag ran, the loader paints no facade and places the one widget", () => {
    const real = Object.assign(() => {}, { loaded: true, q: [] });
    slot.QuoteAssistant = real;
    startLoader(loaderTag());
    startLoader(loaderTag());
    assert.equal(facades().length, 0);
    assert.equal(slot.QuoteAssistant, real);
    assert.equal(widgets().length, 1, "later copies see the flag and stand down");
    assert.equal(widgets()[0]!.hasAttribute("open"), false);
    assert.equal((widgets()[0] as HTMLElement).style.display, "", "upgraded at once: its own :host rules lay it out");
    assert.equal(bundleScripts().length, 0, "the bundle is not loaded again");
  });

  test("after the bundle's own tag ran, the loader adds nothing to a page that placed the widget itself", () => {
    slot.QuoteAssistant = Object.assign(() => {}, { loaded: true, q: [] });
    document.body.append(document.createElement("quote-assistant-widget"));
    startLoader(loaderTag());
    assert.equal(widgets().length, 0);
    assert.equal(document.querySelectorAll("quote-assistant-widget").length, 1);
  });

  test("a copy of the loader after the bundle took over from the first copy stands down", async () => {
    await painted(loaderTag());
    // The bundle's host API keeps the stub's facade flag when it replaces it (host-api.ts).
    slot.QuoteAssistant = Object.assign(() => {}, { loaded: true, q: [], facade: true });
    startLoader(loaderTag());
    assert.equal(facades().length, 1);
    assert.equal(widgets().length, 0);
  });

  test("a click after the bundle's tag ran (the loader's widget not placed yet) places it open", async () => {
    await painted(loaderTag());
    const calls: unknown[][] = [];
    slot.QuoteAssistant = Object.assign((...args: unknown[]) => void calls.push(args), { loaded: true, q: [], facade: true });
    facadeButton().click();
    assert.equal(widgets().length, 1);
    assert.equal(widgets()[0]!.hasAttribute("open"), true);
    assert.equal(bundleScripts().length, 0, "no second copy of the bundle");
    assert.deepEqual(calls, [["open"]]);
  });

  test("a tag without data-company or data-bot shows nothing and says why", () => {
    const warn = mock.method(console, "warn", () => {});
    startLoader(loaderTag({ company: "demo-company" }));
    assert.equal(facades().length, 0);
    assert.equal(slot.QuoteAssistant, undefined);
    assert.equal(warn.mock.callCount(), 1);
  });
});

describe("the facade bubble", () => {
  test("is a labelled button with an inert icon, styled through adoptedStyleSheets", async () => {
    await painted(loaderTag());
    const host = facades()[0]!;
    const root = host.shadowRoot!;
    const button = facadeButton();
    assert.equal(button.getAttribute("type"), "button");
    assert.equal(button.getAttribute("aria-label"), "Open the quote assistant chat");
    const icon = button.querySelector("svg")!;
    assert.equal(icon.namespaceURI, "http://www.w3.org/2000/svg");
    assert.equal(icon.getAttribute("aria-hidden"), "true");
    assert.ok(icon.querySelector("path")!.getAttribute("d"));
    // A strict CSP (style-src 'self') blocks <style> and style=; adopted sheets pass.
    assert.equal(root.adoptedStyleSheets.length, 1);
    assert.equal(root.querySelectorAll("style, [style]").length, 0);
    assert.equal(host.hasAttribute("style"), false);
  });

  test("comes in a task after the loader's own (together they made a long task at 4x CPU), and a page's open waits for it", async () => {
    startLoader(loaderTag());
    slot.QuoteAssistant!("open");
    assert.equal(facades().length, 0);
    assert.equal(widgets().length, 0);
    await new Promise((resolve) => setTimeout(resolve));
    assert.equal(facades().length, 1);
    assert.deepEqual(Array.from(document.body.children, (child) => child.localName), ["div", "quote-assistant"]);
  });

  test("waits for <body> when the loader runs in <head>", async () => {
    const body = document.body;
    body.remove();
    startLoader(loaderTag());
    slot.QuoteAssistant!("open");
    await new Promise((resolve) => setTimeout(resolve));
    assert.equal(facades().length, 0);
    document.documentElement.append(body);
    document.dispatchEvent(new Event("DOMContentLoaded"));
    assert.equal(facades().length, 1);
    // The facade comes first, then the widget: the real bubble stacks on top of it.
    assert.deepEqual(
      Array.from(body.children, (child) => child.localName),
      ["div", "quote-assistant"],
    );
  });
});

describe("loading the bundle", () => {
  test("open from the host page starts loading at once (after the shell's frame), with the widget already open", async () => {
    await painted(loaderTag({ company: "demo-company", bot: "demo-bot", apiBase: "https://api.example.com" }));
    slot.QuoteAssistant!("open");
    assert.equal(bundleScripts().length, 0, "not before the next frame: the shell is painted first");
    await afterNextFrame();
    assert.equal(bundleScripts().length, 1);
    assert.equal((bundleScripts()[0] as HTMLScriptElement).async, true);
    assert.equal(widgets().length, 1);
    assert.deepEqual(attributesOf(widgets()[0]!), {
      company: "demo-company",
      bot: "demo-bot",
      "api-base": "https://api.example.com",
      open: "",
      // A block until it is ready (set through CSSOM; see "a block until it is ready" below).
      style: "display: block;",
    });
    assert.deepEqual(queued(), [["open"]]);
  });

  for (const intent of ["pointerenter", "focus", "touchstart"]) {
    test(`${intent} on the bubble loads the bundle once, without opening`, async () => {
      await painted(loaderTag());
      facadeButton().dispatchEvent(new Event(intent));
      facadeButton().dispatchEvent(new Event(intent));
      await afterNextFrame();
      assert.equal(bundleScripts().length, 1);
      assert.deepEqual(attributesOf(widgets()[0]!), { company: "demo-company", bot: "demo-bot", style: "display: block;" });
      assert.deepEqual(queued(), []);
      assert.equal(facades().length, 1, "the facade stays until the widget is ready");
    });
  }

  test("a click loads the bundle and queues open, stamped with the click's time", async () => {
    await painted(loaderTag());
    facadeButton().dispatchEvent(new Event("pointerenter"));
    const before = Date.now();
    facadeButton().click();
    const after = Date.now();
    await afterNextFrame();
    assert.equal(bundleScripts().length, 1);
    assert.equal(widgets().length, 1);
    assert.deepEqual(queued(), [["open"]]);
    const askedAt = slot.QuoteAssistant!.q![0]!.askedAt!;
    assert.ok(askedAt >= before && askedAt <= after, `stamped ${askedAt}, clicked between ${before} and ${after}`);
  });

  test("a click after the real bundle took over calls it directly", async () => {
    await painted(loaderTag());
    facadeButton().dispatchEvent(new Event("pointerenter"));
    const calls: unknown[][] = [];
    slot.QuoteAssistant = Object.assign((...args: unknown[]) => void calls.push(args), { loaded: true });
    facadeButton().click();
    assert.deepEqual(calls, [["open"]]);
  });

  test("the widget's ready event removes the facade and nothing else", async () => {
    await painted(loaderTag());
    slot.QuoteAssistant!("open");
    const widget = widgets()[0]!;
    // The widget opened by the command has painted its window (the shell waits for it).
    const window = document.createElement("div");
    window.className = "qa-window";
    widget.attachShadow({ mode: "open" }).append(window);
    widget.shadowRoot!.firstElementChild!.dispatchEvent(
      new CustomEvent("quote-assistant:ready", { bubbles: true, composed: true }),
    );
    assert.equal(facades().length, 0);
    assert.equal(widgets().length, 1);
  });

  // An unknown element is an inline box: on a page without text Chromium set up fonts for the
  // line it made, 6-10 ms at 4x CPU before any click (bench/). Until the widget is ready it is a
  // block (no line, no fonts); then its own `:host` rules and the page's CSS decide again.
  test("the placed widget is a block until it is ready, set through CSSOM, and then lays itself out", async () => {
    await painted(loaderTag());
    slot.QuoteAssistant!("open");
    const widget = widgets()[0] as HTMLElement;
    assert.equal(widget.style.display, "block");
    widget.attachShadow({ mode: "open" }).append(Object.assign(document.createElement("div"), { className: "qa-window" }));
    widget.dispatchEvent(new CustomEvent("quote-assistant:ready", { bubbles: true, composed: true }));
    assert.equal(facades().length, 0);
    assert.equal(widget.style.display, "", "no inline style left: a page's `quote-assistant{display:none}` works");
    assert.equal(widget.getAttribute("style") ?? "", "");
  });

  test("open from the page paints the window's shell at once, and it stays until the widget's window is there", async () => {
    await painted(loaderTag({ company: "demo-company", bot: "demo-bot", name: "Demo Lawn & Pest Co." }));
    slot.QuoteAssistant!("open");
    const shell = facades()[0]!.shadowRoot!.querySelector(".qa-root .qa-window");
    assert.ok(shell, "the shell is painted by the command alone");
    assert.equal(shell.querySelector(".qa-header-title")!.textContent, "Demo Lawn & Pest Co.");
    const widget = widgets()[0]!;
    assert.equal(widget.getAttribute("company-name"), "Demo Lawn & Pest Co.", "the widget's window says the same name while it loads");
    const root = widget.attachShadow({ mode: "open" });
    widget.dispatchEvent(new CustomEvent("quote-assistant:ready", { bubbles: true, composed: true }));
    assert.equal(facades().length, 1, "no window of the widget's yet: the shell stays");
    const window = document.createElement("div");
    window.className = "qa-window";
    root.append(window);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await new Promise((resolve) => requestAnimationFrame(resolve));
    assert.equal(facades().length, 0, "the widget's window took the shell's place");
  });

  const ready = (widget: Element) =>
    widget.dispatchEvent(new CustomEvent("quote-assistant:ready", { bubbles: true, composed: true }));

  for (const down of ["pointerdown", "keydown"]) {
    test(`ready during a press (${down}) keeps the facade until the press's click, which opens`, async () => {
      await painted(loaderTag());
      facadeButton().dispatchEvent(new Event(down, { bubbles: true }));
      const widget = widgets()[0]!;
      ready(widget);
      assert.equal(facades().length, 1, "the facade still owns the bubble mid-press");
      const calls: unknown[][] = [];
      slot.QuoteAssistant = Object.assign((...args: unknown[]) => void calls.push(args), { loaded: true });
      facadeButton().click();
      assert.deepEqual(calls, [["open"]], "the click opens through the real widget");
      assert.equal(facades().length, 0, "and then the facade gives way");
    });
  }

  test("a press that ends without a click hands the bubble over a moment after the release", () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    startLoader(loaderTag());
    mock.timers.tick(0); // the bubble's own task
    facadeButton().dispatchEvent(new Event("pointerdown", { bubbles: true }));
    ready(widgets()[0]!);
    window.dispatchEvent(new Event("pointercancel"));
    mock.timers.tick(399);
    assert.equal(facades().length, 1, "a slow device may still deliver the click");
    mock.timers.tick(1);
    assert.equal(facades().length, 0);
    mock.timers.reset();
  });

  test("a keyboard visitor on the facade hands focus to the widget after the swap", async () => {
    await painted(loaderTag());
    facadeButton().focus();
    const widget = widgets()[0]!;
    // The real element's focus() picks its open chat window or its bubble (browser-tested).
    const focus = mock.method(widget as HTMLElement, "focus", () => {});
    widget.dispatchEvent(new CustomEvent("quote-assistant:ready", { bubbles: true, composed: true }));
    assert.equal(facades().length, 0);
    assert.equal(focus.mock.callCount(), 1);
  });

  test("a facade without focus takes none away from the page after the swap", async () => {
    await painted(loaderTag());
    facadeButton().dispatchEvent(new Event("pointerenter"));
    const widget = widgets()[0]!;
    const focus = mock.method(widget as HTMLElement, "focus", () => {});
    widget.dispatchEvent(new CustomEvent("quote-assistant:ready", { bubbles: true, composed: true }));
    assert.equal(focus.mock.callCount(), 0);
  });

  test("a script that fails to load keeps the facade, warns, and the next gesture retries", async () => {
    settings.handleDisabledFileLoadingAsSuccess = false;
    const warn = mock.method(console, "warn", () => {});
    mock.method(console, "error", () => {}); // happy-dom reports the blocked load too
    await painted(loaderTag());
    facadeButton().dispatchEvent(new Event("pointerenter"));
    await afterNextFrame();
    assert.equal(warn.mock.callCount(), 1);
    assert.match(String(warn.mock.calls[0]!.arguments.join(" ")), /quote-assistant\.js/);
    assert.equal(bundleScripts().length, 0, "the failed tag is removed");
    assert.equal(facades().length, 1);

    settings.handleDisabledFileLoadingAsSuccess = true;
    facadeButton().click();
    await afterNextFrame();
    assert.equal(warn.mock.callCount(), 1);
    assert.equal(bundleScripts().length, 1);
    assert.equal(widgets().length, 1, "the retry reuses the widget element");
    assert.deepEqual(queued(), [["open"]]);
  });
});

describe("preload at idle", () => {
  beforeEach(() => mock.timers.enable({ apis: ["setTimeout"] }));
  afterEach(() => mock.timers.reset());

  const preloadLinks = () => document.querySelectorAll<HTMLLinkElement>(`link[rel="preload"][href="${BUNDLE_URL}"]`);

  test("after load, when idle, the bundle is preloaded as a script (download only: no script runs it)", () => {
    startLoader(loaderTag());
    // happy-dom has no requestIdleCallback (nor has WebKit): the loader falls back to a timer after load.
    mock.timers.tick(1999);
    assert.equal(preloadLinks().length, 0);
    mock.timers.tick(1);
    assert.equal(preloadLinks().length, 1);
    assert.equal(preloadLinks()[0]!.getAttribute("as"), "script", "checked against script-src, as the bundle's tag will be");
    assert.equal(document.querySelectorAll('link[rel="prefetch"]').length, 0, "no prefetch: Firefox checks it against default-src, WebKit ignores it");
    assert.equal(bundleScripts().length, 0);
    assert.equal(widgets().length, 0);
  });

  test("the preload carries the loader tag's nonce (a nonce-only CSP allows it as it allows the bundle)", () => {
    const tag = loaderTag();
    // A browser hides the attribute once parsed; the property keeps it (what the loader reads).
    tag.nonce = "n0nce-of-the-page";
    startLoader(tag);
    mock.timers.tick(2000);
    assert.equal(preloadLinks()[0]!.getAttribute("nonce"), "n0nce-of-the-page");
  });

  test("once the preload has downloaded, the next idle moment places the widget closed and runs the bundle", async () => {
    startLoader(loaderTag());
    mock.timers.tick(2000);
    const link = preloadLinks()[0]!;
    mock.timers.tick(5000);
    assert.equal(widgets().length, 0, "nothing runs while the download is under way");
    link.dispatchEvent(new Event("load"));
    mock.timers.tick(49);
    assert.equal(widgets().length, 0, "the run waits for the browser to be idle (a short timer where there is no requestIdleCallback)");
    mock.timers.tick(1);
    assert.equal(widgets().length, 1);
    assert.equal(widgets()[0]!.hasAttribute("open"), false, "placed closed: the visitor has asked for nothing");
    assert.equal(facades().length, 1, "the facade keeps the bubble until the widget's own is on screen");
    mock.timers.reset();
    await afterNextFrame();
    assert.equal(bundleScripts().length, 1, "the bundle runs from the preload's cache");
  });

  test("a preload that never finished runs nothing before the visitor asks", () => {
    startLoader(loaderTag());
    mock.timers.tick(2000);
    preloadLinks()[0]!.dispatchEvent(new Event("error"));
    mock.timers.tick(60_000);
    assert.equal(widgets().length, 0);
    assert.equal(bundleScripts().length, 0);
  });

  test("no preload once loading has started", () => {
    startLoader(loaderTag());
    slot.QuoteAssistant!("open");
    mock.timers.tick(2000);
    assert.equal(preloadLinks().length, 0);
  });
});
