// `npm run bench`: sizes of the shipped files and load figures measured in Chromium, written
// to bench/results.json with a summary table. It only reports: budgets get a pass/fail in the
// file, never an assertion or an exit code.
// Over 300 lines on purpose: the method, the three conditions, their budgets and the summary
// are read together with the file they write.
//
// METHOD
// Sizes: the files of shipped-files.mjs as built by build.mjs (the npm script
// builds first); raw bytes, gzip level 9, brotli quality 11.
//
// Page: the demo site's blank host page (demo-site, `startDemoSite`), which holds nothing but
// the loader's <script async> tag, served from the widget origin as a company would embed it.
// Browser: Chromium (CHROMIUM_PATH, default /usr/bin/chromium), headless=new, 1280x800,
// driven over bare CDP (bench/cdp-page.ts) with the Page, Emulation, Performance and Input
// domains only, as a visitor's browser runs the page: Playwright's Runtime domain made V8
// reparse the bundle's top-level function for every Error React creates at start, and tripled
// the bundle's first run at 4x CPU (425 against 125-200 ms; cdp-page.ts). Conditions: normal speed and 4x CPU slowdown (CDP
// Emulation.setCPUThrottlingRate, set before navigation; on Linux that throttling busy-waits
// on the page's main thread, so each page's main thread gets a CPU of its own and everything
// else the others: bench/pin-cpu.ts, `environment.cpuPinning`), and issue 35's slow phone: 4x CPU,
// 150 ms added to each request's round trip, 1.6 Mbps down and 750 kbps up (CDP
// Network.emulateNetworkConditions), a 390x844 viewport; its budget is the first bot message
// at most 500 ms later than the bot's pace (the company's botSpeed) after the click, for the
// early click and the click after idle. BENCH_LONG_IDLE_RUNS=n adds n clicks after five
// minutes of idle at 4x CPU ("clickAfterFiveMinutesIdle"; default none: five minutes a sample).
// Each condition: BENCH_RUNS (default
// and minimum 7) cold runs, each in a new browser context, so the HTTP and code caches start empty. The
// cache is not disabled: the loader's idle prefetch must be able to fill it, as it would for a
// real visitor. Medians, min and max over the runs; a figure a run cannot measure is null with
// the reason, never a guess.
//
// bench/page-probe.js is injected before the page's scripts and records, on the page's own
// clock (performance.now / PerformanceEntry times):
//  1. Loader start → bubble painted. Start: the loader's first statement, which reads
//     window.QuoteAssistant; the probe makes that property an accessor and stamps the first
//     read (a resource timing's responseEnd would add compile and scheduling, which we report
//     separately as loaderDownloadedToRunMs). Painted: the first-contentful-paint entry. On
//     the blank page the bubble's SVG is the only content, and Chromium stamps FCP with the
//     frame's presentation time, i.e. when the bubble was actually on screen; a run where FCP
//     precedes the facade's insertion is discarded with a reason. Cross-check on the main
//     thread's view: rAF after the facade appears (MutationObserver), then a MessageChannel
//     message, which runs once that frame's rendering is done (bubbleFrameRenderedMs).
//  2. Long tasks and total blocking time before any interaction: a buffered 'longtask'
//     PerformanceObserver from document creation to 3 s after the load event, no input. TBT =
//     sum of (duration − 50 ms) over those tasks. (Lighthouse counts FCP→TTI; ours is a wider
//     window, so it can only report more.) Control: each measured run is followed by one of
//     the same page with loader.js blocked (CDP Network.setBlockedURLs), to show what the page
//     and the browser cost without the loader.
//  3. Click → chat window painted: a real mouse click (move, press, release) in the middle of
//     the bubble on screen (the facade's, or the widget's own once it has taken over), after the 3 s idle window (so the bundle may already be prefetched, as
//     for a visitor who looks before clicking; the JSON says whether it was). The move also
//     fires pointerenter, so loading starts with the click, not earlier. Start: the click
//     event's timeStamp (input time, includes queueing). End: each animation frame checks for
//     a [role="dialog"] in quote-assistant's shadow root with a non-empty box that passes
//     checkVisibility({checkOpacity, checkVisibilityCSS}); what a rAF callback sees is what
//     that frame paints, and a MessageChannel message posted there marks when its rendering
//     is done. A second end, clickToWindowPaintedMs: the first frame with any chat window on
//     screen, the loader's shell (the same frame and header, painted before the bundle has
//     run) or the widget's dialog; budget 100 ms at 4x CPU (issue 15).
//
// Each run also keeps its timeline (loader run, facade inserted, FCP, load event end, bundle
// prefetch start, every long task) so that a long task can be placed. Reading them: the blank
// page is the worst case for the loader. Its renderer is fresh and the page uses nothing, so
// every first use of a browser subsystem (CSS parser, shadow DOM, SVG, the network stack for
// the prefetch) is charged to the loader; a real page has paid for those already.
// Budgets are reported, not enforced: the file sizes' in shipped-files.mjs (with their reasons);
// bubble painted ≤ 100 ms after the loader's start (median, normal speed); no long task and
// zero TBT before interaction (worst run, both speeds: it must hold for every visitor); the chat
// window's frame painted ≤ 100 ms after the click (median, 4x CPU).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { startDemoSite } from "../demo-site/server.ts";
import {
  EARLY_CLICK_AFTER_LOAD_MS,
  IDLE_AFTER_LOAD_MS,
  measureControlRun,
  measureLongIdleClick,
  measureRun,
  type ClickFigures,
  type ControlFigures,
  type PageConditions,
  type RunFigures,
  type RunResult,
} from "./measure-run.ts";
import { measureSizes, type BudgetCheck } from "./sizes.ts";
import { summarize, type Measured, type Summary } from "./stats.ts";
import { CdpBrowser } from "./cdp-page.ts";

