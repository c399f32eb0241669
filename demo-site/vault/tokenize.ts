// The stand-in providers' tokenization: the card vault's POST /v1/tokenize (a transaction id
// stored with what the test card will do) and the Stripe stand-in's POST /stripe/v1/tokens
// (Stripe's test token names). Called from the providers' own field frames, same origin.
import { randomBytes } from "node:crypto";
import * as v from "valibot";
import type { PaymentStore } from "../../server/db/payment-store.ts";
import { checkTestCard, lookUpTestCard } from "../../server/payments/test-cards.ts";

const digits = (min: number, max: number) => v.pipe(v.string(), v.regex(new RegExp(`^\\d{${min},${max}}$`)));

export const VaultTokenizeBodySchema = v.object({
  merchantId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  environment: v.picklist(["production", "sandbox"]),
  number: v.pipe(v.string(), v.maxLength(19)),
  cvv: v.pipe(v.string(), v.maxLength(4)),
  expiryMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expiryYear: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2099)),
});

export const StripeTokenBodySchema = v.object({
  key: v.pipe(v.string(), v.startsWith("pk_")),
  number: digits(0, 19),
  cvc: digits(0, 4),
  expMonth: v.pipe(v.number(), v.integer()),
  expYear: v.pipe(v.number(), v.integer()),
});

/** Letters only after the prefix: a token never looks like a card number. */
export function newCardToken(prefix: string): string {
  const letters = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";
  return `${prefix}_${Array.from(randomBytes(24), (b) => letters[b % letters.length]).join("")}`;
}

const isPast = (month: number, year: number, now: Date) => year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1);

export type VaultAnswer = { transactionId: string } | { error: string };

export async function tokenizeForVault(body: v.InferOutput<typeof VaultTokenizeBodySchema>, store: PaymentStore, now: Date): Promise<VaultAnswer> {
  const prefix = body.environment === "production" ? "live_" : "test_";
  if (!body.merchantId.startsWith(prefix)) return { error: `Unknown merchant id for the ${body.environment} card vault.` };
  const card = checkTestCard(body.number, body.cvv);
  if (!card.ok) return { error: card.message };
  if (isPast(body.expiryMonth, body.expiryYear, now)) return { error: "Your card is expired" };
  const transactionId = newCardToken("vtx");
  await store.saveCardToken({
    token: transactionId,
    issuer: "vault",
    scope: body.merchantId,
    outcome: card.outcome,
    brand: card.brand,
    last4: card.last4,
    expMonth: body.expiryMonth,
    expYear: body.expiryYear,
    used: false,
    createdAt: now.toISOString(),
  });
  return { transactionId };
}

export type StripeTokenAnswer =
  | { id: string; object: "token"; card: { brand: string; last4: string; exp_month: number; exp_year: number } }
  | { error: { type: "card_error"; code: string; message: string } };

export function tokenizeForStripe(body: v.InferOutput<typeof StripeTokenBodySchema>, now: Date): StripeTokenAnswer {
  const card = checkTestCard(body.number, body.cvc);
  if (!card.ok) {
    return { error: { type: "card_error", code: card.field === "number" ? "incorrect_number" : "incorrect_cvc", message: card.message } };
  }
  if (body.expMonth < 1 || body.expMonth > 12) return { error: { type: "card_error", code: "invalid_expiry_month", message: "Your card's expiration month is invalid." } };
  if (isPast(body.expMonth, body.expYear, now)) return { error: { type: "card_error", code: "invalid_expiry_year", message: "Your card's expiration date is in the past." } };
  const listed = lookUpTestCard(body.number);
  return {
    id: listed?.stripeToken ?? "tok_visa",
    object: "token",
    card: { brand: card.brand, last4: card.last4, exp_month: body.expMonth, exp_year: body.expYear },
  };
}
