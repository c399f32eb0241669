// The pure core's part of the widget's contract with its lazily loaded chunks
// (src/lazy/shared-with-chunks.ts, through src/payments/shared-core.ts): what the chunks' flow
// steps, schemas and calls (ServMan's chapter, the payment calls) take from the widget's copy,
// importable from any layer since it sits at the bottom. No browser library here: the server
// loads the calls' schemas, and so this file. A chunk's build replaces it, as the other two
// parts, by a read of the widget's shared namespace (build.mjs).
export * as v from "../schema/valibot-for-chunks.ts";
export { object, strictObject } from "../schema/object-schemas.ts";
export { ANOTHER_TIME, CONFIRM_SLOT, NO, TELL_ME_MORE, YES } from "./answers.ts";
export {
  addDays,
  addMonths,
  addYears,
  ANOTHER_DAY,
  dedupeSlots,
  findServmanListItem,
  formatLongDate,
  formatMonth,
  isIsoDate,
  localIsoDate,
  SERVMAN_LISTS,
  weekdayNames,
  weekdayOf,
  WEEKDAYS,
} from "./scheduling.ts";
