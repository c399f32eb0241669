// The widget's call (ky). The wire's schemas and types: src/contract/quote-details.ts, shared with the server.
import * as v from "valibot";
import type { ApiClient } from "./client.ts";
import { type Quote, QuoteSchema } from "../contract/quote-details.ts";

export async function fetchQuoteDetails(api: ApiClient, companyId: string, quoteId: string, quoteToken?: string): Promise<Quote | null> {
  const json = quoteToken ? { quoteId, companyId, quoteToken } : { quoteId, companyId };
  const response = await api.post("v1/quote/details", { json, throwHttpErrors: false });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`quote details failed with HTTP ${response.status}`);
  return v.parse(QuoteSchema, await response.json());
}
