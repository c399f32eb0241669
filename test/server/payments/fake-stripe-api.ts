// A local HTTP fake of the part of Stripe's API the Stripe processor calls (PaymentMethods from
// a card token, PaymentIntents created and confirmed, read back), answering the way Stripe
// does: form-encoded requests, Bearer secret key, idempotency keys replaying the first answer,
// 402 card errors, requires_action for the 3-D Secure test token. Every request is recorded.
// In process by default (its `fetch` is what the processor under test sends with); on a local
// port with `listen: true`, for a server in another process.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import type { Fetch } from "../../../server/adapters/provider-call.ts";

export interface RecordedStripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  /** The form body, keys as sent ("metadata[quote_id]"). */
  form: Record<string, string>;
}

interface StoredAnswer {
  status: number;
  body: unknown;
}

interface Intent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  payment_method: string;
  next_action: unknown;
  last_payment_error: unknown;
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:41234 (STRIPE_API_BASE). */
  url: string;
  /** Requests to `url` answered in process (a dropped answer rejects as a lost connection); others go to the global fetch. */
  fetch: Fetch;
  requests: RecordedStripeRequest[];
  intents: Map<string, Intent>;
  /** The next PaymentIntent create is carried out and its connection then dropped (the answer is lost). */
  dropNextIntentAnswer(): void;
  /** Every answer waits this long (a slow processor). */
  setDelay(ms: number): void;
  /** Answers wait until the returned function is called. */
  hold(): () => void;
  /** The visitor finished (or failed) 3-D Secure in the browser. */
  completeAction(intentId: string, outcome: "succeeded" | "failed"): void;
  close(): Promise<void>;
}

export const FAKE_SECRET_KEY = "sk_test_fakeKeyForTheLocalStripeApi0001";

const DECLINES: Record<string, { code: string; decline_code: string; message: string }> = {
  tok_chargeDeclined: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  tok_chargeDeclinedInsufficientFunds: { code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." },
  tok_chargeDeclinedExpiredCard: { code: "expired_card", decline_code: "expired_card", message: "Your card has expired." },
};

const idFor = (prefix: string, seed: string) => `${prefix}_${createHash("sha256").update(seed).digest("hex").slice(0, 24)}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startFakeStripe(options: { listen?: boolean } = {}): Promise<FakeStripe> {
  const requests: RecordedStripeRequest[] = [];
  const intents = new Map<string, Intent>();
  const tokenOfMethod = new Map<string, string>();
  // Stripe keeps the first answer for a key (per endpoint) and replays it.
  const byKey = new Map<string, StoredAnswer>();
  let dropNext = false;
  let delayMs = 0;
  let gate: Promise<void> | undefined;

  const headersOf = () => ({ "Content-Type": "application/json", "Request-Id": `req_${requests.length}` });

  function createIntent(form: Record<string, string>, key: string): StoredAnswer {
    const token = tokenOfMethod.get(form.payment_method ?? "") ?? "";
    const id = idFor("pi", key);
    const metadata: Record<string, string> = {};
    for (const [name, value] of Object.entries(form)) {
      const match = /^metadata\[(.+)\]$/.exec(name);
      if (match?.[1]) metadata[match[1]] = value;
    }
    const intent: Intent = {
      id,
      object: "payment_intent",
      amount: Number(form.amount),
      currency: form.currency ?? "",
      status: "succeeded",
      client_secret: `${id}_secret_${idFor("s", id).slice(2, 14)}`,
      metadata,
      payment_method: form.payment_method ?? "",
      next_action: null,
      last_payment_error: null,
    };
    const decline = DECLINES[token];
    if (decline) {
      intent.status = "requires_payment_method";
      intent.last_payment_error = { type: "card_error", ...decline };
      intents.set(id, intent);
      return { status: 402, body: { error: { type: "card_error", ...decline, payment_intent: intent } } };
    }
    if (token === "tok_threeDSecure2Required") {
      intent.status = "requires_action";
      intent.next_action = { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } };
    }
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  /** One request as Stripe answers it, or "drop" when its connection is to be dropped. */
  async function answerTo(method: string, path: string, authorization: string | undefined, idempotencyKey: string | undefined, text: string): Promise<StoredAnswer | "drop"> {
    const form = Object.fromEntries(new URLSearchParams(text));
    requests.push({ method, path, authorization, idempotencyKey, form });
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (gate) await gate;
    if (authorization !== `Bearer ${FAKE_SECRET_KEY}`) return { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided" } } };
    const replayKey = idempotencyKey === undefined ? undefined : `${method} ${path} ${idempotencyKey}`;
    const replay = replayKey ? byKey.get(replayKey) : undefined;
    if (method === "POST" && replay) return replay;
    let answer: StoredAnswer;
    if (method === "POST" && path === "/v1/payment_methods") {
      const token = form["card[token]"] ?? "";
      const id = idFor("pm", `${token} ${idempotencyKey ?? Math.random()}`);
      tokenOfMethod.set(id, token);
      answer = { status: 200, body: { id, object: "payment_method", type: "card" } };
    } else if (method === "POST" && path === "/v1/payment_intents") {
      answer = createIntent(form, idempotencyKey ?? String(Math.random()));
    } else if (method === "GET" && path.startsWith("/v1/payment_intents/")) {
      const intent = intents.get(path.slice("/v1/payment_intents/".length));
      answer = intent
        ? { status: 200, body: intent }
        : { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" } } };
    } else {
      answer = { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` } } };
    }
    if (replayKey && method === "POST") byKey.set(replayKey, answer);
    if (dropNext && path === "/v1/payment_intents" && method === "POST") {
      dropNext = false;
      return "drop";
    }
    return answer;
  }

  let url = "http://stripe.fake.test";
  let close = async () => {};
  if (options.listen) {
    const server = createServer((req, res) => {
      void (async () => {
        const header = (name: string) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : undefined);
        const answer = await answerTo(req.method ?? "", (req.url ?? "").split("?")[0] ?? "", header("authorization"), header("idempotency-key"), await readBody(req));
        if (answer === "drop") return void req.socket.destroy();
        res.writeHead(answer.status, headersOf());
        res.end(JSON.stringify(answer.body));
      })();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
  }
  const fakeFetch: Fetch = async (input, init) => {
    const request = new Request(input, init);
    const target = new URL(request.url);
    if (options.listen || target.origin !== url) return fetch(request);
    // As an open socket would, this keeps the event loop alive while an answer is held.
    const socketStandIn = setInterval(() => undefined, 60_000);
    const answer = await answerTo(request.method, target.pathname, request.headers.get("authorization") ?? undefined, request.headers.get("idempotency-key") ?? undefined, await request.text()).finally(() =>
      clearInterval(socketStandIn),
    );
    if (answer === "drop") throw new TypeError("fetch failed", { cause: new Error("the fake Stripe dropped the connection") });
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: headersOf() });
  };
  return {
    url,
    fetch: fakeFetch,
    requests,
    intents,
    dropNextIntentAnswer: () => {
      dropNext = true;
    },
    setDelay: (ms) => {
      delayMs = ms;
    },
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = undefined;
          resolve();
        };
      });
      return release;
    },
    completeAction(intentId, outcome) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      intent.next_action = null;
      if (outcome === "succeeded") intent.status = "succeeded";
      else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = { type: "card_error", code: "payment_intent_authentication_failure", message: "3DS failed" };
      }
    },
    close: () => close(),
  };
}
