// The processor interface the payment routes charge through: the demo's test processor
// (test-processor.ts, decides by token, nothing leaves the machine) or Stripe
// (stripe-processor.ts, chosen when STRIPE_SECRET_KEY is set: choose-processor.ts).
import type { PaymentBody } from "../../src/contract/payment-contract.ts";
import { currencyOf } from "../../src/pricing/currency.ts";
import type { PaymentStore } from "../db/payment-store.ts";
import { CHARGES } from "./processor-table.ts";
import type { ChargeDecision } from "./test-processor.ts";

/** What the server charges: the amount in the company's currency, never the browser's word for the currency. */
export interface ChargeRequest {
  companyId: string;
  botId: string;
  quoteId: string;
  /** The widget's Idempotency-Key, passed on as the processor's own. */
  idempotencyKey: string;
  /** Integer minor units (cents; yen for JPY). */
  amountMinor: number;
  /** ISO 4217, upper case: the company's configured currency. */
  currency: string;
  body: PaymentBody;
}

/** The processor needs the visitor's browser to act (3-D Secure): the widget calls stripe-js handleNextAction. */
export interface ActionRequired {
  ok: "requires_action";
  /** The PaymentIntent's client secret, for stripe-js on the visitor's page only. */
  clientSecret: string;
  /** The processor's id of the pending charge (a PaymentIntent id). */
  intentId: string;
}

export type ProcessorDecision = ChargeDecision | ActionRequired;

export interface PaymentProcessor {
  readonly name: "test" | "stripe";
  /** Charges once per idempotency key; never throws for a decline or a processor failure. */
  charge(request: ChargeRequest): Promise<ProcessorDecision>;
  /**
   * After the visitor's browser has acted: what the pending charge `intentId` came to. The
   * processor checks that the intent belongs to this key, company and amount.
   */
  finish?(request: ChargeRequest, intentId: string): Promise<ProcessorDecision>;
}

/** The demo's stand-in: decides by token (test-cards.ts), as the method's row of CHARGES says. */
export function createTestProcessor(store: PaymentStore, now: () => Date, newTransactionId: () => string): PaymentProcessor {
  return {
    name: "test",
    charge: (request) => CHARGES[request.body.paymentMethod].test(request.body, store, now(), newTransactionId),
  };
}

/**
 * The decimal string of a payment body as integer minor units of `currency`, read as text (no
 * float); undefined when it has more digits than the currency ("45.555" USD, "10.5" JPY).
 */
export function decimalToMinor(amount: string, currency: string): number | undefined {
  const match = /^(\d{1,9})(?:\.(\d{1,3}))?$/.exec(amount);
  if (!match) return undefined;
  const digits = currencyOf(currency).digits;
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > digits) return undefined;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}
