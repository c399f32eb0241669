// The pure conversation engine: given a state and an answer, the next state and the effects
// to run. No timers, no DOM, no network: the state layer runs the effects (and the tasks,
// whose outcomes come back here as answers).
import { guards, type GuardInput } from "./guards.ts";
import { formatSize, MEASURE_MAX, MEASURE_MIN, unitFor } from "../config/measurement.ts";
import { formatAddress, formatMessage, images, STALL_MESSAGES, type MessageContext } from "./messages.ts";
import { TASK_OUTCOMES } from "./tasks.ts";
import { transitionsOf } from "./routes.ts";
import type {
  Answer,
  Answers,
  Effect,
  FlowContext,
  FlowState,
  ResolvedInput,
  Step,
  StepId,
  StepTable,
  Transition,
} from "./types.ts";
import { validateNumber, validators } from "./validators.ts";
import { SELECTED_PROGRAMS, selectedProgramNames, serializeProgramNames } from "./programs.ts";
import { ANOTHER_DAY, calendarRange, formatLongDate, isWithinCalendar, readServmanList, telHref, weekdayOf } from "./scheduling.ts";

/** SPEC §2 step 12: stars in quarters, 3 by default. */
export const RATING_STARS = 5;
export const RATING_STEP = 0.25;
export const RATING_DEFAULT = 3;

/** SPEC §2: the measuring tool opens 3 s after its step begins. */
export const MEASURE_OPEN_DELAY_MS = 3000;

/** SPEC §5: the lawn slider starts at half the lot. */
export const LAWN_SLIDER_DEFAULT_PERCENT = 50;

/** Steps without input pass straight on; a cycle of those would hang the chat. */
const MAX_AUTO_STEPS = 50;

/** Parts of an address the visitor may pick from the search box. */
export const ADDRESS_FIELDS = [
  "customerAddress",
  "customerCity",
  "customerState",
  "customerZip",
  "customerCounty",
  "customerCountryCode",
  "customerLat",
  "customerLng",
] as const;

export interface EngineResult {
  state: FlowState;
  effects: Effect[];
}

export type AnswerResult =
  | ({ ok: true; display: string } & EngineResult)
  /** `message` is for the visitor (a validation message); `reason` for the console. */
  | { ok: false; reason: string; message?: string };

const messageContext = (state: FlowState, ctx: FlowContext): MessageContext => ({
  config: ctx.config,
  answers: state.answers,
});

export function startFlow(table: StepTable, first: StepId, ctx: FlowContext, answers: Answers = {}): EngineResult {
  return enterStep(table, { stepId: first, answers, path: [] }, first, ctx);
}

/** After a reload: offer the current step's input again, or redo its task, without repeating what was said. */
export function resumeFlow(table: StepTable, state: FlowState, ctx: FlowContext): EngineResult {
  const step = table[state.stepId];
  if (!step) throw new Error(`flow has no step ${state.stepId}`);
  const input = resolveInput(step, { state, ctx });
  if (input) return { state, effects: [{ type: "ask", stepId: state.stepId, input }] };
  if (step.task) return { state, effects: [{ type: "task", stepId: state.stepId, task: step.task }] };
  return { state, effects: [{ type: "end", stepId: state.stepId }] };
}

