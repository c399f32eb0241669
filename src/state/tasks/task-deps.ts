// What every task's work receives (the api client, the company, the clock, the quote
// session...), the shape of a chapter's tasks, and the small helpers they share. A task
// answers with one of the outcomes its step declares (src/flow/tasks.ts); tsc refuses others.
import type { ApiClient } from "../../api/client.ts";
import type { Attribution } from "../../config/attribution.ts";
import type { CompanyConfig } from "../../config/company-config.ts";
import type { TaskName, TaskResult } from "../../flow/tasks.ts";
import type { Answers, LateChapter } from "../../flow/types.ts";
import type { ServmanAvailabilityQuery } from "../../contract/servman-availability.ts";
import type { QuoteMemory } from "../../storage/quote-memory.ts";
import type { Clock } from "../clock.ts";
import type { HostEventMap, HostEventName } from "../host-events.ts";
import type { QuoteSession } from "../quote-session.ts";
import type { LeadDelivery } from "../lead-delivery.ts";

export interface TaskDeps {
  api: ApiClient;
  companyId: string;
  botId: string;
  config: CompanyConfig;
  clock: Clock;
  quotes: QuoteMemory;
  /** Sends the top window elsewhere (the portal). */
  navigateTop(url: string): void;
  session: QuoteSession;
  /** Tells the host page (quote-assistant:<name>, and the page's analytics). */
  emit<K extends HostEventName>(name: K, detail: HostEventMap[K]): void;
  /** Where the visitor came from, read when the chat first opened (null before). */
  attribution(): Attribution | null;
  /** The leads' outbox (quote starts, think-about-it leads): kept and retried until the backend has them. */
  leads: Pick<LeadDelivery, "send" | "retry" | "start">;
  /** ServMan's chapter (its tasks), loaded once for a ServMan company; absent where none can be loaded. */
  servman?: () => Promise<ServmanChapter>;
}

/** ServMan's chapter, as its file (./servman-chapter.ts) hands it to the widget. */
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

/** A chapter's tasks: each returns one of its own declared outcomes. */
export type ChapterTasks<K extends TaskName> = {
  [T in K]: (answers: Answers, deps: TaskDeps) => Promise<TaskResult<T>>;
};

export const str = (value: number | string | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : String(value);

/** Drops undefined values (what a call did not find). */
export function compact(values: { [K in keyof Answers]?: Answers[K] | undefined }): Answers {
  return Object.fromEntries(Object.entries(values).filter((e) => e[1] !== undefined));
}

/** Only https URLs leave the page (SPEC: redirects only to allowed https URLs). */
export function safeHttpsUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
