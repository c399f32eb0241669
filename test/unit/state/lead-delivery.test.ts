// The think-about-it lead's outbox: kept until the backend answers 200, sent again with the same
// Idempotency-Key, dropped on a refusal or after 7 days; the `lead` news only on delivery.
import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, beforeEach, describe, test } from "node:test";
import { createApiClient } from "../../../src/api/client.ts";
import { createLeadDelivery, LEAD_GIVE_UP_MS, retryable, type PendingLead } from "../../../src/state/lead-delivery.ts";
import { memoryStore } from "../../../src/storage/safe-storage.ts";

/** A backend that answers each thinkaboutit call with the next scripted status (then 200). */
let script: number[] = [];
const calls: Array<{ key: string | undefined; body: unknown }> = [];
let server: Server;
let baseUrl = "";

before(async () => {
  server = createServer((req, res) => {
    // The widget's page is another origin: CORS as the reference backend answers it.
    res.setHeader("Access-Control-Allow-Origin", "*");
    if (req.method === "OPTIONS") {
      res.writeHead(204, { "Access-Control-Allow-Methods": "POST", "Access-Control-Allow-Headers": "Content-Type, Idempotency-Key" });
      return void res.end();
    }
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      calls.push({ key: req.headers["idempotency-key"] as string | undefined, body: JSON.parse(text) as unknown });
      const status = script.shift() ?? 200;
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(status === 200 ? '{"ok":true}' : '{"error":"no"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  script = [];
  calls.length = 0;
});

const lead = { botId: "lawn", body: { chatId: "q-1", reason: "Price" as const }, event: { quoteId: "q-1", kind: "objection" as const, reason: "Price" } };

function delivery(options: { store?: ReturnType<typeof memoryStore>; now?: () => number; api?: string } = {}) {
  const delivered: PendingLead[] = [];
  const outbox = createLeadDelivery({
    store: options.store ?? memoryStore(),
    companyId: "greenway-lawn",
    api: createApiClient({ baseUrl: options.api ?? baseUrl, preview: false, onboarding: false, timeoutMs: 2000 }),
    delivered: (l) => void delivered.push(l),
    ...(options.now ? { now: options.now } : {}),
  });
  return { outbox, delivered };
}

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
    const first = delivery({ store, api: "http://127.0.0.1:9" }); // nothing listens: offline
    assert.equal(await first.outbox.send(lead), "queued");
    first.outbox.stop();
    const next = delivery({ store });
    await next.outbox.flush();
    assert.equal(next.delivered.length, 1);
    assert.equal(store.get("qa:leads:greenway-lawn"), null);
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
