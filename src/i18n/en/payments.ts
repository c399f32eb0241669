// The checkout's own words in English (src/payments: the card form's fields, its alerts and the
// adapters' errors), keyed. The payment code shows them as they are; the quote modal says them
// in the visitor's language through its words' `label` (src/i18n/en/quote.ts), which finds
// the key of the English text. A processor's own text stays as it sent it.
export const payments = {
  cardNumber: "Card number",
  expiryField: "Expiry (MM / YY)",
  cardDetails: "Card details",
  refused: "Your payment could not be processed. Please try again, or call us to finish signing up.",
  /** A 409 quote_changed (docs/api.md "Payment"): the prices are reloaded under this alert. */
  pricesChanged: "The prices on your quote have changed, so nothing was charged. Please check the updated total and try again.",
  vaultLoadFailed: "The secure card form could not be loaded. Please check your connection and try again.",
  notSetUp: "Online payment is not set up yet. Please call us to finish signing up.",
  crmNoAccount: "Online payment is not available for your account. Please call us to finish signing up.",
  crmLoadFailed: "The payment form could not be loaded. Please check your connection and try again.",
  crmNoAnswer: "The payment form did not answer. Please try again.",
  stripeLoadFailed: "The card form could not be loaded. Please check your connection and try again.",
  needsAction: "Your bank needs to confirm this payment, which could not be done here. Please try another card.",
  notAuthenticated: "Your card could not be authenticated.",
  formClosed: "The payment form was closed.",
  expiryMissing: "Expiry date is not available",
  expiryExpired: "Your card is expired",
  expiryValid: "Expiry is valid",
  /** Stripe refused the card without a message of its own. */
  cardNotProcessed: "Your card could not be processed. Please check the details.",
  /** The names of fields and frames our code places but a provider fills: said by screen readers. */
  crmFrameTitle: "Card payment (secure form of our billing system)",
  vaultNumberLabel: "Card number (secure field)",
  vaultCvvLabel: "CVV (secure field)",
} as const;

/** A language's checkout words: the same keys. */
export type PaymentWords = Record<keyof typeof payments, string>;
