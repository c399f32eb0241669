// The checkout form in a shadow root, as the modal shows it (useCheckout): labelled fields, the
// vault's own expiry input and its messages, the pay button's state, Enter plus a click paying
// once, the provider's text under the form, the vault's success line, a decline as an alert,
// Stripe's fields through <slot>s into the host's light DOM, bypass, and no card data in our DOM.
import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { act } from "react";
import type { PaymentBody } from "../../../src/contract/payment-contract.ts";
import type { PaidResult } from "../../../src/payments/checkout-controller.ts";
import type { PaymentProviders } from "../../../src/config/payment-providers.ts";
import type { CardVaultApi, SecureFieldsOptions, VaultTokenizeResult } from "../../../src/payments/vault-provider.ts";
import { toMajorString } from "../../../src/pricing/currency.ts";
import type { CheckoutOptions } from "../../../src/ui/checkout/use-checkout.tsx";
import { checkoutModal } from "./checkout-harness.tsx";
import { byRole, click, nameOf, render, text, type Rendered } from "../ui/proposal/render.ts";
import { createFakeApi, createFakeBackend, sampleQuote, settle, type Route } from "./fakes.ts";
import { createFakeStripe, type FakeStripe } from "./fake-stripe.ts";

let view: Rendered | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

const PROVIDERS: PaymentProviders = {
  stripe: { publishableKey: "pk_test_1", country: "US" },
  cardVault: { productionScriptUrl: "https://vault.example/v1/vault.js", sandboxScriptUrl: "https://vault.example/sandbox/v1/vault.js", liveMerchantId: "live_1", testMerchantId: "test_1" },
  crmPaymentFrameUrl: "https://crm.example/payment-frame",
};

function fakeVault() {
  const created: SecureFieldsOptions[] = [];
  let answer: VaultTokenizeResult = { transactionId: "vtx_abc" };
  const api: CardVaultApi = {
    createSecureFields(options) {
      created.push(options);
      queueMicrotask(() => options.onReady?.());
      return { tokenize: async () => answer, destroy() {} };
    },
  };
  return { api, created, answer: (next: VaultTokenizeResult) => (answer = next) };
}

async function show(config: CheckoutOptions["config"], extra: { route?: Route; vault?: ReturnType<typeof fakeVault>; stripe?: FakeStripe; payButton?: boolean } = {}) {
  const backend = createFakeBackend();
  const fake = createFakeApi(extra.route ?? backend.route);
  const paid: PaidResult[] = [];
  const quote = sampleQuote();
  const vault = extra.vault ?? fakeVault();
  const stripe = extra.stripe ?? createFakeStripe();
  const props: CheckoutOptions = {
    config,
    providers: PROVIDERS,
    quote,
    api: fake.api,
    companyId: "acme",
    botId: "lawn",
    quoteId: "q-1",
    host: null,
    onPaid: (result) => paid.push(result),
    today: { year: 2026, month: 3 },
    payButton: extra.payButton ?? false,
    environment: { loadVault: async () => vault.api, loadStripe: async () => stripe },
    session: { timeoutMs: 100, statusDelayMs: 0, sleep: () => Promise.resolve() },
  };
  view = await render(checkoutModal(props));
  // The host is the shadow root's element: Stripe's fields mount in its light DOM.
  const host = view.shadow.host as HTMLElement;
  await view.rerender(checkoutModal({ ...props, host }));
  await act(async () => settle());
  return { shadow: view.shadow, host, backend, posts: fake.posts, paid, quote, vault, stripe };
}

const VAULT = { cardProcessor: "acme-credit-card-vault", companyName: "Acme Lawn" };

