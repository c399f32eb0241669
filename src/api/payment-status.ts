// The widget's call (ky). The wire's schemas and types: src/contract/payment-status.ts, shared with the server.
import { v } from "../payments/shared-core.ts";
import type { ApiClient } from "./client.ts";
import { type PaymentStatus, PaymentStatusSchema } from "../contract/payment-status.ts";

/** Asks once; throws on a failed call (the caller keeps its key and may ask again). */
export async function fetchPaymentStatus(
  api: ApiClient,
  query: { companyId: string; idempotencyKey: string },
  options: { timeoutMs?: number } = {},
): Promise<PaymentStatus> {
  const json = await api
    .get(`v1/payment/status/${encodeURIComponent(query.idempotencyKey)}`, {
      searchParams: { companyId: query.companyId },
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    })
    .json();
  return v.parse(PaymentStatusSchema, json);
}
