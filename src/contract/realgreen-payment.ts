// POST /v1/quote/crm/realgreen/payment (SPEC §7): a payment session token for the Real Green
// CRM's payment frame. The widget embeds the frame only when the customer has a crm id and
// this call gave a token (src/payments/crm-frame-adapter.ts).
import { DecimalAmountSchema, PAYMENT_TERMS, PaymentTokenSchema, QUOTE_CHANGED } from "./payment-contract.ts";
import { v, object, strictObject } from "../flow/shared-pure.ts";

const id = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100));

export const RealGreenPaymentBodySchema = strictObject({
  companyId: id,
  botId: id,
  /** What GET STARTED TODAY shows, in major units ("45.50"): the server checks it against the quote. */
  amount: DecimalAmountSchema,
  /** The customer's id in the CRM (the quote's crmId). */
  crmId: id,
  /** The quote, its term and the programs switched on: what the server prices the session from. */
  quoteId: id,
  term: v.picklist(PAYMENT_TERMS),
  programIds: v.pipe(v.array(id), v.minLength(1), v.maxLength(50)),
});
export type RealGreenPaymentBody = v.InferOutput<typeof RealGreenPaymentBodySchema>;

export const RealGreenPaymentSchema = object({
  /** The payment session token the frame is opened with. */
  token: PaymentTokenSchema,
  /** The CRM's id for this payment session. */
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
});
export type RealGreenPayment = v.InferOutput<typeof RealGreenPaymentSchema>;
