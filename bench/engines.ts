// `npm run bench` (after bench/run.ts): click → chat window painted with the widget warmed, in
// each browser engine: Chromium (playwright-core), Firefox ESR (puppeteer-core over WebDriver
// BiDi) and WebKitGTK's MiniBrowser (selenium-webdriver, WebKitWebDriver under Xvfb), through
// the same engine-neutral tabs as the engine journeys (test/e2e/engines.ts). Written to
// bench/results.json under "engines"; it reports, it never fails.
//
// METHOD
// Page: the demo site's blank host page, 1280x800, normal CPU speed (only Chromium can be
// slowed; the 4x figures are bench/run.ts's). Each run: a fresh profile (a new context in
// Chromium and Firefox, a new MiniBrowser in WebKit), the page loaded, then left alone until the
// loader's warm-up has downloaded the bundle (a `link` resource entry for quote-assistant.js
// with its responseEnd) and at least IDLE_AFTER_LOAD_MS after the load event, as for a visitor
// who looks before clicking; a run whose bundle was not warmed by then says so. Then a real
// mouse click in the middle of the bubble on screen, through the driver's input actions.
// bench/page-probe.js records on the page's own clock: the click event's timeStamp; the first
// animation frame with a chat window on screen, the loader's shell or the widget's dialog
// (clickToWindowPaintedMs), and the first with the widget's own dialog (clickToChatPaintedMs),
// each after that frame's rendering (a MessageChannel message posted in its rAF). WebKit's
// driver has no preload scripts: there the probe is added once the page has loaded (it only
// watches the click and the frames after it, which come later). Medians, min and max over
// ENGINE_BENCH_RUNS runs (default 7), the engines taking turns run by run. Compared: clickToChatPaintedMs, the widget
// ready to answer, which is what the warm-up buys, each engine's median within 1.5x Chromium's;
// and the window against each engine's own floor: the probe also records the first frame painted
// after the click, whatever it shows (clickToNextFrameMs; WebKitGTK under Xvfb renders in
// software and its first frame after any click comes hundreds of ms late), and
// windowAfterNextFrameMs, how much later the window was painted, must be at most one frame.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { startDemoSite } from "../demo-site/server.ts";
import { ENGINES, enginesToRun, launchEngine, type EngineName, type EngineSession, type Tab } from "../test/e2e/engines.ts";
import { BUBBLE_MIDDLE, IDLE_AFTER_LOAD_MS } from "./measure-run.ts";
import { summarize, type Measured, type Summary } from "./stats.ts";

const RESULTS_PATH = new URL("./results.json", import.meta.url);
const PROBE = readFileSync(new URL("./page-probe.js", import.meta.url), "utf8");
const BLANK_PAGE_QUERY = "/blank.html?company=demo-company&bot=demo-bot";
const VIEWPORT = { width: 1280, height: 800 };
const WARM_UP_TIMEOUT_MS = 10_000;
const CHAT_TIMEOUT_MS = 10_000;
/** The bound: Firefox and WebKit within 1.5x of Chromium. */
const WITHIN_OF_CHROMIUM = 1.5;
/** One frame at 60 Hz. */
const ONE_FRAME_MS = 16.7;

interface EngineRun {
  clickToWindowPaintedMs: Measured;
  clickToChatPaintedMs: Measured;
  clickToNextFrameMs: Measured;
  windowAfterNextFrameMs: Measured;
  warmedBeforeClick: boolean;
}

interface EngineResult {
  version: string;
  runs: number;
  warmedBeforeClick: number;
  figures: { clickToWindowPaintedMs: Summary; clickToChatPaintedMs: Summary; clickToNextFrameMs: Summary; windowAfterNextFrameMs: Summary };
}

const runCount = () => Math.max(3, Number(process.env.ENGINE_BENCH_RUNS ?? 7) || 7);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const WARM_STATE = `(() => {
  const bundle = performance.getEntriesByType("resource").find((e) => new URL(e.name).pathname.endsWith("/quote-assistant.js") && e.responseEnd > 0);
  const navigation = performance.getEntriesByType("navigation")[0];
  return { warmed: !!bundle, sinceLoad: navigation && navigation.loadEventEnd > 0 ? performance.now() - navigation.loadEventEnd : 0 };
})()`;

