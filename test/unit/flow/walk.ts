// Walks the real flow graph as the state layer would: answers inputs from a script, answers
// tasks with scripted outcomes, and records what the visitor saw.
import { answerStep, startFlow } from "../../../src/flow/engine.ts";
import { buildSteps, FIRST_STEP, withChapter } from "./whole-graph.ts";
import { prefillAnswers } from "../../../src/flow/prefill.ts";
import type { Answer, Effect, FlowContext, FlowState } from "../../../src/flow/types.ts";

export interface WalkScript {
  /** Answers by step id; a list answers the same step again after a refusal. */
  inputs?: Record<string, Answer | Answer[]>;
  tasks?: Record<string, Answer>;
}

export interface WalkResult {
  state: FlowState;
  said: string[];
  images: string[];
  refusals: string[];
  shown: string[];
  last: Effect | undefined;
}

/** Unless a script says otherwise: the programs load, and the visitor picks fertilizer. */
export const DEFAULT_TASKS: Record<string, Answer> = { loadPrograms: { value: "done" } };
export const DEFAULT_INPUTS: Record<string, Answer> = {
  pickPrograms: { value: JSON.stringify(["Fertilizer & Weed Control"]) },
};

export function walk(givenCtx: FlowContext, given: WalkScript, maxSteps = 80): WalkResult {
  const ctx = withChapter(givenCtx);
  const steps = buildSteps(ctx.config);
  const script: WalkScript = {
    inputs: { ...DEFAULT_INPUTS, ...given.inputs },
    tasks: { ...DEFAULT_TASKS, ...given.tasks },
  };
  let { state, effects } = startFlow(steps, FIRST_STEP, ctx, prefillAnswers(ctx.customer));
  const said: string[] = [];
  const images: string[] = [];
  const refusals: string[] = [];
  /** The visitor's bubbles: what each accepted answer displays. */
  const shown: string[] = [];
  const seen = new Map<string, number>();
  for (let i = 0; i < maxSteps; i++) {
    for (const e of effects) {
      if (e.type === "say") said.push(e.text);
      if (e.type === "image") images.push(e.alt);
    }
    const last = effects.at(-1);
    let answer: Answer | undefined;
    if (last?.type === "task") answer = script.tasks?.[last.task];
    if (last?.type === "ask") {
      const scripted = script.inputs?.[last.stepId];
      const n = seen.get(last.stepId) ?? 0;
      seen.set(last.stepId, n + 1);
      // A list answers the step that many times, then the walk stops there.
      answer = Array.isArray(scripted) ? scripted[n] : scripted;
    }
    if (!answer) return { state, said, images, refusals, shown, last };
    const result = answerStep(steps, state, answer, ctx);
    if (!result.ok) {
      refusals.push(result.message ?? result.reason);
      // A refused answer with nothing else scripted leaves the question open.
      const scripted = last?.type === "ask" ? script.inputs?.[last.stepId] : undefined;
      if (!Array.isArray(scripted) || (seen.get(last!.type === "ask" ? last!.stepId : "") ?? 0) >= scripted.length) {
        return { state, said, images, refusals, shown, last };
      }
      effects = [last!];
      continue;
    }
    if (result.display) shown.push(result.display);
    ({ state, effects } = result);
  }
  throw new Error("walk did not settle");
}

export const start: Answer = { value: "Let's Get Started" };

export const dublinAddress: Answer = {
  value: "5520 Brand Road, Dublin, OH 43017, USA",
  values: {
    customerAddress: "5520 Brand Road",
    customerCity: "Dublin",
    customerState: "OH",
    customerZip: "43017",
    customerCountryCode: "US",
  },
};
