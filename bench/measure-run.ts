// One cold run of the blank host page in a fresh browser context: load, stay idle, click the
// bubble, and read what bench/page-probe.js recorded. See the method at the top of run.ts.
// Over 300 lines on purpose: one run's steps and the control run (loader blocked) that its
// figures are measured against belong side by side.
import { readFileSync } from "node:fs";
import type { CdpBrowser, CdpPage } from "./cdp-page.ts";
import type { Measured } from "./stats.ts";

const PROBE = readFileSync(new URL("./page-probe.js", import.meta.url), "utf8");
/** The window for long tasks: from navigation to about 3 s after load, no interaction. */
export const IDLE_AFTER_LOAD_MS = 3000;
/** Long enough for the bundle, its configuration request and first render at 4x slowdown. */
const CHAT_TIMEOUT_MS = 6000;
const LONG_TASK_MS = 50;
/** The early click: this long after the load event, before any idle work of the loader's. */
export const EARLY_CLICK_AFTER_LOAD_MS = 100;

/** How the page is visited: CPU slowdown, and for a phone its network (CDP emulation) and viewport. */
export interface PageConditions {
  cpuSlowdown: number;
  /** Added round trip per request, and the link's speed each way. */
  network?: { latencyMs: number; downloadKbps: number; uploadKbps: number };
  viewport?: { width: number; height: number };
}

export interface RunFigures {
  /** Loader's first statement → first contentful paint (the blank page's only content is the bubble). */
  bubblePaintedMs: Measured;
  /** Cross-check: loader's first statement → after the rendering of the first frame with the facade. */
  bubbleFrameRenderedMs: Measured;
  /** loader.js responseEnd → its first statement: compile, plus any wait for the main thread. */
  loaderDownloadedToRunMs: Measured;
  longTaskCount: Measured;
  totalBlockingTimeMs: Measured;
  longestTaskMs: Measured;
  /** Long animation frames before the click with a script of the loader's or the widget's in their attribution. */
  ourLongFrameCount: Measured;
  /** Click (input event timestamp) → after the rendering of the first frame with the chat window visible. */
  clickToChatPaintedMs: Measured;
  /** Click → the first frame with a chat window on screen (the loader's shell, or the widget's). */
  clickToWindowPaintedMs: Measured;
  /** Click → the first frame with a bot message (the greeting, paced from the click by the spec). */
  clickToFirstMessagePaintedMs: Measured;
  /** Main-thread task time of the renderer from navigation to the end of the idle window (CDP Performance TaskDuration). */
  mainThreadBeforeIntentMs: Measured;
  /** Of which running script (CDP Performance ScriptDuration). */
  scriptBeforeIntentMs: Measured;
  /** JS heap in use at the end of the idle window, after a forced garbage collection, in KB. */
  jsHeapAfterIdleKB: Measured;
  /** The same click 100 ms after the load event (a second page): click → the widget's window painted. */
  earlyClickToChatPaintedMs: Measured;
  /** The early click → its first bot message painted. */
  earlyClickToFirstMessagePaintedMs: Measured;
}

/** Page-clock times (ms from navigation start) to tell which work a long task overlapped. */
/** A long animation frame before the click, and the scripts that ran in it (see page-probe.js). */
export interface LongFrame {
  startTime: number;
  duration: number;
  ours: boolean;
  renderMs: number;
  scripts: { source: string; invoker: string; durationMs: number; compileMs: number }[];
}

export interface RunTimeline {
  loaderRunAt: number | null;
  facadeInsertedAt: number | null;
  firstContentfulPaint: number | null;
  loadEventEnd: number | null;
  bundleFetchStart: number | null;
  longTasks: { startTime: number; duration: number }[];
  longFrames: LongFrame[];
}

export interface RunResult {
  figures: RunFigures;
  timeline: RunTimeline;
  /** Whether the idle prefetch had downloaded the bundle before the click. */
  bundlePrefetchedBeforeClick: boolean;
  pageErrors: string[];
}

interface ProbeRecord {
  loaderRunAt: number | null;
  facadeInsertedAt: number | null;
  facadeFramePaintedAt: number | null;
  firstContentfulPaint: number | null;
  longTasks: { startTime: number; duration: number }[];
  longFrames: LongFrame[];
  clickAt: number | null;
  dialogVisibleAt: number | null;
  dialogPaintedAt: number | null;
  /** The frame that first showed a chat window: the facade's shell or the widget's dialog. */
  windowPaintedAt: number | null;
  firstMessagePaintedAt: number | null;
  /** Uncaught errors and unhandled rejections of the page. */
  errors: string[];
}

