// End-to-end harness: the real demo site on free ports and Debian's Chromium driven by
// playwright-core, clicking as a visitor would. Playwright's selectors pierce open shadow roots.
import { after, before } from "node:test";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { startDemoSite, type DemoSite } from "../../demo-site/server.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/chromium.mjs";

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A port base in a range unlikely to collide, different per test file. */
export function randomPortBase(): number {
  return 20_000 + Math.floor(Math.random() * 4000) * 10;
}

export interface E2E {
  site: DemoSite;
  browser: Browser;
  /** A fresh context (no shared cache or storage) and page; closed after the file. */
  newPage(options?: { viewport?: { width: number; height: number } }): Promise<Page>;
}

/** Starts the demo site and Chromium for one test file, and stops both after it. */
export function useDemoSite(): E2E {
  const contexts: BrowserContext[] = [];
  const e2e = {} as E2E;
  before(async () => {
    e2e.site = await startDemoSite({ portBase: randomPortBase(), quiet: true });
    e2e.browser = await launchChromium();
    e2e.newPage = async (options = {}) => {
      const context = await e2e.browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 800 } });
      contexts.push(context);
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
