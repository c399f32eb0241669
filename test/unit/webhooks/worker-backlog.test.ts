// The webhook lane under a backlog (issue 34): a pass that finds a full batch is followed by the
// next at once while the event loop has time to spare, so a backlog drains at the rate the
// receivers answer, each pass's attempts recorded in one transaction; when the loop is busy
// (the API's requests), the lane waits its poll interval between batches instead.
import assert from "node:assert/strict";
import { afterEach, beforeEach, test } from "node:test";
import { loadCompanyFixtures } from "../../../server/company-files.ts";
import { openStores, type OpenStores } from "../../../server/db/stores.ts";
import { startWebhookWorker, type WebhookWorker } from "../../../server/webhooks/webhook-worker.ts";

const COMPANY = "greenway-lawn";
let stores: OpenStores;
let worker: WebhookWorker | undefined;

beforeEach(async () => {
  stores = await openStores(":memory:");
  await stores.companies.replaceAll(loadCompanyFixtures({ widgetOrigin: "http://localhost:1" }));
  await stores.outbox.replaceSettings([{ companyId: COMPANY, webhookUrls: ["http://hooks.test/in"], webhookSecret: "whsec_test", apiKey: null }]);
  for (let i = 0; i < 50; i++) await stores.outbox.enqueue({ type: "lead", companyId: COMPANY, createdAt: new Date().toISOString(), data: { n: i } });
});

afterEach(async () => {
  await worker?.stop();
  worker = undefined;
  await stores.close();
});

const answering = (sent: string[]): typeof fetch =>
  (async (_url: string | URL | Request, init?: RequestInit) => {
    sent.push(String(init?.body));
    return new Response("ok", { status: 200 });
  }) as typeof fetch;

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
}

const deliveredCount = async () =>
  (await stores.database.db.selectFrom("webhook_outbox").select("id").where("state", "=", "delivered").execute()).length;

test("an idle process drains a backlog of 50 in batches of 10 before the next poll, every attempt recorded", async () => {
  const sent: string[] = [];
  worker = startWebhookWorker({ outbox: stores.outbox, fetch: answering(sent), pollMs: 60_000, batchSize: 10, busyLoop: 1.01 });
  await until(() => sent.length >= 50, 10_000);
  await until(() => false, 100);
  assert.equal(sent.length, 50);
  assert.equal(new Set(sent).size, 50);
  await worker.stop();
  assert.equal(await deliveredCount(), 50);
  const attempts = await stores.database.db.selectFrom("webhook_deliveries").select(["status_code", "error"]).execute();
  assert.equal(attempts.length, 50);
  assert.ok(attempts.every((row) => row.status_code === 200 && row.error === null));
});

test("a busy event loop: after a full batch the lane waits its poll interval", async () => {
  const sent: string[] = [];
  // busyLoop 0: every pass counts as busy.
  worker = startWebhookWorker({ outbox: stores.outbox, fetch: answering(sent), pollMs: 60_000, batchSize: 10, busyLoop: 0 });
  await until(() => sent.length >= 10, 10_000);
  await until(() => false, 300);
  assert.equal(sent.length, 10);
  await worker.stop();
  assert.equal(await deliveredCount(), 10);
});

test("runOnce sends a row written while the lane's pass was running: that pass had claimed before it, so a fresh pass follows", async () => {
  // The lane's first claim reads the outbox and then waits, as a PostgreSQL claim on its own
  // connection may answer after an insert committed on another but from a snapshot before it.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let claimsHeld = 0;
  const outbox = {
    ...stores.outbox,
    claimDue: async (...args: Parameters<typeof stores.outbox.claimDue>) => {
      const rows = await stores.outbox.claimDue(...args);
      if (args[3] === "sign-in" && claimsHeld++ === 0) await held;
      return rows;
    },
  };
  const mailed: string[] = [];
  worker = startWebhookWorker({ outbox, fetch: answering([]), pollMs: 60_000, mail: async (row) => void mailed.push(row.eventType) });
  await until(() => claimsHeld === 1, 5000);
  assert.equal(claimsHeld, 1, "the timer's first sign-in pass claimed (nothing) and waits");
  await stores.outbox.enqueueSignIn({ companyId: COMPANY, email: "owner@greenway-lawn.example", link: "https://quotes.example.com/console/#sign-in=abc", invitedBy: null, createdAt: new Date().toISOString() });
  const pass = worker.runOnce();
  release();
  await pass;
  assert.deepEqual(mailed, ["sign-in"], "the pass runOnce waited for was one that started after the call");
  assert.equal(claimsHeld, 2);
});
