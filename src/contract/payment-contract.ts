// The payment call's wire contract (docs/api.md "Payment"): the bodies and answers of
// POST /v1/secure/payment and /v1/payment/device as valibot schemas. The widget's calls
// (src/api/secure-payment.ts) and the server (server/api/payment-routes.ts) both read them; nothing
// here loads the browser's HTTP client.
// Its valibot and helpers through the chunks' contract (src/flow/shared-pure.ts): the
// quote chunk's payment calls read them from the widget rather than carrying copies.
import { v, object, strictObject, OfferSchema, PAYMENT_METHODS, isWallet, processorOf } from "../flow/shared-pure.ts";
import type { PaymentMethod } from "./payment-processors.ts";

export type { PaymentMethod };

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));
const id = v.pipe(text(100), v.minLength(1));

/** Money on the payment wire: a decimal string in major units with the currency's digits ("45.50", "4550", "1.234"). */
export const DecimalAmountSchema = v.pipe(v.string(), v.regex(/^\d{1,9}(\.\d{1,3})?$/, "must be a decimal amount like 45.50"));

export const PAYMENT_TERMS = ["application", "total"] as const;

/**
 * A one-use token from a payment provider. Shaped so that a card number cannot pass for one:
 * no run of 13 or more digits, and not digits alone with separators ("4242-4242-4242-4242").
 */
export const PaymentTokenSchema = v.pipe(
  v.string(),
  v.minLength(1),
  v.maxLength(200),
  v.regex(/^[A-Za-z0-9_.:-]+$/, "must be a provider token"),
  v.check((token) => !/\d{13,}/.test(token) && !/^\d+$/.test(token.replace(/[_.:-]/g, "")), "must not look like a card number"),
);

/** One application line of a program, as priced for the visitor. */
export const PaymentLineSchema = strictObject({
  grossPrice: DecimalAmountSchema,
  netPrice: DecimalAmountSchema,
  taxes: DecimalAmountSchema,
  tooLateToDo: v.boolean(),
});

/** SPEC §7 programs[]: one selected program with the prices the visitor was shown. */
export const PaymentProgramSchema = strictObject({
  /** The price block's id. */
  id,
  programName: v.pipe(text(200), v.minLength(1)),
  serviceType: text(100),
  /** Chargeable applications (those not too late to do this season). */
  applications: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(52)),
  prePayPrice: DecimalAmountSchema,
  totalProgramCost: DecimalAmountSchema,
  firstAppPrice: DecimalAmountSchema,
  applicationPrice: DecimalAmountSchema,
  term: v.picklist(PAYMENT_TERMS),
  /** The tax inside what this program charges today. */
  salesTax: DecimalAmountSchema,
  /** Percent off the pre-pay total. */
  prePayDiscount: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100)),
  pricingMethod: v.nullable(text(50)),
  pricingPeriods: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(52))),
  services: v.pipe(v.array(PaymentLineSchema), v.maxLength(52)),
  offers: v.pipe(v.array(OfferSchema), v.maxLength(20)),
});
export type PaymentProgram = v.InferOutput<typeof PaymentProgramSchema>;

/** Tokens only: a strict object, so a card number, cvc or expiry field is refused, not ignored. */
export const PaymentInfoSchema = strictObject({
  /** The provider's token (Stripe token, vault transaction id, CRM card token); null only for bypass. */
  token: v.nullable(PaymentTokenSchema),
  /** A processor whose row asks `with` it (real-green): the payment session token from POST /v1/quote/crm/realgreen/payment. */
  paymentToken: v.optional(PaymentTokenSchema),
  /** A processor whose row asks `with` it (real-green): the customer's id in the CRM. */
  crmId: v.optional(id),
});

export const PaymentBodyObjectSchema = strictObject({
  companyId: id,
  botId: id,
  quoteId: id,
  expire_month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expire_year: v.pipe(v.number(), v.integer(), v.minValue(2000), v.maxValue(2099)),
  programs: v.pipe(v.array(PaymentProgramSchema), v.minLength(1), v.maxLength(50)),
  term: v.picklist(PAYMENT_TERMS),
  /** What GET STARTED TODAY shows, and so what is charged now. */
  amount: DecimalAmountSchema,
  /** ISO 4217 code of the quote. */
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/, "must be an ISO 4217 code")),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  paymentInfo: PaymentInfoSchema,
});

// What the server checks of each method, from its row of src/contract/payment-processors.ts.
export const PaymentBodySchema = v.pipe(
  PaymentBodyObjectSchema,
  v.check((body) => (processorOf(body.paymentMethod).token === "none") === (body.paymentInfo.token === null), "paymentInfo.token is required for a card payment and must be null for bypass"),
  v.check(
    (body) => processorOf(body.paymentMethod).with.every((field) => body.paymentInfo[field] !== undefined),
    ({ input }) => `a ${input.paymentMethod} payment needs ${processorOf(input.paymentMethod).with.map((field) => `paymentInfo.${field}`).join(" and ")}`,
  ),
);
export type PaymentBody = v.InferOutput<typeof PaymentBodySchema>;

/** A card payment: the device wallet has its own path (device-payment.ts). */
export const SecurePaymentBodySchema = v.pipe(
  PaymentBodySchema,
  v.check((body) => !isWallet(body.paymentMethod), "a device wallet payment goes to /v1/payment/device"),
);

/** The charge went through (or, for bypass, the sale was recorded without one). */
export const PaymentSuccessSchema = object({
  status: v.literal("succeeded"),
  transactionId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  amount: DecimalAmountSchema,
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
});
export type PaymentSuccess = v.InferOutput<typeof PaymentSuccessSchema>;

/** SPEC §7 "response may carry error": the card was declined or the processor failed. Nothing was charged. */
export const PaymentErrorSchema = object({
  error: v.pipe(v.string(), v.minLength(1), v.maxLength(300)),
  code: v.optional(v.picklist(["card_declined", "processing_error"])),
});

export const PaymentResponseSchema = v.union([PaymentSuccessSchema, PaymentErrorSchema]);

/**
 * Stripe asks for 3-D Secure: the widget runs stripe-js handleNextAction with `clientSecret`,
 * then POST /v1/secure/payment/confirm with the same Idempotency-Key. Nothing charged yet.
 */
export const PaymentActionSchema = object({
  status: v.literal("requires_action"),
  clientSecret: v.pipe(v.string(), v.regex(/^pi_[A-Za-z0-9]+_secret_[A-Za-z0-9]+$/, "must be a PaymentIntent client secret")),
  paymentIntentId: v.pipe(v.string(), v.regex(/^pi_[A-Za-z0-9]+$/)),
});
export type PaymentAction = v.InferOutput<typeof PaymentActionSchema>;
export type PaymentResponse = v.InferOutput<typeof PaymentResponseSchema>;

/** The code of the server's 409 when the body's money disagrees with the quote's stored prices. */
export const QUOTE_CHANGED = "quote_changed";

/** POST /v1/payment/device's body: the card payment's, with a device wallet's paymentMethod ("device-wallet"). */
export const DevicePaymentBodySchema = v.pipe(
  PaymentBodySchema,
  v.check((body) => isWallet(body.paymentMethod), "paymentMethod must be device-wallet"),
);