const RESULTS_PATH = new URL("./results.json", import.meta.url);
const MIN_RUNS = 7;
const ALL_CONDITIONS = [
  { name: "normal", cpuSlowdown: 1 },
  { name: "cpu4x", cpuSlowdown: 4 },
  // Issue 35's slow phone: 4x CPU, 150 ms round trip, 1.6 Mbps down (750 kbps up), a phone's viewport.
  { name: "slowPhone", cpuSlowdown: 4, network: { latencyMs: 150, downloadKbps: 1600, uploadKbps: 750 }, viewport: { width: 390, height: 844 } },
] as const satisfies ReadonlyArray<PageConditions & { name: string }>;
/** BENCH_CONDITIONS=cpu4x (or normal): one condition only, for a quicker before/after; budgets of the other are then not measured. */
const CONDITIONS = ALL_CONDITIONS.filter(({ name }) => !process.env.BENCH_CONDITIONS || process.env.BENCH_CONDITIONS.split(",").includes(name));
const BLANK_PAGE_QUERY = "/blank.html?company=demo-company&bot=demo-bot";
/** The figure budgets. */
const BUBBLE_PAINT_BUDGET_MS = 100;
/** Issue 15: the window's frame (the loader's shell) on screen this soon after the click, at 4x CPU. */
const WINDOW_PAINT_BUDGET_MS = 100;
/** Issue 29: the widget's own window (React's first render, with the first bot message's place) this soon, at 4x CPU. */
const CHAT_PAINT_BUDGET_MS = 250;
/** Issue 35: the widget's own main-thread time before intent (over the page without the loader), at 4x CPU. */
const MAIN_THREAD_BEFORE_INTENT_BUDGET_MS = 300;
/** Issue 35: on the slow phone the first bot message at most this much later than the bot's own pace after the click. */
const SLOW_PHONE_LATE_BUDGET_MS = 500;

type ConditionName = (typeof ALL_CONDITIONS)[number]["name"];
type FigureSummaries = Record<keyof RunFigures, Summary>;

