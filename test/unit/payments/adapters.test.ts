// The payment adapters against fakes: which processor a configuration picks, Stripe's split
// elements mounted in light-DOM children of the host through <slot>s and valid by SPEC §5's
// rule, the card vault's secure fields with our expiry, the Real Green frame only with a crm id
// and a token and its messages only through the bridge, bypass, and the device wallet.
// Over 300 lines on purpose: one table per payment adapter against the same fake frames and backend.
import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { createBypassAdapter } from "../../../src/payments/bypass-adapter.ts";
import { createCardVaultAdapter } from "../../../src/payments/card-vault-adapter.ts";
import { createCrmFrameAdapter } from "../../../src/payments/crm-frame-adapter.ts";
import { payments as words } from "../../../src/i18n/en/payments.ts";
import { quote as esQuote } from "../../../src/i18n/es/quote.ts";
import { ADAPTERS, createPaymentAdapter, createWalletFor, type AdapterContext } from "../../../src/payments/create-payment-adapter.ts";
import { PAYMENT_PROCESSORS } from "../../../src/contract/payment-processors.ts";
import { createDeviceWallet } from "../../../src/payments/device-wallet.ts";
import type { AdapterStatus, PaymentAdapter } from "../../../src/payments/payment-adapter.ts";
import { chooseProcessor, vaultSetup, type PaymentProviders } from "../../../src/config/payment-providers.ts";
import { createStripeAdapter } from "../../../src/payments/stripe-adapter.ts";
import { loadStripeJs } from "../../../src/payments/stripe-loader.ts";
import type { CardVaultApi, SecureFieldsOptions, VaultTokenizeResult } from "../../../src/payments/vault-provider.ts";
import { createFakeApi, json, settle, type SeenRequest } from "./fakes.ts";
import { createFakeStripe, installFakeStripe } from "./fake-stripe.ts";

let cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
  cleanups = [];
  document.body.replaceChildren();
});

/** A <quote-assistant>-like host with an open shadow root holding one container per field. */
function shadowHost(fieldIds: string[]) {
  const host = document.createElement("div");
  document.body.appendChild(host);
  const root = host.attachShadow({ mode: "open" });
  const containers: Record<string, HTMLElement> = {};
  for (const id of fieldIds) {
    const container = document.createElement("div");
    container.dataset.field = id;
    root.appendChild(container);
    containers[id] = container;
  }
  return { host, root, containers };
}

