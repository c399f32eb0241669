// Paying, once (SPEC §4 'Modal and payment', §8). A charging lock outside React state: the
// check and the claim happen in the same synchronous step, so a double click in one tick, or
// Enter plus a click, sends one request. Each payment action gets one Idempotency-Key, kept
// until the action has a definite answer and reused when it is retried. An unknown outcome
// (timeout, dropped connection, 5xx) is settled by asking the server for that key, never by
// charging again.
import type { ApiClient } from "../api/client.ts";
import type { PaymentStatus } from "../contract/payment-status.ts";
import { fetchPaymentStatus } from "../api/payment-status.ts";
import { confirmPayment, sendPayment, type PaymentOutcome } from "../api/secure-payment.ts";
import type { PaymentBody, PaymentSuccess } from "../contract/payment-contract.ts";
import { payments as words } from "../i18n/en/payments.ts";

export type PaymentEndpoint = "v1/secure/payment" | "v1/payment/device";

/** What one press of the pay button needs to send: produced after tokenizing. */
export interface PreparedPayment {
  endpoint: PaymentEndpoint;
  body: PaymentBody;
  /** Stripe: runs 3-D Secure when the server answers requires_action (stripe-js handleNextAction). */
  handleNextAction?: (clientSecret: string) => Promise<{ ok: true } | { ok: false; error: string }>;
}

export type PayResult =
  /** Charged. */
  | { status: "paid"; payment: PaymentSuccess }
  /** The payment answer carries an error (declined): shown in an alert; nothing charged. */
  | { status: "declined"; error: string }
  /** The server refused the request itself (4xx): a generic alert; nothing charged. */
  | { status: "refused"; message: string }
  /** The server prices the quote differently (409 quote_changed): reload the prices, tell the visitor; nothing charged. */
  | { status: "changed"; message: string }
  /** The provider could not tokenize the card: its text goes under the form; nothing sent. */
  | { status: "card-error"; error: string }
  /** No definite answer (a network error, or still unknown after asking): charging resets, nothing else. */
  | { status: "interrupted" }
  /** A charge was already in progress: this press sent nothing. */
  | { status: "busy" };

export interface PaymentSessionOptions {
  api: ApiClient;
  companyId: string;
  /** Default 30 s: a card charge can be slow, and giving up early only means asking. */
  timeoutMs?: number;
  /** Asking again while the server still says "processing". Default 5 times, 1 s apart. */
  statusAttempts?: number;
  statusDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
  newKey?: () => string;
}

export interface PaymentSession {
  /** True from the first instant of a press until its answer. */
  readonly charging: boolean;
  /** An action sent without a definite answer, retried with its own key on the next press. */
  readonly hasPending: boolean;
  /**
   * Pays once. `prepare` tokenizes and builds the body; it runs inside the lock. `stillCurrent`
   * says whether a pending body still matches the quote on screen; a stale one that never
   * reached the server is dropped and replaced.
   */
  pay(prepare: () => Promise<PreparedPayment | { error: string }>, stillCurrent?: (body: PaymentBody) => boolean): Promise<PayResult>;
  subscribe(listener: () => void): () => void;
}

interface Pending extends PreparedPayment {
  key: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));


export function createPaymentSession(options: PaymentSessionOptions): PaymentSession {
  const sleep = options.sleep ?? defaultSleep;
  const newKey = options.newKey ?? (() => crypto.randomUUID());
  const attempts = options.statusAttempts ?? 5;
  const listeners = new Set<() => void>();
  let charging = false;
  let pending: Pending | null = null;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  /** What the server knows of a key; null when it cannot be asked. */
  async function askStatus(key: string): Promise<PaymentStatus | null> {
    for (let attempt = 1; attempt <= attempts; attempt++) {
      try {
        const status = await fetchPaymentStatus(options.api, { companyId: options.companyId, idempotencyKey: key }, { timeoutMs: 10_000 });
        if (status.status !== "processing" || attempt === attempts) return status;
      } catch (error) {
        console.error("[quote-assistant] the payment status could not be read", error);
        return null;
      }
      await sleep(options.statusDelayMs ?? 1000);
    }
    return null;
  }

  /** A definite status ends the action; anything else leaves it pending for a retry with its key. */
  function settle(status: PaymentStatus | null): PayResult {
    if (status?.status === "succeeded") {
      pending = null;
      return { status: "paid", payment: status };
    }
    if (status?.status === "failed") {
      pending = null;
      return { status: "declined", error: status.error };
    }
    return { status: "interrupted" };
  }

  async function send(action: Pending): Promise<PayResult> {
    const outcome: PaymentOutcome = await sendPayment(options.api, action.endpoint, action.body, action.key, {
      timeoutMs: options.timeoutMs ?? 30_000,
    });
    return answer(action, outcome, true);
  }

  /** `mayAct`: a requires_action is followed once; after the confirm it is not repeated. */
  async function answer(action: Pending, outcome: PaymentOutcome, mayAct: boolean): Promise<PayResult> {
    switch (outcome.kind) {
      case "action": {
        if (!mayAct || !action.handleNextAction) {
          console.error("[quote-assistant] the payment needs an action this checkout cannot run");
          pending = null;
          return { status: "declined", error: words.needsAction };
        }
        // The bank's check runs in Stripe's frame; whatever it says, the server tells the outcome.
        const acted = await action.handleNextAction(outcome.action.clientSecret);
        if (!acted.ok) console.warn(`[quote-assistant] the card check did not complete: ${acted.error}`);
        const confirmed = await confirmPayment(
          options.api,
          { companyId: options.companyId, paymentIntentId: outcome.action.paymentIntentId },
          action.key,
          { timeoutMs: options.timeoutMs ?? 30_000 },
        );
        return answer(action, confirmed, false);
      }
      case "paid":
        pending = null;
        return { status: "paid", payment: outcome.payment };
      case "declined":
        pending = null;
        return { status: "declined", error: outcome.error };
      case "refused":
        console.error(`[quote-assistant] the payment was refused: HTTP ${outcome.status}: ${outcome.message}`);
        pending = null;
        return { status: "refused", message: outcome.message };
      case "changed":
        console.warn(`[quote-assistant] the server prices this quote differently: ${outcome.message}`);
        pending = null;
        return { status: "changed", message: outcome.message };
      case "unknown":
        console.warn(`[quote-assistant] the payment's outcome is unknown (${outcome.reason}); asking the server`);
        return settle(await askStatus(action.key));
    }
  }

  async function run(prepare: () => Promise<PreparedPayment | { error: string }>, stillCurrent?: (body: PaymentBody) => boolean): Promise<PayResult> {
    if (pending) {
      // The last press has no answer yet: learn it before anything else is sent.
      const action = pending;
      const status = await askStatus(action.key);
      if (status === null || status.status !== "not-found") return settle(status);
      // It never reached the server: retry the same action with its key, unless the quote moved on.
      if (!stillCurrent || stillCurrent(action.body)) return send(action);
      pending = null;
    }
    const prepared = await prepare();
    if ("error" in prepared) return { status: "card-error", error: prepared.error };
    pending = { ...prepared, key: newKey() };
    return send(pending);
  }

  return {
    get charging() {
      return charging;
    },
    get hasPending() {
      return pending !== null;
    },
    async pay(prepare, stillCurrent) {
      // The lock: checked and taken before the first await.
      if (charging) return { status: "busy" };
      charging = true;
      notify();
      try {
        return await run(prepare, stillCurrent);
      } catch (error) {
        console.error("[quote-assistant] the payment failed unexpectedly", error);
        return { status: "interrupted" };
      } finally {
        charging = false;
        notify();
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
