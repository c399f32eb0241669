// Who charges each payment method on this server: one row per method of the processors' table
// (src/contract/payment-processors.ts, issue 36), a Record over PaymentMethod, so a new processor
// row does not compile until it has one here. `by` says which processor may charge it; `test` is
// how the test processor decides its bodies (test-processor.ts). The payment routes (which
// processor, or a 400), the production entry's start-up log and the test processor read it.
import type { PaymentMethod, ProcessorKind } from "../../src/contract/payment-processors.ts";
import { decideRealGreenToken, decideStripeToken, decideVaultToken, recordBypass, type TestDecision } from "./test-processor.ts";

export interface MethodCharge {
  /**
   * "card": the server's card processor (Stripe, when STRIPE_SECRET_KEY is set), else the test
   * processor in test mode; "test-mode": no real processor yet, the test processor in test mode
   * only, never a real token sent to it; "record": no card, the test processor records the sale.
   */
  by: "card" | "test-mode" | "record";
  test: TestDecision;
}

export const CHARGES = {
  stripe: { by: "card", test: decideStripeToken },
  "card-vault": { by: "test-mode", test: decideVaultToken },
  "real-green": { by: "test-mode", test: decideRealGreenToken },
  bypass: { by: "record", test: recordBypass },
  "device-wallet": { by: "card", test: decideStripeToken },
} as const satisfies Record<PaymentMethod, MethodCharge>;

/** What people call each processor: docs/payments.md's names (the widget carries none of them). */
export const PROCESSOR_LABELS = {
  stripe: "Stripe Elements",
  "card-vault": "Card vault secure fields",
  "real-green": "Real Green payment frame",
  bypass: "No card (bypassPayment)",
} as const satisfies Record<ProcessorKind, string>;

/** The methods a server may refuse (all but those the test processor always records). */
export type ServedMethod = { [M in PaymentMethod]: (typeof CHARGES)[M]["by"] extends "record" ? never : M }[PaymentMethod];

