// One element's conversation, as the widget drives it: start (or resume) it, answer its offered
// input, start over. Its parts, each with one job: conversation-context.ts (what the flow reads,
// and the step graph), conversation-record.ts (the transcript and the save after each step so a
// reload resumes it), conversation-effects.ts (the engine's effects run one by one behind a
// typing indicator at the bot's pace) and conversation-start.ts (resumed or begun anew).
import { answerStep } from "../flow/engine.ts";
import { answersFromWire } from "../flow/answer-keys.ts";
import type { FlowState } from "../flow/types.ts";
import { busyAtom, endedAtom, flowStateAtom, inputErrorAtom, lastActivityAtom, pendingInputAtom, runningTaskAtom, typingAtom, type Store } from "./atoms.ts";
import { createConversationContext } from "./conversation-context.ts";
import { createConversationRecord } from "./conversation-record.ts";
import { createConversationEffects } from "./conversation-effects.ts";
import { startConversation } from "./conversation-start.ts";
import type { ConversationDeps } from "./conversation-deps.ts";

export type { ConversationDeps } from "./conversation-deps.ts";
export type { Store } from "./atoms.ts";
export type { Restored } from "./saved-conversation.ts";

export interface Conversation {
  /**
   * Starts (or resumes a saved conversation) once; later calls do nothing. `openedAt`: when the
   * visitor opened the chat (clock time); the greeting's bot delay counts from it, so the time
   * spent loading the configuration is part of the delay rather than added to it (issue 15).
   */
  start(openedAt?: number): void;
  /**
   * The visitor answers the offered input. Returns false when the answer is refused; a
   * validation message is then shown and the input keeps what was typed.
   */
  answer(value: string, values?: Record<string, string>): boolean;
  /**
   * 'Start over': the saved conversation is forgotten and a new one begins at the greeting.
   * What the bot was still about to say or do for the old one is dropped.
   */
  restart(): void;
  /** Resolves when every effect queued so far has run (for tests). */
  settled(): Promise<void>;
}

export function createConversation(store: Store, deps: ConversationDeps): Conversation {
  const flow = createConversationContext(store, deps);
  const record = createConversationRecord(store, deps.saved);
  const effects = createConversationEffects(store, deps, flow, record);
  const { context, graph } = flow;
  const { apply, beginReply } = effects;
  let starting = false;

  return {
    start(openedAt) {
      const ctx = context();
      if (!ctx || store.get(flowStateAtom) || starting) return;
      starting = true;
      store.set(lastActivityAtom, deps.clock.now());
      beginReply(openedAt);
      startConversation(store, deps, flow, record, effects, ctx);
    },
    answer(value, values) {
      const ctx = context();
      const state = store.get(flowStateAtom);
      const pending = store.get(pendingInputAtom);
      if (!ctx || !state || !pending || pending.stepId !== state.stepId) return false;
      const result = answerStep(graph(), state, { value, ...(values ? { values: answersFromWire(values) } : {}) }, ctx);
      if (!result.ok) {
        if (result.message) store.set(inputErrorAtom, result.message);
        else console.warn(`[quote-assistant] answer refused: ${result.reason}`);
        return false;
      }
      store.set(inputErrorAtom, null);
      store.set(pendingInputAtom, null);
      store.set(lastActivityAtom, deps.clock.now());
      beginReply();
      if (result.display) record.append({ from: "visitor", text: result.display });
      apply(result, ctx);
      return true;
    },
    restart() {
      // What the old conversation still had queued is dropped; the new one does not wait for it.
      effects.restart();
      deps.saved?.clear();
      store.set(flowStateAtom, null);
      record.show([]);
      store.set(pendingInputAtom, null);
      store.set(inputErrorAtom, null);
      store.set(typingAtom, false);
      store.set(endedAtom, false);
      store.set(busyAtom, false);
      store.set(runningTaskAtom, null);
      starting = false;
      this.start();
    },
    settled: effects.settled,
  };
}

export type { FlowState };
