// Runs the engine's effects against one element's store: bot messages appear one by one behind
// a typing indicator, paced as src/state/pacing.ts says (the bot delay once per reply, short
// reading gaps after it, 'please wait' messages during their calls); tasks run their calls and
// answer their step, the step's input is offered, and the whole conversation is saved so a
// reload resumes it.
// Over 300 lines on purpose: the effect runner, its reply pacing and the save after each step are one loop over one store; the pace rules (pacing.ts) and the calls (tasks/) are already out.
import type { createStore } from "jotai/vanilla";
import { answerStep, resumeFlow, startFlow, type EngineResult } from "../flow/engine.ts";
import { buildSteps, FIRST_STEP, type LateChapters } from "../flow/flow-graph.ts";
import { prefillAnswers } from "../flow/prefill.ts";
import { answersFromWire } from "../flow/answer-keys.ts";
import type { Answer, Effect, FlowContext, FlowState, StepTable } from "../flow/types.ts";
import {
  busyAtom,
  configAtom,
  customerAtom,
  endedAtom,
  flowStateAtom,
  inputErrorAtom,
  languageAtom,
  lastActivityAtom,
  pendingInputAtom,
  queryFlagsAtom,
  runningTaskAtom,
  transcriptAtom,
  typingAtom,
  type TranscriptEntry,
} from "./atoms.ts";
import type { Clock } from "./clock.ts";
import { messageDueAt, NO_PHONE_WAIT_MS, type ReplyPace } from "./pacing.ts";
import { programTypesAtom } from "./quote-atoms.ts";
import type { SavedConversation, SavedData } from "./saved-conversation.ts";

/** What resuming found: the conversation, or a notice (and, for a quote the server lost, its answers to end on). */
export type Restored = SavedData | { notice: string; flow?: FlowState };
import type { TaskDeps, TaskRunner } from "./tasks.ts";

export type Store = ReturnType<typeof createStore>;

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
  // The graph depends on the company's own questions: built once the configuration is known.
  let built: StepTable | undefined = deps.table;
  /** The late chapter the graph was built with: a chapter that arrives since rebuilds it. */
  let builtWith: LateChapters["servman"];
  const first = deps.first ?? FIRST_STEP;
  let queue = Promise.resolve();
  let nextEntryId = 1;
  let starting = false;
  /** Bumped by restart(): effects queued for an older conversation stop where they are. */
  let generation = 0;
  let pace: ReplyPace = { startedAt: deps.clock.now(), lastShownAt: null };
  /** Clock time before which the first answer is not offered (NO_PHONE_WAIT_MS); null: none. */
  let firstInputAt: number | null = null;

  function context(): FlowContext | null {
    const config = store.get(configAtom);
    if (!config) return null;
    const late = deps.late?.() ?? {};
    if (!deps.table && (!built || late.servman !== builtWith)) {
      built = buildSteps(config, late);
      builtWith = late.servman;
    }
    const source = store.get(queryFlagsAtom)?.source;
    return { config, customer: store.get(customerAtom), programs: store.get(programTypesAtom), pack: store.get(languageAtom) ?? undefined, late, ...(source ? { source } : {}) };
  }

  function graph(): StepTable {
    if (!built) throw new Error("the flow ran before the configuration loaded");
    return built;
  }

  function save() {
    const state = store.get(flowStateAtom);
    if (state) deps.saved?.save({ flow: state, transcript: store.get(transcriptAtom), ...(store.get(endedAtom) ? { ended: true } : {}) });
  }

  function append(entry: Omit<TranscriptEntry, "id">) {
    store.set(transcriptAtom, (entries) => [...entries, { id: nextEntryId++, ...entry }]);
    save();
  }

  /** Begins a reply of the bot: the visitor answered, or opened the chat (`since`, not later than now). */
  function beginReply(since?: number) {
    const now = deps.clock.now();
    pace = { startedAt: since === undefined ? now : Math.min(since, now), lastShownAt: null };
  }

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

  /** Takes the engine's new state at once; its effects run in order after what is queued. */
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
    start(openedAt) {
      const ctx = context();
      if (!ctx || store.get(flowStateAtom) || starting) return;
      starting = true;
      store.set(lastActivityAtom, deps.clock.now());
      beginReply(openedAt);
      const local = deps.saved?.load() ?? null;
      // The server's copy (the transcript, the personal answers), or why there is none.
      const restoring = deps.restore?.(local);
      const startAnew = () => {
        const fresh = context() ?? ctx;
        const table = graph();
        const prefilled = prefillAnswers(fresh.customer);
        // The page's first conversation, with no phone to look up: SPEC §4's 4 s.
        firstInputAt = generation === 0 && first === FIRST_STEP && !/^\d{10,11}$/.test(prefilled.phonenumber ?? "") ? pace.startedAt + NO_PHONE_WAIT_MS : null;
        apply(startFlow(table, first, fresh, prefilled), fresh);
      };
      const begin = (restored: Restored | null | undefined) => {
        // Read now: a late chapter the preparation waited for (ServMan's) is part of it.
        const fresh = context() ?? ctx;
        const table = graph();
        if (restored && "notice" in restored) {
          append({ from: "bot", text: restored.notice });
          // A saved quote the server does not know: the answers stay, and the chat ends in 'Start over'.
          if (restored.flow) {
            deps.saved?.clear();
            store.set(flowStateAtom, restored.flow);
            store.set(endedAtom, true);
            return;
          }
          return startAnew();
        }
        const data = restored ?? local;
        if (data && table[data.flow.stepId]) {
          store.set(transcriptAtom, data.transcript);
          nextEntryId = Math.max(0, ...data.transcript.map((e) => e.id)) + 1;
          apply(resumeFlow(table, data.flow, fresh), fresh, true);
          return;
        }
        startAnew();
      };
      // Only a resumed conversation waits for the data: a new one starts at the greeting.
      if (restoring || (local && deps.prepare)) {
        queue = Promise.all([deps.prepare?.().catch((error: unknown) => console.error("[quote-assistant] preparing the conversation failed", error)), restoring])
          .then(([, restored]) => begin(restored))
          // A saved conversation this version cannot resume: forgotten, and a new one begins,
          // rather than a rejection nobody handles.
          .catch((error: unknown) => {
            console.error("[quote-assistant] the saved conversation could not be resumed; starting anew", error);
            deps.saved?.clear();
            store.set(transcriptAtom, []);
            startAnew();
          });
        return;
      }
      begin(null);
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
      if (result.display) append({ from: "visitor", text: result.display });
      apply(result, ctx);
      return true;
    },
    restart() {
      generation++;
      deps.saved?.clear();
      store.set(flowStateAtom, null);
      store.set(transcriptAtom, []);
      store.set(pendingInputAtom, null);
      store.set(inputErrorAtom, null);
      store.set(typingAtom, false);
      store.set(endedAtom, false);
      store.set(busyAtom, false);
      store.set(runningTaskAtom, null);
      nextEntryId = 1;
      starting = false;
      // The old conversation's queue may still be waiting on a call: the new one does not wait.
      queue = Promise.resolve();
      this.start();
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
