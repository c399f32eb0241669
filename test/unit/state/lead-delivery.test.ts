// The think-about-it lead's outbox: kept until the backend answers 200, sent again with the same
// Idempotency-Key, dropped on a refusal or after 7 days; the `lead` news only on delivery.
import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";
import { createApiClient } from "../../../src/api/client.ts";
import { createLeadDelivery, LEAD_GIVE_UP_MS, retryable, type PendingLead, type PendingStart } from "../../../src/state/lead-delivery.ts";
import type { QuoteStart, QuoteStartBody } from "../../../src/contract/quote-start.ts";
import { memoryStore } from "../../../src/storage/safe-storage.ts";

/** A backend that answers each thinkaboutit call with the next scripted status (then 200). */
let script: number[] = [];
const calls: Array<{ key: string | undefined; body: unknown; path: string }> = [];
/** What quote/start answers: the same quote every time, with a new token (as the backend does for a repeated key). */
const startAnswer = () => JSON.stringify({ id: "q-9", crmId: null, contactId: null, branch_id: null, crmData: null, redirectUrl: null, quoteToken: `t-${calls.length}` });
/** The backend's origin: answered in process by `backend`, no port. */
const baseUrl = "http://backend.test";
/** An origin where nothing answers: the visitor is offline. */
const OFFLINE = "http://127.0.0.1:9";

async function backend(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.origin !== baseUrl) throw new TypeError("Failed to fetch");
  const text = await request.text();
  calls.push({ key: request.headers.get("idempotency-key") ?? undefined, body: JSON.parse(text) as unknown, path: url.pathname });
  const status = script.shift() ?? 200;
  return new Response(status !== 200 ? '{"error":"no"}' : url.pathname.endsWith("/quote/start") ? startAnswer() : '{"ok":true}', { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  script = [];
  calls.length = 0;
});

const lead = { botId: "lawn", body: { chatId: "q-1", reason: "Price" as const }, event: { quoteId: "q-1", kind: "objection" as const, reason: "Price" } };

function delivery(options: { store?: ReturnType<typeof memoryStore>; now?: () => number; api?: string } = {}) {
  const delivered: PendingLead[] = [];
  const started: Array<[PendingStart, QuoteStart]> = [];
  const outbox = createLeadDelivery({
    store: options.store ?? memoryStore(),
    companyId: "greenway-lawn",
    api: createApiClient({ baseUrl: options.api ?? baseUrl, preview: false, onboarding: false, timeoutMs: 2000 }).extend({ fetch: (input, init) => backend(new Request(input, init)) }),
    delivered: (l) => void delivered.push(l),
    started: (s, answer) => void started.push([s, answer]),
    ...(options.now ? { now: options.now } : {}),
  });
  return { outbox, delivered, started };
}

const startBody: QuoteStartBody = {
  companyId: "greenway-lawn",
  botId: "lawn",
  quoteId: null,
  quoteToken: null,
  source: null,
  referrer: null,
  additionalSourceInfo: null,
  salesTaxRate: 7.5,
  customer: {
    firstName: "Kim",
    lastName: "Novak",
    phoneNumber: "6145550142",
    email: "kim@example.com",
    address: { street: "5565 Brand Road", city: "Dublin", state: "OH", postalCode: "43017", country: "US" },
  },
  attribution: null,
};
const recordBody = (quoteId: string, lawnType: string) => ({ quoteId, companyId: "greenway-lawn", payload: { answers: { lawnType } } });

describe("the outbox's quote starts and records", () => {
  test("a start delivered at once: its answer, sent with the key, nothing kept, no background news", async () => {
    const store = memoryStore();
    const { outbox, started } = delivery({ store });
    const outcome = await outbox.start("start-key-0000000001", startBody);
    assert.equal(typeof outcome === "object" && `${outcome.answer.id} ${outcome.answer.quoteToken}`, "q-9 t-1");
    assert.equal(calls[0]!.key, "start-key-0000000001");
    assert.equal(store.get("qa:leads:greenway-lawn"), null);
    assert.equal(started.length, 0, "the caller announces a start it waited for");
    outbox.stop();
  });

  test("a 503 keeps the start; a background flush delivers it with the same key and tells `started`; starting again answers it without a call", async () => {
    script = [503];
    const { outbox, started } = delivery();
    assert.equal(await outbox.start("start-key-0000000002", startBody), "queued");
    await outbox.flush();
    assert.equal(started.length, 1);
    assert.equal(started[0]![0].body.customer.phoneNumber, "6145550142");
    assert.deepEqual(calls.map((c) => c.key), ["start-key-0000000002", "start-key-0000000002"]);
    const again = await outbox.start("start-key-0000000002", startBody);
    assert.equal(typeof again === "object" && again.answer.id, "q-9");
    assert.equal(calls.length, 2);
    outbox.stop();
  });

  test("offline, then the next page view: the waiting start is sent from storage", async () => {
    const store = memoryStore();
    const first = delivery({ store, api: OFFLINE });
    assert.equal(await first.outbox.start("start-key-0000000003", startBody), "queued");
    first.outbox.stop();
    const next = delivery({ store });
    await next.outbox.flush();
    assert.equal(next.started.length, 1);
    assert.equal(calls[0]!.key, "start-key-0000000003");
    assert.equal(store.get("qa:leads:greenway-lawn"), null);
  });

  test("a 400 is final: refused, not sent again", async () => {
    script = [400];
    const { outbox, started } = delivery();
    assert.equal(await outbox.start("start-key-0000000004", startBody), "refused");
    await outbox.flush();
    assert.equal(await outbox.start("start-key-0000000004", startBody), "refused");
    assert.equal(calls.length, 1);
    assert.equal(started.length, 0);
  });

  test("records wait one per quote: the newer answers replace the older, and both quotes' records are sent", async () => {
    script = [503, 503];
    const { outbox } = delivery();
    await outbox.record(recordBody("q-1", "Bluegrass"));
    await outbox.record(recordBody("q-1", "Fescue"));
    await outbox.record(recordBody("q-2", "Zoysia"));
    await outbox.flush();
    const records = calls.filter((c) => c.path.endsWith("/quote/record"));
    assert.deepEqual(records.slice(-2).map((c) => c.body), [recordBody("q-1", "Fescue"), recordBody("q-2", "Zoysia")]);
    // Each set of answers keeps its own key across its retries: the refused first try of the
    // Fescue record and its delivery carried the same one.
    const fescue = records.filter((c) => JSON.stringify(c.body) === JSON.stringify(recordBody("q-1", "Fescue")));
    assert.ok(fescue.length >= 2 && new Set(fescue.map((c) => c.key)).size === 1 && /^[0-9a-f-]{36}$/.test(fescue[0]!.key!));
    outbox.stop();
  });
});

