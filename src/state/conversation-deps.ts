// What a conversation is given (./conversation.ts): the clock, its tasks, what it resumes. Apart
// from that file because its parts (./conversation-context.ts, -effects.ts, -start.ts) read it
// too, and that file imports them.
import type { LateChapters } from "../flow/flow-graph.ts";
import type { StepTable } from "../flow/types.ts";
import type { Clock } from "./clock.ts";
import type { Restored, SavedConversation, SavedData } from "./saved-conversation.ts";
import type { TaskDeps, TaskRunner } from "./tasks.ts";

export interface ConversationDeps {
  clock: Clock;
  /** Runs a task step's work; absent in tests of flows without tasks. */
  runTask?: TaskRunner;
  taskDeps?: () => TaskDeps;
  saved?: SavedConversation;
  /** Runs before the first step (or the resumed one): data the steps need, e.g. the programs. */
  prepare?: () => Promise<void>;
  table?: StepTable;
  /** Chapters that arrived with a lazily loaded file (ServMan's): they join the graph when they arrive. */
  late?: () => LateChapters;
  first?: string;
  /**
   * The server's copy of a conversation to resume (`local`: what this device saved, or a
   * resume link): the conversation, or a notice to say instead; undefined: nothing to ask.
   */
  restore?: (local: SavedData | null) => Promise<Restored> | undefined;
  /** The conversation reached a new step (not on a resume: the page heard of it before). */
  onStep?: (stepId: string) => void;
}