function type(input: HTMLInputElement, value: string) {
  return act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;
    setter.call(input, value);
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

async function validVaultCard(shadow: ShadowRoot, vault: ReturnType<typeof fakeVault>) {
  await act(async () => vault.created.at(-1)!.onChange({ number: { valid: true, empty: false }, cvv: { valid: true, empty: false } }));
  await type(shadow.querySelector<HTMLInputElement>("input.qa-expiry")!, "0430");
}

describe("the card vault's form", () => {
  test("a labelled group per secure field, in order, and our own labelled expiry input", async () => {
    const { shadow, vault } = await show(VAULT);
    const groups = [...shadow.querySelectorAll<HTMLElement>("[role=group]")].map(nameOf);
    assert.deepEqual(groups, ["Card number", "CVV"]);
    const expiry = shadow.querySelector<HTMLInputElement>("input.qa-expiry")!;
    const label = shadow.querySelector(`label[for="${expiry.id}"]`);
    assert.equal(text(label), "Expiry (MM / YY)");
    assert.equal(expiry.getAttribute("autocomplete"), "cc-exp");
    assert.equal(expiry.maxLength, 7);
    assert.equal(vault.created[0]?.merchantId, "test_1");
  });

  const expiryTable: Array<[string, string, string]> = [
    ["4", "04 / ", "Expiry date is not available"],
    ["0225", "02 / 25", "Your card is expired"],
    ["1230", "12 / 30", "Expiry is valid"],
  ];
  for (const [typed, shown, message] of expiryTable) {
    test(`typing ${typed} shows ${JSON.stringify(shown)} and '${message}'`, async () => {
      const { shadow } = await show(VAULT);
      const expiry = shadow.querySelector<HTMLInputElement>("input.qa-expiry")!;
      await type(expiry, typed);
      assert.equal(expiry.value, shown);
      const hint = shadow.getElementById(expiry.getAttribute("aria-describedby")!);
      assert.equal(text(hint), message);
      assert.equal(expiry.getAttribute("aria-invalid"), message === "Expiry is valid" ? "false" : "true");
    });
  }

  test("Sign Up waits for both secure fields and a valid expiry; an expired card blocks it", async () => {
    const { shadow, vault } = await show(VAULT);
    const signUp = byRole(shadow, "button", "Sign Up") as HTMLButtonElement;
    assert.equal(signUp.disabled, true);
    await act(async () => vault.created[0]!.onChange({ number: { valid: true, empty: false }, cvv: { valid: true, empty: false } }));
    assert.equal(signUp.disabled, true);
    const expiry = shadow.querySelector<HTMLInputElement>("input.qa-expiry")!;
    await type(expiry, "0225");
    assert.equal(signUp.disabled, true);
    await type(expiry, "");
    await type(expiry, "0430");
    assert.equal(signUp.disabled, false);
  });

  test("paying: the success line with the vault's transaction, onPaid with the sale, Sign Up disabled after", async () => {
    const { shadow, vault, paid, posts, quote } = await show(VAULT);
    await validVaultCard(shadow, vault);
    await click(byRole(shadow, "button", "Sign Up"));
    await act(async () => settle());
    assert.equal(text(shadow.querySelector("[role=status].qa-pay-success")), "Data submitted successfully with transaction # vtx_abc");
    assert.equal(paid.length, 1);
    assert.equal(paid[0]?.amount, quote.amountDueToday);
    const body = posts()[0]!.body as PaymentBody;
    assert.equal(body.amount, toMajorString(quote.amountDueToday, "USD"));
    assert.deepEqual([body.expire_month, body.expire_year], [4, 2030]);
    assert.equal((byRole(shadow, "button", "Sign Up") as HTMLButtonElement).disabled, true);
  });

  test("Enter in the form and a click on Sign Up in the same tick send one payment request", async () => {
    const { shadow, vault, posts } = await show(VAULT);
    await validVaultCard(shadow, vault);
    const form = shadow.querySelector<HTMLFormElement>("form.qa-checkout")!;
    const signUp = byRole(shadow, "button", "Sign Up");
    await act(async () => {
      form.requestSubmit();
      signUp.click();
      signUp.click();
    });
    await act(async () => settle());
    assert.equal(posts().length, 1);
  });

  test("a declined card: the error in an alert; the provider's refusal: its text under the form", async () => {
    const declining = createFakeBackend();
    const { shadow, vault } = await show(VAULT, {
      route: (request) => {
        if (request.method === "POST") (request.body as PaymentBody).paymentInfo.token = "tok_declined";
        return declining.route(request);
      },
    });
    await validVaultCard(shadow, vault);
    await click(byRole(shadow, "button", "Sign Up"));
    await act(async () => settle());
    assert.equal(text(shadow.querySelector("[role=alert]")), "Your card was declined.");

    vault.answer({ error: "Your card number is invalid." });
    await click(byRole(shadow, "button", "Sign Up"));
    await act(async () => settle());
    assert.equal(text(shadow.querySelector(".qa-provider-error")), "Your card number is invalid.");
  });

  test("no card number or cvc field of ours: the only input in our DOM is the expiry", async () => {
    const { shadow } = await show(VAULT);
    const inputs = [...shadow.querySelectorAll("input")];
    assert.deepEqual(inputs.map((input) => input.getAttribute("autocomplete")), ["cc-exp"]);
  });
});

describe("Stripe's form", () => {
  test("three labelled groups, each holding a <slot> for a field mounted in the host's light DOM", async () => {
    const { shadow, host, stripe } = await show({ companyName: "Acme Lawn" });
    const groups = [...shadow.querySelectorAll<HTMLElement>("[role=group]")];
    assert.deepEqual(groups.map(nameOf), ["Card number", "Expiry (MM / YY)", "CVC"]);
    // The harness rendered once without a host, then with it: only the second mount is live.
    const live = stripe.elementsCreated.filter((e) => !e.destroyed);
    assert.deepEqual(live.map((e) => e.type), ["cardNumber", "cardExpiry", "cardCvc"]);
    assert.equal(host.children.length, 3);
    groups.forEach((group, index) => {
      const slot = group.querySelector("slot");
      assert.ok(slot);
      const mountedIn = live[index]!.mountedIn!;
      assert.equal(mountedIn.parentElement, host);
      assert.equal(mountedIn.slot, slot.name);
    });
    assert.equal(shadow.querySelectorAll("input").length, 0);
  });

  test("the wallet stays hidden where the browser offers none", async () => {
    const { shadow } = await show({ companyName: "Acme Lawn" });
    assert.equal(shadow.querySelector<HTMLElement>(".qa-wallet")?.hidden, true);
  });

  test("the wallet shows where offered", async () => {
    const stripe = createFakeStripe();
    stripe.wallet = { applePay: true };
    const { shadow } = await show({ companyName: "Acme Lawn" }, { stripe });
    assert.equal(shadow.querySelector<HTMLElement>(".qa-wallet")?.hidden, false);
    assert.equal(text(shadow.querySelector(".qa-checkout-or")), "or pay by card");
  });
});

describe("bypass and unavailable processors", () => {
  test("bypass: no card fields; '⚡ BUY NOW' pays with no token", async () => {
    const { shadow, posts, paid } = await show({ bypassPayment: true, companyName: "Acme Lawn" });
    assert.equal(shadow.querySelectorAll("[role=group]").length, 0);
    await click(byRole(shadow, "button", "⚡ BUY NOW"));
    await act(async () => settle());
    const body = posts()[0]!.body as PaymentBody;
    assert.equal(body.paymentMethod, "bypass");
    assert.deepEqual(body.paymentInfo, { token: null });
    assert.equal(paid.length, 1);
  });

  test("the form's own pay button, when asked for, reads '⚡ BUY NOW' under bypass and 'Pay now' otherwise", async () => {
    const bypass = await show({ bypassPayment: true, companyName: "Acme Lawn" }, { payButton: true });
    assert.ok(byRole(bypass.shadow.querySelector("form")!, "button", "⚡ BUY NOW"));
    await view?.unmount();
    view = undefined;
    const card = await show({ companyName: "Acme Lawn" }, { payButton: true });
    assert.ok(byRole(card.shadow.querySelector("form")!, "button", "Pay now"));
  });

  test("real-green without a crm id: the form says so and Sign Up stays disabled", async () => {
    const { shadow } = await show({ cardProcessor: "real-green-payment-processing", companyName: "Acme Lawn" });
    assert.match(text(shadow.querySelector(".qa-provider-error")), /Online payment is not available for your account/);
    assert.equal((byRole(shadow, "button", "Sign Up") as HTMLButtonElement).disabled, true);
  });
});
