// The three browser engines a homeowner's browser is built on, behind one small interface, so
// that one journey (engine-journey.test.ts) and the benchmark (bench/engines.ts) run the same
// steps in each: Chromium through playwright-core (as the rest of the suite), Firefox ESR
// through puppeteer-core over WebDriver BiDi, and WebKitGTK's MiniBrowser through
// selenium-webdriver and WebKitWebDriver under Xvfb (xvfb-run), since WebKitGTK has no
// headless mode. Every input is real: mouse presses at a point, drags and key presses go through
// the driver's input actions, so the page sees trusted events with hit-testing, focus and all.
//
// What the page is asked goes through `evaluate(expression)`: a string, not a function (the
// test's transpiler would name functions with helpers the page does not have), whose value is
// awaited and returned as JSON. Scripts that must run before the page's own (`beforeEachPage`)
// are preload scripts in Chromium and Firefox. WebKitWebDriver has none: there they run as soon
// as the navigation returns (after the load event), which the callers say where it matters.
// A cross-origin frame (our measuring tool) is asked through `evaluateInFrame(title, expression)`:
// the frame element found by its title (in open shadow roots too), then its own document asked
// (Playwright's and Puppeteer's content frame; in Selenium, switched into and back out).
// Over 300 lines on purpose: three engines behind one interface, each with its launch, sizing, input and frame quirks, side by side.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { chromium, type Browser as PwBrowser, type BrowserContext, type Page as PwPage } from "playwright-core";
import puppeteer, { type Browser as PpBrowser, type BrowserContext as PpContext, type Page as PpPage } from "puppeteer-core";
import { Builder, Origin, type WebDriver, type WebElement } from "selenium-webdriver";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";
import { fileURLToPath } from "node:url";
import { eventually } from "../eventually.ts";
import { FIREFOX_PATH, FIREFOX_PREFS, WEBKIT_DRIVER_PATH } from "../../scripts/browsers.mjs";

export type EngineName = "chromium" | "firefox" | "webkit";
export const ENGINES: readonly EngineName[] = ["chromium", "firefox", "webkit"];

/** The engines a run asks for: ENGINES=firefox,webkit (default: all three). */
export function enginesToRun(): EngineName[] {
  const asked = (process.env.ENGINES ?? "").split(",").map((name) => name.trim()).filter(Boolean);
  const unknown = asked.filter((name) => !ENGINES.includes(name as EngineName));
  if (unknown.length) throw new Error(`ENGINES: unknown engine ${unknown.join(", ")} (known: ${ENGINES.join(", ")})`);
  return asked.length ? (asked as EngineName[]) : [...ENGINES];
}

