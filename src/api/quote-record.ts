// The widget's call (ky). The wire's schemas and types: src/contract/quote-record.ts, shared with the server.
import * as v from "valibot";
import type { ApiClient } from "./client.ts";
import { OkSchema, type QuoteRecordBody } from "../contract/quote-record.ts";

/** `idempotencyKey`: the same for every retry of these answers (a record is a merge: a repeat changes nothing). */
export async function recordAnswers(api: ApiClient, body: QuoteRecordBody, idempotencyKey?: string): Promise<void> {
  v.parse(OkSchema, await api.post("v1/quote/record", { json: body, ...(idempotencyKey ? { headers: { "Idempotency-Key": idempotencyKey } } : {}) }).json());
}
