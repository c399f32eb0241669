// The pure core's part of the widget's contract with its lazily loaded chunks
// (src/lazy/shared-with-chunks.ts, through src/payments/shared-core.ts): what the chunks' flow
// steps, guards, inputs, words, schemas and calls (ServMan's chapter, the payment calls) take
// from the widget's copy, importable from any layer since it sits at the bottom. No browser
// library here: the server loads the calls' schemas, and so this file. A chunk's build replaces it, as the other two
// parts, by a read of the widget's shared namespace (build.mjs).
export * as v from "../schema/valibot-for-chunks.ts";
export { object, strictObject } from "../schema/object-schemas.ts";
export { ANOTHER_TIME, CONFIRM_SLOT, NO, TELL_ME_MORE, YES } from "./answers.ts";
export { answerAt } from "./answer-keys.ts";
export { acceptOption } from "./inputs/accept-option.ts";
// The offers' schema, for the payment body's schema (src/contract/payment-contract.ts) in the quote chunk.
export { OfferSchema } from "../contract/quote-services.ts";
// The payment processors' table: the widget chooses by it, the quote chunk's payment body and adapters read it.
export { DEFAULT_PROCESSOR, PAYMENT_METHODS, PAYMENT_PROCESSORS, isWallet, processorOf } from "../contract/payment-processors.ts";
export * from "./shared-words.ts";
// ServMan's own rules (./scheduling.ts: its lists, the calendar's dates, the slots) are not
// here: only its chunks use them, and each carries them (the widget has none).
