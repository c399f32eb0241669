// POST /v1/servman/schedule (SPEC §7): the free time windows of one day for an order. The
// list may name a window once per free technician; the widget shows each window once.
import { object, strictObject, v } from "../flow/shared-pure.ts";
import { CalendarDateSchema, ServmanIdSchema, ServmanKeySchema, ServmanNameSchema, TicksSchema, WeekdaySchema } from "./servman-shapes.ts";

export const ServmanScheduleBodySchema = strictObject({
  companyId: ServmanKeySchema,
  botId: ServmanKeySchema,
  client_id: ServmanKeySchema,
  /** The chosen day, within today and one year ahead. */
  date: CalendarDateSchema,
  order_id: ServmanIdSchema,
  branchId: ServmanKeySchema,
  question_id: ServmanIdSchema,
  /** The weekday of `date`. */
  day: WeekdaySchema,
});
export type ServmanScheduleBody = v.InferOutput<typeof ServmanScheduleBodySchema>;

/** SPEC §3 Scheduling: a slot (a technician free in a service window on a day). */
export const ServmanSlotSchema = object({
  employee_id: ServmanIdSchema,
  service_window_id: ServmanIdSchema,
  /** "8:00 AM - 10:00 AM": what the visitor sees, and what makes two slots one choice. */
  service_window_desc: ServmanNameSchema,
  datetime_ticks: TicksSchema,
  date: CalendarDateSchema,
  day: WeekdaySchema,
});
export type ServmanSlot = v.InferOutput<typeof ServmanSlotSchema>;

export const ServmanSlotsSchema = object({ data: v.array(ServmanSlotSchema) });
