// POST /v1/servman/schedule/confirm (SPEC §7): books the chosen time window for the order.
// 200 means confirmed; 409 means the window (or the order) is taken, and the widget offers
// the day's remaining windows. A confirmed window is never changed by the widget.
import { object, strictObject, v } from "../flow/shared-pure.ts";
import { CalendarDateSchema, NotesSchema, ServmanIdSchema, ServmanKeySchema, ServmanNameSchema, TicksSchema, WeekdaySchema } from "./servman-shapes.ts";

export const ServmanConfirmBodySchema = strictObject({
  companyId: ServmanKeySchema,
  botId: ServmanKeySchema,
  order_id: ServmanIdSchema,
  /** The chosen slot's datetime_ticks. */
  datetime: TicksSchema,
  employee_id: ServmanIdSchema,
  service_window_id: ServmanIdSchema,
  day: WeekdaySchema,
  notes: NotesSchema,
});
export type ServmanConfirmBody = v.InferOutput<typeof ServmanConfirmBodySchema>;

/** What was booked. The widget needs only the 200; the rest is for a company's records. */
export const ServmanConfirmSchema = object({
  confirmed: v.literal(true),
  order_id: ServmanIdSchema,
  employee_id: ServmanIdSchema,
  service_window_id: ServmanIdSchema,
  service_window_desc: ServmanNameSchema,
  date: CalendarDateSchema,
});
export type ServmanConfirm = v.InferOutput<typeof ServmanConfirmSchema>;
