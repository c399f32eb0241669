// End-to-end harness: the real demo site on free ports and Debian's Chromium driven by
// playwright-core, clicking as a visitor would. Playwright's selectors pierce open shadow roots.
//
// The bot's pace: a journey waits the company's bot delay (botSpeed, 1,750 ms for most demo
// companies) before every reply, which made most of the suite's time. Pages from newPage()
// therefore see each company's configuration with botSpeed lowered to TEST_BOT_SPEED_MS: the
// configuration's own documented setting, changed in the test's browser only (the demo site and
// the widget are untouched). Tests about the pace itself ask for { pace: "as configured" }.
import { after, before } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { startDemoSite, type DemoSite } from "../../demo-site/server.ts";
import { launchChromium, quickenTheBot } from "./browser.ts";

export { launchChromium, TEST_BOT_SPEED_MS } from "./browser.ts";

/** A port base in a range unlikely to collide, different per test file. */
export function randomPortBase(): number {
  return 20_000 + Math.floor(Math.random() * 4000) * 10;
}

/** The demo site on a random port base; e2e files run in parallel, so a taken base is replaced. */
export async function startE2ESite(dbPath?: string): Promise<DemoSite> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDemoSite({ portBase: randomPortBase(), quiet: true, ...(dbPath ? { dbPath } : {}) });
    } catch (error) {
      if (attempt >= 5 || !(error instanceof Error) || !/is in use/.test(error.message)) throw error;
    }
  }
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** "quick" (the default): botSpeed TEST_BOT_SPEED_MS; "as configured": the company's own. */
  pace?: "quick" | "as configured";
}

export interface E2E {
  site: DemoSite;
  browser: Browser;
  /** A fresh context (no shared cache or storage) and page; closed after the file. */
  newPage(options?: PageOptions): Promise<Page>;
}

/**
 * Starts the demo site and Chromium for one test file, and stops both after it. `dbPath`: a
 * SQLite file instead of the in-memory store, for a test that reads what the backend stored.
 */
export function useDemoSite(options: { dbPath?: string } = {}): E2E {
  const contexts: BrowserContext[] = [];
  const e2e = {} as E2E;
  before(async () => {
    e2e.site = await startE2ESite(options.dbPath);
    e2e.browser = await launchChromium();
    e2e.newPage = async (options = {}) => {
      const context = await e2e.browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
      contexts.push(context);
      if ((options.pace ?? "quick") === "quick") await quickenTheBot(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    };
  });
  after(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await e2e.browser?.close();
    await e2e.site?.close();
  });
  return e2e;
}

/** Collects page errors and console errors, so a journey can assert the host page stayed healthy. */
export function watchErrors(page: Page): { pageErrors: string[]; consoleErrors: string[] } {
  const seen = { pageErrors: [] as string[], consoleErrors: [] as string[] };
  page.on("pageerror", (error) => seen.pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") seen.consoleErrors.push(message.text());
  });
  return seen;
}

/** A Content-Security-Policy violation the page reported. */
export interface CspViolation {
  directive: string;
  blocked: string;
  sample: string;
}

/** Every securitypolicyviolation the page reports, from its first line on (call before goto). */
export async function collectCspViolations(page: Page): Promise<() => Promise<CspViolation[]>> {
  await page.addInitScript(() => {
    const seen: CspViolation[] = [];
    (window as unknown as { cspViolations: CspViolation[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) =>
      seen.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample }),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: CspViolation[] }).cspViolations);
}
