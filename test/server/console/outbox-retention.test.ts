// The outbox keeps what it sent for OUTBOX_KEEP_DAYS (webhooks/outbox-retention.ts), on SQLite
// and PostgreSQL: webhooks, alert e-mails and their delivery log settled before that are
// deleted, batch by batch; sign-in links a day after they went; nothing still waiting to go,
// however old; and the console's lead page lists the deliveries that are kept.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import { sql } from "kysely";
import { loadCompanyFixtures } from "../../../server/company-files.ts";
import { openStores, type OpenStores } from "../../../server/db/stores.ts";
import { startOutboxRetention } from "../../../server/webhooks/outbox-retention.ts";
import { startWebhookWorker } from "../../../server/webhooks/webhook-worker.ts";
import { useTestDatabases } from "../demo-site/postgres-server.ts";

const { kinds, newDatabase } = await useTestDatabases("retention");

const COMPANY = "greenway-lawn";
const GOOD = "http://localhost:9/good";
const BROKEN = "http://localhost:9/broken";
const DAY = 86_400_000;
const NOW = Date.parse("2026-11-30T12:00:00.000Z");

async function setUp(kind: "sqlite" | "postgres"): Promise<OpenStores> {
  const stores = await openStores(await newDatabase(kind));
  await stores.companies.replaceAll(loadCompanyFixtures({ widgetOrigin: "http://localhost:1" }));
  await stores.console.saveSettings(COMPANY, { alertEmails: ["office@greenway-lawn.example"], alertEvents: ["lead"] }, new Date(NOW));
  return stores;
}

/**
 * A lead for `quoteId` written `daysAgo` days before NOW to `urls`, then the worker's passes at
 * that time: a 200 from GOOD, a 500 from BROKEN; `tries` is the worker's number of tries (1: a
 * failure is given up at once, 2: it stays pending).
 */
async function leadSent(stores: OpenStores, quoteId: string, daysAgo: number, urls: string[], tries: number): Promise<void> {
  const at = NOW - daysAgo * DAY;
  await stores.outbox.replaceSettings([{ companyId: COMPANY, webhookUrls: urls, webhookSecret: "whsec_retention_0123456789", apiKey: null }]);
  await stores.outbox.enqueue({ type: "lead", companyId: COMPANY, createdAt: new Date(at).toISOString(), data: { quoteId, contact: { firstName: "Kim" } } });
  const worker = startWebhookWorker({
    outbox: stores.outbox,
    pollMs: 1e9,
    retry: { maxAttempts: tries, baseDelayMs: 1000, maxDelayMs: 1000 },
    now: () => new Date(at),
    fetch: async (url) => new Response(null, { status: String(url) === GOOD ? 200 : 500 }),
    mail: async () => undefined,
  });
  try {
    await worker.runOnce();
  } finally {
    await worker.stop();
  }
}

async function signInSent(stores: OpenStores, hoursAgo: number): Promise<void> {
  const at = NOW - hoursAgo * 3_600_000;
  await stores.outbox.enqueueSignIn({ companyId: COMPANY, email: "owner@greenway-lawn.example", link: `http://localhost/console/#sign-in=${randomUUID()}`, invitedBy: null, createdAt: new Date(at).toISOString() });
  const worker = startWebhookWorker({ outbox: stores.outbox, pollMs: 1e9, now: () => new Date(at), mail: async () => undefined });
  try {
    await worker.runOnce();
  } finally {
    await worker.stop();
  }
}

const count = async (stores: OpenStores, table: "webhook_outbox" | "webhook_deliveries") =>
  Number((await sql<{ n: string | number }>`SELECT COUNT(*) AS n FROM ${sql.table(table)}`.execute(stores.database.db)).rows[0]!.n);

const summary = async (stores: OpenStores, quoteId: string) =>
  (await stores.console.deliveries(COMPANY, quoteId)).map((each) => `${each.channel} ${each.state}`).sort();