export interface Viewport {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** One page in a fresh profile (no cache, no storage shared with another tab). */
export interface Tab {
  readonly engine: EngineName;
  /** Navigates and waits for the load event. */
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  evaluate<T = unknown>(expression: string): Promise<T>;
  /** A mouse press and release at a point of the viewport (CSS pixels). */
  click(x: number, y: number): Promise<void>;
  /** The mouse pressed at the first point, moved through the others, released at the last. */
  drag(points: readonly Point[]): Promise<void>;
  /** `expression` (as `evaluate`) in the document of the frame titled `title`, cross-origin or not. */
  evaluateInFrame<T = unknown>(title: string, expression: string): Promise<T>;
  /** Types into whatever has focus, one key at a time. */
  type(text: string): Promise<void>;
  press(key: "Enter" | "Tab" | "Escape"): Promise<void>;
  setViewport(viewport: Viewport): Promise<void>;
  /** The page's viewport as the page measures it. */
  viewport(): Promise<Viewport>;
  screenshot(path: string): Promise<void>;
}

export interface EngineSession {
  readonly engine: EngineName;
  readonly version: string;
  /** Whether `beforeEachPage` scripts run before the page's own (false in WebKit). */
  readonly preloadScripts: boolean;
  newTab(viewport: Viewport, beforeEachPage?: string[]): Promise<Tab>;
  /** Closes every tab opened so far (their profiles with them); the session stays. */
  closeTabs(): Promise<void>;
  close(): Promise<void>;
}

/** MiniBrowser's GTK settings (a toolbar that can shrink to a phone's width). */
const GTK_CONFIG = fileURLToPath(new URL("./webkit-gtk/", import.meta.url));
const KEYS = { Enter: "\uE007", Tab: "\uE004", Escape: "\uE00C" } as const;

/** The iframe titled `title` in the page or any open shadow root; null when there is none. */
const frameTitled = (title: string) => `(() => {
  const roots = [document];
  for (let i = 0; i < roots.length; i++) for (const el of roots[i].querySelectorAll("*")) if (el.shadowRoot) roots.push(el.shadowRoot);
  return roots.flatMap((root) => [...root.querySelectorAll("iframe")]).find((el) => el.title === ${JSON.stringify(title)}) || null;
})()`;

/** Playwright's and Puppeteer's mouse alike: a press, moves of a few steps each, a release. */
async function dragMouse(mouse: { move(x: number, y: number, options?: { steps?: number }): Promise<void>; down(): Promise<void>; up(): Promise<void> }, [first, ...rest]: readonly Point[]): Promise<void> {
  if (!first) return;
  await mouse.move(first.x, first.y);
  await mouse.down();
  for (const point of rest) await mouse.move(point.x, point.y, { steps: 4 });
  await mouse.up();
}

/** A content frame's `evaluate`, from the handle of its iframe element (Playwright and Puppeteer). */
async function evaluateInContentFrame<T>(
  handle: { asElement(): { contentFrame(): Promise<{ evaluate(expression: string): Promise<unknown> } | null> } | null; dispose(): Promise<void> },
  title: string,
  expression: string,
): Promise<T> {
  const frame = await handle.asElement()?.contentFrame();
  await handle.dispose();
  if (!frame) throw new Error(`no frame titled "${title}" with a document`);
  return (await frame.evaluate(expression)) as T;
}

export function launchEngine(engine: EngineName): Promise<EngineSession> {
  if (engine === "chromium") return launchChromiumSession();
  if (engine === "firefox") return launchFirefoxSession();
  return launchWebKitSession();
}

// ---- Chromium (playwright-core) ----

async function launchChromiumSession(): Promise<EngineSession> {
  const browser: PwBrowser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const contexts: BrowserContext[] = [];
  const session: EngineSession = {
    engine: "chromium",
    version: browser.version(),
    preloadScripts: true,
    async newTab(viewport, beforeEachPage = []) {
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      for (const script of beforeEachPage) await context.addInitScript(script);
      const page: PwPage = await context.newPage();
      return {
        engine: "chromium",
        goto: async (url) => void (await page.goto(url, { waitUntil: "load" })),
        reload: async () => void (await page.reload({ waitUntil: "load" })),
        url: async () => page.url(),
        evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
        click: (x, y) => page.mouse.click(x, y),
        drag: (points) => dragMouse(page.mouse, points),
        evaluateInFrame: async <T>(title: string, expression: string) => evaluateInContentFrame<T>(await page.evaluateHandle(frameTitled(title)), title, expression),
        type: (text) => page.keyboard.type(text),
        press: (key) => page.keyboard.press(key),
        setViewport: (size) => page.setViewportSize(size),
        viewport: () => page.evaluate("({ width: innerWidth, height: innerHeight })") as Promise<Viewport>,
        screenshot: async (path) => void (await page.screenshot({ path })),
      };
    },
    async closeTabs() {
      for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    },
    async close() {
      await session.closeTabs();
      await browser.close();
    },
  };
  return session;
}

// ---- Firefox ESR (puppeteer-core, WebDriver BiDi) ----

async function launchFirefoxSession(): Promise<EngineSession> {
  const browser: PpBrowser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX_PATH,
    headless: true,
    extraPrefsFirefox: FIREFOX_PREFS,
    // No default viewport: puppeteer would size each new page with page.setViewport (below).
    defaultViewport: null,
  });
  const contexts: PpContext[] = [];
  const session: EngineSession = {
    engine: "firefox",
    version: await browser.version(),
    preloadScripts: true,
    async newTab(viewport, beforeEachPage = []) {
      const context = await browser.createBrowserContext();
      contexts.push(context);
      const page: PpPage = await context.newPage();
      page.setDefaultTimeout(15_000);
      await sizeFirefoxPage(page, viewport);
      for (const script of beforeEachPage) await page.evaluateOnNewDocument(script);
      return {
        engine: "firefox",
        goto: async (url) => void (await page.goto(url, { waitUntil: "load" })),
        reload: async () => void (await page.reload({ waitUntil: "load" })),
        url: async () => page.url(),
        evaluate: <T>(expression: string) => page.evaluate(expression) as Promise<T>,
        click: (x, y) => page.mouse.click(x, y),
        drag: (points) => dragMouse(page.mouse, points),
        evaluateInFrame: async <T>(title: string, expression: string) => evaluateInContentFrame<T>(await page.evaluateHandle(frameTitled(title)), title, expression),
        type: (text) => page.keyboard.type(text),
        press: (key) => page.keyboard.press(key),
        setViewport: (size) => sizeFirefoxPage(page, size),
        viewport: () => page.evaluate("({ width: innerWidth, height: innerHeight })") as Promise<Viewport>,
        screenshot: async (path) => void (await page.screenshot({ path: path as `${string}.png` })),
      };
    },
    async closeTabs() {
      for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
    },
    async close() {
      await session.closeTabs();
      await browser.close();
    },
  };
  return session;
}

