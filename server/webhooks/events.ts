// What each webhook event carries (docs/api.md "Webhooks"): built from the stored rows by the
// route that writes the event, in the same transaction. Amounts are decimal strings as charged.
// Test traffic (preview, onboarding) writes no event.
import type { QuoteRow } from "../db/quote-store.ts";

export const contactOf = (quote: Pick<QuoteRow, "customer">) => ({
  firstName: quote.customer.firstName,
  lastName: quote.customer.lastName,
  phoneNumber: quote.customer.phoneNumber,
  email: quote.customer.email ?? null,
  address: quote.customer.address,
});

/** `lead`: a visitor gave contact details and a quote was started; `resumeUrl` reopens it (30 days). */
export const leadData = (quote: QuoteRow, resumeUrl?: string) => ({
  quoteId: quote.id,
  botId: quote.botId,
  contact: contactOf(quote),
  crmId: quote.crmId,
  ...(resumeUrl ? { resumeUrl } : {}),
});

/** `objection`: 'I NEED TO THINK ABOUT IT', with the reason and comments given. */
export const objectionData = (quote: QuoteRow, botId: string, objection: { reason: string | null; comments: string | null }) => ({
  quoteId: quote.id,
  botId,
  contact: contactOf(quote),
  reason: objection.reason,
  comments: objection.comments,
});

/** `purchase`: a payment succeeded. `value` is exactly the amount charged. */
export const purchaseData = (
  quote: QuoteRow,
  payment: { transactionId: string; amount: string; currency: string; paymentMethod: string; term: string },
) => ({
  quoteId: quote.id,
  botId: quote.botId,
  transactionId: payment.transactionId,
  value: payment.amount,
  currency: payment.currency,
  paymentMethod: payment.paymentMethod,
  term: payment.term,
  serviceTypes: quote.serviceTypes,
  contact: contactOf(quote),
});
