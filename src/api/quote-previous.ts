// The widget's call (ky). The wire's schemas and types: src/contract/quote-previous.ts, shared with the server.
import * as v from "valibot";
import type { ApiClient } from "./client.ts";
import { type PreviousQuote, type PreviousQuoteBody, PreviousQuoteSchema } from "../contract/quote-previous.ts";

/** Too many checks (429) count as no previous quote: the visitor starts a fresh one. */
export async function checkPreviousQuote(api: ApiClient, body: PreviousQuoteBody): Promise<PreviousQuote> {
  try {
    return v.parse(PreviousQuoteSchema, await api.post("v1/quote/previous", { json: body }).json());
  } catch (error) {
    if ((error as { response?: Response }).response?.status === 429) return { quoteId: null, crmData: null };
    throw error;
  }
}