/**
 * Sizes a Firefox page with BiDi's own `browsingContext.setViewport`, not puppeteer's
 * `page.setViewport`: over BiDi that one also sends `emulation.setScreenOrientationOverride`,
 * which Firefox ESR 140 (Debian's bookworm index) does not implement ("unknown command"), and
 * fails as a whole. The viewport command alone is in every ESR since 115 (140 and 153 checked).
 */
async function sizeFirefoxPage(page: PpPage, { width, height }: Viewport): Promise<void> {
  const frame = page.mainFrame() as unknown as { browsingContext: { setViewport(options: { viewport: Viewport }): Promise<void> } };
  await frame.browsingContext.setViewport({ viewport: { width, height } });
}

// ---- WebKitGTK (selenium-webdriver, WebKitWebDriver, MiniBrowser under Xvfb) ----

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForDriver(port: number, driver: ChildProcess, output: () => string): Promise<void> {
  const status = async () => {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
    return fetch(`http://127.0.0.1:${port}/status`).then((r) => `HTTP ${r.status}`, (error: Error) => error.message);
  };
  await eventually(`WebKitWebDriver's status on port ${port}`, status, (seen) => seen === "HTTP 200", { timeoutMs: 20_000, everyMs: 100 }).catch((error: Error) => {
    throw new Error(`${error.message}: ${output()}`);
  });
}

/**
 * Each tab is its own WebKitWebDriver (it holds one session at a time) on its own virtual
 * display (xvfb-run -a picks a free one): its own MiniBrowser, with an ephemeral profile. The
 * toolbar's GTK style is shrunk (test/e2e/webkit-gtk/) so that the window can be a phone's width.
 */
async function startWebKitDriver(viewport: Viewport): Promise<{ port: number; stop(): void }> {
  const port = await freePort();
  // detached: its own process group, so that stopping ends xvfb-run, Xvfb and the driver together.
  const driverProcess = spawn("xvfb-run", ["-a", "-s", "-screen 0 1600x1200x24", WEBKIT_DRIVER_PATH, `--port=${port}`], {
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, XDG_CONFIG_HOME: GTK_CONFIG },
  });
  let output = "";
  driverProcess.stdout!.on("data", (chunk) => (output = (output + chunk).slice(-2000)));
  driverProcess.stderr!.on("data", (chunk) => (output = (output + chunk).slice(-2000)));
  const stop = () => {
    try {
      process.kill(-driverProcess.pid!, "SIGTERM");
    } catch {
      // already gone
    }
  };
  try {
    await waitForDriver(port, driverProcess, () => output);
  } catch (error) {
    stop();
    throw error;
  }
  return { port, stop };
}

/**
 * The window's outer size is what WebDriver sets: the window's frame (measured) is added. GTK
 * applies a size a moment later under a busy Xvfb, so the page's size is read until it holds,
 * and the window set again from what the frame measures then.
 */
