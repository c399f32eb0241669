// Injected into every benchmark page before any of the page's own scripts (Playwright
// addInitScript; in WebKit, bench/engines.ts adds it once the page has loaded). Plain JavaScript on purpose: Playwright sends this file's text as is, so it
// must not depend on a compiler's helpers. It only observes; it changes nothing the loader
// or the widget can see, except that window.QuoteAssistant becomes an accessor property
// (reads and writes behave as before) so that the loader's first statement can be timed.
// Every time is performance.now() or a PerformanceEntry time: one clock, from navigation start.
(() => {
  const FACADE = "[data-quote-assistant-facade]";
  const bench = {
    /** First read of window.QuoteAssistant: the loader's first statement (see run.ts). */
    loaderRunAt: null,
    /** The facade host in the DOM (a MutationObserver callback, right after the loader's task). */
    facadeInsertedAt: null,
    /** After the rendering of the first frame whose rAF saw the facade. */
    facadeFramePaintedAt: null,
    firstContentfulPaint: null,
    longTasks: [],
    /** Long animation frames (≥ 50 ms) before the click; `ours` when a script of the loader's or the widget's ran in one. */
    longFrames: [],
    /** event.timeStamp of the first click: when the browser received the input. */
    clickAt: null,
    dialogVisibleAt: null,
    dialogPaintedAt: null,
    windowPaintedAt: null,
    /** After the rendering of the first frame with a bot message in the widget's window (the greeting, at its pace). */
    firstMessagePaintedAt: null,
    /** After the rendering of the first frame after the click, whatever it shows: the engine's own floor. */
    nextFramePaintedAt: null,
    /** Uncaught errors and unhandled rejections (the bench's driver has no Runtime domain to hear them). */
    errors: [],
  };
  Object.defineProperty(window, "__qaBench", { value: bench });
  addEventListener("error", (event) => bench.errors.push(String(event.message)));
  addEventListener("unhandledrejection", (event) => bench.errors.push(String(event.reason)));

  // Added after the page's scripts (WebKit's driver has no preload scripts): the loader's global
  // is kept, and its first statement goes untimed.
  let assistant = window.QuoteAssistant;
  Object.defineProperty(window, "QuoteAssistant", {
    configurable: true,
    enumerable: true,
    get() {
      if (bench.loaderRunAt === null) bench.loaderRunAt = performance.now();
      return assistant;
    },
    set(value) {
      assistant = value;
    },
  });

  // rAF callbacks run just before a frame's style, layout and paint; a message posted from
  // one is handled right after that rendering is done (the usual "after next paint" idiom).
  const afterThisFramePaints = (record) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => record(performance.now());
    channel.port2.postMessage(null);
  };

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.longTasks.push({ startTime: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });

  // Long animation frames (Chromium): their scripts say whose code ran in them. Only frames
  // before the click count (see run.ts); a browser without the entry type reports none.
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (bench.clickAt !== null) continue;
        const ours = entry.scripts.some((script) => /\/(loader|quote-assistant[\w-]*)\.js/.test(script.sourceURL || ""));
        // What ran in the frame, so a long one can be traced to its cause without a profiler.
        const scripts = entry.scripts.map((script) => ({
          source: (script.sourceURL || "").split("/").pop() || script.sourceURL,
          invoker: script.invoker,
          durationMs: Math.round(script.duration),
          compileMs: Math.round(script.executionStart - script.startTime),
        }));
        const renderMs = entry.renderStart ? Math.round(entry.startTime + entry.duration - entry.renderStart) : 0;
        bench.longFrames.push({ startTime: entry.startTime, duration: entry.duration, ours, renderMs, scripts });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch {}

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === "first-contentful-paint") bench.firstContentfulPaint = entry.startTime;
    }
  }).observe({ type: "paint", buffered: true });

  const facadeObserver = new MutationObserver(() => {
    if (!document.querySelector(FACADE)) return;
    bench.facadeInsertedAt = performance.now();
    facadeObserver.disconnect();
    requestAnimationFrame(() => afterThisFramePaints((t) => (bench.facadeFramePaintedAt = t)));
  });
  facadeObserver.observe(document, { childList: true, subtree: true });

  const findDialog = () => {
    const host = document.querySelector("quote-assistant");
    return host && host.shadowRoot ? host.shadowRoot.querySelector('[role="dialog"]') : null;
  };
  const isVisible = (element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  };
  // The window's frame as the visitor first sees it: the facade's shell (painted before the
  // bundle has run) or the widget's own dialog, whichever comes first.
  const findShell = () => {
    const facade = document.querySelector(FACADE);
    return facade && facade.shadowRoot ? facade.shadowRoot.querySelector(".qa-window") : null;
  };
  // Checked in rAF: what a rAF callback sees is what that frame paints. Runs only after the
  // click, so it cannot disturb the no-interaction window.
  const watchForDialog = () => {
    requestAnimationFrame(() => {
      const dialog = findDialog();
      const frame = findShell() || dialog;
      if (bench.windowPaintedAt === null && frame && isVisible(frame)) {
        bench.windowPaintedAt = -1;
        afterThisFramePaints((t) => (bench.windowPaintedAt = t));
      }
      if (dialog && isVisible(dialog)) {
        bench.dialogVisibleAt = performance.now();
        afterThisFramePaints((t) => (bench.dialogPaintedAt = t));
        watchForFirstMessage();
      } else {
        watchForDialog();
      }
    });
  };
  const watchForFirstMessage = () => {
    requestAnimationFrame(() => {
      const dialog = findDialog();
      if (dialog && dialog.querySelector(".qa-msg-bot")) afterThisFramePaints((t) => (bench.firstMessagePaintedAt = t));
      else if (performance.now() - bench.clickAt < 20000) watchForFirstMessage();
    });
  };
  addEventListener(
    "click",
    (event) => {
      if (bench.clickAt !== null) return;
      bench.clickAt = event.timeStamp;
      requestAnimationFrame(() => afterThisFramePaints((t) => (bench.nextFramePaintedAt = t)));
      watchForDialog();
    },
    { capture: true },
  );
})();
