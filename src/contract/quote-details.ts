// POST /v1/quote/details (SPEC §7): the server's copy of a quote, the source of truth when a
// visitor comes back (local storage only remembers the id).
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";
import { AnswersSchema, CrmDataSchema, CustomerSchema } from "./shared-schemas.ts";
import { PropertyEstimateSchema } from "./customer-lookup.ts";

export const QuoteDetailsBodySchema = object({
  quoteId: v.pipe(v.string(), v.minLength(1)),
  companyId: v.pipe(v.string(), v.minLength(1)),
  /** The token issued with the quote (start, lookup or previous-quote check); without it, 404. */
  quoteToken: v.optional(v.pipe(v.string(), v.maxLength(200))),
});

export const QuoteSchema = object({
  id: v.string(),
  crmId: v.nullable(v.string()),
  contactId: v.nullable(v.string()),
  branch_id: v.nullable(v.string()),
  customer: CustomerSchema,
  /** Program (service type) names the visitor selected. */
  serviceTypes: v.array(v.string()),
  recommendedPrograms: v.array(v.string()),
  answers: AnswersSchema,
  convertedSale: v.boolean(),
  estimate: v.nullable(PropertyEstimateSchema),
  adjustedLotSize: v.nullable(v.number()),
  crmData: v.nullable(CrmDataSchema),
  /** True once prices have been computed for this quote (the proposal can reopen). */
  hasPriceBlocks: v.boolean(),
});
export type Quote = v.InferOutput<typeof QuoteSchema>;
