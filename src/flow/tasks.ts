// The names of the work a step can ask the state layer to do, and the outcomes it answers
// with: the one typed place a task's outcomes are declared. A task step routes each of them
// (`on`, src/flow/types.ts), the task functions return them (src/state/tasks/), and the
// graph check proves every one is routed. The work itself lives outside the pure flow.
import type { Answers } from "./answer-keys.ts";

export const TASK_OUTCOMES = {
  lookupCustomer: ["found", "not-found", "failed"],
  checkPreviousQuote: ["quoted", "none", "failed"],
  /** queued: the start waits in the outbox (offline, a 5xx); failed: the backend refused it. */
  startQuote: ["started", "failed", "queued"],
  redirectToPortal: ["done", "unavailable"],
  /** unavailable: the source's provider did not answer (issue 28), no verdict on the property. */
  fetchEstimate: ["found", "failed", "unavailable"],
  /** Saving the size never stops the visitor: a failure is logged. */
  recordEstimate: ["done"],
  /** Reads the earlier quote back (POST /v1/quote/details); missing or failed starts afresh. */
  resumeQuote: ["resumed", "missing"],
  /** The company's programs for the picker (an error gives an empty list). */
  loadPrograms: ["done"],
  /** Records the answers, then tax and prices (SPEC §7): a 404 is too-big, no services is empty. */
  calculateQuote: ["priced", "too-big", "empty"],
  openQuote: ["done"],
  /** SPEC §4: a positive rebuttal reopens the quote after 3 s. */
  reopenQuoteLater: ["done"],
  /** The think-about-it lead (SPEC §7), sent 1 s after the comments; queued: it waits in the outbox. */
  sendLead: ["done", "queued"],
  /** 'Try again' on a waiting lead: the outbox sends it now; queued: it still waits. */
  retryLead: ["done", "queued"],
  /** Marks the sale converted and answers with its receipt (saleTransactionId, saleAmount, …). */
  afterSale: ["done"],
  /** SPEC §9: the end redirect 2 s after a sale, when willRedirect (none: done at once). */
  redirectAfterSale: ["done"],
  /** Servman (SPEC §7): categories (POST /v1/servman/info); none or a failure: call the office. */
  fetchServiceCategories: ["found", "none", "failed"],
  /** The chosen category's problems (POST /v1/servman/problems); 404 is none. */
  fetchServiceProblems: ["found", "none", "failed"],
  /** The order (POST /v1/servman/order); a schedulable problem goes on to the calendar after 2 s. */
  createServiceOrder: ["schedulable", "follow-up", "failed"],
  /** The chosen day's time windows (POST /v1/servman/schedule), de-duplicated. */
  fetchTimeSlots: ["found", "none", "failed"],
  /** POST /v1/servman/schedule/confirm: 200 confirmed, 409 taken meanwhile. */
  confirmTimeSlot: ["confirmed", "taken", "failed"],
} as const;

export type TaskName = keyof typeof TASK_OUTCOMES;
export type TaskOutcome<T extends TaskName> = (typeof TASK_OUTCOMES)[T][number];

/** What a task answers its step with: one of its outcomes, and what it found. */
export interface TaskResult<T extends TaskName> {
  value: TaskOutcome<T>;
  values?: Answers;
}

/** The outcome a task answers with when its call throws (the error is logged). */
export const TASK_ERROR_OUTCOME: { readonly [T in TaskName]: TaskOutcome<T> } = {
  lookupCustomer: "failed",
  checkPreviousQuote: "failed",
  startQuote: "failed",
  redirectToPortal: "unavailable",
  fetchEstimate: "failed",
  recordEstimate: "done",
  resumeQuote: "missing",
  loadPrograms: "done",
  calculateQuote: "empty",
  openQuote: "done",
  reopenQuoteLater: "done",
  sendLead: "done",
  retryLead: "queued",
  afterSale: "done",
  redirectAfterSale: "done",
  fetchServiceCategories: "failed",
  fetchServiceProblems: "failed",
  createServiceOrder: "failed",
  fetchTimeSlots: "failed",
  confirmTimeSlot: "failed",
};

export function isTaskName(name: string): name is TaskName {
  return Object.hasOwn(TASK_OUTCOMES, name);
}
