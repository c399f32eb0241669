// POST /v1/payment/device (SPEC §7): pays with the device wallet (Apple Pay, Google Pay through
// the browser's Payment Request, tokenized by Stripe). Same body and answer as the card
// payment (secure-payment.ts), with paymentMethod "device-wallet".
import * as v from "valibot";
import type { ApiClient } from "./client.ts";
import { PaymentBodySchema, sendPayment, type PaymentBody, type PaymentOutcome } from "./secure-payment.ts";

export const DevicePaymentBodySchema = v.pipe(
  PaymentBodySchema,
  v.check((body) => body.paymentMethod === "device-wallet", "paymentMethod must be device-wallet"),
);

export function postDevicePayment(
  api: ApiClient,
  body: PaymentBody,
  idempotencyKey: string,
  options?: { timeoutMs?: number },
): Promise<PaymentOutcome> {
  return sendPayment(api, "v1/payment/device", body, idempotencyKey, options);
}
