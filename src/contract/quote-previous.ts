// POST /v1/quote/previous: the previous-quote check (SPEC §2 step 7; its path is ours, the
// spec does not show one). Finds an earlier quote or CRM record for this visitor's address.
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";
import { CrmDataSchema } from "./shared-schemas.ts";

export const PreviousQuoteBodySchema = object({
  companyId: v.pipe(v.string(), v.minLength(1)),
  botId: v.pipe(v.string(), v.minLength(1)),
  phoneNumber: v.pipe(v.string(), v.regex(/^\d{10,11}$/)),
  street: v.pipe(v.string(), v.minLength(1), v.maxLength(200)),
  postalCode: v.pipe(v.string(), v.minLength(1), v.maxLength(20)),
  /** Matches the household when the phone does not (the address must match either way). */
  email: v.optional(v.pipe(v.string(), v.maxLength(254))),
});
export type PreviousQuoteBody = v.InferOutput<typeof PreviousQuoteBodySchema>;

export const PreviousQuoteSchema = object({
  quoteId: v.nullable(v.string()),
  crmData: v.nullable(CrmDataSchema),
  /** With a quoteId: that quote's token, for POST /v1/quote/details. */
  quoteToken: v.optional(v.nullable(v.string())),
});
export type PreviousQuote = v.InferOutput<typeof PreviousQuoteSchema>;
