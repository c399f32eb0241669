// The loader facade: paints the bubble at once, queues host-page commands, preloads the
// bundle when the browser is idle and, once it has downloaded, runs it at the next idle moment
// with the widget closed: React renders the chat window hidden, in slices, so that a click only
// reveals it (issue 35). An `open` command or a gesture before that runs the bundle at once.
// Size matters more than usual here (budget 1.5 KB brotli): arrow functions (esbuild keeps
// the `function` keyword), short log messages, no feature without a reason.
import { WIDGET_SELECTOR } from "../src/element/tag-names.ts";
import { firstWords } from "../src/i18n/first-words.ts";
import { pageLanguage } from "../src/i18n/page-language.ts";
import { createElementWith, paintBubble, paintShell } from "./paint-bubble.ts";
import { createQueueStub, globalSlot, type QueuedCall, type QuoteAssistantGlobal } from "./queue-stub.ts";
import { trustedScriptUrl } from "./trusted-script-url.ts";

/** Dispatched (bubbles, composed) by the real element once its own bubble is on screen. */
const READY_EVENT = "quote-assistant:ready";
/** Without requestIdleCallback (WebKit), preload this long after the load event. */
const IDLE_FALLBACK_MS = 2000;
const LOG_PREFIX = "[quote-assistant]";
/** The ends of a press, wherever the pointer or focus went meanwhile. */
const RELEASE_EVENTS = ["pointerup", "pointercancel", "keyup"];
const RELEASE_GRACE_MS = 400;

const whenBody = (run: () => void): void => {
  // An async script in <head> can run before <body> exists.
  if (document.body) run();
  else document.addEventListener("DOMContentLoaded", run, { once: true });
};

/**
 * Runs `task` once the page has loaded and the browser is idle: it must not compete with the
 * host. Without requestIdleCallback (WebKit), `fallbackMs` after the load event.
 */
const whenIdleAfterLoad = (task: () => void, fallbackMs = IDLE_FALLBACK_MS): void => {
  const schedule = (): void => {
    if ("requestIdleCallback" in self) requestIdleCallback(task);
    else setTimeout(task, fallbackMs);
  };
  if (document.readyState == "complete") schedule();
  else addEventListener("load", schedule, { once: true });
};

/**
 * Download first: `rel=preload as=script` fills the cache and runs nothing; `then` runs when it
 * has (Chromium compiles it meanwhile, off the main thread). Every engine honours
 * it (WebKit ignores `rel=prefetch`) and checks it against `script-src` with the tag's nonce, as
 * it will check the bundle's own tag (Firefox checks a prefetch against `default-src`). The
 * price: Chromium notes in the console, as a warning, a preload not used within a few seconds.
 */
const preload = (url: string, nonce: string, then: () => void): void => {
  // Save-Data visitors asked not to pay for bytes they may never use.
  if (!(navigator as { connection?: { saveData?: boolean } }).connection?.saveData) {
    const link = createElementWith("link", { rel: "preload", as: "script", href: url, nonce });
    link.onload = then;
    document.head.append(link);
  }
};

const createWidgetElement = (data: DOMStringMap, open: boolean): HTMLElement => {
  const element = createElementWith("quote-assistant", { company: data.company!, bot: data.bot! });
  // data-api-base → api-base, data-name → company-name, data-color → brand-color, and
  // data-analytics, data-consent, data-lang under their own names.
  for (const [key, name] of [["apiBase", "api-base"], ["name", "company-name"], ["color", "brand-color"], ["analytics"], ["consent"], ["lang"]]) {
    if (data[key!]) element.setAttribute(name ?? key!, data[key!]!);
  }
  // Set before insertion, so the widget's first render is already the open chat.
  if (open) element.setAttribute("open", "");
  return element;
};

/** `onFail` runs when the download fails, after the failed tag is gone (a tag runs only once). */
const injectBundle = (url: string, nonce: string, onFail: () => void): void => {
  // A nonce-based CSP without 'strict-dynamic' only runs scripts that carry the page's nonce;
  // a page requiring Trusted Types takes the src only from our policy (trusted-script-url.ts).
  const script = createElementWith<HTMLScriptElement>("script", { async: "", nonce });
  script.onerror = () => {
    script.remove();
    onFail();
  };
  try {
    script.src = trustedScriptUrl(url, url);
  } catch {
    return onFail();
  }
  document.head.append(script);
};

/**
 * Starts the facade for the loader's own script tag (`document.currentScript`).
 * Stands down when another copy of the loader already owns the page's bubble (the flag
 * survives the bundle's take-over of `window.QuoteAssistant`). When the bundle already runs
 * (its own tag came first), the loader only places the widget, unless the page has one.
 */