describe("which processor (SPEC §3 cardProcessor, paymentType, bypassPayment)", () => {
  const table: Array<[Record<string, unknown>, string]> = [
    [{}, "stripe"],
    [{ cardProcessor: "stripe", paymentType: "stripe" }, "stripe"],
    [{ cardProcessor: "acme-credit-card-vault" }, "card-vault"],
    [{ cardProcessor: "Acme-Credit-Card-Vault" }, "card-vault"],
    [{ cardProcessor: "real-green-payment-processing" }, "real-green"],
    [{ cardProcessor: "stripe", paymentType: "acme-credit-card-vault" }, "card-vault"],
    [{ cardProcessor: "real-green-payment-processing", paymentType: "acme-credit-card-vault" }, "real-green"],
    [{ cardProcessor: "-credit-card-vault" }, "stripe"],
    [{ cardProcessor: "paypal" }, "stripe"],
    [{ cardProcessor: "acme-credit-card-vault", bypassPayment: true }, "bypass"],
    [{ bypassPayment: true }, "bypass"],
    [{ bypassPayment: false, cardProcessor: "real-green-payment-processing" }, "real-green"],
  ];
  for (const [config, kind] of table) {
    test(`${JSON.stringify(config)} → ${kind}`, () => assert.equal(chooseProcessor(config), kind));
  }

  test("the vault's production host and live merchant id when live, the sandbox and test id otherwise", () => {
    const vault = { productionScriptUrl: "https://vault.example/v1/vault.js", sandboxScriptUrl: "https://sandbox.vault.example/v1/vault.js", liveMerchantId: "live_1", testMerchantId: "test_1" };
    assert.deepEqual(vaultSetup(vault, true), { scriptUrl: "https://vault.example/v1/vault.js", merchantId: "live_1" });
    assert.deepEqual(vaultSetup(vault, false), { scriptUrl: "https://sandbox.vault.example/v1/vault.js", merchantId: "test_1" });
  });

  const context = {
    api: createFakeApi(() => json({})).api,
    companyId: "acme",
    botId: "lawn",
    amount: "45.50",
    quoteId: "q-1",
    term: "application" as const,
    programIds: ["fert"],
    parentOrigin: "https://shop.example",
  };
  const providers: PaymentProviders = {
    stripe: { publishableKey: "pk_test_1", country: "US" },
    cardVault: { productionScriptUrl: "https://v.example/a.js", sandboxScriptUrl: "https://v.example/b.js", liveMerchantId: "live_1", testMerchantId: "test_1" },
    crmPaymentFrameUrl: "https://crm.example/payment-frame",
  };
  const kinds: Array<[Record<string, unknown>, string, string]> = [
    [{}, "stripe", "stripe"],
    [{ cardProcessor: "acme-credit-card-vault" }, "card-vault", "card-vault"],
    [{ cardProcessor: "real-green-payment-processing" }, "real-green", "real-green"],
    [{ bypassPayment: true }, "bypass", "bypass"],
  ];
  for (const [config, kind, method] of kinds) {
    test(`builds the ${kind} adapter (paymentMethod ${method}); without its settings it says payment is not set up`, () => {
      const adapter = createPaymentAdapter(config, providers, context);
      assert.equal(adapter.kind, kind);
      assert.equal(adapter.paymentMethod, method);
      if (kind === "bypass") return;
      const bare = createPaymentAdapter(config, {}, context);
      assert.equal(bare.kind, kind);
      assert.deepEqual(bare.status(), { ready: true, valid: false, error: words.notSetUp, unavailable: true });
    });
  }

  test("every row of the processors' table has its adapter in ADAPTERS, which builds that kind from the setting the row needs", () => {
    assert.deepEqual(Object.keys(ADAPTERS).sort(), PAYMENT_PROCESSORS.map((row) => row.kind).sort());
    for (const row of PAYMENT_PROCESSORS) {
      const setting = row.needs === null ? null : providers[row.needs];
      assert.notEqual(setting, undefined, `the test's providers have ${row.kind}'s ${row.needs}`);
      // One builder per kind, each taking its own setting: called here across the kinds.
      const build = ADAPTERS[row.kind] as (setting: unknown, config: object, context: AdapterContext, environment: object) => PaymentAdapter | undefined;
      const adapter = build(setting, {}, context, {});
      assert.deepEqual([adapter?.kind, adapter?.paymentMethod], [row.kind, row.kind]);
    }
  });

  test("the device wallet is offered with Stripe only", () => {
    assert.ok(createWalletFor({}, providers));
    assert.equal(createWalletFor({}, {}), null);
    assert.equal(createWalletFor({ cardProcessor: "acme-credit-card-vault" }, providers), null);
    assert.equal(createWalletFor({ bypassPayment: true }, providers), null);
  });
});