interface ConditionResult extends PageConditions {
  figures: FigureSummaries;
  /** The same page with loader.js blocked: what the page and the browser cost alone. */
  control: { figures: Record<keyof ControlFigures, Summary>; runs: ControlFigures[] };
  /**
   * What the loader and the widget themselves cost a visitor who has not clicked yet: the
   * median of the measured runs minus the median of the control runs (loader blocked).
   */
  ownCostBeforeIntent: { mainThreadMs: number | null; scriptMs: number | null; jsHeapKB: number | null };
  runsWithBundlePrefetchedBeforeClick: number;
  /** Long tasks are rare and all-or-nothing per run: the count says more than a median of 0. */
  runsWithLongTasks: number;
  runs: RunResult[];
}

interface FigureBudget {
  what: string;
  condition: ConditionName;
  limit: number;
  actual: number | null;
  pass: boolean | null;
}

function runCount(): number {
  const asked = Number(process.env.BENCH_RUNS ?? MIN_RUNS);
  return Number.isInteger(asked) && asked > MIN_RUNS ? asked : MIN_RUNS;
}

function launchChromium(): Promise<CdpBrowser> {
  return CdpBrowser.launch();
}

function summarizeFigures<K extends string>(runs: Record<K, Measured>[]): Record<K, Summary> {
  const names = Object.keys(runs[0]!) as K[];
  return Object.fromEntries(names.map((name) => [name, summarize(runs.map((run) => run[name]))])) as Record<K, Summary>;
}

async function measureCondition(browser: CdpBrowser, url: string, conditions: PageConditions, runs: number): Promise<ConditionResult> {
  const results: RunResult[] = [];
  const controls: ControlFigures[] = [];
  // Sequential: parallel runs would compete for the CPU and distort every figure. Measured
  // and control runs alternate, so a slow spell of the machine touches both alike.
  for (let i = 0; i < runs; i++) {
    results.push(await measureRun(browser, url, conditions));
    controls.push(await measureControlRun(browser, url, conditions));
    process.stdout.write(".");
  }
  const figures = summarizeFigures(results.map((run) => run.figures));
  const control = summarizeFigures(controls);
  const own = (a: Summary, b: Summary) => (a.median === null || b.median === null ? null : Math.round((a.median - b.median) * 10) / 10);
  return {
    ...conditions,
    figures,
    control: { figures: control, runs: controls },
    ownCostBeforeIntent: {
      mainThreadMs: own(figures.mainThreadBeforeIntentMs, control.mainThreadBeforeIntentMs),
      scriptMs: own(figures.scriptBeforeIntentMs, control.scriptBeforeIntentMs),
      jsHeapKB: own(figures.jsHeapAfterIdleKB, control.jsHeapAfterIdleKB),
    },
    runsWithBundlePrefetchedBeforeClick: results.filter((run) => run.bundlePrefetchedBeforeClick).length,
    runsWithLongTasks: results.filter((run) => run.timeline.longTasks.length > 0).length,
    runs: results,
  };
}

/** Issue 35: a click after 5 minutes of idle, at 4x CPU, as fast as after 3 s? */
const LONG_IDLE_MS = 5 * 60_000;

/**
 * BENCH_LONG_IDLE_RUNS=n (default 0: each sample takes five minutes): n clicks after five
 * minutes of idle at 4x CPU, each on a cold page of its own, against the 3 s idle click's median
 * of the same run. V8 may drop the bytecode of functions unused for minutes.
 */
async function measureFiveMinutesIdle(browser: CdpBrowser, url: string, cpu4x: ConditionResult | undefined) {
  const runs = Number(process.env.BENCH_LONG_IDLE_RUNS ?? 0);
  if (!Number.isInteger(runs) || runs < 1) return { measured: false, reason: "BENCH_LONG_IDLE_RUNS is 0 (a sample takes five minutes)" };
  const samples: ClickFigures[] = [];
  for (let i = 0; i < runs; i++) {
    process.stdout.write(`a click after ${LONG_IDLE_MS / 60_000} min of idle at 4x CPU (${i + 1} of ${runs})\n`);
    samples.push(await measureLongIdleClick(browser, url, { cpuSlowdown: 4 }, LONG_IDLE_MS));
  }
  return {
    measured: true,
    idleMs: LONG_IDLE_MS,
    cpuSlowdown: 4,
    clickToChatPaintedMs: summarize(samples.map((sample) => sample.chat)),
    clickToFirstMessagePaintedMs: summarize(samples.map((sample) => sample.firstMessage)),
    afterThreeSecondsIdle: { clickToChatPaintedMs: cpu4x?.figures.clickToChatPaintedMs ?? null, clickToFirstMessagePaintedMs: cpu4x?.figures.clickToFirstMessagePaintedMs ?? null },
  };
}

