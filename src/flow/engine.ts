// The pure conversation engine: given a state and an answer, the next state and the effects
// to run. No timers, no DOM, no network: the state layer runs the effects (and the tasks,
// whose outcomes come back here as answers).
import { guardHolds } from "./guards.ts";
import { formatMessage, images, STALL_MESSAGES } from "./messages.ts";
import { messageContextOf } from "./message-context.ts";
import { TASK_OUTCOMES } from "./tasks.ts";
import { transitionsOf } from "./routes.ts";
import type {
  Answer,
  Answers,
  Effect,
  FlowContext,
  FlowInput,
  FlowState,
  ResolvedInput,
  Step,
  StepId,
  StepTable,
  Transition,
} from "./types.ts";
import { acceptSpec, resolveSpec, type Accepted } from "./inputs/index.ts";
import { selectedProgramNames } from "./programs.ts";
import { answerOf } from "./answer-keys.ts";

/** Steps without input pass straight on; a cycle of those would hang the chat. */
const MAX_AUTO_STEPS = 50;

export interface EngineResult {
  state: FlowState;
  effects: Effect[];
}

export type AnswerResult =
  | ({ ok: true; display: string } & EngineResult)
  /** `message` is for the visitor (a validation message); `reason` for the console. */
  | { ok: false; reason: string; message?: string };

export function startFlow(table: StepTable, first: StepId, ctx: FlowContext, answers: Answers = {}): EngineResult {
  return enterStep(table, { stepId: first, answers, path: [] }, first, ctx);
}

/**
 * After a reload: offer the current step's input again, or redo its task, without repeating what
 * was said. A step is saved as it begins and its messages show one by one after it: those the
 * transcript does not end with (`shown`: its texts, null for the visitor's) are said first.
 */
export function resumeFlow(table: StepTable, state: FlowState, ctx: FlowContext, shown: readonly (string | null)[] = []): EngineResult {
  const step = table[state.stepId];
  if (!step) throw new Error(`flow has no step ${state.stepId}`);
  const messages = messagesOf(step, state, ctx);
  let said = messages.length;
  while (said && !messages.slice(0, said).every((m, i) => shown[shown.length - said + i] === (m.type === "say" ? m.text : ""))) said--;
  const effects = messages.slice(said);
  const input = resolveInput(step, { state, ctx });
  effects.push(input ? { type: "ask", stepId: state.stepId, input } : step.task ? { type: "task", stepId: state.stepId, task: step.task } : { type: "end", stepId: state.stepId });
  return { state, effects };
}

/** What a step says as it begins: its messages, the company's texts, its pictures. */
function messagesOf(step: Step, state: FlowState, ctx: FlowContext): Effect[] {
  const effects: Effect[] = [];
  const mctx = messageContextOf(state.answers, ctx);
  for (const key of step.say ?? []) {
    const text = formatMessage(key, mctx);
    if (text) effects.push({ type: "say", key, text, ...(STALL_MESSAGES.has(key) ? { stall: true } : {}) });
  }
  for (const text of step.sayText ?? []) effects.push({ type: "say", key: "company", text });
  for (const key of step.images ?? []) {
    const image = images[key](mctx);
    if (image) effects.push({ type: "image", ...image });
  }
  return effects;
}

export function resolveInput(step: Step, input: FlowInput): ResolvedInput | undefined {
  return step.input ? resolveSpec(step.input, input) : undefined;
}

function acceptAnswer(step: Step, stepId: StepId, input: ResolvedInput | undefined, answer: Answer, ctx: FlowContext): Accepted {
  if (step.task) {
    const outcomes: readonly string[] = TASK_OUTCOMES[step.task];
    if (!outcomes.includes(answer.value)) return { ok: false, reason: `"${answer.value}" is not an outcome of ${step.task}` };
    return { ok: true, values: { ...answer.values }, display: "" };
  }
  if (!input || !step.input) return { ok: false, reason: `step ${stepId} takes no answer` };
  return acceptSpec(step.input, input, answer, stepId, ctx, step.saveAs);
}

/** The visitor (or the state layer, for a task's outcome) answers the current step. */
export function answerStep(table: StepTable, state: FlowState, answer: Answer, ctx: FlowContext): AnswerResult {
  const step = table[state.stepId];
  if (!step) return { ok: false, reason: `unknown step ${state.stepId}` };
  const accepted = acceptAnswer(step, state.stepId, resolveInput(step, { state, ctx }), answer, ctx);
  if (!accepted.ok) return accepted;
  const answered: FlowState = { ...state, answers: { ...state.answers, ...accepted.values } };
  const target = chooseTransition(transitionsOf(step, step.task ? answer.value : undefined), { state: answered, ctx, answer });
  if (!target) return { ok: false, reason: `no transition from ${state.stepId}` };
  return { ok: true, display: accepted.display, ...enterStep(table, answered, target, ctx) };
}

function chooseTransition(next: Transition[], input: FlowInput): StepId | undefined {
  return next.find((t) => !t.if || guardHolds(t.if, input))?.to;
}

function enterStep(table: StepTable, from: FlowState, first: StepId, ctx: FlowContext): EngineResult {
  const effects: Effect[] = [];
  let state = from;
  let stepId: StepId | undefined = first;
  for (let hops = 0; stepId !== undefined; hops++) {
    if (hops > MAX_AUTO_STEPS) throw new Error(`flow loops without input after ${stepId}`);
    const step: Step | undefined = table[stepId];
    if (!step) throw new Error(`flow has no step ${stepId}`);
    state = { ...state, stepId, path: [...state.path, stepId] };
    const answeredAlready = step.skipWhenAnswered && !!step.saveAs && !!answerOf(state.answers, step.saveAs)?.trim();
    const notForUs = step.forProgram !== undefined && !selectedProgramNames(state.answers).includes(step.forProgram);
    if ((step.skipIf && guardHolds(step.skipIf, { state, ctx })) || answeredAlready || notForUs) {
      stepId = chooseTransition(transitionsOf(step), { state, ctx });
      continue;
    }
    effects.push(...messagesOf(step, state, ctx));
    const input = resolveInput(step, { state, ctx });
    if (input) {
      effects.push({ type: "ask", stepId, input });
      return { state, effects };
    }
    if (step.task) {
      effects.push({ type: "task", stepId, task: step.task });
      return { state, effects };
    }
    if (step.next.length === 0) {
      effects.push({ type: "end", stepId });
      return { state, effects };
    }
    stepId = chooseTransition(step.next, { state, ctx });
    if (stepId === undefined) throw new Error(`no transition holds after ${state.stepId}`);
  }
  return { state, effects };
}