interface IdleSnapshot {
  probe: ProbeRecord;
  loaderResponseEnd: number | null;
  loadEventEnd: number | null;
  bundleFetchStart: number | null;
  bundleFetchedBy: string | null;
}

/** What the renderer spent and holds at the end of the idle window (CDP Performance domain). */
export type IdleCostFigures = Pick<RunFigures, "mainThreadBeforeIntentMs" | "scriptBeforeIntentMs" | "jsHeapAfterIdleKB">;

const measured = (value: number): Measured => ({ value });
const missing = (reason: string): Measured => ({ value: null, reason });

function between(from: number | null, to: number | null, reasonIfMissing: string): Measured {
  return from === null || to === null ? missing(reasonIfMissing) : measured(to - from);
}

// Strings, not functions: tsx compiles functions with helpers that do not exist in the page.
const READ_IDLE_SNAPSHOT = `(() => {
  const resources = performance.getEntriesByType("resource");
  const loader = resources.find((e) => new URL(e.name).pathname.endsWith("/loader.js"));
  const bundle = resources.find((e) => new URL(e.name).pathname.endsWith("/quote-assistant.js") && e.responseEnd > 0);
  const navigation = performance.getEntriesByType("navigation")[0];
  return {
    probe: structuredClone(window.__qaBench),
    loaderResponseEnd: loader ? loader.responseEnd : null,
    loadEventEnd: navigation ? navigation.loadEventEnd : null,
    bundleFetchStart: bundle ? bundle.startTime : null,
    bundleFetchedBy: bundle ? bundle.initiatorType : null,
  };
})()`;

function bubbleFigures(snapshot: IdleSnapshot): Pick<RunFigures, "bubblePaintedMs" | "bubbleFrameRenderedMs" | "loaderDownloadedToRunMs"> {
  const { probe } = snapshot;
  if (probe.loaderRunAt === null) {
    const reason = "the loader never read window.QuoteAssistant (did loader.js load?)";
    return { bubblePaintedMs: missing(reason), bubbleFrameRenderedMs: missing(reason), loaderDownloadedToRunMs: missing(reason) };
  }
  let bubblePaintedMs = between(probe.loaderRunAt, probe.firstContentfulPaint, "no first-contentful-paint entry");
  // FCP is the bubble only if nothing else painted content first.
  if (probe.firstContentfulPaint !== null && probe.facadeInsertedAt !== null && probe.firstContentfulPaint < probe.facadeInsertedAt) {
    bubblePaintedMs = missing("first contentful paint came before the facade existed");
  }
  return {
    bubblePaintedMs,
    bubbleFrameRenderedMs: between(probe.loaderRunAt, probe.facadeFramePaintedAt, "no facade appeared"),
    loaderDownloadedToRunMs: between(snapshot.loaderResponseEnd, probe.loaderRunAt, "no resource timing for loader.js"),
  };
}

export type LongTaskFigures = Pick<RunFigures, "longTaskCount" | "totalBlockingTimeMs" | "longestTaskMs" | "ourLongFrameCount">;
/** A control run's figures: its long tasks and what the page costs without the loader. */
export type ControlFigures = LongTaskFigures & IdleCostFigures;

async function metrics(cdp: CdpPage): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/**
 * Task and script time first (the collection below is work of ours, not the page's), then one
 * forced garbage collection so the heap figure is what is kept, not what is waiting to be freed.
 * One collection, as a few minutes of a real page would run on its own; V8 flushes unused
 * bytecode only after several.
 */
async function idleCost(cdp: CdpPage): Promise<IdleCostFigures> {
  const before = await metrics(cdp);
  await cdp.send("HeapProfiler.collectGarbage");
  const after = await metrics(cdp);
  return {
    mainThreadBeforeIntentMs: measured(Math.round(before.TaskDuration! * 10000) / 10),
    scriptBeforeIntentMs: measured(Math.round(before.ScriptDuration! * 10000) / 10),
    jsHeapAfterIdleKB: measured(Math.round(after.JSHeapUsedSize! / 1024)),
  };
}

