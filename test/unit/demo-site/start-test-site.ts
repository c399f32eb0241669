// The demo site started for API tests. `useTestSite()` is the one set-up every demo-site API
// test file uses: the site on free ports with a SQLite file of its own, and a second
// connection to that file for checking what was (or was not) stored.
import { after, before } from "node:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type DemoDatabase } from "../../../server/db/database.ts";
import { startDemoSite, type DemoSite, type DemoSiteOptions, type DemoSiteUrls } from "../../../demo-site/server.ts";

/**
 * Starts the demo site on a random port base. Test files run in parallel processes, so a base
 * that turns out to be taken is simply replaced by another.
 */
export async function startTestSite(options: Pick<DemoSiteOptions, "dbPath" | "rateLimits"> = {}): Promise<DemoSite> {
  for (let attempt = 1; ; attempt++) {
    const portBase = 20000 + Math.floor(Math.random() * 40000);
    try {
      return await startDemoSite({ ...options, portBase, quiet: true });
    } catch (error) {
      if (attempt >= 5 || !(error instanceof Error) || !/is in use/.test(error.message)) throw error;
    }
  }
}

export interface TestSite {
  /** Every origin of the running site (host page, widget API, measuring tool, vault, CRM). */
  urls: DemoSiteUrls;
  /** The reference API's base URL: the widget origin. */
  api: string;
  /** The site's own SQLite file, read beside the site to see what a request stored. */
  db: DemoDatabase;
}

export interface TestSiteOptions {
  /**
   * Runs once the site is up, before the file's first test: data the whole file shares. (A
   * second top-level `before` of the file would not wait for the site: Node 20 starts the
   * root's `before` hooks together.)
   */
  afterStart?: (site: TestSite) => Promise<void> | void;
  /** The customer lookup's and previous-quote check's rate limits; default the site's own. */
  rateLimits?: DemoSiteOptions["rateLimits"];
}

/**
 * Starts a demo site with a fresh database before the file's tests (node:test `before`) and
 * stops it and deletes the database after them. Read the fields inside tests and hooks:
 *
 *   const site = useTestSite();
 *   test("...", async () => { await postJson(`${site.api}/v1/quote/start`, body); site.db.prepare(...) });
 */
export function useTestSite(options: TestSiteOptions = {}): TestSite {
  const fixture = {} as TestSite;
  let running: DemoSite | undefined;
  let dir: string | undefined;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "demo-test-site-"));
    const dbPath = join(dir, "demo.db");
    running = await startTestSite({ dbPath, ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}) });
    fixture.urls = running.urls;
    fixture.api = running.urls.widget;
    fixture.db = openDatabase(dbPath);
    await options.afterStart?.(fixture);
  });
  after(async () => {
    fixture.db?.close();
    await running?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return fixture;
}
