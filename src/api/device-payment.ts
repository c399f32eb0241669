// POST /v1/payment/device (SPEC §7): pays with the device wallet (Apple Pay, Google Pay through
// the browser's Payment Request, tokenized by Stripe). Same body and answer as the card
// payment (secure-payment.ts), with paymentMethod "device-wallet".
// The body's schema is in src/contract/payment-contract.ts.
import type { ApiClient } from "./client.ts";
import { sendPayment, type PaymentOutcome } from "./secure-payment.ts";
import type { PaymentBody } from "../contract/payment-contract.ts";

export function postDevicePayment(
  api: ApiClient,
  body: PaymentBody,
  idempotencyKey: string,
  options?: { timeoutMs?: number },
): Promise<PaymentOutcome> {
  return sendPayment(api, "v1/payment/device", body, idempotencyKey, options);
}
