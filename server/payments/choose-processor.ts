// Which processor the production entry charges through: Stripe when STRIPE_SECRET_KEY is set,
// otherwise the test processor (test cards only; the server says so at start). The key is
// read from the environment only, never from a configuration document, and never printed.
import { randomUUID } from "node:crypto";
import type { PaymentStore } from "../db/payment-store.ts";
import { createTestProcessor, type PaymentProcessor } from "./processor.ts";
import { createStripeProcessor, type StripeProcessorOptions } from "./stripe-processor.ts";

export interface ProcessorEnv {
  STRIPE_SECRET_KEY?: string;
  /** Tests and local fakes only: e.g. http://127.0.0.1:12111 in place of https://api.stripe.com. */
  STRIPE_API_BASE?: string;
}

/** `fetch`: what Stripe calls go out with (default the package's own HTTP client; tests route them to a fake in process). */
export function chooseProcessor(env: ProcessorEnv, store: PaymentStore, now: () => Date = () => new Date(), fetch?: StripeProcessorOptions["fetch"]): PaymentProcessor {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (!secretKey) return createTestProcessor(store, now, () => `txn_${randomUUID()}`);
  if (!/^(sk|rk)_(test|live)_/.test(secretKey)) {
    throw new Error("STRIPE_SECRET_KEY is set but is not a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)");
  }
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : undefined;
  return createStripeProcessor({
    secretKey,
    host: base?.hostname,
    port: base ? Number(base.port || (base.protocol === "http:" ? 80 : 443)) : undefined,
    protocol: base ? (base.protocol === "http:" ? "http" : "https") : undefined,
    ...(fetch ? { fetch } : {}),
  });
}
