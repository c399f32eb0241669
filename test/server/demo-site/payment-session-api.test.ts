// The widget's payment session against the reference backend, over real HTTP with the
// widget's own API client (CORS preflight for the Idempotency-Key header included): a payment
// whose connection drops after the charge is settled by asking, with one charge and one
// payment request; a double press sends one request; a decline comes back as the alert text.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createApiClient } from "../../../src/api/client.ts";
import type { PaymentBody } from "../../../src/contract/payment-contract.ts";
import { createPaymentSession } from "../../../src/payments/payment-session.ts";
import { newVisitorStart } from "./api-test-data.ts";
import { getJson, postJson } from "./http-client.ts";
import { pricedPaymentBody } from "./priced-payment.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

/** demo-company pays through Stripe; each quote is priced through the API before paying, as in the widget. */
const COMPANY = { companyId: "demo-company", botId: "demo-bot" } as const;
const ADDRESS = { street: "1234 Oak Street", city: "Dublin", state: "OH", postalCode: "43016", country: "US" };
const bodies = new Map<string, PaymentBody>();

let phone = 6145558000;
async function startQuote(): Promise<string> {
  const start = newVisitorStart({ phoneNumber: String(phone++), street: ADDRESS.street, postalCode: ADDRESS.postalCode });
  const { json } = await postJson(`${site.urls.widget}/v1/quote/start`, { ...start, ...COMPANY, source: null, referrer: null, customer: { ...start.customer, address: ADDRESS } });
  const quoteId = (json as { id: string }).id;
  bodies.set(quoteId, await pricedPaymentBody({ api: site.urls.widget, ...COMPANY, quoteId, address: ADDRESS }, { paymentMethod: "stripe", token: "tok_visa" }));
  return quoteId;
}

function session() {
  const api = createApiClient({ baseUrl: site.urls.widget, preview: false, onboarding: false }).extend({ fetch: site.fetch });
  return createPaymentSession({ api, companyId: COMPANY.companyId, timeoutMs: 5000, statusDelayMs: 0 });
}

const prepare = (quoteId: string, token: string) => async () => ({
  endpoint: "v1/secure/payment" as const,
  body: { ...bodies.get(quoteId)!, paymentInfo: { token } },
});

async function paymentLog(quoteId: string) {
  const { json } = await getJson(`${site.urls.widget}/demo-api/payment-log?companyId=${COMPANY.companyId}&quoteId=${quoteId}`);
  return json as { requests: Array<{ outcome: string }>; charges: Array<{ status: string; amount: string }> };
}

test("the connection drops after the charge: the session asks the status and reports paid; one request, one charge", async () => {
  const quoteId = await startQuote();
  const original = console.warn;
  console.warn = () => {};
  let result;
  try {
    result = await session().pay(prepare(quoteId, "tok_dropConnectionAfterCharge"));
  } finally {
    console.warn = original;
  }
  assert.equal(result.status, "paid");
  const log = await paymentLog(quoteId);
  assert.deepEqual(log.requests.map((r) => r.outcome), ["charged"]);
  assert.deepEqual(log.charges.map((c) => [c.status, c.amount]), [["succeeded", bodies.get(quoteId)!.amount]]);
});

test("a double press sends one payment request to the backend", async () => {
  const quoteId = await startQuote();
  const payments = session();
  const [first, second] = await Promise.all([payments.pay(prepare(quoteId, "tok_visa")), payments.pay(prepare(quoteId, "tok_visa"))]);
  assert.equal(first.status, "paid");
  assert.equal(second.status, "busy");
  assert.deepEqual((await paymentLog(quoteId)).requests.map((r) => r.outcome), ["charged"]);
});

test("a declined card comes back with the processor's words", async () => {
  const quoteId = await startQuote();
  assert.deepEqual(await session().pay(prepare(quoteId, "tok_chargeDeclined")), { status: "declined", error: "Your card was declined." });
});
