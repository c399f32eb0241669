// POST /v1/quote/record and /v1/quote/location (SPEC §7): the conversation's answers and the
// property's location, saved on the server's quote as the visitor goes. The widget sends the
// location with the quote start (the customer's lat and lng) and has no call of its own for
// /v1/quote/location: its schema is here for the reference backend (docs/api.md).
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";
import { AnswersSchema } from "./shared-schemas.ts";

export const QuoteRecordBodySchema = object({
  quoteId: v.pipe(v.string(), v.minLength(1)),
  companyId: v.pipe(v.string(), v.minLength(1)),
  payload: object({ answers: AnswersSchema, stepId: v.optional(v.string()) }),
});

export type QuoteRecordBody = v.InferInput<typeof QuoteRecordBodySchema>;

export const QuoteLocationBodySchema = object({
  quoteId: v.pipe(v.string(), v.minLength(1)),
  companyId: v.pipe(v.string(), v.minLength(1)),
  location: object({
    lat: v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
    lng: v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  }),
});

export const OkSchema = object({ ok: v.literal(true) });
