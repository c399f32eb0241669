// SPEC §4 'Probing questions': every option of every probing question, as the visitor reads it
// and in the spec's order, and each one accepted by the flow (issue 27: 'Not sure', 'Shade' and
// 'St augistine' had never been answered by a test).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { answerStep, resolveInput } from "../../../src/flow/engine.ts";
import { buildSteps } from "./whole-graph.ts";
import type { FlowContext } from "../../../src/flow/types.ts";
import { makeConfig, SAMPLE_PROGRAMS } from "../fixtures.ts";

const ctx: FlowContext = { config: makeConfig({ zipCodes: ["43017"] }), customer: {}, programs: SAMPLE_PROGRAMS };
const WHO = ["I do it myself", "I use another company", "I just moved in"];

// [step, the question's options in SPEC §4's words and order]
const QUESTIONS: Array<[string, string[]]> = [
  ["askLastMowed", ["2 weeks ago", "4 weeks ago", "1 month ago +", "Not sure"]],
  ["mowingWho", WHO],
  ["whatMissing", ["Customer Service", "Better Quality", "Better Pricing"]],
  ["fertilizerWho", WHO],
  ["lawnThickness", ["Thick", "Patchy", "Thin"]],
  ["lawnBiggestProblem", ["Broadleaf weeds", "Stubborn Weeds", "Grubs", "Crabgrass", "Disease", "Shade"]],
  ["lawnType", ["Bermuda Grass", "Zoysiagrass", "Tall fescue", "St augistine", "I don't know"]],
];

describe("the probing questions' options (SPEC §4)", () => {
  const steps = buildSteps(ctx.config);
  for (const [stepId, expected] of QUESTIONS) {
    test(`${stepId}: ${expected.join(", ")}; each one answers it`, () => {
      const step = steps[stepId];
      assert.ok(step, `the flow has ${stepId}`);
      const state = { stepId, answers: { quoteId: "q1" }, path: [stepId] };
      const input = resolveInput(step, { state, ctx });
      assert.equal(input?.kind, "buttons");
      const options = input.kind === "buttons" ? input.options : [];
      assert.deepEqual(options.map((o) => o.label), expected);
      for (const option of options) {
        const result = answerStep(steps, state, { value: option.value }, ctx);
        assert.ok(result.ok, `'${option.label}' is accepted at ${stepId}`);
        assert.equal(result.display, option.label, "the visitor's bubble says what was clicked");
        assert.notEqual(result.state.stepId, stepId, `'${option.label}' moves the conversation on`);
        assert.equal(result.state.answers[step.saveAs as keyof typeof result.state.answers], option.value, "the answer is kept");
      }
    });
  }
});
