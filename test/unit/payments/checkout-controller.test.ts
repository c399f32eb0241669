// The checkout's state and actions (SPEC §4 'Modal and payment', §5, §8) against a fake adapter
// and a scripted backend: when the pay button is enabled, the vault's expiry input, Enter plus
// a click paying once, what the visitor is told for each answer, and the device wallet.
// Over 300 lines on purpose: every answer the backend can give the checkout, as a table on one fake adapter.
import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { PaymentBody } from "../../../src/contract/payment-contract.ts";
import { payments as words } from "../../../src/i18n/en/payments.ts";
import { createCheckoutController, type PaidResult } from "../../../src/payments/checkout-controller.ts";
import type { CardField } from "../../../src/payments/payment-adapter.ts";
import { createPaymentSession } from "../../../src/payments/payment-session.ts";
import { toMajorString } from "../../../src/pricing/currency.ts";
import type { PricedQuote } from "../../../src/pricing/types.ts";
import { createFakeAdapter, createFakeApi, createFakeBackend, drop, json, sampleQuote, settle, type Route } from "./fakes.ts";
import { createFakeStripe } from "./fake-stripe.ts";
import { createDeviceWallet } from "../../../src/payments/device-wallet.ts";

const VAULT_FIELDS: CardField[] = [
  { id: "number", label: "Card number", kind: "provider" },
  { id: "expiry", label: "Expiry (MM / YY)", kind: "own-expiry" },
  { id: "cvc", label: "CVV", kind: "provider" },
];

function setup(options: { route?: Route; vault?: boolean; quote?: PricedQuote; wallet?: boolean; onPricesChanged?: () => void } = {}) {
  const backend = createFakeBackend();
  const fake = createFakeApi(options.route ?? backend.route);
  const adapter = options.vault
    ? createFakeAdapter({ kind: "card-vault", paymentMethod: "card-vault", fields: VAULT_FIELDS })
    : createFakeAdapter();
  if (options.vault) adapter.results = [{ ok: true, token: "vtx_abc", expiry: { month: 4, year: 2030 }, vaultTransactionId: "vtx_abc" }];
  const session = createPaymentSession({ api: fake.api, companyId: "acme", timeoutMs: 50, statusDelayMs: 0, sleep: () => Promise.resolve() });
  const paid: PaidResult[] = [];
  const stripe = createFakeStripe();
  stripe.wallet = { googlePay: true };
  const controller = createCheckoutController({
    adapter,
    session,
    wallet: options.wallet ? createDeviceWallet({ publishableKey: "pk_test_1", country: "US", loadStripe: async () => stripe }) : null,
    quote: options.quote ?? sampleQuote(),
    companyId: "acme",
    botId: "lawn",
    quoteId: "q-1",
    companyName: "Acme Lawn",
    today: { year: 2026, month: 3 },
    onPaid: (result) => paid.push(result),
    ...(options.onPricesChanged ? { onPricesChanged: options.onPricesChanged } : {}),
  });
  return { controller, adapter, backend, paid, stripe, ...fake };
}

