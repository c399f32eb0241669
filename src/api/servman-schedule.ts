// The widget's call (ky). The wire's schemas and types: src/contract/servman-schedule.ts, shared with the server.
import { v } from "../flow/shared-pure.ts";
import { dedupeSlots } from "../flow/scheduling.ts";
import type { ApiClient } from "./client.ts";
import { type ServmanScheduleBody, type ServmanSlot, ServmanSlotsSchema } from "../contract/servman-schedule.ts";

/** The day's free windows, one slot per window description (SPEC §5). */
export async function fetchTimeSlots(api: ApiClient, body: ServmanScheduleBody): Promise<ServmanSlot[]> {
  const slots = v.parse(ServmanSlotsSchema, await api.post("v1/servman/schedule", { json: body }).json()).data;
  return dedupeSlots(slots);
}
