// The widget's call (ky). The wire's schemas and types: src/contract/quote-start.ts, shared with the server.
import * as v from "valibot";
import type { QuoteStartBody } from "../contract/quote-start-body.ts";
import type { ApiClient } from "./client.ts";
import { type QuoteStart, QuoteStartSchema } from "../contract/quote-start.ts";

/** `idempotencyKey`: the same for every retry of this start; the backend answers a repeat with the same quote (docs/api.md). */
export async function startQuote(api: ApiClient, body: QuoteStartBody, idempotencyKey?: string): Promise<QuoteStart> {
  const headers = idempotencyKey ? { "Idempotency-Key": idempotencyKey } : undefined;
  return v.parse(QuoteStartSchema, await api.post("v1/quote/start", { json: body, ...(headers ? { headers } : {}) }).json());
}