describe("the pay button (SPEC §4: card valid, total above 0, no charge in progress)", () => {
  test("disabled until the provider says the card is valid", () => {
    const { controller, adapter } = setup();
    assert.equal(controller.getState().canPay, false);
    adapter.setStatus({ ready: true, valid: true });
    assert.equal(controller.getState().canPay, true);
    adapter.setStatus({ valid: false });
    assert.equal(controller.getState().canPay, false);
  });

  test("disabled when nothing is due today", () => {
    const { controller, adapter } = setup({ quote: sampleQuote({ price: 0 }) });
    adapter.setStatus({ ready: true, valid: true });
    assert.equal(controller.getState().canPay, false);
  });

  test("disabled when the processor is unavailable, with its text under the form", () => {
    const { controller, adapter } = setup();
    adapter.setStatus({ valid: true, unavailable: true, error: "Online payment is not set up yet." });
    assert.equal(controller.getState().canPay, false);
    assert.equal(controller.getState().providerError, "Online payment is not set up yet.");
  });

  test("disabled while charging, and enabled again after a decline", async () => {
    const backend = createFakeBackend();
    let release: () => void = () => {};
    const { controller, adapter } = setup({
      route: async (request) => {
        if (request.method === "POST") await new Promise<void>((resolve) => (release = resolve));
        return json(backend.handle({ ...request, body: { ...(request.body as object), paymentInfo: { token: "tok_declined" } } }));
      },
    });
    adapter.setStatus({ ready: true, valid: true });
    const pressed = controller.submit();
    assert.equal(controller.getState().charging, true);
    assert.equal(controller.getState().canPay, false);
    await settle();
    release();
    await pressed;
    assert.equal(controller.getState().charging, false);
    assert.equal(controller.getState().canPay, true);
  });

  describe("the card vault's own expiry (SPEC §5)", () => {
    const table: Array<[string, string, string | null, boolean]> = [
      ["", "", null, false],
      ["4", "04 / ", "Expiry date is not available", false],
      ["0220", "02 / 20", "Your card is expired", false],
      ["0226", "02 / 26", "Your card is expired", false],
      ["0326", "03 / 26", "Expiry is valid", true],
      ["1229", "12 / 29", "Expiry is valid", true],
    ];
    for (const [typed, shown, message, payable] of table) {
      test(`typing ${JSON.stringify(typed)} shows ${JSON.stringify(shown)}${message ? ` and '${message}'` : ""}; pay ${payable ? "enabled" : "disabled"}`, () => {
        const { controller, adapter } = setup({ vault: true });
        adapter.setStatus({ ready: true, valid: true });
        controller.typeExpiry(typed);
        const state = controller.getState();
        assert.equal(state.expiryText, shown);
        assert.equal(state.expiry?.message ?? null, message);
        assert.equal(state.canPay, payable);
      });
    }
  });
});

