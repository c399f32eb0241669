// ServMan's chapter of the flow for one widget (its steps, tasks and calls, in
// dist/quote-assistant-servman.js): fetched as soon as the company's configuration says
// ServMan, so that it has arrived long before the conversation reaches it (after the contact
// details, the address and the quote's start). Never fetched for any other company.
//
// The flow enters the chapter from the answer of two tasks (the previous-quote check, the
// quote's start): for a ServMan company these also wait for the chapter, so the conversation
// goes on into it without a gap. A chapter that cannot be loaded, tried again there, makes
// their answer their failure, which for a ServMan company ends at the office (SPEC: 'call the
// office' for scheduling) rather than in a chat that stops.
import type { LateChapters } from "../flow/flow-graph.ts";
import { TASK_ERROR_OUTCOME, type TaskName } from "../flow/tasks.ts";
import { configAtom } from "./atoms.ts";
import type { Store } from "./conversation.ts";
import type { TaskRunner } from "./tasks.ts";
import type { ServmanChapter } from "./tasks/servman-chapter.ts";

/** The tasks whose outcome leads into ServMan's chapter (src/flow/steps/start-quote.ts). */
export const ENTERS_CHAPTER: ReadonlySet<TaskName> = new Set(["checkPreviousQuote", "startQuote"]);

export interface ServmanLoader {
  /** The chapter: fetched once, again after a failure. */
  chapter(): Promise<ServmanChapter>;
  /** Starts fetching it when the company is a ServMan company (its configuration has loaded). */
  ahead(): void;
  /** For a ServMan company: waits for the chapter, a failure logged (a resumed conversation needs its steps). */
  ready(): Promise<void>;
  /** The chapters that have arrived, for the graph. */
  late(): LateChapters;
  /** The task runner, with the wait of the tasks that lead into the chapter. */
  runTask: TaskRunner;
}

export function createServmanLoader(store: Store, runTask: TaskRunner, load?: () => Promise<ServmanChapter>): ServmanLoader {
  let arrived: ServmanChapter | undefined;
  /** The load under way, shared; forgotten when it fails, so that the next need tries again. */
  let loading: Promise<ServmanChapter> | undefined;
  const isServman = () => store.get(configAtom)?.crmSolution === "servman";
  const chapter = (): Promise<ServmanChapter> => {
    if (arrived) return Promise.resolve(arrived);
    if (!load) return Promise.reject(new Error("this widget cannot load ServMan's chapter"));
    loading ??= load().then(
      (loaded) => (arrived = loaded),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const logged = (error: unknown) => console.error("[quote-assistant] ServMan's chapter could not be loaded", error);
  return {
    chapter,
    ahead() {
      if (isServman()) chapter().catch(logged);
    },
    ready: () => (isServman() ? chapter().then(() => undefined, logged) : Promise.resolve()),
    late: () => (arrived ? { servman: arrived } : {}),
    async runTask(task, answers, deps) {
      if (!isServman() || !ENTERS_CHAPTER.has(task)) return runTask(task, answers, deps);
      const needed = chapter().then(() => true, (error: unknown) => (logged(error), false));
      const [result, loaded] = await Promise.all([runTask(task, answers, deps), needed]);
      return loaded ? result : { value: TASK_ERROR_OUTCOME[task] };
    },
  };
}
