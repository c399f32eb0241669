// The reference backend's payment calls (docs/api.md "Payment"): charges through the test
// processor keyed by Idempotency-Key (a repeated key gets the first answer and never a second
// charge), declines as { error }, an unknown outcome settled by asking, the stand-in vault's
// and CRM frame's tokens, device payments, bypass, and bad requests that store nothing.
// Over 300 lines on purpose: one table per rule of the payment API (keys, declines, unknown outcomes, tokens, bad bodies) on one site.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import * as v from "valibot";
import { PaymentResponseSchema } from "../../../src/contract/payment-contract.ts";
import { QuoteSchema } from "../../../src/contract/quote-details.ts";
import type { PaymentBody } from "../../../src/contract/payment-contract.ts";
import { grantQuoteToken, newVisitorStart } from "./api-test-data.ts";
import { pricedPaymentBody } from "./priced-payment.ts";
import { getJson, httpRequest, postJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

let phone = 6145557000;

/** Each demo company with its processor's payment method and an address it prices. */
const COMPANIES = {
  "demo-company": { botId: "demo-bot", method: "stripe", token: "tok_visa", address: { street: "1234 Oak Street", city: "Dublin", state: "OH", postalCode: "43016", country: "US" } },
  "greenway-lawn": { botId: "lawn", method: "real-green", token: null, address: { street: "5565 Muirfield Drive", city: "Dublin", state: "OH", postalCode: "43017", country: "US" } },
  "thames-lawns": { botId: "garden", method: "card-vault", token: null, address: { street: "14 Church Road", city: "London", state: "England", postalCode: "SW13 9AA", country: "GB" } },
  "alpen-rasen": { botId: "rasen", method: "bypass", token: null, address: { street: "Seefeldstrasse 14", city: "Zürich", state: "ZH", postalCode: "8008", country: "CH" } },
} as const;
type CompanyId = keyof typeof COMPANIES;

/** The widget's payment body of each started (and priced) quote. */
const priced = new Map<string, PaymentBody>();

/** Starts a quote and prices it through the API, as the widget does before the checkout. */
async function startQuote(companyId: CompanyId = "demo-company", options: { price?: boolean } = {}): Promise<string> {
  const company = COMPANIES[companyId];
  const start = newVisitorStart({ phoneNumber: String(phone++), street: company.address.street, postalCode: company.address.postalCode });
  const body = { ...start, companyId, botId: company.botId, customer: { ...start.customer, address: { ...company.address } } };
  if (companyId !== "greenway-lawn") Object.assign(body, { source: null, referrer: null });
  const { status, json } = await postJson(`${site.api}/v1/quote/start`, body);
  assert.equal(status, 200, JSON.stringify(json));
  const quoteId = (json as { id: string }).id;
  if (options.price !== false) {
    const estimate = companyId === "thames-lawns" ? 240 : companyId === "alpen-rasen" ? 180 : 6000;
    priced.set(quoteId, await pricedPaymentBody(
      { api: site.api, companyId, botId: company.botId, quoteId, address: company.address, estimate },
      company.method === "real-green" ? { paymentMethod: "real-green", token: "crm_x", paymentToken: "rgp_x", crmId: "RG-1" } : { paymentMethod: company.method, token: company.token },
    ));
  }
  return quoteId;
}

/** The quote's priced body (a stripe tok_visa payment for demo-company), with `overrides`. */
function paymentBody(quoteId: string, overrides: Record<string, unknown> = {}) {
  const base = priced.get(quoteId);
  assert.ok(base, `quote ${quoteId} was not priced`);
  return { ...base, ...overrides };
}
const amountOf = (quoteId: string) => paymentBody(quoteId).amount;

/** The CRM customer the backend gave the quote at its start (the stand-in CRM's id). */
const crmIdOf = (quoteId: string) => (columns(site.db.prepare("SELECT crm_id FROM quotes WHERE id = ?").get(quoteId)) as { crm_id: string }).crm_id;

/** A Real Green payment session for the priced quote, as the widget asks for it; `overrides` change the body. */
function realGreenSession(quoteId: string, crmId: string, overrides: Record<string, unknown> = {}) {
  const base = paymentBody(quoteId);
  return postJson(`${site.api}/v1/quote/crm/realgreen/payment`, {
    companyId: base.companyId,
    botId: base.botId,
    amount: base.amount,
    crmId,
    quoteId,
    term: base.term,
    programIds: base.programs.map((program) => program.id),
    ...overrides,
  });
}

async function pay(path: string, body: unknown, key: string | null = randomUUID()) {
  const response = await httpRequest(`${site.api}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(key === null ? {} : { "Idempotency-Key": key }) },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, json: JSON.parse(response.body) as unknown };
}

/** A row without libsql's `_metadata` (query timing) so rows compare by their columns. */
function columns(row: unknown): Record<string, unknown> | undefined {
  if (row === undefined) return undefined;
  const { _metadata, ...rest } = row as Record<string, unknown>;
  void _metadata;
  return rest;
}

const charges = (quoteId: string) =>
  site.db.prepare("SELECT status, amount, transaction_id FROM payments WHERE quote_id = ? ORDER BY rowid").all(quoteId) as Array<{ status: string; amount: string; transaction_id: string | null }>;
const requestLog = (quoteId: string) =>
  (site.db.prepare("SELECT outcome FROM payment_requests WHERE quote_id = ? ORDER BY id").all(quoteId) as Array<{ outcome: string }>).map((row) => row.outcome);

async function convertedSale(quoteId: string, companyId: string = "demo-company"): Promise<boolean> {
  const { json } = await postJson(`${site.api}/v1/quote/details`, { quoteId, companyId, quoteToken: grantQuoteToken(site.db, quoteId, companyId) });
  return v.parse(QuoteSchema, json).convertedSale;
}

async function status(key: string, companyId = "demo-company") {
  return getJson(`${site.api}/v1/payment/status/${key}?companyId=${companyId}`);
}

describe("POST /v1/secure/payment", () => {
  test("a good card is charged once: the answer names the transaction, the amount and the currency; the quote is a sale", async () => {
    const quoteId = await startQuote();
    assert.equal(await convertedSale(quoteId), false);
    const { status: code, json } = await pay("/v1/secure/payment", paymentBody(quoteId));
    assert.equal(code, 200);
    const answer = v.parse(PaymentResponseSchema, json);
    assert.ok("status" in answer && answer.status === "succeeded");
    assert.equal(answer.amount, amountOf(quoteId));
    assert.equal(answer.currency, "USD");
    assert.match(answer.transactionId, /^txn_/);
    assert.deepEqual(charges(quoteId), [{ status: "succeeded", amount: amountOf(quoteId), transaction_id: answer.transactionId }]);
    assert.equal(await convertedSale(quoteId), true);
  });

  test("the same Idempotency-Key again gets the first answer and charges nothing more", async () => {
    const quoteId = await startQuote();
    const key = randomUUID();
    const first = await pay("/v1/secure/payment", paymentBody(quoteId), key);
    const second = await pay("/v1/secure/payment", paymentBody(quoteId), key);
    assert.equal(second.status, 200);
    assert.deepEqual(second.json, first.json);
    assert.equal(charges(quoteId).length, 1);
    assert.deepEqual(requestLog(quoteId), ["charged", "replayed"]);
  });

  test("two requests with one key at the same moment make one charge and give the same answer", async () => {
    const quoteId = await startQuote();
    const key = randomUUID();
    const [a, b] = await Promise.all([pay("/v1/secure/payment", paymentBody(quoteId), key), pay("/v1/secure/payment", paymentBody(quoteId), key)]);
    assert.equal(a.status, 200);
    assert.deepEqual(a.json, b.json);
    assert.equal(charges(quoteId).length, 1);
    assert.deepEqual(requestLog(quoteId).sort(), ["charged", "replayed"]);
  });

  test("a key reused for a different payment is refused with 422 and changes nothing", async () => {
    const quoteId = await startQuote();
    const key = randomUUID();
    await pay("/v1/secure/payment", paymentBody(quoteId), key);
    const other = await pay("/v1/secure/payment", paymentBody(quoteId, { amount: "9999.00" }), key);
    assert.equal(other.status, 422);
    assert.match((other.json as { message: string }).message, /Idempotency-Key/);
    assert.deepEqual(charges(quoteId).map((row) => row.amount), [amountOf(quoteId)]);
  });

  const declines: Array<[string, string, string]> = [
    ["tok_chargeDeclined", "Your card was declined.", "card_declined"],
    ["tok_chargeDeclinedInsufficientFunds", "Your card has insufficient funds.", "card_declined"],
    ["tok_chargeDeclinedExpiredCard", "Your card has expired.", "card_declined"],
    ["tok_chargeDeclinedProcessingError", "An error occurred while processing your card. Try again in a little bit.", "processing_error"],
    ["tok_unknownToThisProcessor", "This payment could not be processed: unknown card token.", "processing_error"],
  ];
  for (const [token, error, code] of declines) {
    test(`${token} answers 200 { error: '${error}' }, charges nothing, and the quote is not a sale`, async () => {
      const quoteId = await startQuote();
      const { status: httpStatus, json } = await pay("/v1/secure/payment", paymentBody(quoteId, { paymentInfo: { token } }));
      assert.equal(httpStatus, 200);
      assert.deepEqual(json, { error, code });
      assert.deepEqual(charges(quoteId).map((row) => row.status), ["failed"]);
      assert.equal(await convertedSale(quoteId), false);
    });
  }

  test("after a decline, a new payment (new key, another card) goes through", async () => {
    const quoteId = await startQuote();
    await pay("/v1/secure/payment", paymentBody(quoteId, { paymentInfo: { token: "tok_chargeDeclined" } }));
    const retry = await pay("/v1/secure/payment", paymentBody(quoteId));
    assert.equal((retry.json as { status?: string }).status, "succeeded");
    assert.deepEqual(charges(quoteId).map((row) => row.status), ["failed", "succeeded"]);
  });

  test("a quote already paid is not charged again under a new key", async () => {
    const quoteId = await startQuote();
    await pay("/v1/secure/payment", paymentBody(quoteId));
    const again = await pay("/v1/secure/payment", paymentBody(quoteId));
    assert.deepEqual(again.json, { error: "This quote has already been paid.", code: "processing_error" });
    assert.deepEqual(charges(quoteId).map((row) => row.status), ["succeeded", "failed"]);
  });

  test("bypass records the sale with no card (Alpen Rasen: bypassPayment)", async () => {
    const quoteId = await startQuote("alpen-rasen");
    const { json } = await pay("/v1/secure/payment", paymentBody(quoteId, { paymentMethod: "bypass", paymentInfo: { token: null } }));
    assert.equal((json as { status?: string }).status, "succeeded");
    assert.equal(await convertedSale(quoteId, "alpen-rasen"), true);
  });

  test("a test payment (preview) is stored as test traffic", async () => {
    const quoteId = await startQuote();
    const key = randomUUID();
    const response = await httpRequest(`${site.api}/v1/secure/payment?preview=true`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify(paymentBody(quoteId)),
    });
    assert.equal(response.status, 200);
    assert.deepEqual(columns(site.db.prepare("SELECT is_test FROM payments WHERE idempotency_key = ?").get(key)), { is_test: 1 });
  });
});

describe("an unknown outcome is settled by asking, never by charging again", () => {
  test("the drop-after-charge card: charged, connection dropped, the status says succeeded, resending the key replays it", async () => {
    const quoteId = await startQuote();
    const key = randomUUID();
    await assert.rejects(pay("/v1/secure/payment", paymentBody(quoteId, { paymentInfo: { token: "tok_dropConnectionAfterCharge" } }), key));
    const asked = await status(key);
    assert.equal(asked.status, 200);
    const settled = asked.json as { status: string; transactionId: string; amount: string; currency: string };
    assert.equal(settled.status, "succeeded");
    assert.equal(settled.amount, amountOf(quoteId));
    const resent = await pay("/v1/secure/payment", paymentBody(quoteId, { paymentInfo: { token: "tok_dropConnectionAfterCharge" } }), key);
    assert.equal(resent.status, 200);
    assert.deepEqual(resent.json, { status: "succeeded", transactionId: settled.transactionId, amount: amountOf(quoteId), currency: "USD" });
    assert.equal(charges(quoteId).length, 1);
    assert.deepEqual(requestLog(quoteId), ["charged", "replayed"]);
  });

  test("a declined payment's status is failed with the error", async () => {
    const quoteId = await startQuote();
    const key = randomUUID();
    await pay("/v1/secure/payment", paymentBody(quoteId, { paymentInfo: { token: "tok_chargeDeclined" } }), key);
    assert.deepEqual((await status(key)).json, { status: "failed", error: "Your card was declined." });
  });

  test("a key that never arrived is not-found (and another company does not see a key)", async () => {
    assert.deepEqual((await status(randomUUID())).json, { status: "not-found" });
    const quoteId = await startQuote();
    const key = randomUUID();
    await pay("/v1/secure/payment", paymentBody(quoteId), key);
    assert.deepEqual((await status(key, "greenway-lawn")).json, { status: "not-found" });
  });

  test("a malformed key or a missing companyId is a 400", async () => {
    assert.equal((await status("short")).status, 400);
    assert.equal((await getJson(`${site.api}/v1/payment/status/${randomUUID()}`)).status, 400);
  });
});

describe("POST /v1/payment/device", () => {
  test("a device wallet token is charged like a card, once per key", async () => {
    const quoteId = await startQuote();
    const key = randomUUID();
    const body = paymentBody(quoteId, { paymentMethod: "device-wallet" });
    const first = await pay("/v1/payment/device", body, key);
    const again = await pay("/v1/payment/device", body, key);
    assert.equal((first.json as { status?: string }).status, "succeeded");
    assert.deepEqual(again.json, first.json);
    assert.equal(charges(quoteId).length, 1);
  });

  test("the device path takes only device-wallet, and the card path refuses it", async () => {
    const quoteId = await startQuote();
    assert.equal((await pay("/v1/payment/device", paymentBody(quoteId))).status, 400);
    assert.equal((await pay("/v1/secure/payment", paymentBody(quoteId, { paymentMethod: "device-wallet" }))).status, 400);
    assert.deepEqual(charges(quoteId), []);
  });
});

describe("card vault and CRM frame tokens", () => {
  async function vaultToken(number: string, merchantId = "test_greenway", environment = "sandbox") {
    const { json } = await postJson(`${site.urls.vault}/v1/tokenize`, { merchantId, environment, number, cvv: "123", expiryMonth: 1, expiryYear: 2029 });
    return json as { transactionId?: string; error?: string };
  }

  test("the vault tokenizes a test card into a transaction id, which pays once", async () => {
    const quoteId = await startQuote("thames-lawns");
    const { transactionId } = await vaultToken("4242424242424242");
    assert.match(transactionId ?? "", /^vtx_[A-Za-z]+$/);
    const paid = await pay("/v1/secure/payment", paymentBody(quoteId, { paymentMethod: "card-vault", paymentInfo: { token: transactionId } }));
    assert.equal((paid.json as { status?: string }).status, "succeeded");
    const other = await startQuote("thames-lawns");
    const reused = await pay("/v1/secure/payment", paymentBody(other, { paymentMethod: "card-vault", paymentInfo: { token: transactionId } }));
    assert.deepEqual(reused.json, { error: "This payment could not be processed: the card token was already used.", code: "processing_error" });
  });

  test("a vault token of the decline card is declined at payment", async () => {
    const quoteId = await startQuote("thames-lawns");
    const { transactionId } = await vaultToken("4000000000000002");
    const paid = await pay("/v1/secure/payment", paymentBody(quoteId, { paymentMethod: "card-vault", paymentInfo: { token: transactionId } }));
    assert.deepEqual(paid.json, { error: "Your card was declined.", code: "card_declined" });
  });

  const vaultRefusals: Array<[string, string, string, string]> = [
    ["a bad number", "4242424242424241", "test_greenway", "Your card number is invalid."],
    ["a live merchant on the sandbox", "4242424242424242", "live_greenway", "Unknown merchant id for the sandbox card vault."],
  ];
  for (const [what, number, merchant, error] of vaultRefusals) {
    test(`the vault refuses ${what}`, async () => {
      assert.deepEqual(await vaultToken(number, merchant), { error });
    });
  }

  test("the vault's production host takes live merchant ids only", async () => {
    assert.deepEqual(await vaultToken("4242424242424242", "test_greenway", "production"), { error: "Unknown merchant id for the production card vault." });
    assert.match((await vaultToken("4242424242424242", "live_greenway", "production")).transactionId ?? "", /^vtx_/);
  });

  test("real-green: a payment session, a card token from the CRM frame, then the payment", async () => {
    const quoteId = await startQuote("greenway-lawn");
    const crmId = crmIdOf(quoteId);
    const session = await realGreenSession(quoteId, crmId);
    assert.equal(session.status, 200, JSON.stringify(session.json));
    const { token: paymentToken, id } = session.json as { token: string; id: string };
    assert.match(paymentToken, /^rgp_/);
    assert.match(id, /^RGP-/);
    const card = await postJson(`${site.urls.crm}/v1/tokenize`, { sessionToken: paymentToken, number: "4242424242424242", cvv: "123", expiryMonth: 12, expiryYear: 2030 });
    const cardToken = (card.json as { token: string }).token;
    assert.match(cardToken, /^crm_/);
    const body = paymentBody(quoteId, { paymentMethod: "real-green", paymentInfo: { token: cardToken, paymentToken, crmId } });
    const paid = await pay("/v1/secure/payment", body);
    assert.equal((paid.json as { status?: string }).status, "succeeded");

    const wrongCustomer = await pay("/v1/secure/payment", { ...body, quoteId: await startQuote("greenway-lawn"), paymentInfo: { ...body.paymentInfo, crmId: "RG-0000001" } });
    assert.deepEqual(wrongCustomer.json, { error: "This payment could not be processed: unknown card token.", code: "processing_error" });
  });

  test("the CRM frame refuses a card for an unknown session", async () => {
    const card = await postJson(`${site.urls.crm}/v1/tokenize`, { sessionToken: "rgp_nope", number: "4242424242424242", cvv: "123", expiryMonth: 12, expiryYear: 2030 });
    assert.deepEqual(card.json, { error: "This payment session has expired. Please close and reopen the checkout." });
  });

  test("a real-green session is only for a real-green company, and for an amount above 0", async () => {
    const quoteId = await startQuote("greenway-lawn");
    const notRealGreen = await realGreenSession(quoteId, "X-1", { companyId: "demo-company", botId: "demo-bot" });
    assert.equal(notRealGreen.status, 400);
    const zero = await realGreenSession(quoteId, "X-1", { amount: "0.00" });
    assert.equal(zero.status, 400);
    const unknown = await realGreenSession(quoteId, "X-1", { companyId: "nobody" });
    assert.equal(unknown.status, 404);
  });

  test("a real-green session is for the amount the server works out for the quote, never the browser's", async () => {
    const quoteId = await startQuote("greenway-lawn");
    const crmId = crmIdOf(quoteId);
    const amount = amountOf(quoteId);
    const offByOne = await realGreenSession(quoteId, crmId, { amount: ((Math.round(Number(amount) * 100) - 1) / 100).toFixed(2) });
    assert.equal(offByOne.status, 409);
    assert.equal((offByOne.json as { code?: string }).code, "quote_changed");
    assert.equal((await realGreenSession(quoteId, crmId, { programIds: ["no-such-program"] })).status, 409);
    assert.equal((await realGreenSession(quoteId, "RG-0000001")).status, 400, "another customer's CRM id");
    const unpriced = await startQuote("greenway-lawn", { price: false });
    const neverPriced = await postJson(`${site.api}/v1/quote/crm/realgreen/payment`, {
      companyId: "greenway-lawn", botId: "lawn", amount: "0.01", crmId: crmIdOf(unpriced), quoteId: unpriced, term: "application", programIds: ["x"],
    });
    assert.equal(neverPriced.status, 409, "a quote that was never priced has no session");
    assert.equal((await realGreenSession(quoteId, crmId, { quoteId: "q-nope" })).status, 404);
    const sessions = () => columns(site.db.prepare("SELECT count(*) AS n FROM realgreen_payment_sessions").get());
    const before = sessions();
    await realGreenSession(quoteId, crmId, { amount: "0.01" });
    assert.deepEqual(sessions(), before, "nothing stored for a refused session");
    assert.equal((await realGreenSession(quoteId, crmId)).status, 200);
  });
});

describe("bad payment requests: 400 with a message, nothing stored", () => {
  const everything = () => ({
    payments: site.db.prepare("SELECT * FROM payments ORDER BY rowid").all(),
    requests: site.db.prepare("SELECT * FROM payment_requests ORDER BY id").all(),
    quotes: site.db.prepare("SELECT id, converted_sale FROM quotes ORDER BY id").all(),
  });

  let quoteId: string;
  before(async () => {
    quoteId = await startQuote();
  });

  /** [what is wrong, body or raw text, key, the words the message must hold] */
  const cases: Array<[string, (quoteId: string) => unknown, string | null, RegExp]> = [
    ["no Idempotency-Key", (q) => paymentBody(q), null, /Idempotency-Key/],
    ["a short Idempotency-Key", (q) => paymentBody(q), "abc", /Idempotency-Key/],
    ["a body that is not JSON", () => "{not json", randomUUID(), /Malformed JSON/],
    ["a card number in paymentInfo", (q) => paymentBody(q, { paymentInfo: { token: "tok_visa", number: "4242424242424242" } }), randomUUID(), /paymentInfo/],
    ["a cvc in paymentInfo", (q) => paymentBody(q, { paymentInfo: { token: "tok_visa", cvc: "123" } }), randomUUID(), /paymentInfo/],
    ["a card number as the token", (q) => paymentBody(q, { paymentInfo: { token: "4242424242424242" } }), randomUUID(), /paymentInfo.token/],
    ["a spaced card number as the token", (q) => paymentBody(q, { paymentInfo: { token: "4242-4242-4242-4242" } }), randomUUID(), /paymentInfo.token/],
    ["a card number beside the body", (q) => ({ ...paymentBody(q), cardNumber: "4242424242424242" }), randomUUID(), /cardNumber/],
    ["no token for a card payment", (q) => paymentBody(q, { paymentInfo: { token: null } }), randomUUID(), /token/],
    ["an amount in floats", (q) => paymentBody(q, { amount: 50.1 }), randomUUID(), /amount/],
    ["an amount of 0 for a card", (q) => paymentBody(q, { amount: "0.00" }), randomUUID(), /amount/],
    ["another currency than the company's", (q) => paymentBody(q, { currency: "EUR" }), randomUUID(), /currency/],
    ["no programs", (q) => paymentBody(q, { programs: [] }), randomUUID(), /programs/],
    ["a month 13", (q) => paymentBody(q, { expire_month: 13 }), randomUUID(), /expire_month/],
    ["an unknown term", (q) => paymentBody(q, { term: "weekly" }), randomUUID(), /term/],
    ["a real-green payment without a session", (q) => paymentBody(q, { paymentMethod: "real-green" }), randomUUID(), /real-green/],
  ];
  for (const [what, body, key, words] of cases) {
    test(what, async () => {
      const before = everything();
      const { status: code, json } = await pay("/v1/secure/payment", body(quoteId), key);
      assert.equal(code, 400);
      assert.match((json as { message: string }).message, words);
      assert.deepEqual(everything(), before);
    });
  }

  test("an unknown company, bot or quote is a 404 and stores nothing", async () => {
    const before = everything();
    assert.equal((await pay("/v1/secure/payment", paymentBody(quoteId, { companyId: "nobody" }))).status, 404);
    assert.equal((await pay("/v1/secure/payment", paymentBody(quoteId, { botId: "nobot" }))).status, 404);
    assert.equal((await pay("/v1/secure/payment", paymentBody(quoteId, { quoteId: "q-does-not-exist" }))).status, 404);
    assert.deepEqual(everything(), before);
  });
});

describe("POST /v1/company/{companyId}/{botId}/thinkaboutit", () => {
  const lead = (quoteId: string) => columns(site.db.prepare("SELECT bot_id, rg_cust_id, reason, comments FROM think_about_it_leads WHERE quote_id = ?").get(quoteId));

  test("stores the lead with the CRM id, reason and comments; the latest answer wins", async () => {
    const quoteId = await startQuote("greenway-lawn", { price: false });
    const first = await postJson(`${site.api}/v1/company/greenway-lawn/lawn/thinkaboutit`, { chatId: quoteId, rg_cust_id: "RG-5557000", reason: "Price" });
    assert.equal(first.status, 200);
    assert.deepEqual(first.json, { ok: true });
    assert.deepEqual(lead(quoteId), { bot_id: "lawn", rg_cust_id: "RG-5557000", reason: "Price", comments: null });
    await postJson(`${site.api}/v1/company/greenway-lawn/lawn/thinkaboutit`, { chatId: quoteId, rg_cust_id: "RG-5557000", reason: "People", comments: "Need to ask my partner" });
    assert.deepEqual(lead(quoteId), { bot_id: "lawn", rg_cust_id: "RG-5557000", reason: "People", comments: "Need to ask my partner" });
  });

  test("a retry with the lead's Idempotency-Key is the same lead: stored once, one objection webhook", async () => {
    const quoteId = await startQuote("greenway-lawn", { price: false });
    const url = `${site.api}/v1/company/greenway-lawn/lawn/thinkaboutit`;
    const send = (key: string, body: object) =>
      httpRequest(url, { method: "POST", headers: { "Content-Type": "application/json", "Idempotency-Key": key }, body: JSON.stringify(body) });
    const objections = () =>
      (site.db.prepare("SELECT payload FROM webhook_outbox WHERE event_type = 'objection' AND url NOT LIKE 'mailto:%'").all() as Array<{ payload: string }>).filter(
        (row) => (JSON.parse(row.payload) as { data: { quoteId: string } }).data.quoteId === quoteId,
      ).length;
    const key = randomUUID();
    assert.equal((await send(key, { chatId: quoteId, reason: "Price" })).status, 200);
    assert.equal((await send(key, { chatId: quoteId, reason: "Price" })).status, 200);
    assert.equal(objections(), 1, "the retry sent no second webhook");
    assert.deepEqual(lead(quoteId), { bot_id: "lawn", rg_cust_id: null, reason: "Price", comments: null });
    assert.equal((await send(randomUUID(), { chatId: quoteId, reason: "People" })).status, 200);
    assert.equal(objections(), 2, "a new lead for the quote (another key) is news for the company");
    assert.equal((await send("not a key", { chatId: quoteId })).status, 400);
    assert.deepEqual(lead(quoteId), { bot_id: "lawn", rg_cust_id: null, reason: "People", comments: null });
  });

  test("chatId alone is enough", async () => {
    const quoteId = await startQuote("demo-company", { price: false });
    const { status: code } = await postJson(`${site.api}/v1/company/demo-company/demo-bot/thinkaboutit`, { chatId: quoteId });
    assert.equal(code, 200);
    assert.deepEqual(lead(quoteId), { bot_id: "demo-bot", rg_cust_id: null, reason: null, comments: null });
  });

  const bad: Array<[string, unknown, number]> = [
    ["no chatId", { rg_cust_id: "RG-1" }, 400],
    ["an unknown reason", { chatId: "q", reason: "Weather" }, 400],
    ["an unknown field", { chatId: "q", phone: "6145550100" }, 400],
  ];
  for (const [what, body, code] of bad) {
    test(`${what}: ${code}, nothing stored`, async () => {
      const count = () => columns(site.db.prepare("SELECT count(*) AS n FROM think_about_it_leads").get());
      const before = count();
      const response = await postJson(`${site.api}/v1/company/greenway-lawn/lawn/thinkaboutit`, body);
      assert.equal(response.status, code);
      assert.deepEqual(count(), before);
    });
  }

  test("an unknown quote, company or bot is a 404", async () => {
    assert.equal((await postJson(`${site.api}/v1/company/greenway-lawn/lawn/thinkaboutit`, { chatId: "q-nope" })).status, 404);
    assert.equal((await postJson(`${site.api}/v1/company/nobody/lawn/thinkaboutit`, { chatId: "q-nope" })).status, 404);
    assert.equal((await postJson(`${site.api}/v1/company/greenway-lawn/nobot/thinkaboutit`, { chatId: "q-nope" })).status, 404);
  });
});

describe("the demo payment log (test hook)", () => {
  test("lists a quote's requests and charges", async () => {
    const quoteId = await startQuote();
    const key = randomUUID();
    await pay("/v1/secure/payment", paymentBody(quoteId), key);
    await pay("/v1/secure/payment", paymentBody(quoteId), key);
    const { json } = await getJson(`${site.api}/demo-api/payment-log?companyId=demo-company&quoteId=${quoteId}`);
    const log = json as { requests: Array<{ outcome: string; idempotencyKey: string }>; charges: Array<{ status: string; amount: string }> };
    assert.deepEqual(log.requests.map((r) => [r.outcome, r.idempotencyKey]), [["charged", key], ["replayed", key]]);
    assert.deepEqual(log.charges.map((c) => [c.status, c.amount]), [["succeeded", amountOf(quoteId)]]);
  });
});