describe("Stripe", () => {
  function mountStripe() {
    const stripe = createFakeStripe();
    const loads: Array<[string, string | undefined]> = [];
    const adapter = createStripeAdapter({
      publishableKey: "pk_test_1",
      scriptUrl: "http://vault.test/stripe/v3.js",
      loadStripe: async (key, url) => {
        loads.push([key, url]);
        return stripe;
      },
    });
    const { host, root, containers } = shadowHost(["number", "expiry", "cvc"]);
    const statuses: AdapterStatus[] = [];
    cleanups.push(adapter.onStatus((status) => statuses.push(status)));
    return { stripe, adapter, host, root, containers, loads, statuses, mount: () => adapter.mount({ containers, host }) };
  }

  test("nothing is loaded until mount; then each element mounts in a light-DOM child of the host, shown through a <slot> in its container", async () => {
    const { stripe, adapter, host, root, containers, loads, mount } = mountStripe();
    assert.deepEqual(loads, []);
    assert.deepEqual(adapter.fields.map((f) => f.id), ["number", "expiry", "cvc"]);
    await mount();
    assert.deepEqual(loads, [["pk_test_1", "http://vault.test/stripe/v3.js"]]);
    assert.deepEqual(stripe.elementsCreated.map((e) => e.type), ["cardNumber", "cardExpiry", "cardCvc"]);
    for (const [element, id] of stripe.elementsCreated.map((e, i) => [e, ["number", "expiry", "cvc"][i]!] as const)) {
      const target = element.mountedIn!;
      assert.equal(target.parentElement, host, "mounted in a light-DOM child of the host");
      assert.ok(!root.contains(target), "not inside the shadow root");
      const slot = containers[id]!.querySelector("slot");
      assert.ok(slot, `a slot in the ${id} container`);
      assert.equal(slot.name, target.slot);
    }
  });

  // [number complete, expiry complete, cvc complete, valid]
  const validity: Array<[boolean, boolean, boolean, boolean]> = [
    [true, true, true, true],
    [false, true, true, false],
    [true, false, true, false],
    [true, true, false, false],
  ];
  for (const [number, expiry, cvc, valid] of validity) {
    test(`number ${number ? "complete" : "incomplete"}, expiry ${expiry ? "complete" : "incomplete"}, cvc ${cvc ? "complete" : "incomplete"} → ${valid ? "valid" : "invalid"}`, async () => {
      const { stripe, adapter, mount } = mountStripe();
      await mount();
      const [n, e, c] = stripe.elementsCreated;
      n!.change({ complete: number });
      e!.change({ complete: expiry });
      c!.change({ complete: cvc });
      assert.equal(adapter.status().valid, valid);
    });
  }

  test("ready once all three are ready; an element's error is the text under the form until it is fixed", async () => {
    const { stripe, adapter, mount } = mountStripe();
    await mount();
    const [n, e, c] = stripe.elementsCreated;
    n!.ready();
    e!.ready();
    assert.equal(adapter.status().ready, false);
    c!.ready();
    assert.equal(adapter.status().ready, true);
    n!.change({ complete: false, error: { message: "Your card number is invalid." } });
    assert.equal(adapter.status().error, "Your card number is invalid.");
    n!.change({ complete: true });
    assert.equal(adapter.status().error, null);
  });

  test("tokenize: createToken on the number element; the token and SPEC §5's default expiry 1/2029", async () => {
    const { stripe, adapter, mount } = mountStripe();
    await mount();
    stripe.tokenResult = { token: { id: "tok_visa" } };
    assert.deepEqual(await adapter.tokenize({}), { ok: true, token: "tok_visa", expiry: { month: 1, year: 2029 } });
    assert.equal(stripe.tokenCalls[0], stripe.elementsCreated[0]);
    stripe.tokenResult = { error: { message: "Your card was declined.", code: "card_declined" } };
    assert.deepEqual(await adapter.tokenize({}), { ok: false, error: "Your card was declined." });
  });

  test("Stripe.js failing to load makes the form unavailable with a message", async () => {
    const adapter = createStripeAdapter({ publishableKey: "pk_test_1", loadStripe: () => Promise.reject(new Error("offline")) });
    const { host, containers } = shadowHost(["number", "expiry", "cvc"]);
    const original = console.error;
    console.error = () => {};
    cleanups.push(() => (console.error = original));
    await adapter.mount({ containers, host });
    assert.deepEqual(adapter.status(), { ready: false, valid: false, error: words.stripeLoadFailed, unavailable: true });
    assert.deepEqual(await adapter.tokenize({}), { ok: false, error: words.stripeLoadFailed });
  });

  test("unmount destroys the elements and removes the light-DOM children and slots", async () => {
    const { stripe, adapter, host, containers, mount } = mountStripe();
    await mount();
    adapter.unmount();
    assert.ok(stripe.elementsCreated.every((e) => e.destroyed));
    assert.equal(host.children.length, 0);
    for (const container of Object.values(containers)) assert.equal(container.querySelector("slot"), null);
  });

  test("closing the checkout while Stripe.js loads leaves nothing mounted", async () => {
    const stripe = createFakeStripe();
    let release: (value: typeof stripe) => void = () => {};
    const adapter = createStripeAdapter({ publishableKey: "pk_test_1", loadStripe: () => new Promise((resolve) => (release = resolve)) });
    const { host, containers } = shadowHost(["number", "expiry", "cvc"]);
    const mounting = adapter.mount({ containers, host });
    adapter.unmount();
    release(stripe);
    await mounting;
    assert.equal(stripe.elementsCreated.length, 0);
    assert.equal(host.children.length, 0);
  });

  test("loadStripeJs uses a window.Stripe installed before loading and never injects js.stripe.com", async () => {
    const stripe = createFakeStripe();
    cleanups.push(installFakeStripe(stripe));
    const loaded = await loadStripeJs("pk_demo_greenway");
    assert.equal(loaded, stripe);
    assert.equal(document.querySelectorAll('script[src*="js.stripe.com"]').length, 0);
  });
});

