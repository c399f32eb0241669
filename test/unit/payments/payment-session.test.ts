// Paying once (SPEC §4, §8): the charging lock (two presses in one tick send one request), one
// Idempotency-Key per action reused on retry, declines and refusals, a network error that only
// resets charging, and an unknown outcome settled by asking the server, never by charging again.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { PaymentBody } from "../../../src/contract/payment-contract.ts";
import { buildPaymentBody } from "../../../src/contract/payment-body.ts";
import { createPaymentSession, type PreparedPayment } from "../../../src/payments/payment-session.ts";
import { createFakeApi, createFakeBackend, drop, hang, json, sampleQuote, type Route } from "./fakes.ts";

const quote = sampleQuote();

function prepared(token = "tok_visa", q = quote): PreparedPayment {
  return {
    endpoint: "v1/secure/payment",
    body: buildPaymentBody(q, { companyId: "acme", botId: "lawn", quoteId: "q1", paymentMethod: "stripe", token, expiry: { month: 1, year: 2029 } }),
  };
}

function setup(route: Route, extra: { statusAttempts?: number } = {}) {
  const fake = createFakeApi(route);
  let keys = 0;
  const session = createPaymentSession({
    api: fake.api,
    companyId: "acme",
    timeoutMs: 50,
    statusDelayMs: 0,
    sleep: () => Promise.resolve(),
    newKey: () => `key-${String(++keys).padStart(16, "0")}`,
    ...extra,
  });
  let prepares = 0;
  const prepare = (token = "tok_visa") => async () => {
    prepares++;
    return prepared(token);
  };
  return { ...fake, session, prepare, prepares: () => prepares };
}

describe("the charging lock", () => {
  test("two presses in the same tick send one payment request; the second is told the charge is busy", async () => {
    const backend = createFakeBackend();
    const { session, prepare, posts, prepares } = setup(backend.route);
    const first = session.pay(prepare());
    const second = session.pay(prepare());
    assert.equal(session.charging, true);
    assert.deepEqual(await second, { status: "busy" });
    assert.equal((await first).status, "paid");
    assert.equal(posts().length, 1);
    assert.equal(prepares(), 1);
    assert.equal(backend.charges(), 1);
    assert.equal(session.charging, false);
  });

  test("ten presses while the first is being charged still send one request", async () => {
    const backend = createFakeBackend();
    const { session, prepare, posts } = setup(backend.route);
    const presses = Array.from({ length: 10 }, () => session.pay(prepare()));
    const results = await Promise.all(presses);
    assert.deepEqual(results.map((r) => r.status), ["paid", ...Array(9).fill("busy")]);
    assert.equal(posts().length, 1);
  });

  test("listeners hear charging start and end", async () => {
    const backend = createFakeBackend();
    const { session, prepare } = setup(backend.route);
    const seen: boolean[] = [];
    session.subscribe(() => seen.push(session.charging));
    await session.pay(prepare());
    assert.deepEqual(seen, [true, false]);
  });
});

