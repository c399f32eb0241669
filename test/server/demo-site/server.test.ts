// The demo site composed (createDemoSite, in process): its URLs, and the store across restarts.
// Its ports (in use, closed on close()) are tested where it listens: test/e2e/demo-site-ports.test.ts.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import { openDatabase } from "../../../server/db/database.ts";
import { newVisitorStart } from "./api-test-data.ts";
import { getJson, httpRequest, postJson } from "./http-client.ts";
import { startTestSite } from "./start-test-site.ts";

test("the eight origins are localhost on consecutive ports from the base", async () => {
  const site = await startTestSite();
  try {
    const base = Number(new URL(site.urls.host).port);
    assert.deepEqual(site.urls, {
      host: `http://localhost:${base}`,
      widget: `http://localhost:${base + 1}`,
      measure: `http://localhost:${base + 2}`,
      vault: `http://localhost:${base + 3}`,
      crm: `http://localhost:${base + 4}`,
      receiver: `http://localhost:${base + 5}`,
      mail: `http://localhost:${base + 6}`,
      text: `http://localhost:${base + 7}`,
    });
  } finally {
    await site.close();
  }
});

test("a store file is rebuilt from the fixtures at every start", async () => {
  const dir = mkdtempSync(join(tmpdir(), "demo-db-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const dbPath = join(dir, "nested", "demo.db");

  const first = await startTestSite({ dbPath });
  await first.close();

  // A company that no longer has a fixture file must not survive a restart.
  const db = openDatabase(dbPath);
  db.prepare("INSERT INTO companies (company_id, bot_id, config) VALUES (?, ?, ?)").run("gone", "bot", "{}");
  db.close();

  const second = await startTestSite({ dbPath });
  try {
    const stale = await httpRequest(`${second.urls.widget}/v1/company/gone/onboarding`);
    assert.equal(stale.status, 404);
    const kept = await httpRequest(`${second.urls.widget}/v1/company/greenway-lawn/bot/lawn`);
    assert.equal(kept.status, 200);
  } finally {
    await second.close();
  }
});

test("a restart puts demo quotes back to their fixture state and keeps visitors' quotes", async () => {
  const dir = mkdtempSync(join(tmpdir(), "demo-db-"));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const dbPath = join(dir, "demo.db");
  const details = (api: string, quoteId: string, quoteToken: string) => postJson(`${api}/v1/quote/details`, { quoteId, companyId: "greenway-lawn", quoteToken });

  const first = await startTestSite({ dbPath });
  let started: string;
  let startedToken: string;
  let seededToken: string;
  try {
    const record = { quoteId: "q-greenway-resume-3", companyId: "greenway-lawn", payload: { answers: { lawnType: "Tall fescue" } } };
    assert.equal((await postJson(`${first.urls.widget}/v1/quote/record`, record)).status, 200);
    const start = await postJson(`${first.urls.widget}/v1/quote/start`, newVisitorStart({ phoneNumber: "6145559701" }));
    ({ id: started, quoteToken: startedToken } = start.json as { id: string; quoteToken: string });
    // The seeded quote's token, as its customer's lookup hands it out.
    const lookup = await getJson(`${first.urls.widget}/v1/company/greenway-lawn/customer/lookup?phonenumber=6145550112`);
    seededToken = (lookup.json as { record: { quoteToken: string } }).record.quoteToken;
  } finally {
    await first.close();
  }

  const second = await startTestSite({ dbPath });
  try {
    const seeded = await details(second.urls.widget, "q-greenway-resume-3", seededToken);
    assert.deepEqual((seeded.json as { answers: unknown }).answers, { "Greeting.Selection": "Let's Get Started" });
    assert.equal((await details(second.urls.widget, started, startedToken)).status, 200);
  } finally {
    await second.close();
  }
});