describe("paying", () => {
  test("Enter and a click in the same tick send one payment request", async () => {
    const { controller, adapter, posts, backend, paid } = setup();
    adapter.setStatus({ ready: true, valid: true });
    const enter = controller.submit();
    const click = controller.submit();
    assert.deepEqual(await click, { status: "busy" });
    assert.equal((await enter).status, "paid");
    assert.equal(posts().length, 1);
    assert.equal(adapter.tokenizeCalls, 1);
    assert.equal(backend.charges(), 1);
    assert.equal(paid.length, 1);
  });

  test("the request carries the token only, the amount shown as GET STARTED TODAY, and SPEC §7's fields", async () => {
    const quote = sampleQuote();
    const { controller, adapter, posts } = setup({ quote });
    adapter.setStatus({ ready: true, valid: true });
    await controller.submit();
    const request = posts()[0]!;
    assert.equal(request.path, "/v1/secure/payment");
    const body = request.body as PaymentBody;
    assert.equal(body.amount, toMajorString(quote.amountDueToday, quote.currency));
    assert.deepEqual(body.paymentInfo, { token: "tok_visa" });
    assert.deepEqual(Object.keys(body).sort(), ["amount", "botId", "companyId", "currency", "expire_month", "expire_year", "paymentInfo", "paymentMethod", "programs", "quoteId", "term"]);
    assert.equal(body.paymentMethod, "stripe");
    assert.deepEqual([body.expire_month, body.expire_year], [1, 2029]);
  });

  test("paid: onPaid gets the transaction, the amount in minor units and as charged, the currency; no second payment after", async () => {
    const quote = sampleQuote();
    const { controller, adapter, paid, posts } = setup({ quote });
    adapter.setStatus({ ready: true, valid: true });
    await controller.submit();
    assert.deepEqual(paid, [{ transactionId: "txn_1", amount: quote.amountDueToday, value: toMajorString(quote.amountDueToday, "USD"), currency: "USD", paymentMethod: "stripe" }]);
    assert.equal(controller.getState().paid?.transactionId, "txn_1");
    assert.equal(controller.getState().canPay, false);
    assert.deepEqual(await controller.submit(), { status: "not-ready" });
    assert.equal(posts().length, 1);
  });

  test("the vault: our expiry goes with the card, and 'Data submitted successfully with transaction # {id}' is shown", async () => {
    const { controller, adapter, posts } = setup({ vault: true });
    adapter.setStatus({ ready: true, valid: true });
    controller.typeExpiry("0430");
    await controller.submit();
    assert.equal(controller.getState().success, "Data submitted successfully with transaction # vtx_abc");
    const body = posts()[0]!.body as PaymentBody;
    assert.equal(body.paymentMethod, "card-vault");
    assert.deepEqual([body.expire_month, body.expire_year], [4, 2030]);
  });

  test("a declined card: its error in the alert, charging reset, nothing paid", async () => {
    const { controller, adapter, paid } = setup();
    adapter.setStatus({ ready: true, valid: true });
    adapter.results = [{ ok: true, token: "tok_declined", expiry: { month: 1, year: 2029 } }];
    const result = await controller.submit();
    assert.deepEqual(result, { status: "declined", error: "Your card was declined." });
    assert.equal(controller.getState().alert, "Your card was declined.");
    assert.equal(controller.getState().charging, false);
    assert.deepEqual(paid, []);
  });

  test("the alert goes away when the visitor pays again", async () => {
    const { controller, adapter } = setup();
    adapter.setStatus({ ready: true, valid: true });
    adapter.results = [{ ok: true, token: "tok_declined", expiry: { month: 1, year: 2029 } }, { ok: true, token: "tok_visa", expiry: { month: 1, year: 2029 } }];
    await controller.submit();
    const second = controller.submit();
    assert.equal(controller.getState().alert, null);
    assert.equal((await second).status, "paid");
  });

  test("a refused request: a general alert (the server's message is for developers)", async () => {
    const { controller, adapter } = setup({ route: (request) => (request.method === "POST" ? json({ message: "Invalid currency" }, 400) : json({ status: "not-found" })) });
    adapter.setStatus({ ready: true, valid: true });
    const original = console.error;
    console.error = () => {};
    try {
      await controller.submit();
    } finally {
      console.error = original;
    }
    assert.equal(controller.getState().alert, words.refused);
  });

  test("409 quote_changed (the server prices the quote differently): the prices are reloaded once, the visitor is told, nothing is asked or paid; the next press is a new payment", async () => {
    let reloads = 0;
    let posts = 0;
    const { controller, adapter, requests, paid } = setup({
      onPricesChanged: () => reloads++,
      route: (request) =>
        request.method === "POST" && posts++ === 0
          ? json({ message: "The quote's prices have changed: GET STARTED TODAY is 53.75 USD, not 53.74", code: "quote_changed" }, 409)
          : request.method === "POST"
            ? json({ status: "succeeded", transactionId: "txn_1", amount: "53.75", currency: "USD" })
            : json({ status: "not-found" }),
    });
    adapter.setStatus({ ready: true, valid: true });
    const original = console.warn;
    console.warn = () => {};
    try {
      assert.equal((await controller.submit()).status, "changed");
    } finally {
      console.warn = original;
    }
    assert.equal(controller.getState().alert, words.pricesChanged);
    assert.equal(reloads, 1);
    assert.deepEqual(paid, []);
    // Not an unknown outcome: no status question was asked.
    assert.deepEqual(requests.map((r) => r.method), ["POST"]);
    assert.equal((await controller.submit()).status, "paid");
    const keys = requests.filter((r) => r.method === "POST").map((r) => r.key);
    assert.equal(new Set(keys).size, 2, "the second press is a new payment with its own key");
  });

  test("a 409 without quote_changed (the key still in progress) stays an unknown outcome: the status is asked, the prices are not reloaded", async () => {
    let reloads = 0;
    const { controller, adapter, requests } = setup({
      onPricesChanged: () => reloads++,
      route: (request) => (request.method === "POST" ? json({ message: "A payment with this Idempotency-Key is in progress" }, 409) : json({ status: "not-found" })),
    });
    adapter.setStatus({ ready: true, valid: true });
    const original = console.warn;
    console.warn = () => {};
    try {
      await controller.submit();
    } finally {
      console.warn = original;
    }
    assert.equal(reloads, 0);
    assert.notEqual(controller.getState().alert, words.pricesChanged);
    assert.ok(requests.some((r) => r.method === "GET"));
  });

  test("the provider refusing the card: its text under the form, nothing sent", async () => {
    const { controller, adapter, posts } = setup();
    adapter.setStatus({ ready: true, valid: true });
    adapter.results = [{ ok: false, error: "Your card number is invalid." }];
    await controller.submit();
    assert.equal(controller.getState().providerError, "Your card number is invalid.");
    assert.equal(controller.getState().alert, null);
    assert.equal(posts().length, 0);
  });

  test("a network error only resets charging: no alert, no text", async () => {
    const { controller, adapter } = setup({ route: (request) => (request.method === "POST" ? drop() : json({ status: "not-found" })) });
    adapter.setStatus({ ready: true, valid: true });
    const original = console.warn;
    console.warn = () => {};
    try {
      assert.deepEqual(await controller.submit(), { status: "interrupted" });
    } finally {
      console.warn = original;
    }
    const state = controller.getState();
    assert.equal(state.charging, false);
    assert.equal(state.alert, null);
    assert.equal(state.providerError, null);
    assert.equal(state.canPay, true);
  });

  test("a new quote on screen (plan switch) is what the next payment charges", async () => {
    const { controller, adapter, posts } = setup();
    const prePay = sampleQuote({ term: "total" });
    adapter.setStatus({ ready: true, valid: true });
    controller.setQuote(prePay);
    await controller.submit();
    const body = posts()[0]!.body as PaymentBody;
    assert.equal(body.term, "total");
    assert.equal(body.amount, toMajorString(prePay.amountDueToday, "USD"));
  });

  test("listeners hear every change", () => {
    const { controller, adapter } = setup();
    let calls = 0;
    controller.subscribe(() => calls++);
    adapter.setStatus({ valid: true });
    controller.typeExpiry("1");
    assert.equal(calls, 2);
  });
});

