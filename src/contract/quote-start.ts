// POST /v1/quote/start (SPEC §7): creates the quote (and the chat record) for a visitor, or
// returns the existing one when `quoteId` names a quote of the same company and address.
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";
import type { QuoteStartBody } from "./quote-start-body.ts";

export type { QuoteStartBody } from "./quote-start-body.ts";
import { CrmDataSchema } from "./shared-schemas.ts";

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