/** Waits for the warm-up and the idle window; whether the bundle was warmed. */
async function waitWarm(tab: Tab): Promise<boolean> {
  const end = Date.now() + WARM_UP_TIMEOUT_MS;
  for (;;) {
    const state = await tab.evaluate<{ warmed: boolean; sinceLoad: number }>(WARM_STATE);
    if ((state.warmed && state.sinceLoad >= IDLE_AFTER_LOAD_MS) || Date.now() > end) return state.warmed;
    await sleep(100);
  }
}

async function measureOnce(tab: Tab, url: string): Promise<EngineRun> {
  await tab.goto(url);
  const warmedBeforeClick = await waitWarm(tab);
  const point = await tab.evaluate<{ x: number; y: number } | null>(BUBBLE_MIDDLE);
  const missing = (reason: string): EngineRun => ({ clickToWindowPaintedMs: { value: null, reason }, clickToChatPaintedMs: { value: null, reason }, clickToNextFrameMs: { value: null, reason }, windowAfterNextFrameMs: { value: null, reason }, warmedBeforeClick });
  if (!point) return missing("no bubble to click");
  await tab.click(point.x, point.y);
  const end = Date.now() + CHAT_TIMEOUT_MS;
  for (;;) {
    const probe = await tab.evaluate<{ clickAt: number | null; windowPaintedAt: number | null; dialogPaintedAt: number | null; nextFramePaintedAt: number | null }>(
      "({ clickAt: window.__qaBench.clickAt, windowPaintedAt: window.__qaBench.windowPaintedAt, dialogPaintedAt: window.__qaBench.dialogPaintedAt, nextFramePaintedAt: window.__qaBench.nextFramePaintedAt })",
    );
    if (probe.clickAt !== null && probe.dialogPaintedAt !== null && probe.windowPaintedAt !== null && probe.windowPaintedAt >= 0) {
      return {
        clickToWindowPaintedMs: { value: probe.windowPaintedAt - probe.clickAt },
        clickToChatPaintedMs: { value: probe.dialogPaintedAt - probe.clickAt },
        clickToNextFrameMs: probe.nextFramePaintedAt === null ? { value: null, reason: "no frame after the click" } : { value: probe.nextFramePaintedAt - probe.clickAt },
        windowAfterNextFrameMs: probe.nextFramePaintedAt === null ? { value: null, reason: "no frame after the click" } : { value: probe.windowPaintedAt - probe.nextFramePaintedAt },
        warmedBeforeClick,
      };
    }
    if (Date.now() > end) return missing(probe.clickAt === null ? "the click was not seen by the page" : `no chat window painted within ${CHAT_TIMEOUT_MS} ms of the click`);
    await sleep(50);
  }
}

function summarizeEngine(version: string, results: EngineRun[]): EngineResult {
  return {
    version,
    runs: results.length,
    warmedBeforeClick: results.filter((run) => run.warmedBeforeClick).length,
    figures: {
      clickToWindowPaintedMs: summarize(results.map((run) => run.clickToWindowPaintedMs)),
      clickToChatPaintedMs: summarize(results.map((run) => run.clickToChatPaintedMs)),
      clickToNextFrameMs: summarize(results.map((run) => run.clickToNextFrameMs)),
      windowAfterNextFrameMs: summarize(results.map((run) => run.windowAfterNextFrameMs)),
    },
  };
}

/**
 * The engines take turns run by run, so that a busy spell of the machine touches each alike
 * (the machine is shared; sequential blocks per engine would compare different moments).
 */
