// The pure conversation engine: given a state and an answer, the next state and the effects
// to run. No timers, no DOM, no network: the state layer runs the effects.
import { guards, type GuardInput } from "./guards.ts";
import { formatMessage } from "./messages.ts";
import type {
  Answer,
  Effect,
  FlowContext,
  FlowState,
  ResolvedInput,
  Step,
  StepId,
  StepTable,
  Transition,
} from "./types.ts";

/** Steps without input pass straight on; a cycle of those would hang the chat. */
const MAX_AUTO_STEPS = 50;

export interface EngineResult {
  state: FlowState;
  effects: Effect[];
}

export type AnswerResult = ({ ok: true } & EngineResult) | { ok: false; reason: string };

export function startFlow(table: StepTable, first: StepId, ctx: FlowContext): EngineResult {
  return enterStep(table, { stepId: first, answers: {}, path: [] }, first, ctx);
}

export function resolveInput(step: Step, input: GuardInput): ResolvedInput | undefined {
  if (!step.input) return undefined;
  const messageCtx = { config: input.ctx.config, customer: input.ctx.customer };
  return {
    kind: "buttons",
    options: step.input.options
      .filter((option) => !option.if || guards[option.if](input))
      .map((option) => ({ value: option.value, label: formatMessage(option.label, messageCtx) })),
  };
}

/** The visitor (or the state layer, for a task's outcome) answers the current step. */
export function answerStep(
  table: StepTable,
  state: FlowState,
  answer: Answer,
  ctx: FlowContext,
): AnswerResult {
  const step = table[state.stepId];
  if (!step) return { ok: false, reason: `unknown step ${state.stepId}` };
  const input = resolveInput(step, { state, ctx });
  if (!input) return { ok: false, reason: `step ${state.stepId} takes no answer` };
  if (!input.options.some((option) => option.value === answer.value)) {
    return { ok: false, reason: `"${answer.value}" is not an option of ${state.stepId}` };
  }
  const answered: FlowState = step.saveAs
    ? { ...state, answers: { ...state.answers, [step.saveAs]: answer.value } }
    : state;
  const target = chooseTransition(step.next, { state: answered, ctx, answer });
  if (!target) return { ok: false, reason: `no transition from ${state.stepId}` };
  return { ok: true, ...enterStep(table, answered, target, ctx) };
}

function chooseTransition(next: Transition[], input: GuardInput): StepId | undefined {
  return next.find((t) => !t.if || guards[t.if](input))?.to;
}

function enterStep(table: StepTable, from: FlowState, first: StepId, ctx: FlowContext): EngineResult {
  const effects: Effect[] = [];
  let state = from;
  let stepId: StepId | undefined = first;
  for (let hops = 0; stepId !== undefined; hops++) {
    if (hops > MAX_AUTO_STEPS) throw new Error(`flow loops without input after ${stepId}`);
    const step = table[stepId];
    if (!step) throw new Error(`flow has no step ${stepId}`);
    state = { ...state, stepId, path: [...state.path, stepId] };
    for (const key of step.say ?? []) {
      effects.push({ type: "say", key, text: formatMessage(key, ctx) });
    }
    const input = resolveInput(step, { state, ctx });
    if (input) {
      effects.push({ type: "ask", stepId, input });
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