for (const { kind, name, skip } of kinds) {
  describe(`outbox retention (${name})`, { skip }, () => {
    test("rows settled before the kept days go with their log, batch by batch; pending rows, recent rows and their log stay", async () => {
      const stores = await setUp(kind);
      try {
        const old = randomUUID();
        const oldFailing = randomUUID();
        const oldPending = randomUUID();
        const recent = randomUUID();
        await leadSent(stores, old, 100, [GOOD], 12);
        await leadSent(stores, oldFailing, 95, [BROKEN], 1);
        await leadSent(stores, recent, 10, [GOOD, BROKEN], 1);
        // Last: a later worker's pass would try its webhook again (and give it up, at one try).
        await leadSent(stores, oldPending, 120, [BROKEN], 12);
        assert.deepEqual(await summary(stores, old), ["email delivered", "webhook delivered"]);
        assert.deepEqual(await summary(stores, oldFailing), ["email delivered", "webhook dead"]);
        assert.deepEqual(await summary(stores, oldPending), ["email delivered", "webhook pending"]);
        const before = { rows: await count(stores, "webhook_outbox"), log: await count(stores, "webhook_deliveries") };
        assert.deepEqual(before, { rows: 9, log: 9 });

        const logged: Array<{ message: string; fields: Record<string, unknown> | undefined }> = [];
        const retention = startOutboxRetention({
          outbox: stores.outbox,
          keepDays: 90,
          batch: 2,
          // Never too busy to go on (a loaded test machine would stop the pass early: the next test).
          busyLoop: 2,
          now: () => new Date(NOW),
          logger: { log: (_level, message, fields) => logged.push({ message, fields }) },
        });
        try {
          // Old: two rows each for `old` and `oldFailing`, and the alert of `oldPending` (its webhook waits).
          assert.equal(await retention.runOnce(), 5);
          assert.equal(await retention.runOnce(), 0, "a second pass finds nothing more");
        } finally {
          await retention.stop();
        }
        assert.deepEqual(await summary(stores, old), []);
        assert.deepEqual(await summary(stores, oldFailing), []);
        assert.deepEqual(await summary(stores, oldPending), ["webhook pending"], "a row still to be sent is kept, however old");
        assert.deepEqual(await summary(stores, recent), ["email delivered", "webhook dead", "webhook delivered"]);
        // The pending row's one failed try and the recent rows' three tries are all that is left of the log.
        assert.deepEqual({ rows: await count(stores, "webhook_outbox"), log: await count(stores, "webhook_deliveries") }, { rows: 4, log: 4 });
        assert.deepEqual(
          logged.map((line) => [line.message, line.fields]),
          [["outbox rows deleted", { rows: 5, more: false }]],
        );
      } finally {
        await stores.close();
      }
    });

    test("a pass stops after a batch when the API keeps the loop busy, and the next goes on", async () => {
      const stores = await setUp(kind);
      try {
        for (const daysAgo of [100, 99, 98]) await leadSent(stores, randomUUID(), daysAgo, [GOOD], 12);
        const logged: Array<Record<string, unknown> | undefined> = [];
        // Any utilization is "busy" at 0: a pass stops after its first full batch of 2. Three
        // webhook rows, then three alert rows: 2 | the last webhook and 2 alerts | the last alert.
        const retention = startOutboxRetention({ outbox: stores.outbox, batch: 2, busyLoop: 0, now: () => new Date(NOW), logger: { log: (_level, _message, fields) => logged.push(fields) } });
        try {
          assert.deepEqual([await retention.runOnce(), await retention.runOnce(), await retention.runOnce(), await retention.runOnce()], [2, 3, 1, 0]);
        } finally {
          await retention.stop();
        }
        assert.deepEqual(logged, [
          { rows: 2, more: true },
          { rows: 3, more: true },
          { rows: 1, more: false },
        ]);
        assert.equal(await count(stores, "webhook_outbox"), 0);
      } finally {
        await stores.close();
      }
    });

    test("a sign-in link's row goes a day after it was sent, whatever the kept days", async () => {
      const stores = await setUp(kind);
      try {
        await signInSent(stores, 30);
        await signInSent(stores, 2);
        const links = async () =>
          (await stores.database.db.selectFrom("webhook_outbox").select(["created_at", "state"]).where("event_type", "=", "sign-in").orderBy("created_at").execute()).map((row) => [row.created_at, row.state]);
        assert.deepEqual(await links(), [
          [new Date(NOW - 30 * 3_600_000).toISOString(), "delivered"],
          [new Date(NOW - 2 * 3_600_000).toISOString(), "delivered"],
        ]);
        const retention = startOutboxRetention({ outbox: stores.outbox, keepDays: 3650, now: () => new Date(NOW) });
        try {
          assert.equal(await retention.runOnce(), 1);
        } finally {
          await retention.stop();
        }
        assert.deepEqual(await links(), [[new Date(NOW - 2 * 3_600_000).toISOString(), "delivered"]]);
      } finally {
        await stores.close();
      }
    });
  });
}
