// The work behind the flow's task steps: calls through src/api, whose outcomes answer the
// step. Each chapter's work lives in src/state/tasks/, named as the steps it serves in
// src/flow/steps/. A task never throws: a failed call answers the outcome its declaration
// names for errors (TASK_ERROR_OUTCOME, usually 'failed') and the flow decides.
import { TASK_ERROR_OUTCOME, type TaskName, type TaskResult } from "../flow/tasks.ts";
import type { Answers } from "../flow/types.ts";
import { objectionTasks } from "./tasks/objection.ts";
import { propertyTasks } from "./tasks/property.ts";
import { quoteTasks } from "./tasks/quote.ts";
import { resumeTasks } from "./tasks/resume.ts";
import { returningTasks } from "./tasks/returning.ts";
import { servicesTasks } from "./tasks/services.ts";
import { servmanTasks } from "./tasks/servman.ts";
import { startQuoteTasks } from "./tasks/start-quote.ts";
import type { ChapterTasks, TaskDeps } from "./tasks/task-deps.ts";

export type { TaskDeps } from "./tasks/task-deps.ts";
export { safeHttpsUrl } from "./tasks/task-deps.ts";
export { PORTAL_REDIRECT_DELAY_MS } from "./tasks/start-quote.ts";
export { END_REDIRECT_DELAY_MS } from "./tasks/quote.ts";
export { LEAD_DELAY_MS, OBJECTION_REOPEN_DELAY_MS } from "./tasks/objection.ts";
export { SCHEDULING_PAUSE_MS } from "./tasks/servman.ts";

export type TaskRunner = <T extends TaskName>(task: T, answers: Answers, deps: TaskDeps) => Promise<TaskResult<T>>;

const tasks: ChapterTasks<TaskName> = {
  ...returningTasks,
  ...startQuoteTasks,
  ...propertyTasks,
  ...resumeTasks,
  ...servicesTasks,
  ...quoteTasks,
  ...objectionTasks,
  ...servmanTasks,
};

export const runTask: TaskRunner = async (task, answers, deps) => {
  try {
    return await tasks[task](answers, deps);
  } catch (error) {
    console.error(`[quote-assistant] ${task} failed`, error);
    return { value: TASK_ERROR_OUTCOME[task] };
  }
};
