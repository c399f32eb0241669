// Leads and sales reach the company (docs/api.md "Webhooks", "Leads export"), on SQLite and
// PostgreSQL: each event is written in the transaction of what it reports (a failed
// transaction leaves no outbox row); the worker signs, retries with exponential backoff up to
// its bounded number of tries, and logs every attempt; two processes never claim one row; and
// the leads export answers only the company's API key, with statuses, amounts and safe CSV.
// Over 300 lines on purpose: one set-up, run on both databases, for the three halves of one
// feature (writing, delivering, exporting); split, each file would repeat the set-up.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, test } from "node:test";
import type { Hono } from "hono";
import { DEMO_URL_RULES, loadCompanyFixtures } from "../../../server/company-files.ts";
import type { OutboxRow } from "../../../server/db/outbox-store.ts";
import { openStores, type OpenStores } from "../../../server/db/stores.ts";
import { createWidgetOrigin } from "../../../server/widget-origin.ts";
import { SIMULATED_CRM } from "../../../demo-site/crm/simulated-crm.ts";
import { verifyWebhook } from "../../../server/webhooks/signature.ts";
import { startWebhookWorker, type RetrySchedule } from "../../../server/webhooks/webhook-worker.ts";
import { quoteStartBody } from "../payments/serve-client.ts";
import { pricedPaymentBody, type JsonHttp } from "./priced-payment.ts";
import { useTestDatabases } from "./postgres-server.ts";

const { kinds, newDatabase } = await useTestDatabases("outbox");

const SECRET = "whsec_test_greenway_0123456789";
const API_KEY = "qa_test_key_greenway_0123456789";
const PEST_KEY = "qa_test_key_bugbusters_0123456";
const HOOK_A = "http://localhost:9/hook-a";
const HOOK_B = "http://localhost:9/hook-b";

interface Setup {
  location: string;
  stores: OpenStores;
  app: Hono;
}

async function setUp(kind: "sqlite" | "postgres"): Promise<Setup> {
  const location = await newDatabase(kind);
  const stores = await openStores(location);
  // Greenway pays through Stripe here (its own processor is Real Green's frame): these tests are
  // about what a sale reports, and a Stripe test token is the simplest sale the backend takes.
  const companies = loadCompanyFixtures({ widgetOrigin: "http://localhost:1" }).map((row) =>
    row.companyId === "greenway-lawn" ? { ...row, config: JSON.stringify({ ...JSON.parse(row.config), cardProcessor: "stripe", paymentType: "stripe" }) } : row,
  );
  await stores.companies.replaceAll(companies);
  await stores.outbox.replaceSettings([
    { companyId: "greenway-lawn", webhookUrls: [HOOK_A, HOOK_B], webhookSecret: SECRET, apiKey: API_KEY },
    { companyId: "bugbusters-pest", webhookUrls: [], webhookSecret: null, apiKey: PEST_KEY },
  ]);
  const app = createWidgetOrigin({
    store: stores.companies,
    customers: stores.customers,
    quotes: stores.quotes,
    payments: stores.payments,
    servman: stores.servman,
    transaction: stores.transaction,
    quoteTokens: stores.quoteTokens,
    rateLimits: stores.rateLimits,
    distDir: join(tmpdir(), "qa-outbox-no-dist"),
    assetsDir: join(tmpdir(), "qa-outbox-no-assets"),
    findCompanyName: async () => undefined,
    // The demo's test cards, simulated CRM and its companies' URL rules; no test hooks.
    testPayments: true,
    urlRules: DEMO_URL_RULES,
    crm: SIMULATED_CRM,
  });
  return { location, stores, app };
}

const post = (app: Hono, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) });

