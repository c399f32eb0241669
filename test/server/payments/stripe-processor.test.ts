// The production entry charging through the Stripe processor, the `stripe` package pointed at
// a local fake of Stripe's API: what reaches "Stripe" (amount in minor units from the server,
// the company's currency, the widget's key as Stripe's idempotency key, the secret key only in
// the Authorization header), one PaymentIntent for a retried key, a decline in SPEC §8's
// words, and 3-D Secure handed back to the widget and finished by /v1/secure/payment/confirm.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import { readServeConfig } from "../../../server/production/serve.ts";
import { startTestServer, type TestServer } from "./serve-client.ts";
import { FAKE_SECRET_KEY, startFakeStripe, type FakeStripe } from "./fake-stripe-api.ts";
import { amountOf, call, paymentBody, startedQuoteTokens, startQuote } from "./serve-client.ts";

let stripe: FakeStripe;
let server: TestServer;
let dir: string;
const logLines: string[] = [];
let phone = 6145551000;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), "qa-stripe-"));
  stripe = await startFakeStripe();
  const config = readServeConfig({ PORT: "0", DATABASE_URL: join(dir, "serve.db"), SEED_DEMO: "1", LOG_LEVEL: "debug" });
  server = await startTestServer(config, {
    env: { STRIPE_SECRET_KEY: FAKE_SECRET_KEY, STRIPE_API_BASE: stripe.url },
    write: (line) => logLines.push(line),
    // The stripe package's calls reach the fake in process.
    fetch: stripe.fetch,
  });
});
after(async () => {
  await server.close();
  await stripe.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  stripe.requests.length = 0;
});

async function pay(quoteId: string, token: string, key = randomUUID(), amount?: string) {
  const body = { ...paymentBody(quoteId, token), ...(amount === undefined ? {} : { amount }) };
  const answer = await call(`${server.url}/v1/secure/payment`, { headers: { "Idempotency-Key": key }, body });
  return { key, ...answer };
}

const intentCreates = () => stripe.requests.filter((r) => r.method === "POST" && r.path === "/v1/payment_intents");

