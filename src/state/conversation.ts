// Runs the engine's effects against one element's store: bot messages appear one by one
// after the bot delay behind a typing indicator, then the step's input is offered.
import type { createStore } from "jotai/vanilla";
import { answerStep, startFlow } from "../flow/engine.ts";
import { FIRST_STEP, steps } from "../flow/flow-graph.ts";
import type { Effect, FlowContext, StepTable } from "../flow/types.ts";
import {
  configAtom,
  customerAtom,
  endedAtom,
  flowStateAtom,
  pendingInputAtom,
  transcriptAtom,
  typingAtom,
  type TranscriptEntry,
} from "./atoms.ts";
import type { Clock } from "./clock.ts";

export type Store = ReturnType<typeof createStore>;

export interface Conversation {
  /** Starts the conversation once; later calls do nothing. */
  start(): void;
  /** The visitor picks an offered option. Ignored when nothing is offered. */
  answer(value: string): void;
  /** Resolves when every effect queued so far has run (for tests). */
  settled(): Promise<void>;
}

export function createConversation(
  store: Store,
  clock: Clock,
  table: StepTable = steps,
  first: string = FIRST_STEP,
): Conversation {
  let queue = Promise.resolve();
  let nextEntryId = 1;

  function context(): FlowContext | null {
    const config = store.get(configAtom);
    return config ? { config, customer: store.get(customerAtom) } : null;
  }

  function append(from: TranscriptEntry["from"], text: string) {
    store.set(transcriptAtom, (entries) => [...entries, { id: nextEntryId++, from, text }]);
  }

  async function runEffect(effect: Effect, botDelay: number) {
    switch (effect.type) {
      case "say":
        store.set(typingAtom, true);
        await clock.sleep(botDelay);
        store.set(typingAtom, false);
        append("bot", effect.text);
        return;
      case "ask":
        store.set(pendingInputAtom, { stepId: effect.stepId, input: effect.input });
        return;
      case "end":
        store.set(endedAtom, true);
        return;
    }
  }

  function run(effects: Effect[], botDelay: number) {
    queue = queue
      .then(async () => {
        for (const effect of effects) await runEffect(effect, botDelay);
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
      const result = startFlow(table, first, ctx);
      store.set(flowStateAtom, result.state);
      run(result.effects, ctx.config.botSpeed);
    },
    answer(value) {
      const ctx = context();
      const state = store.get(flowStateAtom);
      const pending = store.get(pendingInputAtom);
      if (!ctx || !state || !pending) return;
      const option = pending.input.options.find((o) => o.value === value);
      if (!option) return;
      const result = answerStep(table, state, { value }, ctx);
      if (!result.ok) {
        console.error(`[quote-assistant] answer refused: ${result.reason}`);
        return;
      }
      store.set(pendingInputAtom, null);
      append("visitor", option.label);
      store.set(flowStateAtom, result.state);
      run(result.effects, ctx.config.botSpeed);
    },
    settled: () => queue,
  };
}