export function resolveInput(step: Step, input: GuardInput): ResolvedInput | undefined {
  const spec = step.input;
  if (!spec) return undefined;
  const mctx = messageContext(input.state, input.ctx);
  const say = (key: Parameters<typeof formatMessage>[0]) => formatMessage(key, mctx) ?? "";
  switch (spec.kind) {
    case "buttons":
      return {
        kind: "buttons",
        options: spec.options
          .filter((option) => !option.if || guards[option.if](input))
          .map((option) => ({
            value: option.value,
            label: option.text ?? (option.label ? say(option.label) : option.value),
            ...(option.hidden ? { hidden: true } : {}),
          })),
      };
    case "text":
      return {
        kind: "text",
        label: say(spec.label),
        maxLength: spec.maxLength,
        inputMode: spec.inputMode ?? "text",
        ...(spec.autocomplete ? { autocomplete: spec.autocomplete } : {}),
      };
    case "select":
      return {
        kind: "select",
        prompt: say(spec.prompt),
        options: input.ctx.config.marketingSources.map((s) => ({ value: s.code, label: s.description })),
      };
    case "address":
      return { kind: "address", label: say(spec.label) };
    case "measure": {
      const config = input.ctx.config;
      return {
        kind: "measure",
        toolUrl: config.measuringToolUrl ?? "",
        mode: config.measurementMode,
        metric: config.isMetric,
        address: formatAddress(input.state.answers),
        delayMs: MEASURE_OPEN_DELAY_MS,
      };
    }
    case "programs":
      return {
        kind: "programs",
        options: input.ctx.programs.map((p) => ({
          name: p.name,
          ...(p.icon ? { icon: p.icon } : {}),
          ...(p.description ? { description: p.description } : {}),
        })),
        selected: selectedProgramNames(input.state.answers),
      };
    case "rating":
      return { kind: "rating", label: say(spec.label), stars: RATING_STARS, step: RATING_STEP, defaultValue: RATING_DEFAULT };
    case "number":
      return {
        kind: "number",
        label: spec.label,
        whole: spec.whole,
        ...(spec.min !== undefined ? { min: spec.min } : {}),
        ...(spec.max !== undefined ? { max: spec.max } : {}),
      };
    case "slider":
      return {
        kind: "slider",
        totalLotSize: Number(input.state.answers.totalLotSize) || 0,
        defaultPercent: LAWN_SLIDER_DEFAULT_PERCENT,
        unit: unitFor("area", input.ctx.config.isMetric),
      };
    case "servmanChoice": {
      const options = readServmanList(input.state.answers, spec.list);
      // A day's windows always leave a way back to the calendar.
      if (spec.list === "slots") options.push({ value: ANOTHER_DAY, label: say("anotherDayButton") });
      return { kind: "buttons", options };
    }
    case "calendar": {
      // 'Today' is the visitor's day when the order was made (the engine reads no clock).
      const today = input.state.answers.scheduleFrom;
      if (!today || !isWithinCalendar(today, today)) return undefined;
      return { kind: "calendar", label: say(spec.label), ...calendarRange(today) };
    }
    case "call": {
      const href = telHref(input.ctx.config.companyPhone ?? "");
      return href ? { kind: "call", label: say(spec.label), href } : undefined;
    }
  }
}

type Accepted = { ok: true; values: Answers; display: string } | { ok: false; reason: string; message?: string };