async function setWindowToViewport(driver: WebDriver, viewport: Viewport): Promise<void> {
  const browserWindow = driver.manage().window();
  await browserWindow.setRect({ width: viewport.width, height: viewport.height });
  const fits = ([width, height]: [number, number]) => width === viewport.width && height === viewport.height;
  // Each look that finds the page the wrong size sets the window again from the frame it measures now.
  await eventually(
    `MiniBrowser's page at ${viewport.width}x${viewport.height}`,
    async () => {
      const got = (await driver.executeScript("return [innerWidth, innerHeight]")) as [number, number];
      if (!fits(got)) {
        const outer = await browserWindow.getRect();
        await browserWindow.setRect({ width: viewport.width + outer.width - got[0], height: viewport.height + outer.height - got[1] });
      }
      return got;
    },
    fits,
    { timeoutMs: 5000, everyMs: 200 },
  );
}

async function launchWebKitSession(): Promise<EngineSession> {
  const closers: Array<() => Promise<void>> = [];
  let version = "WebKitGTK";
  const session: EngineSession = {
    engine: "webkit",
    get version() {
      return version;
    },
    preloadScripts: false,
    async newTab(viewport, beforeEachPage = []) {
      const server = await startWebKitDriver(viewport);
      let driver: WebDriver;
      try {
        driver = await new Builder()
          .usingServer(`http://127.0.0.1:${server.port}`)
          .withCapabilities({ browserName: "MiniBrowser", "webkitgtk:browserOptions": { args: ["--automation"] } })
          .build();
      } catch (error) {
        server.stop();
        throw error;
      }
      closers.push(async () => {
        await driver.quit().catch(() => undefined);
        server.stop();
      });
      const capabilities = await driver.getCapabilities();
      version = `${capabilities.get("browserName")} ${capabilities.get("browserVersion")}`;
      await driver.manage().setTimeouts({ script: 30_000, pageLoad: 30_000 });
      await setWindowToViewport(driver, viewport);
      const evaluate = async <T>(expression: string): Promise<T> =>
        (await driver.executeScript(`return Promise.resolve(${expression}).then((value) => value === undefined ? null : JSON.parse(JSON.stringify(value)));`)) as T;
      const afterNavigation = async () => {
        for (const script of beforeEachPage) await driver.executeScript(script);
      };
      const actions = () => driver.actions({ async: true });
      const tab: Tab = {
        engine: "webkit",
        goto: async (url) => {
          await driver.get(url);
          await afterNavigation();
        },
        reload: async () => {
          await driver.navigate().refresh();
          await afterNavigation();
        },
        url: () => driver.getCurrentUrl(),
        evaluate,
        click: (x, y) => actions().move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT }).press().release().perform(),
        drag: ([first, ...rest]) => {
          if (!first) return Promise.resolve();
          const to = ({ x, y }: Point) => ({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT });
          return rest.reduce((chain, point) => chain.move({ ...to(point), duration: 100 }), actions().move(to(first)).press()).release().perform();
        },
        evaluateInFrame: async <T>(title: string, expression: string) => {
          const element = await driver.executeScript<WebElement | null>(`return ${frameTitled(title)}`);
          if (!element) throw new Error(`no frame titled "${title}"`);
          // Switched back out whatever happens: the other calls work in the top document.
          await driver.switchTo().frame(element);
          try {
            return await evaluate<T>(expression);
          } finally {
            await driver.switchTo().defaultContent();
          }
        },
        type: (text) => actions().sendKeys(text).perform(),
        press: (key) => actions().sendKeys(KEYS[key]).perform(),
        setViewport: (size) => setWindowToViewport(driver, size),
        viewport: () => evaluate("({ width: innerWidth, height: innerHeight })"),
        screenshot: async (path) => {
          const { writeFile } = await import("node:fs/promises");
          await writeFile(path, Buffer.from(await driver.takeScreenshot(), "base64"));
        },
      };
      return tab;
    },
    async closeTabs() {
      for (const close of closers.splice(0)) await close();
    },
    async close() {
      await session.closeTabs();
    },
  };
  return session;
}