/** The page's bot's configured pace (botSpeed, the spec's default 1,750 ms when unset), as the widget reads it. */
async function botPace(apiOrigin: string): Promise<number> {
  const config = (await (await fetch(`${apiOrigin}/v1/company/demo-company/bot/demo-bot`)).json()) as { botSpeed?: unknown };
  return typeof config.botSpeed === "number" ? config.botSpeed : 1750;
}

function figureBudgets(conditions: Partial<Record<ConditionName, ConditionResult>>, botPaceMs: number): FigureBudget[] {
  const check = (what: string, condition: ConditionName, limit: number, actual: number | null): FigureBudget => ({
    what,
    condition,
    limit,
    actual,
    pass: actual === null ? null : actual <= limit,
  });
  const { normal, cpu4x, slowPhone } = conditions;
  const late = (summary: Summary | undefined) => (summary?.median == null ? null : Math.round((summary.median - botPaceMs) * 10) / 10);
  return [
    check("bubble painted after loader start, median ms", "normal", BUBBLE_PAINT_BUDGET_MS, normal?.figures.bubblePaintedMs.median ?? null),
    check("click to chat window painted, median ms", "cpu4x", WINDOW_PAINT_BUDGET_MS, cpu4x?.figures.clickToWindowPaintedMs.median ?? null),
    check("click to the widget's chat painted (first message), median ms", "cpu4x", CHAT_PAINT_BUDGET_MS, cpu4x?.figures.clickToChatPaintedMs.median ?? null),
    check("the widget's own main-thread time before intent, median ms", "cpu4x", MAIN_THREAD_BEFORE_INTENT_BUDGET_MS, cpu4x?.ownCostBeforeIntent.mainThreadMs ?? null),
    check("first bot message after the bot's pace, click 100 ms after load, median ms", "slowPhone", SLOW_PHONE_LATE_BUDGET_MS, late(slowPhone?.figures.earlyClickToFirstMessagePaintedMs)),
    check("first bot message after the bot's pace, click after 3 s idle, median ms", "slowPhone", SLOW_PHONE_LATE_BUDGET_MS, late(slowPhone?.figures.clickToFirstMessagePaintedMs)),
    ...CONDITIONS.flatMap(({ name }) => [
      check("long tasks before interaction, worst run", name, 0, conditions[name]!.figures.longTaskCount.max),
      check("total blocking time before interaction, worst run ms", name, 0, conditions[name]!.figures.totalBlockingTimeMs.max),
      check("long animation frames with our scripts before interaction, worst run", name, 0, conditions[name]!.figures.ourLongFrameCount.max),
    ]),
  ];
}

function cpuModel(): string {
  const list = cpus();
  return `${list[0]?.model ?? "unknown"} x${list.length}`;
}

function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

const cell = (s: Summary) => (s.median === null ? "n/a" : `${s.median} (${s.min}–${s.max})`);

