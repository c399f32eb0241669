// The widget's call (ky). The wire's schemas and types: src/contract/realgreen-payment.ts, shared with the server.
import { QUOTE_CHANGED } from "../contract/payment-contract.ts";
import { v } from "../payments/shared-core.ts";
import type { ApiClient } from "./client.ts";
import { type RealGreenPayment, type RealGreenPaymentBody, RealGreenPaymentSchema } from "../contract/realgreen-payment.ts";

/** The session, or QUOTE_CHANGED when the server prices the quote differently (409, docs/api.md): reload the prices. */
export async function fetchRealGreenPaymentToken(api: ApiClient, body: RealGreenPaymentBody): Promise<RealGreenPayment | typeof QUOTE_CHANGED> {
  const response = await api.post("v1/quote/crm/realgreen/payment", { json: body, throwHttpErrors: false });
  if (response.status === 409 && ((await response.json().catch(() => null)) as { code?: unknown } | null)?.code === QUOTE_CHANGED) return QUOTE_CHANGED;
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return v.parse(RealGreenPaymentSchema, await response.json());
}