describe("the card vault", () => {
  function fakeVault() {
    const created: SecureFieldsOptions[] = [];
    const tokenized: Array<{ expiryMonth: number; expiryYear: number }> = [];
    let answer: VaultTokenizeResult = { transactionId: "vtx_abc" };
    let destroyed = 0;
    const api: CardVaultApi = {
      createSecureFields(options) {
        created.push(options);
        return {
          tokenize: async (details) => {
            tokenized.push(details);
            return answer;
          },
          destroy: () => {
            destroyed++;
          },
        };
      },
    };
    return { api, created, tokenized, answer: (next: VaultTokenizeResult) => (answer = next), destroyed: () => destroyed };
  }

  test("loads the script it is given, puts the secure fields in the number and cvv containers with the merchant id; our expiry is a field of our own", async () => {
    const vault = fakeVault();
    const urls: string[] = [];
    const adapter = createCardVaultAdapter({ scriptUrl: "https://sandbox.vault.example/v1/vault.js", merchantId: "test_1", loadVault: async (url) => (urls.push(url), vault.api) });
    assert.deepEqual(adapter.fields.map((f) => [f.id, f.kind]), [["number", "provider"], ["expiry", "own-expiry"], ["cvc", "provider"]]);
    const { host, containers } = shadowHost(["number", "cvc"]);
    await adapter.mount({ containers, host });
    assert.deepEqual(urls, ["https://sandbox.vault.example/v1/vault.js"]);
    assert.equal(vault.created[0]?.merchantId, "test_1");
    assert.equal(vault.created[0]?.containers.number, containers.number);
    assert.equal(vault.created[0]?.containers.cvv, containers.cvc);
    assert.deepEqual(vault.created[0]?.labels, { number: "Card number (secure field)", cvv: "CVV (secure field)" });
  });

  test("the secure fields are named in the visitor's language", async () => {
    const vault = fakeVault();
    const adapter = createCardVaultAdapter({ scriptUrl: "x", merchantId: "test_1", loadVault: async () => vault.api, say: esQuote.label });
    const { host, containers } = shadowHost(["number", "cvc"]);
    await adapter.mount({ containers, host });
    assert.deepEqual(vault.created[0]?.labels, { number: "Número de tarjeta (campo seguro)", cvv: "CVV (campo seguro)" });
  });

  // [number valid, cvv valid, adapter valid]
  const table: Array<[boolean, boolean, boolean]> = [
    [true, true, true],
    [true, false, false],
    [false, true, false],
  ];
  for (const [number, cvv, valid] of table) {
    test(`number ${number}, cvv ${cvv} → ${valid}`, async () => {
      const vault = fakeVault();
      const adapter = createCardVaultAdapter({ scriptUrl: "x", merchantId: "test_1", loadVault: async () => vault.api });
      const { host, containers } = shadowHost(["number", "cvc"]);
      await adapter.mount({ containers, host });
      vault.created[0]!.onChange({ number: { valid: number, empty: false }, cvv: { valid: cvv, empty: false } });
      assert.equal(adapter.status().valid, valid);
    });
  }

  test("tokenize sends our expiry and gives the transaction id; the vault's error comes back as the text; no expiry is refused", async () => {
    const vault = fakeVault();
    const adapter = createCardVaultAdapter({ scriptUrl: "x", merchantId: "test_1", loadVault: async () => vault.api });
    const { host, containers } = shadowHost(["number", "cvc"]);
    await adapter.mount({ containers, host });
    assert.deepEqual(await adapter.tokenize({ expiry: { month: 4, year: 2030 } }), {
      ok: true,
      token: "vtx_abc",
      expiry: { month: 4, year: 2030 },
      vaultTransactionId: "vtx_abc",
    });
    assert.deepEqual(vault.tokenized, [{ expiryMonth: 4, expiryYear: 2030 }]);
    vault.answer({ error: "Your card number is invalid." });
    assert.deepEqual(await adapter.tokenize({ expiry: { month: 4, year: 2030 } }), { ok: false, error: "Your card number is invalid." });
    assert.deepEqual(await adapter.tokenize({}), { ok: false, error: "Expiry date is not available" });
  });

  test("the provider's own error (an unknown merchant) makes the form unavailable with its text; a script that fails to load too", async () => {
    const vault = fakeVault();
    const adapter = createCardVaultAdapter({ scriptUrl: "x", merchantId: "live_1", loadVault: async () => vault.api });
    const { host, containers } = shadowHost(["number", "cvc"]);
    await adapter.mount({ containers, host });
    vault.created[0]!.onError?.("Unknown merchant id for the sandbox card vault.");
    assert.equal(adapter.status().error, "Unknown merchant id for the sandbox card vault.");
    assert.equal(adapter.status().unavailable, true);

    const original = console.error;
    console.error = () => {};
    cleanups.push(() => (console.error = original));
    const failing = createCardVaultAdapter({ scriptUrl: "x", merchantId: "test_1", loadVault: () => Promise.reject(new Error("404")) });
    await failing.mount({ containers, host });
    assert.equal(failing.status().error, words.vaultLoadFailed);
  });

  test("unmount destroys the secure fields", async () => {
    const vault = fakeVault();
    const adapter = createCardVaultAdapter({ scriptUrl: "x", merchantId: "test_1", loadVault: async () => vault.api });
    const { host, containers } = shadowHost(["number", "cvc"]);
    await adapter.mount({ containers, host });
    adapter.unmount();
    assert.equal(vault.destroyed(), 1);
  });
});