async function startQuote(app: Hono, overrides: { phoneNumber?: string; companyId?: string; botId?: string; firstName?: string; lastName?: string } = {}): Promise<string> {
  const body = quoteStartBody(overrides.phoneNumber ?? `614555${String(Math.floor(Math.random() * 10000)).padStart(4, "0")}`);
  if (overrides.companyId) Object.assign(body, { companyId: overrides.companyId, botId: overrides.botId });
  if (overrides.firstName) body.customer.firstName = overrides.firstName;
  if (overrides.lastName) body.customer.lastName = overrides.lastName;
  const response = await post(app, "/v1/quote/start", body);
  assert.equal(response.status, 200, await response.clone().text());
  return ((await response.json()) as { id: string }).id;
}

/** The calls of the widget's pricing, answered by the in-process app. */
const inProcess = (app: Hono): JsonHttp => ({
  getJson: async (url) => {
    const response = await app.request(url);
    return { status: response.status, json: await response.json() };
  },
  postJson: async (url, body) => {
    const response = await post(app, url, body);
    return { status: response.status, json: await response.json() };
  },
});

/** The quote's start address (quoteStartBody), as its pricing call sends it. */
const START_ADDRESS = quoteStartBody().customer.address;

/** The widget's payment body for the quote, priced as the widget prices it (the server checks the amount). */
function paymentBody(app: Hono, quoteId: string, token: string) {
  return pricedPaymentBody(
    { api: "http://localhost", companyId: "greenway-lawn", botId: "lawn", quoteId, address: START_ADDRESS, http: inProcess(app) },
    { paymentMethod: "stripe", token },
  );
}

/** Pays the quote by card: the transaction and the amount charged (GET STARTED TODAY, "45.50"). */
async function pay(app: Hono, quoteId: string): Promise<{ transactionId: string; amount: string }> {
  const body = await paymentBody(app, quoteId, "tok_visa");
  const response = await post(app, "/v1/secure/payment", body, { "Idempotency-Key": randomUUID() });
  const answer = (await response.json()) as { status?: string; transactionId?: string };
  assert.equal(answer.status, "succeeded", JSON.stringify(answer));
  return { transactionId: answer.transactionId!, amount: body.amount };
}

interface OutboxLine {
  id: number;
  event_id: string;
  event_type: string;
  url: string;
  payload: string;
  state: string;
  attempts: number;
  next_attempt_at: string;
  claimed_until: string | null;
  delivered_at: string | null;
}

const outboxRows = async (stores: OpenStores): Promise<OutboxLine[]> =>
  (await stores.database.db.selectFrom("webhook_outbox").selectAll().orderBy("id").execute()).map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));

const eventsOf = (rows: OutboxLine[], type: string) => rows.filter((row) => row.event_type === type);
const payloadOf = (row: OutboxLine) => JSON.parse(row.payload) as { id: string; type: string; companyId: string; data: Record<string, unknown> };

test("the delivery settings are server-only: no bot configuration the widget reads carries a webhook URL, secret or API key", async () => {
  const setup = await setUp("sqlite");
  try {
    for (const row of loadCompanyFixtures({ widgetOrigin: "http://localhost:1", receiverOrigin: "http://localhost:2" })) {
      assert.doesNotMatch(row.config, /whsec_|qa_demo_key|localhost:2|webhook/i, `${row.companyId}/${row.botId}`);
      for (const path of [`/v1/company/${row.companyId}/bot/${row.botId}`, `/v1/company/${row.companyId}/onboarding`]) {
        assert.doesNotMatch(await (await setup.app.request(path)).text(), /whsec_|qa_demo_key|webhook/i, path);
      }
    }
    assert.ok((await setup.stores.outbox.findSettings("greenway-lawn"))?.apiKey);
  } finally {
    await setup.stores.close();
  }
});


