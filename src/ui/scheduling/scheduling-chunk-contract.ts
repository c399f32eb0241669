// What the scheduling chunk (dist/quote-assistant-scheduling.js) hands the main bundle when it
// runs: ServMan's calendar and its stylesheet. The bundle imports only its types and the file's name.
import type { ComponentType } from "react";
import type { CalendarProps } from "./calendar.tsx";

/** Its file, built next to dist/quote-assistant.js. */
export const SCHEDULING_CHUNK_FILE = "quote-assistant-scheduling.js";

export interface SchedulingChunk {
  SchedulingCalendar: ComponentType<CalendarProps>;
  /** The calendar's CSS, adopted into the element's shadow root on arrival. */
  css: string;
}