describe("the device wallet", () => {
  test("shown where offered; its token pays through POST /v1/payment/device, once, and the wallet sheet hears success", async () => {
    const quote = sampleQuote();
    const { controller, stripe, posts, paid } = setup({ wallet: true, quote });
    const host = document.createElement("div");
    const container = document.createElement("div");
    await controller.mountWallet({ container, host });
    assert.equal(controller.getState().walletAvailable, true);
    assert.equal(stripe.paymentRequests[0]?.options.total.amount, quote.amountDueToday);
    const sheet = await stripe.paymentRequests[0]!.emitToken("tok_visa");
    assert.equal(sheet, "success");
    const request = posts()[0]!;
    assert.equal(request.path, "/v1/payment/device");
    const body = request.body as PaymentBody;
    assert.equal(body.paymentMethod, "device-wallet");
    assert.equal(body.amount, toMajorString(quote.amountDueToday, "USD"));
    assert.equal(paid[0]?.paymentMethod, "device-wallet");
    controller.unmountWallet();
    assert.equal(controller.getState().walletAvailable, false);
  });

  test("a declined wallet payment tells the sheet it failed and shows the alert", async () => {
    const { controller, stripe } = setup({ wallet: true });
    await controller.mountWallet({ container: document.createElement("div"), host: null });
    assert.equal(await stripe.paymentRequests[0]!.emitToken("tok_declined"), "fail");
    assert.equal(controller.getState().alert, "Your card was declined.");
  });
});