for (const { kind, name, skip } of kinds) {
  describe(`${name}: the outbox is written with the event`, { skip }, () => {
    let setup: Setup;
    beforeEach(async () => (setup = await setUp(kind)));
    afterEach(() => setup.stores.close());

    test("a quote start writes one lead per webhook URL, one event id, with the contact details", async () => {
      const quoteId = await startQuote(setup.app, { phoneNumber: "6145550101" });
      const leads = eventsOf(await outboxRows(setup.stores), "lead");
      assert.deepEqual(leads.map((row) => row.url).sort(), [HOOK_A, HOOK_B]);
      assert.equal(new Set(leads.map((row) => row.event_id)).size, 1);
      const payload = payloadOf(leads[0]!);
      assert.equal(payload.id, leads[0]!.event_id);
      assert.equal(payload.companyId, "greenway-lawn");
      assert.equal(payload.data.quoteId, quoteId);
      assert.deepEqual(payload.data.contact, {
        firstName: "Kimberly",
        lastName: "Novakowski",
        phoneNumber: "6145550101",
        email: "kim.novakowski@example.com",
        address: { street: "5565 Muirfield Drive", city: "Dublin", state: "OH", postalCode: "43017", country: "US" },
      });
      // The same quote found again (reuse, with its own token) is not a new lead.
      const quoteToken = await setup.stores.quoteTokens.issue("greenway-lawn", quoteId);
      const reused = await post(setup.app, "/v1/quote/start", { ...quoteStartBody("6145550101"), quoteId, quoteToken });
      assert.equal(((await reused.json()) as { id: string }).id, quoteId);
      assert.equal(eventsOf(await outboxRows(setup.stores), "lead").length, 2);
      // A preview visit is test traffic: stored, but no lead for the company.
      const preview = await post(setup.app, "/v1/quote/start?preview=true", quoteStartBody("6145550102"));
      assert.equal(preview.status, 200);
      assert.equal(eventsOf(await outboxRows(setup.stores), "lead").length, 2);
    });

    test("a transaction that fails after writing its event leaves no outbox row (and no quote)", async () => {
      const before = (await outboxRows(setup.stores)).length;
      const id = randomUUID();
      await assert.rejects(
        setup.stores.transaction(async (tx) => {
          await tx.payments.saveLead({ companyId: "greenway-lawn", botId: "lawn", quoteId: id, rgCustId: null, reason: "Price", comments: null, isTest: false, createdAt: new Date().toISOString() });
          const event = await tx.outbox.enqueue({ type: "objection", companyId: "greenway-lawn", createdAt: new Date().toISOString(), data: { quoteId: id } });
          throw new Error(`rolled back ${event.id}`);
        }),
        /rolled back/,
      );
      assert.equal((await outboxRows(setup.stores)).length, before);
      assert.equal(await setup.stores.payments.findLead("greenway-lawn", id), undefined);
    });

    test("think-about-it writes an objection with reason and comments; a payment a purchase with the amount charged", async () => {
      const quoteId = await startQuote(setup.app);
      const objection = await post(setup.app, "/v1/company/greenway-lawn/lawn/thinkaboutit", { chatId: quoteId, reason: "Price", comments: "Too much for now" });
      assert.equal(objection.status, 200);
      const { transactionId, amount } = await pay(setup.app, quoteId);
      const rows = await outboxRows(setup.stores);
      const objectionData = payloadOf(eventsOf(rows, "objection")[0]!).data;
      assert.equal(objectionData.quoteId, quoteId);
      assert.equal(objectionData.reason, "Price");
      assert.equal(objectionData.comments, "Too much for now");
      const purchases = eventsOf(rows, "purchase");
      assert.equal(purchases.length, 2);
      const purchase = payloadOf(purchases[0]!).data;
      assert.deepEqual(
        { transactionId: purchase.transactionId, value: purchase.value, currency: purchase.currency, paymentMethod: purchase.paymentMethod, quoteId: purchase.quoteId },
        { transactionId, value: amount, currency: "USD", paymentMethod: "stripe", quoteId },
      );
      // A declined card is no purchase.
      const declinedQuote = await startQuote(setup.app);
      const declined = await post(setup.app, "/v1/secure/payment", await paymentBody(setup.app, declinedQuote, "tok_chargeDeclined"), { "Idempotency-Key": randomUUID() });
      assert.ok("error" in ((await declined.json()) as object));
      assert.equal(eventsOf(await outboxRows(setup.stores), "purchase").length, 2);
    });
  });

  describe(`${name}: the worker delivers at least once, with backoff`, { skip }, () => {
    let setup: Setup;
    beforeEach(async () => (setup = await setUp(kind)));
    afterEach(() => setup.stores.close());

    test("a failing URL is retried after 1 s, 2 s, then 3 s (capped) until it answers 2xx; every attempt is logged; the other URL is done at once", async () => {
      const retry: RetrySchedule = { maxAttempts: 6, baseDelayMs: 1000, maxDelayMs: 3000 };
      // The fake clock starts after the quote's real time (the event is due from then).
      const base = Date.now() + 1000;
      let clock = base;
      const sent: Array<{ url: string; headers: Headers; body: string; at: number }> = [];
      let failuresLeft = 3;
      const fakeFetch = (async (url: string | URL | Request, init?: RequestInit) => {
        sent.push({ url: String(url), headers: new Headers(init?.headers), body: String(init?.body), at: clock });
        if (String(url) === HOOK_A && failuresLeft-- > 0) return new Response("busy", { status: 503 });
        return new Response("ok", { status: 200 });
      }) as typeof fetch;
      await startQuote(setup.app);
      const worker = startWebhookWorker({ outbox: setup.stores.outbox, retry, pollMs: 1e9, now: () => new Date(clock), fetch: fakeFetch });
      try {
        const at = async (offsetMs: number) => {
          clock = base + offsetMs;
          await worker.runOnce();
        };
        await at(0);
        await at(999);
        await at(1000);
        await at(2999);
        await at(3000);
        await at(5999);
        await at(6000);
        await at(60_000);
        const toA = sent.filter((s) => s.url === HOOK_A);
        const toB = sent.filter((s) => s.url === HOOK_B);
        assert.deepEqual(toA.map((s) => s.at - base), [0, 1000, 3000, 6000]);
        assert.equal(toB.length, 1);
        // Every try is the same body, signed for its own timestamp, with the event id in a header.
        const eventId = payloadOf((await outboxRows(setup.stores))[0]!).id;
        for (const s of [...toA, ...toB]) {
          assert.equal(s.body, toA[0]!.body);
          assert.equal(s.headers.get("Quote-Assistant-Event-Id"), eventId);
          assert.equal(s.headers.get("Quote-Assistant-Event"), "lead");
          const verdict = verifyWebhook({ secret: SECRET, body: s.body, timestampHeader: s.headers.get("Quote-Assistant-Timestamp"), signatureHeader: s.headers.get("Quote-Assistant-Signature"), now: Math.floor(s.at / 1000) });
          assert.deepEqual(verdict, { ok: true });
        }
        const rows = await outboxRows(setup.stores);
        assert.deepEqual(rows.map((row) => [row.url, row.state, row.attempts]), [[HOOK_A, "delivered", 4], [HOOK_B, "delivered", 1]]);
        const log = await setup.stores.database.db.selectFrom("webhook_deliveries").selectAll().where("url", "=", HOOK_A).orderBy("id").execute();
        assert.deepEqual(log.map((entry) => [Number(entry.attempt), entry.status_code === null ? null : Number(entry.status_code), entry.error]), [
          [1, 503, "HTTP 503"],
          [2, 503, "HTTP 503"],
          [3, 503, "HTTP 503"],
          [4, 200, null],
        ]);
      } finally {
        await worker.stop();
      }
    });

    test("a URL that never answers is given up after the bounded number of tries (dead, kept, logged)", async () => {
      let clock = Date.now() + 1000;
      let calls = 0;
      const refused = (async () => {
        calls += 1;
        throw new TypeError("fetch failed");
      }) as typeof fetch;
      await setup.stores.outbox.replaceSettings([{ companyId: "greenway-lawn", webhookUrls: [HOOK_A], webhookSecret: SECRET, apiKey: API_KEY }]);
      await startQuote(setup.app);
      const worker = startWebhookWorker({ outbox: setup.stores.outbox, retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 100 }, pollMs: 1e9, now: () => new Date(clock), fetch: refused });
      try {
        for (let i = 0; i < 10; i++) {
          await worker.runOnce();
          clock += 1000;
        }
      } finally {
        await worker.stop();
      }
      assert.equal(calls, 3);
      const [row] = await outboxRows(setup.stores);
      assert.deepEqual([row!.state, row!.attempts], ["dead", 3]);
      const log = await setup.stores.database.db.selectFrom("webhook_deliveries").select(["attempt", "error"]).orderBy("id").execute();
      assert.deepEqual(log.map((entry) => [Number(entry.attempt), entry.error]), [
        [1, "TypeError: fetch failed"],
        [2, "TypeError: fetch failed"],
        [3, "TypeError: fetch failed"],
      ]);
    });

    test("two processes on one database never claim the same row; a crashed claim comes back when its lease ends", async () => {
      for (let i = 0; i < 15; i++) await startQuote(setup.app);
      const second = await openStores(setup.location);
      try {
        const now = "2099-01-01T00:00:00.000Z";
        const lease = "2099-01-01T00:01:00.000Z";
        const [a, b] = await Promise.all([setup.stores.outbox.claimDue(now, lease, 20), second.outbox.claimDue(now, lease, 20)]);
        const ids = [...a, ...b].map((row) => row.id);
        assert.equal(ids.length, 30);
        assert.equal(new Set(ids).size, 30);
        assert.deepEqual(await second.outbox.claimDue("2099-01-01T00:00:59.000Z", "2099-01-01T00:02:00.000Z", 50), []);
        const again = await second.outbox.claimDue("2099-01-01T00:01:00.001Z", "2099-01-01T00:02:00.000Z", 50);
        assert.equal(again.length, 30);
        // The first claimant finishing late logs its try but leaves the row to the new holder.
        const late = a[0] ?? b[0]!;
        await setup.stores.outbox.recordAttempt(late, { statusCode: 200, error: null, durationMs: 1, attemptedAt: "2099-01-01T00:01:01.000Z" }, { state: "delivered", nextAttemptAt: "2099-01-01T00:01:01.000Z" });
        const row = (await outboxRows(setup.stores)).find((r) => r.id === late.id)!;
        assert.deepEqual([row.state, row.attempts], ["pending", 0]);
        const holder = again.find((r) => r.id === late.id)!;
        await second.outbox.recordAttempt(holder, { statusCode: 200, error: null, durationMs: 1, attemptedAt: "2099-01-01T00:01:02.000Z" }, { state: "delivered", nextAttemptAt: "2099-01-01T00:01:02.000Z" });
        const done = (await outboxRows(setup.stores)).find((r) => r.id === late.id)!;
        assert.deepEqual([done.state, done.attempts], ["delivered", 1]);
      } finally {
        await second.close();
      }
    });

    test("rows taken by id (the alert lane's folds and sends) go to one process each, never from a live lease", async () => {
      for (let i = 0; i < 5; i++) await startQuote(setup.app);
      const second = await openStores(setup.location);
      try {
        const now = "2099-01-01T00:00:00.000Z";
        const due = await setup.stores.outbox.peekDue(now, 50, "webhook");
        assert.equal(due.length, 10, "two webhook URLs a lead");
        assert.equal("payload" in due[0]!, false, "planned on without the payloads");
        assert.deepEqual(await setup.stores.outbox.peekDue(now, 50, "alert"), [], "one lane's rows only");
        const ids = due.map((row) => row.id);
        const [leased] = await setup.stores.outbox.claimIds([ids[0]!], now, "2099-01-01T00:01:00.000Z");
        assert.equal(leased?.claimedUntil, "2099-01-01T00:01:00.000Z");
        const digestFor = (folded: readonly OutboxRow[]) => ({
          digest: { eventId: `digest:${randomUUID()}`, url: "mailto:owner@greenway-lawn.example", companyId: "greenway-lawn", payload: () => JSON.stringify({ folded: folded.length }), createdAt: now, dueAt: now },
          merge: (payload: string) => payload,
        });
        // At once on PostgreSQL; on SQLite in turn (two connections in one process: a transaction
        // waiting for the other's lock would block the thread the other needs to commit).
        const fold = (stores: OpenStores) => stores.outbox.foldIntoDigest(ids, now, digestFor);
        const [a, b] = setup.stores.database.dialect === "postgres" ? await Promise.all([fold(setup.stores), fold(second)]) : [await fold(setup.stores), await fold(second)];
        assert.equal((a?.folded ?? 0) + (b?.folded ?? 0), 9, "each row once, the leased one left to its holder");
        const states = new Map((await outboxRows(setup.stores)).map((row) => [row.id, row.state]));
        assert.deepEqual(
          ids.map((id) => states.get(id)),
          ids.map((id) => (id === ids[0] ? "pending" : "delivered")),
        );
        assert.deepEqual(await second.outbox.claimIds(ids, now, "2099-01-01T00:02:00.000Z"), [], "nothing left to take while the lease holds");
        const after = await second.outbox.claimIds(ids, "2099-01-01T00:01:00.001Z", "2099-01-01T00:02:00.000Z");
        assert.deepEqual(after.map((row) => row.id), [ids[0]], "the leased row, once its lease ran out");
      } finally {
        await second.close();
      }
    });

    test("a pass recorded at once moves each row on by its own outcome, and leaves a row whose lease ran out", async () => {
      await setup.stores.outbox.replaceSettings([{ companyId: "greenway-lawn", webhookUrls: [HOOK_A], webhookSecret: SECRET, apiKey: API_KEY }]);
      for (let i = 0; i < 4; i++) await startQuote(setup.app);
      const claimed = await setup.stores.outbox.claimDue("2099-01-01T00:00:00.000Z", "2099-01-01T00:01:00.000Z", 10);
      assert.equal(claimed.length, 4);
      const [sent, failed, givenUp, stale] = claimed as [OutboxRow, OutboxRow, OutboxRow, OutboxRow];
      const at = (second: number) => `2099-01-01T00:00:0${second}.000Z`;
      await setup.stores.outbox.recordAttempts([
        { row: sent, attempt: { statusCode: 200, error: null, durationMs: 3.4, attemptedAt: at(1) }, outcome: { state: "delivered", nextAttemptAt: at(1) } },
        { row: failed, attempt: { statusCode: 500, error: "HTTP 500", durationMs: 5, attemptedAt: at(2) }, outcome: { state: "pending", nextAttemptAt: "2099-01-01T00:05:00.000Z" } },
        { row: givenUp, attempt: { statusCode: null, error: "x".repeat(600), durationMs: 7, attemptedAt: at(3) }, outcome: { state: "dead", nextAttemptAt: at(3) } },
        { row: { ...stale, claimedUntil: "2098-12-31T23:59:00.000Z" }, attempt: { statusCode: 200, error: null, durationMs: 1, attemptedAt: at(4) }, outcome: { state: "delivered", nextAttemptAt: at(4) } },
      ]);
      const rows = new Map((await outboxRows(setup.stores)).map((row) => [row.id, row]));
      const view = (id: number) => {
        const row = rows.get(id)!;
        return [row.state, row.attempts, row.next_attempt_at, row.claimed_until, row.delivered_at];
      };
      assert.deepEqual(view(sent.id), ["delivered", 1, at(1), null, at(1)]);
      assert.deepEqual(view(failed.id), ["pending", 1, "2099-01-01T00:05:00.000Z", null, null]);
      assert.deepEqual(view(givenUp.id), ["dead", 1, at(3), null, null]);
      assert.deepEqual(view(stale.id), ["pending", 0, stale.nextAttemptAt, "2099-01-01T00:01:00.000Z", null]);
      const log = await setup.stores.database.db.selectFrom("webhook_deliveries").select(["outbox_id", "attempt", "status_code", "error", "duration_ms", "attempted_at"]).orderBy("id").execute();
      assert.deepEqual(
        log.map((entry) => [Number(entry.outbox_id), Number(entry.attempt), entry.status_code === null ? null : Number(entry.status_code), entry.error?.length ?? null, Number(entry.duration_ms), entry.attempted_at]),
        [
          [sent.id, 1, 200, null, 3, at(1)],
          [failed.id, 1, 500, 8, 5, at(2)],
          [givenUp.id, 1, null, 500, 7, at(3)],
          [stale.id, 1, 200, null, 1, at(4)],
        ],
      );
    });
  });

  describe(`${name}: the leads export`, { skip }, () => {
    let setup: Setup;
    beforeEach(async () => (setup = await setUp(kind)));
    afterEach(() => setup.stores.close());

    const get = (path: string, key?: string) => setup.app.request(path, { headers: key === undefined ? {} : { Authorization: `Bearer ${key}` } });

    test("the export carries the ad attribution stored with each quote, one column each", async () => {
      const attribution = { utm_source: "google", utm_medium: "cpc", utm_campaign: "spring-lawn", gclid: "Cj0KCQiA-abc_123", landingPage: "https://greenway.example/lawn-care" };
      const response = await post(setup.app, "/v1/quote/start", { ...quoteStartBody("6145550177"), attribution });
      assert.equal(response.status, 200);
      const quoteId = ((await response.json()) as { id: string }).id;
      const plain = await startQuote(setup.app, { phoneNumber: "6145550178" });
      const json = (await (await get("/v1/company/greenway-lawn/leads.json", API_KEY)).json()) as { leads: Array<Record<string, unknown>> };
      const row = json.leads.find((lead) => lead.quoteId === quoteId)!;
      assert.deepEqual(
        [row.utm_source, row.utm_medium, row.utm_campaign, row.utm_term, row.gclid, row.fbclid, row.referrer, row.landingPage],
        ["google", "cpc", "spring-lawn", null, "Cj0KCQiA-abc_123", null, null, "https://greenway.example/lawn-care"],
      );
      assert.equal(json.leads.find((lead) => lead.quoteId === plain)!.utm_source, null, "a quote without attribution has empty columns");
      const lines = (await (await get("/v1/company/greenway-lawn/leads.csv", API_KEY)).text()).split("\r\n");
      const header = lines[0]!.split(",");
      const cells = lines.find((line) => line.startsWith(quoteId))!.split(",");
      assert.equal(cells[header.indexOf("utm_campaign")], "spring-lawn");
      assert.equal(cells[header.indexOf("gclid")], "Cj0KCQiA-abc_123");
    });

    test("401 without the key, with a wrong key, another company's key, or for an unknown company", async () => {
      for (const [path, key] of [
        ["/v1/company/greenway-lawn/leads.csv", undefined],
        ["/v1/company/greenway-lawn/leads.csv", "wrong-key-0123456789"],
        ["/v1/company/greenway-lawn/leads.json", PEST_KEY],
        ["/v1/company/greenway-lawn/leads.json", `${API_KEY}x`],
        ["/v1/company/nobody/leads.json", API_KEY],
        ["/v1/company/demo-company/leads.json", ""],
      ] as const) {
        const response = await get(path, key);
        assert.equal(response.status, 401, `${path} ${key}`);
        assert.match(response.headers.get("WWW-Authenticate") ?? "", /^Bearer/);
        assert.doesNotMatch(await response.text(), /Novakowski/);
      }
      const basic = await setup.app.request("/v1/company/greenway-lawn/leads.json", { headers: { Authorization: `Basic ${API_KEY}` } });
      assert.equal(basic.status, 401);
    });

    test("every quote with its status (started, priced, objection, paid, booked), amounts, and cells a spreadsheet cannot run", async () => {
      const started = await startQuote(setup.app, { firstName: "=HYPERLINK(\"http://evil\")", lastName: 'O"Brien, Jr' });
      const priced = await startQuote(setup.app, { lastName: "Priced" });
      await setup.stores.quotes.markPriced("greenway-lawn", priced, ["Fertilizer & Weed Control"]);
      const hesitant = await startQuote(setup.app, { lastName: "Hesitant" });
      await post(setup.app, "/v1/company/greenway-lawn/lawn/thinkaboutit", { chatId: hesitant, reason: "Price", comments: "-1 for the price\nsecond line" });
      const paid = await startQuote(setup.app, { lastName: "Paid" });
      const { transactionId, amount } = await pay(setup.app, paid);
      const booked = await startQuote(setup.app, { companyId: "bugbusters-pest", botId: "pest", lastName: "Booked" });
      const quote = (await setup.stores.quotes.find("bugbusters-pest", booked))!;
      const order = await setup.stores.servman.createOrder({ companyId: "bugbusters-pest", botId: "pest", clientId: quote.crmId!, contactId: quote.contactId!, questionId: 1, notes: null, isTest: false, createdAt: new Date().toISOString() });
      const result = await setup.stores.servman.book({ companyId: "bugbusters-pest", date: "2026-12-01", employeeId: 1, serviceWindowId: 1, orderId: order.id, datetimeTicks: "0", notes: "", isTest: false, createdAt: new Date().toISOString() });
      assert.equal(result.ok, true);

      assert.equal((await post(setup.app, "/v1/quote/start?preview=true", quoteStartBody("6145550199"))).status, 200);

      const json = await get("/v1/company/greenway-lawn/leads.json", API_KEY);
      assert.equal(json.status, 200);
      const leads = ((await json.json()) as { leads: Array<Record<string, unknown>> }).leads;
      assert.deepEqual(leads.map((lead) => [lead.quoteId, lead.status]), [[started, "started"], [priced, "priced"], [hesitant, "objection"], [paid, "paid"]]);
      assert.deepEqual(
        leads.map((lead) => [lead.amountPaid, lead.currency, lead.transactionId]),
        [[null, null, null], [null, null, null], [null, null, null], [amount, "USD", transactionId]],
      );
      assert.equal(leads[2]!.objectionReason, "Price");

      const csv = await get("/v1/company/greenway-lawn/leads.csv", API_KEY);
      assert.equal(csv.status, 200);
      assert.match(csv.headers.get("Content-Type") ?? "", /^text\/csv/);
      const text = await csv.text();
      const lines = text.split("\r\n");
      assert.equal(lines[0]!.split(",")[0], "quoteId");
      assert.ok(lines[0]!.split(",").includes("status"));
      const startedLine = lines.find((line) => line.startsWith(started))!;
      // The formula is prefixed with ' and quoted (it holds a quote); the comma and quote are escaped.
      assert.ok(startedLine.includes(`"'=HYPERLINK(""http://evil"")"`), startedLine);
      assert.ok(startedLine.includes(`"O""Brien, Jr"`), startedLine);
      // A phone-like value starting with + or - would be prefixed as well; the comment starting with - is.
      assert.ok(text.includes(`"'-1 for the price\nsecond line"`), text);
      assert.ok(lines.some((line) => line.startsWith(paid) && line.includes(",paid,") && line.includes(`,${amount},USD,`) && line.includes(transactionId)));

      const pest = await get("/v1/company/bugbusters-pest/leads.json", PEST_KEY);
      const pestLeads = ((await pest.json()) as { leads: Array<Record<string, unknown>> }).leads;
      assert.deepEqual(pestLeads.map((lead) => [lead.quoteId, lead.status, lead.bookedDate]), [[booked, "booked", "2026-12-01"]]);
    });
  });
}