function printSummary(files: Record<string, { raw: number; gzip: number; brotli: number }>, budgets: (BudgetCheck | FigureBudget)[], conditions: Record<string, ConditionResult>): void {
  console.log("\nsizes (bytes)");
  console.table(files);
  console.log("figures: median (min–max) over cold runs, ms unless a count");
  const rows: Record<string, Record<string, string>> = {};
  for (const { name } of CONDITIONS) {
    for (const [figure, summary] of Object.entries(conditions[name]!.figures)) {
      (rows[figure] ??= {})[name] = cell(summary);
    }
  }
  for (const { name } of CONDITIONS) {
    for (const [figure, summary] of Object.entries(conditions[name]!.control.figures)) {
      (rows[`${figure} (loader blocked)`] ??= {})[name] = cell(summary);
    }
  }
  console.table(rows);
  for (const { name } of CONDITIONS) {
    for (const [figure, summary] of Object.entries(conditions[name]!.figures)) {
      if (summary.missing) console.log(`  ${name} ${figure}: ${summary.n} runs measured; missing because: ${summary.missing.join("; ")}`);
    }
  }
  for (const { name } of CONDITIONS) {
    const { runsWithLongTasks, runsWithBundlePrefetchedBeforeClick, runs, ownCostBeforeIntent: own } = conditions[name]!;
    console.log(`  ${name}: ${runsWithLongTasks} of ${runs.length} runs had a long task before interaction; the bundle was prefetched before the click in ${runsWithBundlePrefetchedBeforeClick}`);
    console.log(`  ${name}: before intent, loader and widget cost ${own.mainThreadMs} ms of main thread (${own.scriptMs} ms script) and hold ${own.jsHeapKB} KB of JS heap (medians over the control's)`);
  }
  console.log("budgets");
  for (const budget of budgets) {
    const label = "file" in budget ? `${budget.file} brotli ≤ ${budget.limitBytes} B` : `${budget.what} [${budget.condition}] ≤ ${budget.limit}`;
    const actual = "file" in budget ? budget.actualBytes : budget.actual;
    const verdict = budget.pass === null ? "not measured" : budget.pass ? "pass" : "FAIL";
    console.log(`  ${verdict.padEnd(12)} ${label}: ${actual ?? "n/a"}`);
  }
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  const { files, budgets: sizeBudgets } = measureSizes();
  const runs = runCount();
  const site = await startDemoSite({ portBase: Number(process.env.BENCH_PORT_BASE ?? 4700), quiet: true });
  const browser = await launchChromium();
  try {
    const url = `${site.urls.host}${BLANK_PAGE_QUERY}`;
    const conditions = {} as Partial<Record<ConditionName, ConditionResult>>;
    const botPaceMs = await botPace(site.urls.widget);
    for (const { name, ...page } of CONDITIONS) {
      process.stdout.write(`${name} (${runs} cold runs) `);
      conditions[name] = await measureCondition(browser, url, page, runs);
      process.stdout.write("\n");
    }
    const clickAfterFiveMinutesIdle = await measureFiveMinutesIdle(browser, url, conditions.cpu4x);
    const budgets = [...sizeBudgets, ...figureBudgets(conditions, botPaceMs)];
    const results = {
      generatedAt: new Date().toISOString(),
      commit: gitCommit(),
      method: "see the comment at the top of bench/run.ts",
      environment: { node: process.version, chromium: browser.version(), cpu: cpuModel(), platform: process.platform, cpuPinning: browser.pinning },
      page: url,
      runsPerCondition: runs,
      idleWindowAfterLoadMs: IDLE_AFTER_LOAD_MS,
      earlyClickAfterLoadMs: EARLY_CLICK_AFTER_LOAD_MS,
      // The bot's pace for the page's company (botSpeed): its first message is due this long after the click.
      botPaceMs,
      clickAfterFiveMinutesIdle,
      sizes: files,
      budgets,
      conditions,
      durationS: Math.round((Date.now() - startedAt) / 1000),
    };
    // bench/effort.ts, bench/load.ts, bench/engines.ts and bench/floor.ts keep their figures in the same file: carried over, not dropped.
    const previous = existsSync(RESULTS_PATH) ? (JSON.parse(readFileSync(RESULTS_PATH, "utf8")) as Record<string, unknown>) : {};
    const kept = Object.fromEntries(["effort", "load", "engines", "floor"].flatMap((key) => (previous[key] === undefined ? [] : [[key, previous[key]]])));
    writeFileSync(RESULTS_PATH, JSON.stringify({ ...results, ...kept }, null, 2) + "\n");
    printSummary(files, budgets, conditions as Record<string, ConditionResult>);
    console.log(`\nwrote ${new URL(RESULTS_PATH).pathname} in ${results.durationS} s`);
  } finally {
    await browser.close();
    await site.close();
  }
}

await main();
