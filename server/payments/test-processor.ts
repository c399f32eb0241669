// The reference backend's test processor: decides what a payment does from its token alone
// (the stand-in providers' test cards, docs/payments.md), one decision per payment method, looked
// up in CHARGES (processor-table.ts). Nothing leaves the machine.
import type { PaymentBody } from "../../src/contract/payment-contract.ts";
import type { PaymentStore } from "../db/payment-store.ts";
import { DECLINE_MESSAGES, outcomeOfStripeToken, type CardOutcome } from "./test-cards.ts";

export type ChargeDecision =
  | { ok: true; transactionId: string; outcome: CardOutcome | "bypass" }
  | { ok: false; error: string; code: "card_declined" | "processing_error" };

const UNKNOWN_TOKEN = { ok: false, error: "This payment could not be processed: unknown card token.", code: "processing_error" } as const;
const SPENT_TOKEN = { ok: false, error: "This payment could not be processed: the card token was already used.", code: "processing_error" } as const;
const EXPIRED_SESSION = { ok: false, error: "The payment session has expired. Please close and reopen the checkout.", code: "processing_error" } as const;

function decide(outcome: CardOutcome, transactionId: string): ChargeDecision {
  if (outcome === "success" || outcome === "drop-after-charge") return { ok: true, transactionId, outcome };
  return { ok: false, ...DECLINE_MESSAGES[outcome] };
}

/** How the test processor decides a body of one payment method: one per method, in CHARGES (processor-table.ts). */
export type TestDecision = (body: PaymentBody, store: PaymentStore, now: Date, newTransactionId: () => string) => Promise<ChargeDecision>;

// Vault and CRM tokens are single-use: the token is spent here, so only a repeated
// Idempotency-Key (answered from the store) can see it twice.

/** bypass: no card; the sale is recorded. */
export const recordBypass: TestDecision = async (_body, _store, _now, newTransactionId) => ({ ok: true, transactionId: newTransactionId(), outcome: "bypass" });

/** stripe and its device wallet: the test card's token says the outcome. */
export const decideStripeToken: TestDecision = async (body, _store, _now, newTransactionId) => {
  const token = body.paymentInfo.token;
  const outcome = token === null ? undefined : outcomeOfStripeToken(token);
  return outcome ? decide(outcome, newTransactionId()) : UNKNOWN_TOKEN;
};

/** card-vault: a token the stand-in vault issued, once. */
export const decideVaultToken: TestDecision = async (body, store, _now, newTransactionId) => {
  const token = body.paymentInfo.token;
  const issued = token === null ? undefined : await store.findCardToken(token);
  if (!issued || issued.issuer !== "vault" || token === null) return UNKNOWN_TOKEN;
  if (!await store.spendCardToken(token)) return SPENT_TOKEN;
  return decide(issued.outcome as CardOutcome, newTransactionId());
};

/** real-green: a live session of this company and customer, and a token the stand-in CRM frame issued for it, once. */
export const decideRealGreenToken: TestDecision = async (body, store, now, newTransactionId) => {
  const token = body.paymentInfo.token;
  const sessionToken = body.paymentInfo.paymentToken;
  const session = sessionToken === undefined ? undefined : await store.findRealGreenSession(sessionToken);
  if (!session || session.companyId !== body.companyId || session.crmId !== body.paymentInfo.crmId) return UNKNOWN_TOKEN;
  if (new Date(session.expiresAt) <= now) return EXPIRED_SESSION;
  const issued = token === null ? undefined : await store.findCardToken(token);
  if (!issued || issued.issuer !== "crm" || issued.scope !== session.token || token === null) return UNKNOWN_TOKEN;
  if (!await store.spendCardToken(token)) return SPENT_TOKEN;
  return decide(issued.outcome as CardOutcome, newTransactionId());
};
