// The names of the work a step can ask the state layer to do, and the outcomes it answers
// with. The work itself (network calls) lives in src/state/tasks.ts, outside the pure flow.
export const TASK_OUTCOMES = {
  lookupCustomer: ["found", "not-found", "failed"],
  checkPreviousQuote: ["quoted", "none", "failed"],
  startQuote: ["started", "failed"],
  redirectToPortal: ["done", "unavailable"],
  fetchEstimate: ["found", "failed"],
  /** Saving the size never stops the visitor: a failure is logged. */
  recordEstimate: ["done"],
} as const;

export type TaskName = keyof typeof TASK_OUTCOMES;
export type TaskOutcome<T extends TaskName> = (typeof TASK_OUTCOMES)[T][number];