describe("Real Green's CRM payment frame", () => {
  const FRAME = "https://crm.example/payment-frame";
  const CRM_ORIGIN = "https://crm.example";

  function setup(options: { crmId?: string | null; tokenAnswer?: () => Response; onPricesChanged?: () => void; say?: (english: string) => string } = {}) {
    const fake = createFakeApi(options.tokenAnswer ?? (() => json({ token: "rgp_abcdef", id: "RGP-1" })));
    const receiver = new EventTarget() as unknown as Window;
    const adapter = createCrmFrameAdapter({
      api: fake.api,
      frameUrl: FRAME,
      companyId: "greenway-lawn",
      botId: "lawn",
      crmId: options.crmId === undefined ? "RG-100" : options.crmId,
      amount: "45.50",
      quoteId: "q-1",
      term: "total",
      programIds: ["fert", "mow"],
      parentOrigin: "https://shop.example",
      receiver,
      submitTimeoutMs: 200,
      ...(options.onPricesChanged ? { onPricesChanged: options.onPricesChanged } : {}),
      ...(options.say ? { say: options.say } : {}),
    });
    // Detached: happy-dom does not load the frame; its window is a stand-in we control.
    const container = document.createElement("div");
    const posted: Array<{ message: unknown; origin: string }> = [];
    const frameWindow = { postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) } as unknown as Window;
    const mount = async () => {
      await adapter.mount({ containers: { frame: container }, host: null });
      const iframe = container.querySelector("iframe");
      if (iframe) Object.defineProperty(iframe, "contentWindow", { value: frameWindow });
      return iframe;
    };
    const deliver = (data: unknown, origin = CRM_ORIGIN, source: unknown = frameWindow) =>
      receiver.dispatchEvent(new MessageEvent("message", { data, origin, source: source as never }));
    return { adapter, requests: fake.requests, mount, deliver, posted, container };
  }

  test("asks for a payment token with the amount and crm id, then embeds the frame at the CRM with token, id and our origin", async () => {
    const { requests, mount } = setup();
    const iframe = await mount();
    assert.deepEqual(
      requests.map((r: SeenRequest) => [r.method, r.path, r.body]),
      [["POST", "/v1/quote/crm/realgreen/payment", { companyId: "greenway-lawn", botId: "lawn", amount: "45.50", crmId: "RG-100", quoteId: "q-1", term: "total", programIds: ["fert", "mow"] }]],
    );
    assert.ok(iframe);
    const src = new URL(iframe.src);
    assert.equal(src.origin + src.pathname, FRAME);
    assert.equal(src.searchParams.get("token"), "rgp_abcdef");
    assert.equal(src.searchParams.get("id"), "RGP-1");
    assert.equal(src.searchParams.get("parent"), "https://shop.example");
    assert.equal(iframe.title, "Card payment (secure form of our billing system)");
  });

  test("the frame is named in the visitor's language (a screen reader says its title)", async () => {
    const { mount } = setup({ say: esQuote.label });
    const iframe = await mount();
    assert.equal(iframe!.title, "Pago con tarjeta (formulario seguro de nuestro sistema de facturación)");
  });

  test("no crm id: no token is asked for, no frame, and the form says so", async () => {
    const { requests, mount, adapter } = setup({ crmId: null });
    assert.equal(await mount(), null);
    assert.equal(requests.length, 0);
    assert.equal(adapter.status().error, words.crmNoAccount);
    assert.equal(adapter.status().unavailable, true);
  });

  test("no token (the call fails): no frame, and the form says it could not load", async () => {
    const original = console.error;
    console.error = () => {};
    cleanups.push(() => (console.error = original));
    const { mount, adapter } = setup({ tokenAnswer: () => json({ message: "down" }, 500) });
    assert.equal(await mount(), null);
    assert.equal(adapter.status().error, words.crmLoadFailed);
  });

  test("409 quote_changed: no frame, the form says the prices changed and nothing was charged, and the prices are reloaded", async () => {
    let reloads = 0;
    const { mount, adapter } = setup({ tokenAnswer: () => json({ code: "quote_changed", message: "The quote's total is 50.00" }, 409), onPricesChanged: () => reloads++ });
    assert.equal(await mount(), null);
    assert.equal(adapter.status().error, words.pricesChanged);
    assert.equal(reloads, 1);
  });

  test("another 409 is a failure to load, with no reload", async () => {
    const original = console.error;
    console.error = () => {};
    cleanups.push(() => (console.error = original));
    let reloads = 0;
    const { mount, adapter } = setup({ tokenAnswer: () => json({ message: "busy" }, 409), onPricesChanged: () => reloads++ });
    assert.equal(await mount(), null);
    assert.equal(adapter.status().error, words.crmLoadFailed);
    assert.equal(reloads, 0);
  });

  test("the frame's ready and state messages set readiness and validity", async () => {
    const { mount, deliver, adapter } = setup();
    await mount();
    deliver({ type: "crm-payment:ready", version: 1 });
    deliver({ type: "crm-payment:state", version: 1, valid: true });
    assert.deepEqual(adapter.status(), { ready: true, valid: true, error: null, unavailable: false });
  });

  const refused: Array<[string, unknown, string, "frame" | "other" | null]> = [
    ["another origin", { type: "crm-payment:state", version: 1, valid: true }, "https://evil.example", "frame"],
    ["a look-alike origin", { type: "crm-payment:state", version: 1, valid: true }, "https://crm.example.evil.test", "frame"],
    ["another window of the CRM's origin", { type: "crm-payment:state", version: 1, valid: true }, CRM_ORIGIN, "other"],
    ["no source", { type: "crm-payment:state", version: 1, valid: true }, CRM_ORIGIN, null],
    ["a message off the schema", { type: "crm-payment:state", version: 1, valid: "yes" }, CRM_ORIGIN, "frame"],
    ["an unknown type", { type: "crm-payment:paid", version: 1 }, CRM_ORIGIN, "frame"],
  ];
  for (const [what, data, origin, source] of refused) {
    test(`a message from ${what} is ignored`, async () => {
      const { mount, deliver, adapter } = setup();
      await mount();
      deliver(data, origin, source === "frame" ? undefined : source === "other" ? ({} as Window) : null);
      assert.equal(adapter.status().valid, false);
    });
  }

  test("tokenize posts a submit to the frame's exact origin; the frame's token comes back with the session token and crm id", async () => {
    const { mount, deliver, adapter, posted } = setup();
    await mount();
    const pending = adapter.tokenize({});
    await settle();
    assert.equal(posted.length, 1);
    const submit = posted[0]!.message as { type: string; requestId: string };
    assert.equal(posted[0]!.origin, CRM_ORIGIN);
    assert.equal(submit.type, "crm-payment:submit");
    deliver({ type: "crm-payment:token", version: 1, requestId: submit.requestId, token: "crm_abcdefgh", expireMonth: 7, expireYear: 2031 });
    assert.deepEqual(await pending, { ok: true, token: "crm_abcdefgh", paymentToken: "rgp_abcdef", crmId: "RG-100", expiry: { month: 7, year: 2031 } });
  });

  test("the frame's error answers the submit with its text; no answer times out", async () => {
    const { mount, deliver, adapter, posted } = setup();
    await mount();
    const pending = adapter.tokenize({});
    await settle();
    const { requestId } = posted[0]!.message as { requestId: string };
    deliver({ type: "crm-payment:error", version: 1, requestId, message: "Your card number is invalid." });
    assert.deepEqual(await pending, { ok: false, error: "Your card number is invalid." });
    assert.deepEqual(await adapter.tokenize({}), { ok: false, error: "The payment form did not answer. Please try again." });
  });

  test("unmount removes the frame and stops listening", async () => {
    const { mount, deliver, adapter, container } = setup();
    await mount();
    adapter.unmount();
    assert.equal(container.querySelector("iframe"), null);
    deliver({ type: "crm-payment:state", version: 1, valid: true });
    assert.equal(adapter.status().valid, false);
  });
});

