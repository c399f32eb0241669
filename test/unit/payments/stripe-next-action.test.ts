// 3-D Secure in the widget: when the payment call answers requires_action, the session runs
// the Stripe adapter's handleNextAction (stripe-js handleNextAction with the client secret),
// then asks POST /v1/secure/payment/confirm with the same Idempotency-Key, and shows what the
// server says. Self-contained fakes: a ky client over a route function, a minimal Stripe.js.
import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import ky from "ky";
import { buildPaymentBody } from "../../../src/contract/payment-body.ts";
import { createPaymentSession, type PreparedPayment } from "../../../src/payments/payment-session.ts";
import { createStripeAdapter } from "../../../src/payments/stripe-adapter.ts";
import type { StripeElementLike, StripeLike } from "../../../src/payments/stripe-subset.ts";
import { sampleQuote } from "./fakes.ts";

interface Seen {
  path: string;
  key: string | null;
  body: unknown;
}

const respond = (value: unknown, status = 200) => new Response(JSON.stringify(value), { status, headers: { "Content-Type": "application/json" } });

function fakeApi(route: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  const api = ky.create({
    prefixUrl: "http://api.test",
    retry: 0,
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const text = await request.text();
      const entry = { path: new URL(request.url).pathname, key: request.headers.get("Idempotency-Key"), body: text ? (JSON.parse(text) as unknown) : undefined };
      seen.push(entry);
      return route(entry);
    },
  });
  return { api, seen };
}

const ACTION = { status: "requires_action", clientSecret: "pi_3abc_secret_xyz", paymentIntentId: "pi_3abc" };
const PAID = { status: "succeeded", transactionId: "pi_3abc", amount: "50.00", currency: "USD" };

function prepared(handleNextAction?: PreparedPayment["handleNextAction"]): PreparedPayment {
  return {
    endpoint: "v1/secure/payment",
    body: buildPaymentBody(sampleQuote(), { companyId: "acme", botId: "lawn", quoteId: "q1", paymentMethod: "stripe", token: "tok_visa", expiry: { month: 1, year: 2029 } }),
    ...(handleNextAction ? { handleNextAction } : {}),
  };
}

function session(api: ReturnType<typeof fakeApi>["api"]) {
  return createPaymentSession({ api, companyId: "acme", timeoutMs: 500, statusDelayMs: 0, sleep: () => Promise.resolve(), newKey: () => "key-0000000000000001" });
}

describe("requires_action in the payment session", () => {
  test("the bank's check runs with the client secret, then the confirm call with the same key decides: paid", async () => {
    const { api, seen } = fakeApi((r) => (r.path === "/v1/secure/payment" ? respond(ACTION) : respond(PAID)));
    const secrets: string[] = [];
    const result = await session(api).pay(async () =>
      prepared(async (secret) => {
        secrets.push(secret);
        return { ok: true };
      }),
    );
    assert.deepEqual(result, { status: "paid", payment: PAID });
    assert.deepEqual(secrets, ["pi_3abc_secret_xyz"]);
    assert.deepEqual(
      seen.map((r) => [r.path, r.key]),
      [
        ["/v1/secure/payment", "key-0000000000000001"],
        ["/v1/secure/payment/confirm", "key-0000000000000001"],
      ],
    );
    assert.deepEqual(seen[1]!.body, { companyId: "acme", paymentIntentId: "pi_3abc" });
  });

  test("a failed check: the server's decline is what the visitor sees", async () => {
    const decline = { error: "We were unable to authenticate your payment method. Please choose a different payment method and try again.", code: "card_declined" };
    const { api } = fakeApi((r) => (r.path === "/v1/secure/payment" ? respond(ACTION) : respond(decline)));
    const result = await session(api).pay(async () => prepared(async () => ({ ok: false, error: "cancelled" })));
    assert.deepEqual(result, { status: "declined", error: decline.error });
  });

  test("a checkout that cannot run the action (no Stripe) declines without a confirm call", async () => {
    const { api, seen } = fakeApi(() => respond(ACTION));
    const result = await session(api).pay(async () => prepared());
    assert.equal(result.status, "declined");
    assert.match((result as { error: string }).error, /bank needs to confirm/);
    assert.equal(seen.length, 1);
  });

  test("requires_action again after the confirm is not followed a second time", async () => {
    let checks = 0;
    const { api, seen } = fakeApi(() => respond(ACTION));
    const result = await session(api).pay(async () =>
      prepared(async () => {
        checks++;
        return { ok: true };
      }),
    );
    assert.equal(result.status, "declined");
    assert.equal(checks, 1);
    assert.equal(seen.length, 2);
  });
});

describe("the Stripe adapter's handleNextAction", () => {
  const cleanups: Array<() => void> = [];
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  function mountWith(handleNextAction: StripeLike["handleNextAction"]) {
    const element = (): StripeElementLike => ({ mount() {}, on: () => undefined, destroy() {} });
    const stripe: StripeLike = {
      elements: () => ({ create: element }),
      createToken: async () => ({ token: { id: "tok_visa" } }),
      paymentRequest: () => {
        throw new Error("not used");
      },
      ...(handleNextAction ? { handleNextAction } : {}),
    };
    const adapter = createStripeAdapter({ publishableKey: "pk_test_1", loadStripe: async () => stripe });
    const host = document.createElement("div");
    document.body.appendChild(host);
    const root = host.attachShadow({ mode: "open" });
    const containers: Record<string, HTMLElement> = {};
    for (const id of ["number", "expiry", "cvc"]) containers[id] = root.appendChild(document.createElement("div"));
    cleanups.push(() => {
      adapter.unmount();
      host.remove();
    });
    return { adapter, mount: () => adapter.mount({ host, containers }) };
  }

  test("calls stripe-js handleNextAction with the client secret", async () => {
    const calls: unknown[] = [];
    const { adapter, mount } = mountWith(async (options) => {
      calls.push(options);
      return { paymentIntent: { id: "pi_3abc", status: "succeeded" } };
    });
    await mount();
    assert.deepEqual(await adapter.handleNextAction!("pi_3abc_secret_xyz"), { ok: true });
    assert.deepEqual(calls, [{ clientSecret: "pi_3abc_secret_xyz" }]);
  });

  test("Stripe's error comes back as the adapter's error", async () => {
    const { adapter, mount } = mountWith(async () => ({ error: { message: "We are unable to authenticate your payment method." } }));
    await mount();
    assert.deepEqual(await adapter.handleNextAction!("pi_3abc_secret_xyz"), { ok: false, error: "We are unable to authenticate your payment method." });
  });

  test("before Stripe.js has loaded there is nothing to call", async () => {
    const { adapter } = mountWith(async () => ({}));
    assert.equal((await adapter.handleNextAction!("pi_3abc_secret_xyz")).ok, false);
  });
});
