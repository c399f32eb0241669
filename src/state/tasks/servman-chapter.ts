// What the ServMan chunk (dist/quote-assistant-servman.js, entry src/lazy/servman-chunk.ts)
// hands the widget when it runs: ServMan's chapter of the flow (its steps, with the guards,
// inputs and words only they use), the work behind them
// (its tasks and /v1/servman/* calls) and the calendar's month availability. Only a ServMan
// company's widget fetches it, as soon as its configuration says so; the widget imports only
// these types and the file's name.
import type { ApiClient } from "../../api/client.ts";
import type { ServmanAvailabilityQuery } from "../../contract/servman-availability.ts";
import type { LateChapter } from "../../flow/types.ts";
import type { ChapterTasks } from "./task-deps.ts";

/** Its file, built next to dist/quote-assistant.js. */
export const SERVMAN_CHUNK_FILE = "quote-assistant-servman.js";

export type ServmanTaskName = "fetchServiceCategories" | "fetchServiceProblems" | "createServiceOrder" | "fetchTimeSlots" | "confirmTimeSlot";

/**
 * Its steps (src/flow/steps/servman.ts) with their guards, inputs and English words
 * (LateChapter), its tasks and its calendar's call.
 */
export interface ServmanChapter extends LateChapter {
  /** src/state/tasks/servman.ts. */
  tasks: ChapterTasks<ServmanTaskName>;
  /** The days of a month with a free window (GET /v1/servman/schedule/availability). */
  openDays(api: ApiClient, query: ServmanAvailabilityQuery, signal?: AbortSignal): Promise<string[]>;
}
