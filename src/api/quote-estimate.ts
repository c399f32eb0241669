// The widget's call (ky). The wire's schemas and types: src/contract/quote-estimate.ts, shared with the server.
import * as v from "valibot";
import { OkSchema } from "../contract/quote-record.ts";
import type { ApiClient } from "./client.ts";
import type { QuoteEstimateBody } from "../contract/quote-estimate.ts";

export async function recordEstimate(api: ApiClient, body: QuoteEstimateBody): Promise<void> {
  v.parse(OkSchema, await api.post("v1/quote/estimate", { json: body }).json());
}