describe("the lead outbox", () => {
  test("delivered at once: done, the news once, nothing kept", async () => {
    const store = memoryStore();
    const { outbox, delivered } = delivery({ store });
    assert.equal(await outbox.send(lead), "done");
    assert.equal(delivered.length, 1);
    assert.deepEqual(delivered[0]!.event, lead.event);
    assert.equal(store.get("qa:leads:greenway-lawn"), null);
    assert.equal(calls.length, 1);
    assert.match(calls[0]!.key!, /^[0-9a-f-]{36}$/);
    outbox.stop();
  });

  test("a 503 keeps it, no news; the next flush delivers it with the same key, and the news comes then", async () => {
    script = [503];
    const { outbox, delivered } = delivery();
    assert.equal(await outbox.send(lead), "queued");
    assert.equal(delivered.length, 0);
    await outbox.flush();
    assert.equal(delivered.length, 1);
    assert.equal(calls.length, 2);
    assert.equal(calls[0]!.key, calls[1]!.key);
    assert.deepEqual(calls[1]!.body, lead.body);
    outbox.stop();
  });

  test("a lead that waits survives the page: the next page view's outbox sends it", async () => {
    const store = memoryStore();
    const first = delivery({ store, api: OFFLINE }); // nothing listens: offline
    assert.equal(await first.outbox.send(lead), "queued");
    first.outbox.stop();
    const next = delivery({ store });
    await next.outbox.flush();
    assert.equal(next.delivered.length, 1);
    assert.equal(store.get("qa:leads:greenway-lawn"), null);
  });

  test("the storage erased while a lead and a start wait (Safari's 7-day rule): the page still sends both, once, and writes them back meanwhile", async () => {
    script = [503, 503, 503];
    const store = memoryStore();
    const { outbox, delivered, started } = delivery({ store });
    assert.equal(await outbox.send(lead), "queued");
    assert.equal(await outbox.start("start-key", startBody), "queued");
    outbox.stop();
    store.remove("qa:leads:greenway-lawn");
    // Still waiting: a retry says so (no promise of a call), and the outbox is written back.
    script = [503, 503];
    assert.equal(await outbox.retry("q-1"), "queued");
    outbox.stop();
    assert.deepEqual(JSON.parse(store.get("qa:leads:greenway-lawn") ?? "null")?.data.map((item: { key: string }) => item.key).sort(), [calls[0]!.key, "start-key"].sort());
    store.remove("qa:leads:greenway-lawn");
    await outbox.flush();
    assert.equal(delivered.length, 1, "the lead's news once, on delivery");
    assert.deepEqual(started.map(([start]) => start.key), ["start-key"]);
    const leadKeys = new Set(calls.filter((call) => call.path.endsWith("/thinkaboutit")).map((call) => call.key));
    assert.equal(leadKeys.size, 1, "every attempt with the same key");
    assert.equal(store.get("qa:leads:greenway-lawn"), null, "nothing kept once delivered");
    await outbox.flush();
    assert.equal(delivered.length, 1, "not sent again");
  });

  test("a 400 is final: dropped, no news, not sent again", async () => {
    script = [400];
    const { outbox, delivered } = delivery();
    assert.equal(await outbox.send(lead), "done");
    await outbox.flush();
    assert.equal(calls.length, 1);
    assert.equal(delivered.length, 0);
  });

  test("a lead older than 7 days is given up", async () => {
    script = [503];
    const store = memoryStore();
    let now = 1_000_000;
    const { outbox, delivered } = delivery({ store, now: () => now });
    assert.equal(await outbox.send(lead), "queued");
    outbox.stop();
    now += LEAD_GIVE_UP_MS + 1;
    await outbox.flush();
    assert.equal(calls.length, 1);
    assert.equal(delivered.length, 0);
    assert.equal(store.get("qa:leads:greenway-lawn"), null);
  });

  const verdicts: Array<[string, unknown, boolean]> = [
    ["no answer (offline)", new TypeError("Failed to fetch"), true],
    ["a timeout", Object.assign(new Error("timed out"), { name: "TimeoutError" }), true],
    ["500", { response: { status: 500 } }, true],
    ["503", { response: { status: 503 } }, true],
    ["408", { response: { status: 408 } }, true],
    ["429", { response: { status: 429 } }, true],
    ["400", { response: { status: 400 } }, false],
    ["404", { response: { status: 404 } }, false],
    ["413", { response: { status: 413 } }, false],
  ];
  for (const [what, error, again] of verdicts) {
    test(`${what}: ${again ? "sent again" : "final"}`, () => assert.equal(retryable(error), again));
  }
});