describe("answers", () => {
  test("a decline comes back with its error, charging resets, and the next press is a new action with a new key", async () => {
    const backend = createFakeBackend();
    const { session, prepare, posts } = setup(backend.route);
    assert.deepEqual(await session.pay(prepare("tok_declined")), { status: "declined", error: "Your card was declined." });
    assert.equal(session.charging, false);
    assert.equal(session.hasPending, false);
    assert.equal((await session.pay(prepare())).status, "paid");
    const [a, b] = posts();
    assert.notEqual(a?.key, b?.key);
    assert.equal(backend.charges(), 1);
  });

  test("a 4xx refusal is reported and forgotten: the next press uses a new key", async () => {
    let calls = 0;
    const backend = createFakeBackend();
    const { session, prepare, posts } = setup((request) => (request.method === "POST" && calls++ === 0 ? json({ message: "Invalid amount" }, 400) : backend.route(request)));
    assert.deepEqual(await session.pay(prepare()), { status: "refused", message: "Invalid amount" });
    assert.equal((await session.pay(prepare())).status, "paid");
    assert.notEqual(posts()[0]?.key, posts()[1]?.key);
  });

  test("a card the provider refuses sends nothing", async () => {
    const { session, posts } = setup(() => json({}));
    assert.deepEqual(await session.pay(async () => ({ error: "Your card number is invalid." })), { status: "card-error", error: "Your card number is invalid." });
    assert.equal(posts().length, 0);
    assert.equal(session.charging, false);
  });

  test("every payment request carries an Idempotency-Key", async () => {
    const backend = createFakeBackend();
    const { session, prepare, posts } = setup(backend.route);
    await session.pay(prepare());
    assert.match(posts()[0]?.key ?? "", /^key-\d{16}$/);
  });

  test("by default the key is a random UUID", async () => {
    const backend = createFakeBackend();
    const fake = createFakeApi(backend.route);
    const session = createPaymentSession({ api: fake.api, companyId: "acme" });
    await session.pay(async () => prepared());
    assert.match(fake.posts()[0]?.key ?? "", /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe("an unknown outcome is settled by asking, never by charging again", () => {
  test("a timeout after the backend charged: the status says succeeded, paid with one request", async () => {
    const backend = createFakeBackend();
    const { session, prepare, requests, posts } = setup((request) => {
      if (request.method === "POST") {
        backend.handle(request);
        return hang();
      }
      return backend.route(request);
    });
    const result = await session.pay(prepare());
    assert.equal(result.status, "paid");
    assert.equal(posts().length, 1);
    assert.equal(backend.charges(), 1);
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      ["POST /v1/secure/payment", `GET /v1/payment/status/${posts()[0]?.key}`],
    );
  });

  test("a dropped connection after a decline: the status's error is the answer", async () => {
    const backend = createFakeBackend();
    const { session, prepare, posts } = setup((request) => {
      if (request.method === "POST") {
        backend.handle(request);
        return drop();
      }
      return backend.route(request);
    });
    assert.deepEqual(await session.pay(prepare("tok_declined")), { status: "declined", error: "Your card was declined." });
    assert.equal(posts().length, 1);
  });

  test("a 502 is an unknown outcome too", async () => {
    const backend = createFakeBackend();
    const { session, prepare } = setup((request) => {
      if (request.method === "POST") {
        backend.handle(request);
        return json({ message: "bad gateway" }, 502);
      }
      return backend.route(request);
    });
    assert.equal((await session.pay(prepare())).status, "paid");
    assert.equal(backend.charges(), 1);
  });

  test("a network error before the request arrived: only resets charging; the retry reuses the key and the body, without tokenizing again", async () => {
    const backend = createFakeBackend();
    let failures = 1;
    const { session, prepare, posts, prepares } = setup((request) => (request.method === "POST" && failures-- > 0 ? drop() : backend.route(request)));
    assert.deepEqual(await session.pay(prepare("tok_first")), { status: "interrupted" });
    assert.equal(session.charging, false);
    assert.equal(session.hasPending, true);
    const retry = await session.pay(prepare("tok_second"));
    assert.equal(retry.status, "paid");
    const [first, second] = posts();
    assert.equal(second?.key, first?.key);
    assert.deepEqual(second?.body, first?.body);
    assert.equal((second?.body as PaymentBody).paymentInfo.token, "tok_first");
    assert.equal(prepares(), 1);
    assert.equal(backend.charges(), 1);
  });

  test("a retry after an unknown outcome that was in fact charged asks first, and sends nothing", async () => {
    const backend = createFakeBackend();
    let statusDown = true;
    const { session, prepare, posts } = setup((request) => {
      if (request.method === "POST") {
        backend.handle(request);
        return drop();
      }
      if (statusDown) return drop();
      return backend.route(request);
    });
    assert.deepEqual(await session.pay(prepare()), { status: "interrupted" });
    statusDown = false;
    assert.equal((await session.pay(prepare())).status, "paid");
    assert.equal(posts().length, 1);
    assert.equal(backend.charges(), 1);
  });

  test("while the server still says processing it is asked again; still unknown after the attempts: interrupted, key kept", async () => {
    const backend = createFakeBackend();
    let statusCalls = 0;
    const { session, prepare, posts } = setup(
      (request) => {
        if (request.method === "POST") return hang();
        statusCalls++;
        return statusCalls < 3 ? json({ status: "processing" }) : backend.route(request);
      },
      { statusAttempts: 5 },
    );
    // The POST never got through (not-found after two "processing" answers): interrupted.
    assert.deepEqual(await session.pay(prepare()), { status: "interrupted" });
    assert.equal(statusCalls, 3);
    assert.equal(session.hasPending, true);
    assert.equal(posts().length, 1);
  });

  test("processing, then succeeded: paid", async () => {
    const backend = createFakeBackend();
    let statusCalls = 0;
    const { session, prepare } = setup((request) => {
      if (request.method === "POST") {
        backend.handle(request);
        return hang();
      }
      return ++statusCalls < 2 ? json({ status: "processing" }) : backend.route(request);
    });
    assert.equal((await session.pay(prepare())).status, "paid");
    assert.equal(statusCalls, 2);
  });

  test("a pending payment that never arrived, for an amount no longer on screen, is dropped for a fresh one", async () => {
    const backend = createFakeBackend();
    let failures = 1;
    const { session, posts, prepares } = setup((request) => (request.method === "POST" && failures-- > 0 ? drop() : backend.route(request)));
    let count = 0;
    const cheaper = sampleQuote({ price: 40 });
    const prepare = async () => {
      count++;
      return prepared("tok_visa", count === 1 ? quote : cheaper);
    };
    await session.pay(prepare);
    const current = (body: PaymentBody) => body.amount === buildPaymentBody(cheaper, { companyId: "a", botId: "b", quoteId: "q", paymentMethod: "stripe", token: "t", expiry: { month: 1, year: 2029 } }).amount;
    assert.equal((await session.pay(prepare, current)).status, "paid");
    const [first, second] = posts();
    assert.notEqual(second?.key, first?.key);
    assert.notEqual((second?.body as PaymentBody).amount, (first?.body as PaymentBody).amount);
    assert.equal(prepares(), 0);
    assert.equal(count, 2);
  });
});
