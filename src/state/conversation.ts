// Runs the engine's effects against one element's store: bot messages appear one by one after
// the bot delay behind a typing indicator, tasks run their calls and answer their step, the
// step's input is offered, and the whole conversation is saved so a reload resumes it.
import type { createStore } from "jotai/vanilla";
import { answerStep, resumeFlow, startFlow, type EngineResult } from "../flow/engine.ts";
import { FIRST_STEP, steps } from "../flow/flow-graph.ts";
import { prefillAnswers } from "../flow/prefill.ts";
import type { Answer, Effect, FlowContext, FlowState, StepTable } from "../flow/types.ts";
import {
  busyAtom,
  configAtom,
  customerAtom,
  endedAtom,
  flowStateAtom,
  inputErrorAtom,
  lastActivityAtom,
  pendingInputAtom,
  transcriptAtom,
  typingAtom,
  type TranscriptEntry,
} from "./atoms.ts";
import type { Clock } from "./clock.ts";
import type { SavedConversation } from "./saved-conversation.ts";
import type { TaskDeps, TaskRunner } from "./tasks.ts";

export type Store = ReturnType<typeof createStore>;

export interface ConversationDeps {
  clock: Clock;
  /** Runs a task step's work; absent in tests of flows without tasks. */
  runTask?: TaskRunner;
  taskDeps?: () => TaskDeps;
  saved?: SavedConversation;
  table?: StepTable;
  first?: string;
}

export interface Conversation {
  /** Starts (or resumes a saved conversation) once; later calls do nothing. */
  start(): void;
  /**
   * The visitor answers the offered input. Returns false when the answer is refused; a
   * validation message is then shown and the input keeps what was typed.
   */
  answer(value: string, values?: Record<string, string>): boolean;
  /** Resolves when every effect queued so far has run (for tests). */
  settled(): Promise<void>;
}

export function createConversation(store: Store, deps: ConversationDeps): Conversation {
  const table = deps.table ?? steps;
  const first = deps.first ?? FIRST_STEP;
  let queue = Promise.resolve();
  let nextEntryId = 1;

  function context(): FlowContext | null {
    const config = store.get(configAtom);
    return config ? { config, customer: store.get(customerAtom) } : null;
  }

  function save() {
    const state = store.get(flowStateAtom);
    if (state) deps.saved?.save({ flow: state, transcript: store.get(transcriptAtom) });
  }

  function append(entry: Omit<TranscriptEntry, "id">) {
    store.set(transcriptAtom, (entries) => [...entries, { id: nextEntryId++, ...entry }]);
    save();
  }

  async function runEffect(effect: Effect, ctx: FlowContext) {
    switch (effect.type) {
      case "say":
      case "image":
        store.set(typingAtom, true);
        await deps.clock.sleep(ctx.config.botSpeed);
        store.set(typingAtom, false);
        append(effect.type === "say" ? { from: "bot", text: effect.text } : { from: "bot", text: "", image: effect });
        return;
      case "ask":
        store.set(pendingInputAtom, { stepId: effect.stepId, input: effect.input });
        return;
      case "task": {
        if (!deps.runTask || !deps.taskDeps) throw new Error(`no task runner for ${effect.task}`);
        store.set(busyAtom, true);
        store.set(typingAtom, true);
        let outcome: Answer;
        try {
          outcome = await deps.runTask(effect.task, store.get(flowStateAtom)?.answers ?? {}, deps.taskDeps());
        } finally {
          store.set(typingAtom, false);
          store.set(busyAtom, false);
        }
        const state = store.get(flowStateAtom);
        if (!state || state.stepId !== effect.stepId) return;
        const result = answerStep(table, state, outcome, ctx);
        if (!result.ok) throw new Error(`task outcome refused: ${result.reason}`);
        apply(result, ctx);
        return;
      }
      case "end":
        store.set(endedAtom, true);
        return;
    }
  }

  /** Takes the engine's new state at once; its effects run in order after what is queued. */
  function apply(result: EngineResult, ctx: FlowContext) {
    store.set(flowStateAtom, result.state);
    save();
    const effects = result.effects;
    queue = queue
      .then(async () => {
        for (const effect of effects) await runEffect(effect, ctx);
      })
      .catch((error: unknown) => {
        store.set(typingAtom, false);
        console.error("[quote-assistant] conversation effect failed", error);
      });
  }

  return {
    start() {
      const ctx = context();
      if (!ctx || store.get(flowStateAtom)) return;
      store.set(lastActivityAtom, deps.clock.now());
      const restored = deps.saved?.load();
      if (restored && table[restored.flow.stepId]) {
        store.set(transcriptAtom, restored.transcript);
        nextEntryId = Math.max(0, ...restored.transcript.map((e) => e.id)) + 1;
        apply(resumeFlow(table, restored.flow, ctx), ctx);
        return;
      }
      apply(startFlow(table, first, ctx, prefillAnswers(ctx.customer)), ctx);
    },
    answer(value, values) {
      const ctx = context();
      const state = store.get(flowStateAtom);
      const pending = store.get(pendingInputAtom);
      if (!ctx || !state || !pending || pending.stepId !== state.stepId) return false;
      const result = answerStep(table, state, { value, ...(values ? { values } : {}) }, ctx);
      if (!result.ok) {
        if (result.message) store.set(inputErrorAtom, result.message);
        else console.warn(`[quote-assistant] answer refused: ${result.reason}`);
        return false;
      }
      store.set(inputErrorAtom, null);
      store.set(pendingInputAtom, null);
      store.set(lastActivityAtom, deps.clock.now());
      if (result.display) append({ from: "visitor", text: result.display });
      apply(result, ctx);
      return true;
    },
    settled: async () => {
      // Effects may queue more effects (a task's outcome): wait until the queue stops growing.
      let seen: Promise<void> | undefined;
      while (seen !== queue) {
        seen = queue;
        await queue;
      }
    },
  };
}

export type { FlowState };
