// Runs the engine's effects against one element's store, one after another: bot messages appear
// one by one behind a typing indicator, paced as pacing.ts says (the bot delay once per reply,
// short reading gaps after it, 'please wait' messages during their calls); tasks run their
// calls and answer their step; the step's input is offered. Holds the reply's pace.
import { answerStep, type EngineResult } from "../flow/engine.ts";
import type { Answer, Effect, FlowContext } from "../flow/types.ts";
import { busyAtom, endedAtom, flowStateAtom, pendingInputAtom, runningTaskAtom, typingAtom } from "./atoms.ts";
import type { ConversationContext } from "./conversation-context.ts";
import type { ConversationRecord } from "./conversation-record.ts";
import type { Store } from "./atoms.ts";
import type { ConversationDeps } from "./conversation-deps.ts";
import { messageDueAt, NO_PHONE_WAIT_MS, type ReplyPace } from "./pacing.ts";

export interface ConversationEffects {
  /** Takes the engine's new state at once; its effects run in order after what is queued. `resumed`: the page heard of the step before. */
  apply(result: EngineResult, ctx: FlowContext, resumed?: boolean): void;
  /** Begins a reply of the bot: the visitor answered, or opened the chat (`since`, not later than now). */
  beginReply(since?: number): void;
  /**
   * A new conversation begins: the page's first, at the first step with no phone to look up,
   * offers its first answer SPEC §4's 4 s after the chat opened; any other, as soon as it is asked.
   */
  beginConversation(atFirstStep: boolean, phone: string | undefined): void;
  /** Effects queued from now on wait for `ready` (the queue is empty when a conversation starts). */
  waitFor(ready: Promise<void>): void;
  /** 'Start over': what is queued for the old conversation is dropped where it stands. */
  restart(): void;
  /** Resolves when every effect queued so far has run. */
  settled(): Promise<void>;
}

export function createConversationEffects(
  store: Store,
  deps: Pick<ConversationDeps, "clock" | "runTask" | "taskDeps" | "onStep">,
  { context, graph }: ConversationContext,
  { append, save }: ConversationRecord,
): ConversationEffects {
  let queue = Promise.resolve();
  /** Bumped by restart(): effects queued for an older conversation stop where they are. */
  let generation = 0;
  let pace: ReplyPace = { startedAt: deps.clock.now(), lastShownAt: null };
  /** Clock time before which the first answer is not offered (NO_PHONE_WAIT_MS); null: none. */
  let firstInputAt: number | null = null;

  async function runEffect(effect: Effect, ctx: FlowContext, batchStartedAt: number, gen: number) {
    switch (effect.type) {
      case "say":
      case "image": {
        const stall = effect.type === "say" && effect.stall === true;
        const due = messageDueAt(pace, ctx.config.botSpeed, effect.type === "say" ? effect : { image: true });
        const wait = due - deps.clock.now();
        if (wait > 0) {
          store.set(typingAtom, true);
          await deps.clock.sleep(wait);
          if (gen !== generation) return;
        }
        // A 'please wait' message keeps the dots going: its call starts now.
        store.set(typingAtom, stall);
        append(effect.type === "say" ? { from: "bot", text: effect.text } : { from: "bot", text: "", image: effect });
        if (!stall) pace = { ...pace, lastShownAt: deps.clock.now() };
        return;
      }
      case "ask": {
        // SPEC §2: the measuring tool opens 3 s after its step begins; the step's own
        // messages are said within those 3 s, not before them.
        if (firstInputAt !== null) {
          const wait = firstInputAt - deps.clock.now();
          firstInputAt = null;
          if (wait > 0) {
            await deps.clock.sleep(wait);
            if (gen !== generation) return;
          }
        }
        const input =
          effect.input.kind === "measure"
            ? { ...effect.input, delayMs: Math.max(0, effect.input.delayMs - (deps.clock.now() - batchStartedAt)) }
            : effect.input;
        store.set(typingAtom, false);
        store.set(pendingInputAtom, { stepId: effect.stepId, input });
        return;
      }
      case "task": {
        if (!deps.runTask || !deps.taskDeps) throw new Error(`no task runner for ${effect.task}`);
        store.set(busyAtom, true);
        store.set(runningTaskAtom, effect.task);
        store.set(typingAtom, true);
        let outcome: Answer;
        try {
          outcome = await deps.runTask(effect.task, store.get(flowStateAtom)?.answers ?? {}, deps.taskDeps());
        } finally {
          store.set(typingAtom, false);
          store.set(busyAtom, false);
          store.set(runningTaskAtom, null);
        }
        if (gen !== generation) return;
        const state = store.get(flowStateAtom);
        if (!state || state.stepId !== effect.stepId) return;
        const result = answerStep(graph(), state, outcome, context() ?? ctx);
        if (!result.ok) throw new Error(`task outcome refused: ${result.reason}`);
        apply(result, ctx);
        return;
      }
      case "end":
        store.set(typingAtom, false);
        store.set(endedAtom, true);
        // Saved as ended: the next visit shows it once more, then starts afresh.
        save();
        return;
    }
  }

  function apply(result: EngineResult, ctx: FlowContext, resumed = false) {
    const before = store.get(flowStateAtom)?.stepId;
    store.set(flowStateAtom, result.state);
    if (!resumed && result.state.stepId !== before) deps.onStep?.(result.state.stepId);
    save();
    const effects = result.effects;
    const gen = generation;
    queue = queue
      .then(async () => {
        const batchStartedAt = deps.clock.now();
        for (const effect of effects) {
          if (gen !== generation) return;
          await runEffect(effect, ctx, batchStartedAt, gen);
        }
      })
      .catch((error: unknown) => {
        store.set(typingAtom, false);
        console.error("[quote-assistant] conversation effect failed", error);
      });
  }

  return {
    apply,
    beginReply(since) {
      const now = deps.clock.now();
      pace = { startedAt: since === undefined ? now : Math.min(since, now), lastShownAt: null };
    },
    beginConversation(atFirstStep, phone) {
      firstInputAt = generation === 0 && atFirstStep && !/^\d{10,11}$/.test(phone ?? "") ? pace.startedAt + NO_PHONE_WAIT_MS : null;
    },
    waitFor(ready) {
      queue = ready;
    },
    restart() {
      generation++;
      // The old conversation's queue may still be waiting on a call: the new one does not wait.
      queue = Promise.resolve();
    },
    async settled() {
      // Effects may queue more effects (a task's outcome): wait until the queue stops growing.
      let seen: Promise<void> | undefined;
      while (seen !== queue) {
        seen = queue;
        await queue;
      }
    },
  };
}
