// The work behind the flow's task steps: calls through src/api, whose outcomes answer the
// step. Each chapter's work lives in src/state/tasks/, named as the steps it serves in
// src/flow/steps/. A task never throws: a failed call answers the outcome its declaration
// names for errors (TASK_ERROR_OUTCOME, usually 'failed') and the flow decides. ServMan's tasks
// are not here: they come with its chapter (TaskDeps.servman, dist/quote-assistant-servman.js).
import { TASK_ERROR_OUTCOME, type TaskName, type TaskResult } from "../flow/tasks.ts";
import type { Answers } from "../flow/types.ts";
import { objectionTasks } from "./tasks/objection.ts";
import { propertyTasks } from "./tasks/property.ts";
import { quoteTasks } from "./tasks/quote.ts";
import { resumeTasks } from "./tasks/resume.ts";
import { returningTasks } from "./tasks/returning.ts";
import { servicesTasks } from "./tasks/services.ts";
import { startQuoteTasks } from "./tasks/start-quote.ts";
import type { ServmanTaskName } from "./tasks/servman-chapter.ts";
import type { ChapterTasks, TaskDeps } from "./tasks/task-deps.ts";

export type { TaskDeps } from "./tasks/task-deps.ts";
export { safeHttpsUrl } from "./tasks/task-deps.ts";
export { PORTAL_REDIRECT_DELAY_MS } from "./tasks/start-quote.ts";
export { END_REDIRECT_DELAY_MS } from "./tasks/quote.ts";
export { LEAD_DELAY_MS, OBJECTION_REOPEN_DELAY_MS } from "./tasks/objection.ts";

export type TaskRunner = <T extends TaskName>(task: T, answers: Answers, deps: TaskDeps) => Promise<TaskResult<T>>;

type WidgetTaskName = Exclude<TaskName, ServmanTaskName>;

const tasks: ChapterTasks<WidgetTaskName> = {
  ...returningTasks,
  ...startQuoteTasks,
  ...propertyTasks,
  ...resumeTasks,
  ...servicesTasks,
  ...quoteTasks,
  ...objectionTasks,
};

const isWidgetTask = (task: TaskName): task is WidgetTaskName => Object.hasOwn(tasks, task);

type AnyTask = (answers: Answers, deps: TaskDeps) => Promise<TaskResult<TaskName>>;

/**
 * A task's work. ServMan's comes with its chapter, which has arrived long before (it is fetched
 * with the configuration); a chapter that cannot be loaded is the task's failure.
 */
async function work(task: TaskName, deps: TaskDeps): Promise<AnyTask> {
  if (isWidgetTask(task)) return tasks[task] as AnyTask;
  if (!deps.servman) throw new Error(`${task} needs ServMan's chapter, which this widget cannot load`);
  return (await deps.servman()).tasks[task as ServmanTaskName] as AnyTask;
}

export const runTask: TaskRunner = async (task, answers, deps) => {
  try {
    return (await (await work(task, deps))(answers, deps)) as TaskResult<typeof task>;
  } catch (error) {
    console.error(`[quote-assistant] ${task} failed`, error);
    return { value: TASK_ERROR_OUTCOME[task] };
  }
};
