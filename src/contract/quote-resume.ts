// The conversation the server keeps for a started quote, and the way back to it (issue 14 §5,
// issue 12 "The browser keeps only what resuming needs"): POST /v1/quote/conversation saves a
// snapshot with the quote's token; POST /v1/quote/resume gives it back, with whether the quote
// was paid, for a signed resume link or the quote's token. The reference backend validates with
// these schemas; the widget checks the answer with ResumeAnswerSchema in the lazy resume chunk.
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";
import { AnswersSchema } from "./shared-schemas.ts";

/** A conversation's latest entries: older ones are dropped by the widget before it saves. */
export const MAX_TRANSCRIPT_ENTRIES = 200;
const id = v.pipe(v.string(), v.minLength(1), v.maxLength(100));
const token = v.pipe(v.string(), v.minLength(1), v.maxLength(400));

const TranscriptEntrySchema = object({
  id: v.pipe(v.number(), v.integer(), v.minValue(0)),
  from: v.picklist(["bot", "visitor"]),
  text: v.pipe(v.string(), v.maxLength(4000)),
  image: v.optional(
    object({ src: v.pipe(v.string(), v.maxLength(2000)), alt: v.pipe(v.string(), v.maxLength(500)), video: v.optional(v.literal(true)) }),
  ),
});

export const ConversationSnapshotSchema = object({
  flow: object({
    stepId: id,
    answers: AnswersSchema,
    path: v.pipe(v.array(id), v.maxLength(500)),
  }),
  transcript: v.pipe(v.array(TranscriptEntrySchema), v.maxLength(MAX_TRANSCRIPT_ENTRIES)),
});
export type ConversationSnapshot = v.InferOutput<typeof ConversationSnapshotSchema>;

export const ConversationBodySchema = object({
  companyId: id,
  quoteId: id,
  quoteToken: token,
  conversation: ConversationSnapshotSchema,
});

/** A resume link's token, or the quote's own token (the same device reopening it). */
export const ResumeBodySchema = v.union([
  object({ resumeToken: token }),
  object({ companyId: id, quoteId: id, quoteToken: token }),
]);

/** What the receipt needs when the quote was paid (the amount as charged, a decimal string). */
const SaleSchema = object({
  transactionId: v.string(),
  value: v.string(),
  currency: v.string(),
  paymentMethod: v.string(),
  term: v.string(),
  serviceTypes: v.array(v.string()),
});
export type ResumedSale = v.InferOutput<typeof SaleSchema>;

export const ResumeAnswerSchema = object({
  companyId: v.string(),
  botId: v.string(),
  quoteId: v.string(),
  /** A token for this device: the details, prices and payment calls take it. */
  quoteToken: v.string(),
  /** Null when the widget never saved one (the quote started, then the tab closed). */
  conversation: v.nullable(ConversationSnapshotSchema),
  sale: v.nullable(SaleSchema),
});
export type ResumeAnswer = v.InferOutput<typeof ResumeAnswerSchema>;