describe("bypass and the device wallet", () => {
  test("bypass takes no card: always valid, no fields, a null token with the default expiry", async () => {
    const adapter = createBypassAdapter();
    assert.deepEqual(adapter.fields, []);
    assert.equal(adapter.status().valid, true);
    assert.deepEqual(await adapter.tokenize({}), { ok: true, token: null, expiry: { month: 1, year: 2029 } });
  });

  test("no wallet in this browser: nothing shown", async () => {
    const stripe = createFakeStripe();
    const wallet = createDeviceWallet({ publishableKey: "pk_test_1", country: "US", loadStripe: async () => stripe });
    const { host, containers } = shadowHost(["wallet"]);
    assert.equal(await wallet.mount({ container: containers.wallet!, host }, { currency: "USD", amount: 5375, label: "Acme" }, () => {}), false);
    assert.equal(stripe.elementsCreated.length, 0);
    assert.equal(host.children.length, 0);
  });

  test("a wallet: the Payment Request asks for exactly the amount in minor units, the button mounts through a slot, its token reaches the handler", async () => {
    const stripe = createFakeStripe();
    stripe.wallet = { applePay: true };
    const wallet = createDeviceWallet({ publishableKey: "pk_test_1", country: "US", loadStripe: async () => stripe });
    const { host, containers } = shadowHost(["wallet"]);
    const tokens: string[] = [];
    const shown = await wallet.mount({ container: containers.wallet!, host }, { currency: "USD", amount: 5375, label: "Acme" }, (token, complete) => {
      tokens.push(token);
      complete(true);
    });
    assert.equal(shown, true);
    assert.deepEqual(stripe.paymentRequests[0]?.options.total, { label: "Acme", amount: 5375 });
    assert.equal(stripe.paymentRequests[0]?.options.currency, "usd");
    const button = stripe.elementsCreated[0]!;
    assert.equal(button.type, "paymentRequestButton");
    assert.equal(button.mountedIn?.parentElement, host);
    assert.equal(await stripe.paymentRequests[0]!.emitToken("tok_visa"), "success");
    assert.deepEqual(tokens, ["tok_visa"]);
    wallet.unmount();
    assert.equal(button.destroyed, true);
    assert.equal(host.children.length, 0);
  });
});