export const startLoader = (script: HTMLOrSVGScriptElement | null): void => {
  const existing: Partial<QuoteAssistantGlobal> = globalSlot.QuoteAssistant || {};
  if (existing.facade) return;
  const tag = (script || {}) as HTMLScriptElement;
  const data = tag.dataset || {};
  if (!tag.src || !data.company || !data.bot) return console.warn(LOG_PREFIX, "needs data-company, data-bot");
  const bundleUrl = new URL("quote-assistant.js", tag.src).href;
  if (existing.loaded) {
    existing.facade = true;
    return whenBody(() => document.querySelector(WIDGET_SELECTOR) || document.body.append(createWidgetElement(data, false)));
  }
  let facade: HTMLElement | undefined;
  let widget: HTMLElement | undefined;
  let loading = false;
  // The facade owns the bubble until the widget can take the same press: a swap between the
  // press and the release would lose the click (neither bubble gets both halves of it).
  let pressing = false;
  let ready = false;
  let shell: HTMLElement | undefined;
  /** What waits for the bubble's task (then the body exists); undefined once the bubble is painted. */
  let beforePaint: (() => void)[] | undefined = [];
  const afterPaint = (run: () => void): void => void (beforePaint ? beforePaint.push(run) : run());

  const removeFacade = (): void => {
    if (!facade) return;
    // The shell stays until the widget's own window is there to take its place, frame for frame.
    if (shell && widget!.hasAttribute("open") && !widget!.shadowRoot?.querySelector(".qa-window")) {
      return void requestAnimationFrame(removeFacade);
    }
    // The widget's `:host` rules (and the page's own CSS for the element) decide from now on.
    widget!.style.display = "";
    // A keyboard visitor on the facade keeps focus on what replaces it: the element's focus()
    // picks the open chat window (after Enter) or the real bubble (after Tab alone).
    const hadFocus = facade.shadowRoot!.activeElement;
    facade.remove();
    facade = undefined;
    if (hadFocus) widget!.focus();
  };
  const endPress = (): void => {
    pressing = false;
    if (ready) removeFacade();
  };
  // A press that ends without a click (the pointer slid off, a touch became a scroll) hands over
  // a moment later: long enough for a slow device to deliver the click, short enough to go unseen.
  const releaseSoon = (): void => void setTimeout(endPress, RELEASE_GRACE_MS);
  const load = (open: boolean): void => {
    if (loading) return;
    loading = true;
    afterPaint(() => {
      if (!widget) {
        widget = createWidgetElement(data, open);
        // A block until the widget is ready (removeFacade): an unknown element is an inline box,
        // for which Chromium set up fonts on a page without text, 6-10 ms at 4x CPU (bench/).
        // Set through CSSOM, which a strict CSP allows.
        widget.style.display = "block";
        // On the document: the bundle replaces our element when the page has taken its name.
        document.addEventListener(READY_EVENT, (event) => {
          if (!widget!.isConnected) widget = event.target as HTMLElement;
          else if (!event.composedPath().includes(widget!)) return;
          ready = true;
          if (!pressing) removeFacade();
        });
        document.body.append(widget);
      }
      // After the next frame: a warmed bundle comes from the preload cache at once, and its
      // first run is a long task. The shell (on a click) is painted first, and a click that
      // follows the pointer's arrival at once is not kept waiting behind that run.
      requestAnimationFrame(() =>
        setTimeout(() => {
          // The bundle's own tag may have run it already (the element upgrades on insertion).
          if (!globalSlot.QuoteAssistant!.loaded) {
            injectBundle(bundleUrl, tag.nonce || "", () => {
              // Keep the bubble: the next gesture tries again.
              loading = false;
              shell?.remove();
              shell = undefined;
              console.warn(LOG_PREFIX, "failed to load", bundleUrl);
            });
          }
        }),
      );
    });
  };

  const queue: QueuedCall[] = existing.q || [];
  // The window's frame at once, whether the visitor clicked the bubble or the page's own
  // "Get a quote" button called open; the widget paints the same frame when it has run.
  const openSoon = (): void => {
    if (facade && !ready) shell ||= paintShell(facade, data.name);
    load(true);
  };
  globalSlot.QuoteAssistant = createQueueStub(queue, openSoon);
  // The bubble is painted in a task of its own, after the one that compiled and ran this file:
  // together they made a long task at 4x CPU slowdown (bench/), which blocks the host page's
  // own input. load() waits for the bubble, so the facade is always there before the widget.
  setTimeout(() => whenBody(() => {
    // A click places the widget if need be, then goes through the global: the stub queues
    // `open`; the real widget, if it took over before its ready event, opens at once.
    facade = paintBubble(
      () => load(false),
      () => {
        pressing = true;
        load(false);
      },
      () => {
        openSoon();
        globalSlot.QuoteAssistant!("open");
        endPress();
      },
      firstWords(pageLanguage(data.lang)).bubbleOpen,
      data.color,
    );
    for (const type of RELEASE_EVENTS) addEventListener(type, () => pressing && releaseSoon(), true);
    const waiting = beforePaint!;
    beforePaint = undefined;
    waiting.forEach((run) => run());
  }));
  // A resume link (`?qa_resume=`, issue 14 §5) opens the chat at once, where the visitor left.
  if (queue.some((call) => call[0] == "open") || location.search.includes("qa_resume=")) load(true);
  // The early run, once the preload is in: WebKit's stand-in for idle has been waited for already.
  whenIdleAfterLoad(() => loading || preload(bundleUrl, tag.nonce || "", () => whenIdleAfterLoad(() => load(false), 50)));
};
