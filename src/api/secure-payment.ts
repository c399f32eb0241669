// POST /v1/secure/payment (SPEC §7): pays for the quote with a card token from Stripe, the card
// vault or the CRM's payment frame (or no card when payment is bypassed). The body carries
// tokens only, never card data; every call carries an Idempotency-Key, and a call whose
// outcome is unknown is settled by asking (payment-status.ts), never by charging again.
import type { ApiClient } from "./client.ts";
import { type PaymentAction, PaymentActionSchema, type PaymentBody, PaymentResponseSchema, type PaymentSuccess, QUOTE_CHANGED } from "../contract/payment-contract.ts";
import { v } from "../payments/shared-core.ts";

/** ky's TimeoutError, known by its name: the chunk carries no ky of its own, and the widget shares none. */
const isTimeout = (error: unknown) => error instanceof Error && error.name === "TimeoutError";

/**
 * What a payment call came to:
 * - paid: the charge succeeded;
 * - declined: the answer carries an error for the visitor (nothing charged);
 * - refused: the server refused the request itself (4xx: bad body, key reused for another payment);
 * - unknown: no answer (timeout, dropped connection, 5xx, still in progress): ask, don't charge again.
 */
export type PaymentOutcome =
  | { kind: "paid"; payment: PaymentSuccess }
  | { kind: "declined"; error: string }
  | { kind: "refused"; status: number; message: string }
  | { kind: "unknown"; reason: string }
  | { kind: "action"; action: PaymentAction }
  /** 409 quote_changed: the server priced the quote differently (docs/api.md); nothing charged. Reload the prices. */
  | { kind: "changed"; message: string };


/** Sends one payment; never throws. Not retried here: the caller decides, with the same key. */
export async function sendPayment(
  api: ApiClient,
  path: "v1/secure/payment" | "v1/payment/device",
  body: PaymentBody,
  idempotencyKey: string,
  options: { timeoutMs?: number } = {},
): Promise<PaymentOutcome> {
  let response: Response;
  try {
    response = await api.post(path, {
      json: body,
      headers: { "Idempotency-Key": idempotencyKey },
      retry: 0,
      throwHttpErrors: false,
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    });
  } catch (error) {
    // A timeout or a dropped connection: the request may have reached the server.
    const reason = isTimeout(error) ? "timeout" : error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { kind: "unknown", reason };
  }
  return readPaymentResponse(response);
}

export async function readPaymentResponse(response: Response): Promise<PaymentOutcome> {
  if (response.status === 409) {
    const answer: unknown = await response.json().catch(() => null);
    const { code, message } = (answer ?? {}) as { code?: unknown; message?: unknown };
    if (code === QUOTE_CHANGED) return { kind: "changed", message: typeof message === "string" ? message : "HTTP 409" };
  }
  if (response.status >= 500 || response.status === 409) {
    return { kind: "unknown", reason: `HTTP ${response.status}` };
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return response.ok ? { kind: "unknown", reason: "unreadable answer" } : { kind: "refused", status: response.status, message: "unreadable answer" };
  }
  if (!response.ok) {
    const message = typeof (json as { message?: unknown })?.message === "string" ? (json as { message: string }).message : `HTTP ${response.status}`;
    return { kind: "refused", status: response.status, message };
  }
  const action = v.safeParse(PaymentActionSchema, json);
  if (action.success) return { kind: "action", action: action.output };
  const parsed = v.safeParse(PaymentResponseSchema, json);
  // A 200 we cannot read might still be a charge: treat it as unknown and ask.
  if (!parsed.success) return { kind: "unknown", reason: "unexpected answer" };
  return "error" in parsed.output ? { kind: "declined", error: parsed.output.error } : { kind: "paid", payment: parsed.output };
}

/** POST /v1/secure/payment/confirm: after handleNextAction, what the payment of `idempotencyKey` came to. Never throws. */
export async function confirmPayment(
  api: ApiClient,
  input: { companyId: string; paymentIntentId: string },
  idempotencyKey: string,
  options: { timeoutMs?: number } = {},
): Promise<PaymentOutcome> {
  try {
    const response = await api.post("v1/secure/payment/confirm", {
      json: input,
      headers: { "Idempotency-Key": idempotencyKey },
      retry: 0,
      throwHttpErrors: false,
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    });
    return await readPaymentResponse(response);
  } catch (error) {
    return { kind: "unknown", reason: isTimeout(error) ? "timeout" : error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** POST /v1/secure/payment. */
export function postSecurePayment(api: ApiClient, body: PaymentBody, idempotencyKey: string, options?: { timeoutMs?: number }) {
  return sendPayment(api, "v1/secure/payment", body, idempotencyKey, options);
}
