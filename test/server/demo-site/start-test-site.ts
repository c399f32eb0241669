// The demo site for the server tests. `useTestSite()` is the one set-up every demo-site API
// test file uses: the whole site composed in process (demo-site/demo-site.ts createDemoSite,
// no port) with a SQLite file of its own, requests answered by its apps through `site.fetch`
// (and http-client.ts's helpers, routed there), and a second connection to that file for
// checking what was (or was not) stored.
import { after, before } from "node:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type DemoDatabase } from "../../../server/db/database.ts";
import type { Fetch } from "../../../server/adapters/provider-call.ts";
import { createDemoSite, type ComposedDemoSite, type DemoSiteOptions, type DemoSiteUrls } from "../../../demo-site/demo-site.ts";
import { answerInProcess } from "./http-client.ts";

/**
 * The origins the in-process site answers for. Nothing listens there: a request that reached
 * the network instead of `site.fetch` would be refused, not served by someone's `npm start`.
 */
export const IN_PROCESS_PORT_BASE = 47400;

let sites = 0;

/**
 * The demo site composed in process (no port), quiet, at origins of its own (two sites of one
 * file never share one); http-client.ts's requests to them are answered by its apps until it closes.
 */
export async function startTestSite(options: Pick<DemoSiteOptions, "dbPath" | "rateLimits" | "webhooks" | "followUps" | "seed"> = {}): Promise<ComposedDemoSite> {
  const site = await createDemoSite({ ...options, portBase: IN_PROCESS_PORT_BASE + 10 * sites++, quiet: true });
  const unroute = answerInProcess(Object.values(site.urls), site.fetch);
  const close = site.close;
  return { ...site, close: () => close().finally(unroute) };
}

export interface TestSite {
  /** Every origin of the site (host page, widget API, measuring tool, vault, CRM, receiver, sinks). */
  urls: DemoSiteUrls;
  /** The reference API's base URL: the widget origin. */
  api: string;
  /** A request to any of `urls`, answered by the site's app in process. */
  fetch: Fetch;
  /** The site's own SQLite file, read beside the site to see what a request stored. */
  db: DemoDatabase;
  /** The composed site: its apps, sinks and workers. */
  site: ComposedDemoSite;
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
 * Composes a demo site with a fresh database before the file's tests (node:test `before`) and
 * stops it and deletes the database after them. Read the fields inside tests and hooks:
 *
 *   const site = useTestSite();
 *   test("...", async () => { await postJson(`${site.api}/v1/quote/start`, body); site.db.prepare(...) });
 */
export function useTestSite(options: TestSiteOptions = {}): TestSite {
  const fixture = {} as TestSite;
  let running: ComposedDemoSite | undefined;
  let dir: string | undefined;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "demo-test-site-"));
    const dbPath = join(dir, "demo.db");
    running = await startTestSite({ dbPath, ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}) });
    fixture.site = running;
    fixture.urls = running.urls;
    fixture.api = running.urls.widget;
    fixture.fetch = running.fetch;
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