function acceptAnswer(step: Step, stepId: StepId, input: ResolvedInput | undefined, answer: Answer): Accepted {
  if (step.task) {
    const outcomes: readonly string[] = TASK_OUTCOMES[step.task];
    if (!outcomes.includes(answer.value)) return { ok: false, reason: `"${answer.value}" is not an outcome of ${step.task}` };
    return { ok: true, values: { ...answer.values }, display: "" };
  }
  if (!input || !step.input) return { ok: false, reason: `step ${stepId} takes no answer` };
  switch (input.kind) {
    case "buttons":
    case "select": {
      const option = input.options.find((o) => o.value === answer.value);
      if (!option) return { ok: false, reason: `"${answer.value}" is not an option of ${stepId}` };
      const values: Answers = step.saveAs ? { [step.saveAs]: option.value } : {};
      if (input.kind === "select" && step.saveAs) values[`${step.saveAs}Description`] = option.label;
      return { ok: true, values, display: option.label };
    }
    case "text": {
      if (step.input.kind !== "text") return { ok: false, reason: "input mismatch" };
      // An empty answer is never accepted; its validator says what the field needs.
      const result = validators[step.input.validate](answer.value);
      if (!result.ok) return { ok: false, reason: `invalid answer at ${stepId}`, message: result.message };
      return step.saveAs ? { ...result, values: { ...result.values, [step.saveAs]: result.display } } : result;
    }
    case "number": {
      const result = validateNumber(answer.value, input);
      if (!result.ok) return { ok: false, reason: `invalid number at ${stepId}`, message: result.message };
      return { ok: true, values: step.saveAs ? { [step.saveAs]: result.display } : {}, display: result.display };
    }
    case "rating": {
      const stars = Number(answer.value);
      const quarters = stars / RATING_STEP;
      if (!Number.isInteger(quarters) || stars < RATING_STEP || stars > RATING_STARS) {
        return { ok: false, reason: `rating ${answer.value} is not a quarter star between ${RATING_STEP} and ${RATING_STARS}` };
      }
      return {
        ok: true,
        values: step.saveAs ? { [step.saveAs]: String(stars) } : {},
        display: `${stars} of ${RATING_STARS} stars`,
      };
    }
    case "programs": {
      const offered = new Set(input.options.map((o) => o.name));
      let names: unknown;
      try {
        names = JSON.parse(answer.value);
      } catch {
        names = null;
      }
      if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === "string" && offered.has(n))) {
        return { ok: false, reason: `programs ${answer.value} are not a choice of the offered ones` };
      }
      const chosen = names as string[];
      return { ok: true, values: { [SELECTED_PROGRAMS]: serializeProgramNames(chosen) }, display: chosen.join(", ") };
    }
    case "measure": {
      if (answer.value === "cancel") return { ok: true, values: { measureCancelled: "true" }, display: "" };
      const size = Number(answer.value);
      if (!Number.isInteger(size) || size < MEASURE_MIN || size > MEASURE_MAX) {
        return { ok: false, reason: `measurement ${answer.value} is outside ${MEASURE_MIN}..${MEASURE_MAX}` };
      }
      const image = answer.values?.measurItImage;
      return {
        ok: true,
        values: {
          lawnSize: String(size),
          measureUnits: unitFor(input.mode, input.metric),
          measureCancelled: "",
          ...(typeof image === "string" && image.startsWith("data:image/") ? { measurItImage: image } : {}),
        },
        display: "",
      };
    }
    case "slider": {
      const lawn = Number(answer.value);
      if (!Number.isInteger(lawn) || lawn < 1 || lawn > input.totalLotSize) {
        return { ok: false, reason: `lawn size ${answer.value} is not within the lot of ${input.totalLotSize}` };
      }
      return {
        ok: true,
        values: { lawnSize: String(lawn), adjustedLotSize: String(lawn) },
        display: `${formatSize(lawn)} ${input.unit}`,
      };
    }
    case "calendar": {
      if (!isWithinCalendar(answer.value, input.min)) {
        return { ok: false, reason: `${answer.value} is not a day between ${input.min} and ${input.max}` };
      }
      return {
        ok: true,
        values: { ...(step.saveAs ? { [step.saveAs]: answer.value } : {}), scheduleDay: weekdayOf(answer.value) },
        display: formatLongDate(answer.value),
      };
    }
    case "call":
      return { ok: false, reason: `${stepId} offers a call button, not a question` };
    case "address": {
      const values: Answers = {};
      for (const field of ADDRESS_FIELDS) {
        const value = answer.values?.[field];
        if (typeof value === "string" && value.trim()) values[field] = value.trim().slice(0, 200);
      }
      if (!values.customerAddress || !values.customerZip) {
        return { ok: false, reason: "address without street or postal code", message: "Please choose an address from the list." };
      }
      return { ok: true, values, display: answer.value.trim().slice(0, 300) };
    }
  }
}

/** The visitor (or the state layer, for a task's outcome) answers the current step. */
export function answerStep(table: StepTable, state: FlowState, answer: Answer, ctx: FlowContext): AnswerResult {
  const step = table[state.stepId];
  if (!step) return { ok: false, reason: `unknown step ${state.stepId}` };
  const accepted = acceptAnswer(step, state.stepId, resolveInput(step, { state, ctx }), answer);
  if (!accepted.ok) return accepted;
  const answered: FlowState = { ...state, answers: { ...state.answers, ...accepted.values } };
  const target = chooseTransition(transitionsOf(step, step.task ? answer.value : undefined), { state: answered, ctx, answer });
  if (!target) return { ok: false, reason: `no transition from ${state.stepId}` };
  return { ok: true, display: accepted.display, ...enterStep(table, answered, target, ctx) };
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
    const step: Step | undefined = table[stepId];
    if (!step) throw new Error(`flow has no step ${stepId}`);
    state = { ...state, stepId, path: [...state.path, stepId] };
    const answeredAlready = step.skipWhenAnswered && !!step.saveAs && !!state.answers[step.saveAs]?.trim();
    const notForUs = step.forProgram !== undefined && !selectedProgramNames(state.answers).includes(step.forProgram);
    if ((step.skipIf && guards[step.skipIf]({ state, ctx })) || answeredAlready || notForUs) {
      stepId = chooseTransition(transitionsOf(step), { state, ctx });
      continue;
    }
    const mctx = messageContext(state, ctx);
    for (const key of step.say ?? []) {
      const text = formatMessage(key, mctx);
      if (text) effects.push({ type: "say", key, text, ...(STALL_MESSAGES.has(key) ? { stall: true } : {}) });
    }
    for (const text of step.sayText ?? []) effects.push({ type: "say", key: "company", text });
    for (const key of step.images ?? []) {
      const image = images[key](mctx);
      if (image) effects.push({ type: "image", ...image });
    }
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
