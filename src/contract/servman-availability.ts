// GET /v1/servman/schedule/availability (issue 16): the days of one month that still have a
// free time window, so the calendar marks the others before the visitor picks one. Only a
// hint: POST /v1/servman/schedule stays the answer for the day chosen.
import { object, v } from "../flow/shared-pure.ts";
import { CalendarDateSchema, ServmanKeySchema } from "./servman-shapes.ts";

/** A calendar month, "2026-11". */
export const CalendarMonthSchema = v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, "must be a month YYYY-MM"));

export const ServmanAvailabilityQuerySchema = object({
  companyId: ServmanKeySchema,
  botId: ServmanKeySchema,
  /** The branch serving the customer (the quote start's branch_id). */
  branchId: ServmanKeySchema,
  month: CalendarMonthSchema,
});
export type ServmanAvailabilityQuery = v.InferOutput<typeof ServmanAvailabilityQuerySchema>;

/** The month asked for and its days with at least one free window, in order. */
export const ServmanAvailabilitySchema = object({ month: CalendarMonthSchema, data: v.array(CalendarDateSchema) });
