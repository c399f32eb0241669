// GET /v1/payment/status/{idempotencyKey}: what became of a payment whose answer never came
// (timeout, dropped connection). Asking is how an unknown outcome is settled: the widget never
// charges again to find out.
import { PaymentSuccessSchema } from "./payment-contract.ts";
import { v, object } from "../flow/shared-pure.ts";

export const PaymentStatusQuerySchema = object({
  companyId: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100)),
});

export const IdempotencyKeySchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{16,64}$/, "must be 16 to 64 letters, digits or dashes"));

export const PaymentStatusSchema = v.variant("status", [
  /** Charged: the answer the payment call would have given. */
  PaymentSuccessSchema,
  /** Declined or failed: nothing was charged. */
  object({ status: v.literal("failed"), error: v.pipe(v.string(), v.minLength(1), v.maxLength(300)) }),
  /** The payment is still being processed: ask again shortly. */
  object({ status: v.literal("processing") }),
  /** No payment with this key arrived: nothing was charged, and sending it (with the same key) is safe. */
  object({ status: v.literal("not-found") }),
]);
export type PaymentStatus = v.InferOutput<typeof PaymentStatusSchema>;