function longTaskFigures(probe: ProbeRecord): LongTaskFigures {
  const durations = probe.longTasks.map((task) => task.duration);
  return {
    longTaskCount: measured(durations.length),
    totalBlockingTimeMs: measured(durations.reduce((sum, d) => sum + Math.max(0, d - LONG_TASK_MS), 0)),
    longestTaskMs: measured(Math.max(0, ...durations)),
    ourLongFrameCount: measured(probe.longFrames.filter((frame) => frame.ours).length),
  };
}

const round = (ms: number | null) => (ms === null ? null : Math.round(ms * 10) / 10);

function timelineOf(snapshot: IdleSnapshot): RunTimeline {
  const { probe } = snapshot;
  return {
    loaderRunAt: round(probe.loaderRunAt),
    facadeInsertedAt: round(probe.facadeInsertedAt),
    firstContentfulPaint: round(probe.firstContentfulPaint),
    loadEventEnd: round(snapshot.loadEventEnd),
    bundleFetchStart: round(snapshot.bundleFetchStart),
    longTasks: probe.longTasks.map((task) => ({ startTime: round(task.startTime)!, duration: round(task.duration)! })),
    longFrames: probe.longFrames.map((frame) => ({ ...frame, startTime: round(frame.startTime)!, duration: round(frame.duration)! })),
  };
}

/**
 * Page JavaScript: the middle `{ x, y }` of the bubble on screen (null when none), the facade's or
 * the widget's own once it has taken over before intent (issue 35). bench/engines.ts clicks it too.
 */
export const BUBBLE_MIDDLE = `(() => {
  const hosts = [document.querySelector("[data-quote-assistant-facade]"), document.querySelector("quote-assistant")];
  const bubble = hosts.map((host) => host && host.shadowRoot && host.shadowRoot.querySelector("button.qa-bubble")).find(Boolean);
  if (!bubble) return null;
  const box = bubble.getBoundingClientRect();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
})()`;

/** Clicks the middle of the bubble on screen the way a mouse would (move, press, release). */
async function clickBubble(page: CdpPage): Promise<string | null> {
  const middle = await page.evaluate<{ x: number; y: number } | null>(BUBBLE_MIDDLE);
  if (!middle) return "no bubble to click";
  await page.click(middle.x, middle.y);
  return null;
}

export interface ClickFigures {
  chat: Measured;
  window: Measured;
  firstMessage: Measured;
}

async function measureClickToChat(page: CdpPage): Promise<ClickFigures> {
  const clickProblem = await clickBubble(page);
  if (clickProblem) return { chat: missing(clickProblem), window: missing(clickProblem), firstMessage: missing(clickProblem) };
  const painted = await page.waitFor("window.__qaBench.dialogPaintedAt !== null", CHAT_TIMEOUT_MS);
  if (!painted) {
    const pageErrors = await page.evaluate<string[]>("window.__qaBench.errors");
    const errors = pageErrors.length ? `; page errors: ${pageErrors.slice(0, 2).join(" | ")}` : "";
    const problem = missing(`no visible [role="dialog"] in quote-assistant's shadow root within ${CHAT_TIMEOUT_MS} ms of the click${errors}`);
    return { chat: problem, window: problem, firstMessage: problem };
  }
  await page.waitFor("window.__qaBench.firstMessagePaintedAt !== null", CHAT_TIMEOUT_MS);
  const probe = await page.evaluate<ProbeRecord>("structuredClone(window.__qaBench)");
  return {
    chat: between(probe.clickAt, probe.dialogPaintedAt, "the click was not seen by the page"),
    window: between(probe.clickAt, probe.windowPaintedAt, "the click was not seen by the page"),
    firstMessage: between(probe.clickAt, probe.firstMessagePaintedAt, `no bot message within ${CHAT_TIMEOUT_MS} ms of the window`),
  };
}

interface ColdPage {
  page: CdpPage;
  snapshot: IdleSnapshot;
  idle: IdleCostFigures;
  close(): Promise<void>;
}

/**
 * A first visit: a browser context of its own (empty HTTP and code caches), probe injected, CPU
 * slowed, page loaded and left alone for the idle window. `blockLoader` fails loader.js: the
 * control run. Driven over bare CDP (cdp-page.ts): no inspector domain a visitor's browser lacks.
 */