async function measureEngines(engines: EngineName[], url: string, runs: number): Promise<Partial<Record<EngineName, EngineResult>>> {
  const sessions = new Map<EngineName, EngineSession>();
  const results = new Map<EngineName, EngineRun[]>(engines.map((engine) => [engine, []]));
  try {
    for (const engine of engines) sessions.set(engine, await launchEngine(engine));
    for (let i = 0; i < runs; i++) {
      for (const engine of engines) {
        const session = sessions.get(engine)!;
        // Before the page's scripts; in WebKit as soon as the page has loaded.
        const tab = await session.newTab(VIEWPORT, [PROBE]);
        results.get(engine)!.push(await measureOnce(tab, url));
        // One page at a time: Chromium's and Firefox's contexts and WebKit's MiniBrowser closed.
        await session.closeTabs();
      }
      process.stdout.write(".");
    }
    return Object.fromEntries(engines.map((engine) => [engine, summarizeEngine(sessions.get(engine)!.version, results.get(engine)!)]));
  } finally {
    for (const session of sessions.values()) await session.close();
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const runs = runCount();
  const engines = enginesToRun();
  const site = await startDemoSite({ portBase: Number(process.env.BENCH_PORT_BASE ?? 4700), quiet: true });
  const results: Partial<Record<EngineName, EngineResult>> = {};
  try {
    const url = `${site.urls.host}${BLANK_PAGE_QUERY}`;
    process.stdout.write(`${engines.join(", ")} in turn (${runs} runs each, widget warmed) `);
    Object.assign(results, await measureEngines(engines, url, runs));
    process.stdout.write("\n");
  } finally {
    await site.close();
  }
  const chromium = results.chromium?.figures.clickToChatPaintedMs.median ?? null;
  const budgets = ENGINES.filter((engine) => engine !== "chromium" && results[engine]).map((engine) => {
    const actual = results[engine]!.figures.clickToChatPaintedMs.median;
    const limit = chromium === null ? null : Math.round(chromium * WITHIN_OF_CHROMIUM * 10) / 10;
    return { what: `click to chat painted, median ms, within ${WITHIN_OF_CHROMIUM}x Chromium's`, engine, limit, actual, pass: limit === null || actual === null ? null : actual <= limit };
  });
  // The window itself, engine-neutral: painted in the engine's first frame after the click, or the next.
  for (const engine of ENGINES.filter((name) => results[name])) {
    const actual = results[engine]!.figures.windowAfterNextFrameMs.median;
    budgets.push({ what: "window painted after the engine's own first frame after the click, median ms, at most one frame", engine, limit: ONE_FRAME_MS, actual, pass: actual === null ? null : actual <= ONE_FRAME_MS });
  }
  const section = { generatedAt: new Date().toISOString(), method: "see the comment at the top of bench/engines.ts", page: BLANK_PAGE_QUERY, viewport: VIEWPORT, runsPerEngine: runs, results, budgets, durationS: Math.round((Date.now() - startedAt) / 1000) };
  const previous = existsSync(RESULTS_PATH) ? (JSON.parse(readFileSync(RESULTS_PATH, "utf8")) as Record<string, unknown>) : {};
  writeFileSync(RESULTS_PATH, JSON.stringify({ ...previous, engines: section }, null, 2) + "\n");

  const cell = (s: Summary) => (s.median === null ? "n/a" : `${s.median} (${s.min}–${s.max})`);
  console.log("\nclick → painted with the widget warmed, normal speed: median (min–max) ms");
  console.table(
    Object.fromEntries(
      Object.entries(results).map(([engine, r]) => [
        engine,
        { version: r!.version, "next frame": cell(r!.figures.clickToNextFrameMs), "window after it": cell(r!.figures.windowAfterNextFrameMs), window: cell(r!.figures.clickToWindowPaintedMs), chat: cell(r!.figures.clickToChatPaintedMs), warmed: `${r!.warmedBeforeClick}/${r!.runs}` },
      ]),
    ),
  );
  for (const [engine, r] of Object.entries(results)) {
    for (const [figure, summary] of Object.entries(r!.figures)) {
      if (summary.missing) console.log(`  ${engine} ${figure}: ${summary.n} runs measured; missing because: ${summary.missing.join("; ")}`);
    }
  }
  for (const budget of budgets) {
    const verdict = budget.pass === null ? "not measured" : budget.pass ? "pass" : "FAIL";
    console.log(`  ${verdict.padEnd(12)} ${budget.engine} ${budget.what}: ${budget.actual ?? "n/a"} ≤ ${budget.limit ?? "n/a"}`);
  }
  console.log(`\nwrote ${new URL(RESULTS_PATH).pathname} ("engines") in ${section.durationS} s`);
}

await main();
