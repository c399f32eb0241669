// POST /v1/quote/start (SPEC §7): creates the quote (and the chat record) for a visitor, or
// returns the existing one when `quoteId` names a quote of the same company and address.
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";
import type { ApiClient } from "./client.ts";
import { CrmDataSchema, CustomerSchema, MarketingAnswerSchema } from "./shared-schemas.ts";

export const QuoteStartBodySchema = object({
  companyId: v.pipe(v.string(), v.minLength(1)),
  botId: v.pipe(v.string(), v.minLength(1)),
  /** A quote found again locally (cookie or cache) for the same address: reuse it. */
  quoteId: v.optional(v.nullable(v.string())),
  /** The reused quote's token (issued with it): without it the visitor gets a fresh quote. */
  quoteToken: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
  source: v.nullable(MarketingAnswerSchema),
  referrer: v.nullable(v.pipe(v.string(), v.maxLength(30))),
  additionalSourceInfo: v.nullable(v.pipe(v.string(), v.maxLength(300))),
  /** Percent; null when unknown. */
  salesTaxRate: v.nullable(v.number()),
  customer: CustomerSchema,
});
export type QuoteStartBody = v.InferInput<typeof QuoteStartBodySchema>;

export const QuoteStartSchema = object({
  id: v.string(),
  crmId: v.nullable(v.string()),
  contactId: v.nullable(v.string()),
  branch_id: v.nullable(v.string()),
  crmData: v.nullable(CrmDataSchema),
  redirectUrl: v.nullable(v.string()),
  /** The quote's capability: POST /v1/quote/details answers only with it (the widget keeps it). */
  quoteToken: v.optional(v.string()),
});
export type QuoteStart = v.InferOutput<typeof QuoteStartSchema>;

export async function startQuote(api: ApiClient, body: QuoteStartBody): Promise<QuoteStart> {
  return v.parse(QuoteStartSchema, await api.post("v1/quote/start", { json: body }).json());
}