async function openColdPage(browser: CdpBrowser, url: string, conditions: PageConditions, blockLoader: boolean, idleMs = IDLE_AFTER_LOAD_MS): Promise<ColdPage> {
  const page = await browser.newPage(conditions.viewport ?? { width: 1280, height: 800 });
  try {
    if (blockLoader) await page.blockUrls(["*/loader.js"]);
    await page.addInitScript(PROBE);
    await page.send("Emulation.setCPUThrottlingRate", { rate: conditions.cpuSlowdown });
    if (conditions.network) {
      const { latencyMs, downloadKbps, uploadKbps } = conditions.network;
      await page.send("Network.enable");
      await page.send("Network.emulateNetworkConditions", { offline: false, latency: latencyMs, downloadThroughput: (downloadKbps * 1000) / 8, uploadThroughput: (uploadKbps * 1000) / 8 });
    }
    await page.send("Performance.enable");
    await page.goto(url);
    if (idleMs < IDLE_AFTER_LOAD_MS) {
      // On the page's clock: the load event's end plus idleMs, whatever the driver's round trips took.
      await page.evaluate(`new Promise((resolve) => setTimeout(resolve, Math.max(0, performance.getEntriesByType("navigation")[0].loadEventEnd + ${idleMs} - performance.now())))`);
      const snapshot = await page.evaluate<IdleSnapshot>(READ_IDLE_SNAPSHOT);
      const notMeasured = missing("not measured on the early click's page");
      return { page, snapshot, idle: { mainThreadBeforeIntentMs: notMeasured, scriptBeforeIntentMs: notMeasured, jsHeapAfterIdleKB: notMeasured }, close: () => page.close() };
    }
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const snapshot = await page.evaluate<IdleSnapshot>(READ_IDLE_SNAPSHOT);
    const idle = await idleCost(page);
    return { page, snapshot, idle, close: () => page.close() };
  } catch (error) {
    await page.close();
    throw error;
  }
}

/** A click EARLY_CLICK_AFTER_LOAD_MS after the load event, on a cold page of its own: before any idle work. */
async function measureEarlyClick(browser: CdpBrowser, url: string, conditions: PageConditions): Promise<ClickFigures> {
  const { page, close } = await openColdPage(browser, url, conditions, false, EARLY_CLICK_AFTER_LOAD_MS);
  try {
    return await measureClickToChat(page);
  } finally {
    await close();
  }
}

export async function measureRun(browser: CdpBrowser, url: string, conditions: PageConditions): Promise<RunResult> {
  const early = await measureEarlyClick(browser, url, conditions);
  const { page, snapshot, idle, close } = await openColdPage(browser, url, conditions, false);
  try {
    const click = await measureClickToChat(page);
    const pageErrors = await page.evaluate<string[]>("window.__qaBench.errors");
    return {
      figures: {
        ...bubbleFigures(snapshot),
        ...longTaskFigures(snapshot.probe),
        clickToChatPaintedMs: click.chat,
        clickToWindowPaintedMs: click.window,
        clickToFirstMessagePaintedMs: click.firstMessage,
        ...idle,
        earlyClickToChatPaintedMs: early.chat,
        earlyClickToFirstMessagePaintedMs: early.firstMessage,
      },
      timeline: timelineOf(snapshot),
      bundlePrefetchedBeforeClick: snapshot.bundleFetchedBy === "link",
      pageErrors,
    };
  } finally {
    await close();
  }
}

/** A click after `idleMs` of idle on a cold page of its own (issue 35: V8 may drop bytecode unused for minutes). */
export async function measureLongIdleClick(browser: CdpBrowser, url: string, conditions: PageConditions, idleMs: number): Promise<ClickFigures> {
  const { page, close } = await openColdPage(browser, url, conditions, false, idleMs);
  try {
    return await measureClickToChat(page);
  } finally {
    await close();
  }
}

/** The same page and window with loader.js blocked: the long tasks, time and memory the page and browser cost alone. */
export async function measureControlRun(browser: CdpBrowser, url: string, conditions: PageConditions): Promise<ControlFigures> {
  const { snapshot, idle, close } = await openColdPage(browser, url, conditions, true);
  await close();
  return { ...longTaskFigures(snapshot.probe), ...idle };
}
