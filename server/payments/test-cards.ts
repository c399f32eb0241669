// The demo's test cards (docs/payments.md): every stand-in provider (card vault, CRM payment
// frame, the Stripe stand-in) accepts these numbers, and the reference backend's test
// processor charges, declines or fails them. No real card is ever charged.
import { passesLuhn } from "../../src/contract/card-number.ts";

export const CARD_OUTCOMES = ["success", "declined", "insufficient-funds", "expired-card", "processing-error", "drop-after-charge"] as const;
export type CardOutcome = (typeof CARD_OUTCOMES)[number];

export interface TestCard {
  number: string;
  brand: "visa" | "mastercard" | "amex";
  outcome: CardOutcome;
  /** The token the Stripe stand-in gives for this number (Stripe's own test token names where one exists). */
  stripeToken: string;
  /** What it is for, in docs/payments.md. */
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: "4242424242424242", brand: "visa", outcome: "success", stripeToken: "tok_visa", description: "Succeeds." },
  { number: "5555555555554444", brand: "mastercard", outcome: "success", stripeToken: "tok_mastercard", description: "Succeeds." },
  { number: "378282246310005", brand: "amex", outcome: "success", stripeToken: "tok_amex", description: "Succeeds (4-digit cvc)." },
  { number: "4000000000000002", brand: "visa", outcome: "declined", stripeToken: "tok_chargeDeclined", description: "Declined: 'Your card was declined.'" },
  { number: "4000000000009995", brand: "visa", outcome: "insufficient-funds", stripeToken: "tok_chargeDeclinedInsufficientFunds", description: "Declined: 'Your card has insufficient funds.'" },
  { number: "4000000000000069", brand: "visa", outcome: "expired-card", stripeToken: "tok_chargeDeclinedExpiredCard", description: "Declined by the processor: 'Your card has expired.'" },
  { number: "4000000000000119", brand: "visa", outcome: "processing-error", stripeToken: "tok_chargeDeclinedProcessingError", description: "The processor fails: 'An error occurred while processing your card. Try again in a little bit.'" },
  {
    number: "4000000000005126",
    brand: "visa",
    outcome: "drop-after-charge",
    stripeToken: "tok_dropConnectionAfterCharge",
    description: "Charged, then the backend drops the connection without answering (the first time only): the widget must learn the outcome by asking, not by charging again.",
  },
];

/** The processor's words for each refusal; shown to the visitor in the alert. */
export const DECLINE_MESSAGES: Record<Exclude<CardOutcome, "success" | "drop-after-charge">, { error: string; code: "card_declined" | "processing_error" }> = {
  declined: { error: "Your card was declined.", code: "card_declined" },
  "insufficient-funds": { error: "Your card has insufficient funds.", code: "card_declined" },
  "expired-card": { error: "Your card has expired.", code: "card_declined" },
  "processing-error": { error: "An error occurred while processing your card. Try again in a little bit.", code: "processing_error" },
};

export type CardCheck =
  | { ok: true; outcome: CardOutcome; brand: string; last4: string }
  | { ok: false; field: "number" | "cvv"; message: string };

/** A number the stand-ins accept: a listed test card, or any other Luhn-valid number (which succeeds). */
export function lookUpTestCard(number: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === number);
}

export function isCardNumberValid(number: string): boolean {
  return /^\d{13,19}$/.test(number) && passesLuhn(number);
}

export function isCvvValid(cvv: string, number = ""): boolean {
  return lookUpTestCard(number)?.brand === "amex" ? /^\d{4}$/.test(cvv) : /^\d{3,4}$/.test(cvv);
}

/** What the stand-in providers decide about a card they tokenize. */
export function checkTestCard(number: string, cvv: string): CardCheck {
  const digits = number.replace(/[\s-]/g, "");
  if (!isCardNumberValid(digits)) return { ok: false, field: "number", message: "Your card number is invalid." };
  if (!isCvvValid(cvv, digits)) return { ok: false, field: "cvv", message: "Your card's security code is invalid." };
  const card = lookUpTestCard(digits);
  return { ok: true, outcome: card?.outcome ?? "success", brand: card?.brand ?? "visa", last4: digits.slice(-4) };
}

/** The outcome of a Stripe stand-in token, by name; unknown tokens are declined. */
export function outcomeOfStripeToken(token: string): CardOutcome | undefined {
  return TEST_CARDS.find((card) => card.stripeToken === token)?.outcome;
}