describe("Stripe processor against a local Stripe API", () => {
  test("a charge creates and confirms one PaymentIntent for the server's amount under the widget's key", async () => {
    const quoteId = await startQuote(server.url, String(phone++));
    const { key, status, json } = await pay(quoteId, "tok_visa");
    assert.equal(status, 200);
    const answer = json as { status: string; transactionId: string; amount: string; currency: string };
    assert.equal(answer.status, "succeeded");
    assert.match(answer.transactionId, /^pi_/);
    assert.deepEqual([answer.amount, answer.currency], [amountOf(quoteId), "USD"]);

    const [method, ...rest] = stripe.requests;
    assert.ok(method);
    assert.equal(method.path, "/v1/payment_methods");
    assert.equal(method.form["card[token]"], "tok_visa");
    assert.equal(rest.length, 1);
    const create = rest[0]!;
    assert.equal(create.path, "/v1/payment_intents");
    assert.equal(create.idempotencyKey, key);
    assert.equal(create.authorization, `Bearer ${FAKE_SECRET_KEY}`);
    assert.equal(create.form.amount, amountOf(quoteId).replace(".", ""));
    assert.equal(create.form.currency, "usd");
    assert.equal(create.form.confirm, "true");
    assert.equal(create.form.payment_method, (stripe.intents.get(answer.transactionId) ?? { payment_method: "?" }).payment_method);
    assert.equal(create.form["metadata[quote_id]"], quoteId);
    assert.equal(create.form["metadata[idempotency_key]"], key);
  });

  test("an amount with more digits than the currency is refused before Stripe is asked", async () => {
    const quoteId = await startQuote(server.url, String(phone++));
    const { status, json } = await pay(quoteId, "tok_visa", undefined, "45.555");
    assert.equal(status, 400);
    assert.match((json as { message: string }).message, /Invalid amount/);
    assert.equal(stripe.requests.length, 0);
  });

  test("a lost answer retried by the package, then the widget's retry with the same key: one PaymentIntent", async () => {
    const quoteId = await startQuote(server.url, String(phone++));
    stripe.dropNextIntentAnswer();
    const first = await pay(quoteId, "tok_visa");
    assert.equal(first.status, 200);
    const creates = intentCreates();
    assert.equal(creates.length, 2, "the package retried the create once");
    assert.deepEqual(
      creates.map((r) => r.idempotencyKey),
      [first.key, first.key],
    );
    const again = await pay(quoteId, "tok_visa", first.key);
    assert.deepEqual(again.json, first.json);
    assert.equal(intentCreates().length, 2, "the widget's retry is answered from the store, Stripe is not asked again");
    const ours = [...stripe.intents.values()].filter((intent) => intent.metadata.quote_id === quoteId);
    assert.equal(ours.length, 1);
  });

  test("two requests with one key at once: one request reaches Stripe", async () => {
    const quoteId = await startQuote(server.url, String(phone++));
    const key = randomUUID();
    stripe.setDelay(300);
    try {
      const [a, b] = await Promise.all([pay(quoteId, "tok_visa", key), pay(quoteId, "tok_visa", key)]);
      // The second waits for the first's answer (bounded, payment-routes.ts IN_PROGRESS_WAIT_MS)
      // and replays it: the same charge, not a second one.
      assert.deepEqual([a.status, b.status], [200, 200]);
      assert.deepEqual(b.json, a.json);
      assert.match((a.json as { transactionId: string }).transactionId, /^pi_/);
    } finally {
      stripe.setDelay(0);
    }
    assert.equal(intentCreates().length, 1);
  });

  test("a decline shows SPEC §8's message and stores a failed payment; nothing is charged", async () => {
    const quoteId = await startQuote(server.url, String(phone++));
    const { key, status, json } = await pay(quoteId, "tok_chargeDeclinedInsufficientFunds");
    assert.equal(status, 200);
    assert.deepEqual(json, { error: "Your card has insufficient funds.", code: "card_declined" });
    const settled = await call(`${server.url}/v1/payment/status/${key}?companyId=demo-company`);
    assert.deepEqual(settled.json, { status: "failed", error: "Your card has insufficient funds." });
    const generic = await pay(quoteId, "tok_chargeDeclined");
    assert.deepEqual(generic.json, { error: "Your card was declined.", code: "card_declined" });
  });

  test("3-D Secure: requires_action goes back with the client secret; confirm after the browser's action charges", async () => {
    const quoteId = await startQuote(server.url, String(phone++));
    const { key, status, json } = await pay(quoteId, "tok_threeDSecure2Required");
    assert.equal(status, 200);
    const action = json as { status: string; clientSecret: string; paymentIntentId: string };
    assert.equal(action.status, "requires_action");
    const intent = stripe.intents.get(action.paymentIntentId);
    assert.ok(intent);
    assert.equal(action.clientSecret, intent.client_secret);
    const pending = await call(`${server.url}/v1/payment/status/${key}?companyId=demo-company`);
    assert.deepEqual(pending.json, { status: "processing" });

    stripe.completeAction(action.paymentIntentId, "succeeded");
    const confirm = await call(`${server.url}/v1/secure/payment/confirm`, {
      headers: { "Idempotency-Key": key },
      body: { companyId: "demo-company", paymentIntentId: action.paymentIntentId },
    });
    assert.equal(confirm.status, 200);
    assert.deepEqual(confirm.json, { status: "succeeded", transactionId: action.paymentIntentId, amount: amountOf(quoteId), currency: "USD" });
    const settled = await call(`${server.url}/v1/payment/status/${key}?companyId=demo-company`);
    assert.equal((settled.json as { status: string }).status, "succeeded");
    const details = await call(`${server.url}/v1/quote/details`, {
      body: { companyId: "demo-company", botId: "demo-bot", quoteId, quoteToken: startedQuoteTokens.get(quoteId) },
    });
    assert.equal((details.json as { convertedSale?: boolean }).convertedSale, true);
  });

  test("3-D Secure failed in the browser: the confirm answers a decline", async () => {
    const quoteId = await startQuote(server.url, String(phone++));
    const { key, json } = await pay(quoteId, "tok_threeDSecure2Required");
    const action = json as { paymentIntentId: string };
    stripe.completeAction(action.paymentIntentId, "failed");
    const confirm = await call(`${server.url}/v1/secure/payment/confirm`, {
      headers: { "Idempotency-Key": key },
      body: { companyId: "demo-company", paymentIntentId: action.paymentIntentId },
    });
    assert.equal((confirm.json as { code: string }).code, "card_declined");
    assert.match((confirm.json as { error: string }).error, /unable to authenticate/);
  });

  test("a confirm naming another payment's intent is refused by the intent's metadata", async () => {
    const quoteA = await startQuote(server.url, String(phone++));
    const quoteB = await startQuote(server.url, String(phone++));
    const a = await pay(quoteA, "tok_threeDSecure2Required");
    const b = await pay(quoteB, "tok_threeDSecure2Required");
    const otherIntent = (b.json as { paymentIntentId: string }).paymentIntentId;
    stripe.completeAction(otherIntent, "succeeded");
    const confirm = await call(`${server.url}/v1/secure/payment/confirm`, {
      headers: { "Idempotency-Key": a.key },
      body: { companyId: "demo-company", paymentIntentId: otherIntent },
    });
    assert.equal((confirm.json as { code: string }).code, "processing_error");
    assert.equal((confirm.json as { status?: string }).status, undefined);
  });

  test("the secret key appears in no log line", () => {
    assert.ok(logLines.length > 5);
    assert.ok(logLines.every((line) => !line.includes(FAKE_SECRET_KEY)));
    assert.ok(logLines.some((line) => line.includes('"processor":"stripe"')));
  });
});
