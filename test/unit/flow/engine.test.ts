import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { answerStep, startFlow } from "../../../src/flow/engine.ts";
import { buildSteps, FIRST_STEP, steps, withChapter } from "./whole-graph.ts";
import { TASK_OUTCOMES } from "../../../src/flow/tasks.ts";
import type { Effect, FlowContext, ResolvedInput } from "../../../src/flow/types.ts";
import { makeConfig, SAMPLE_PROGRAMS } from "../fixtures.ts";

const lawnCo: FlowContext = { config: makeConfig(), customer: {}, programs: SAMPLE_PROGRAMS };
const servmanCo: FlowContext = {
  config: makeConfig({ crmSolution: "servman", gettingStartedText: "Book a Technician" }),
  customer: {}, programs: SAMPLE_PROGRAMS
};

const said = (effects: Effect[]) => effects.flatMap((e) => (e.type === "say" ? [e.text] : []));
function buttonsOf(effects: Effect[]): string[] {
  const ask = effects.find((e) => e.type === "ask");
  assert.ok(ask?.type === "ask" && ask.input.kind === "buttons", "buttons are offered");
  return ask.input.options.map((o) => o.label);
}

describe("welcome and start buttons", () => {
  test("a company without a greeting gets the default welcome, then the two start buttons", () => {
    const { state, effects } = startFlow(steps, FIRST_STEP, lawnCo);
    assert.match(said(effects)[0]!, /measure your property, analyse your service area, tailor a custom program for you and deliver an instant quote/);
    assert.equal(state.stepId, "startButtons");
    assert.deepEqual(buttonsOf(effects), ["Let's Get Started", "Learn More"]);
  });

  test("a company greeting replaces the default welcome", () => {
    const ctx = { ...lawnCo, config: makeConfig({ greeting: "Howdy from Test Lawn Co!" }) };
    assert.equal(said(startFlow(steps, FIRST_STEP, ctx).effects)[0], "Howdy from Test Lawn Co!");
  });

  const servmanButtons: Array<[string, FlowContext, string]> = [
    ["with custom text", servmanCo, "Book a Technician"],
    ["without custom text", { ...servmanCo, config: makeConfig({ crmSolution: "servman" }) }, "Let's Get Started"],
  ];
  for (const [name, ctx, label] of servmanButtons) {
    test(`a servman company ${name} shows only a start button labelled '${label}'`, () => {
      assert.deepEqual(buttonsOf(startFlow(steps, FIRST_STEP, ctx).effects), [label]);
    });
  }

  const choices: Array<[string, string]> = [
    ["Let's Get Started", "askName"],
    ["Learn More", "learnMoreStart"],
  ];
  for (const [choice, nextStep] of choices) {
    test(`choosing '${choice}' is saved as Greeting.Selection and goes to ${nextStep}`, () => {
      const started = startFlow(steps, FIRST_STEP, lawnCo);
      const result = answerStep(steps, started.state, { value: choice }, lawnCo);
      assert.ok(result.ok);
      assert.equal(result.state.answers["Greeting.Selection"], choice);
      assert.equal(result.state.stepId, nextStep);
    });
  }

  test("an answer that is not offered is refused and changes nothing", () => {
    const started = startFlow(steps, FIRST_STEP, servmanCo);
    const result = answerStep(steps, started.state, { value: "Learn More" }, servmanCo);
    assert.equal(result.ok, false);
  });
});

/** A plausible answer for any input, valid or not, drawn from `pick`. */
function answerFor(input: ResolvedInput, pick: number): { value: string; values?: Record<string, string> } {
  switch (input.kind) {
    case "buttons":
    case "select":
      return { value: input.options[pick % input.options.length]?.value ?? "" };
    case "text":
      return { value: ["Jane Doe", "6145550100", "jane@example.com", "4B", "x", "", "A".repeat(400)][pick % 7]! };
    case "measure":
      return { value: ["cancel", "8200", "0", "999999", "250"][pick % 5]! };
    case "slider":
      return { value: String(Math.max(1, Math.round((input.totalLotSize * (pick % 101)) / 100))) };
    case "programs": {
      const names = input.options.map((o) => o.name);
      const some = names.filter((_, i) => (pick >> i) % 2 === 1);
      return { value: pick % 7 === 0 ? "[]" : JSON.stringify(some.length ? some : names.slice(0, 1)) };
    }
    case "rating":
      return { value: ["3", "5", "4.25", "0", "2.3", "6"][pick % 6]! };
    case "number":
      return { value: ["12", "1.5", "abc", "-3", "99999", ""][pick % 6]! };
    case "address":
      return pick % 4 === 0
        ? { value: "nowhere" }
        : { value: "1 Main St", values: { customerAddress: "1 Main St", customerZip: ["43017", "45202", "SW4 7AA"][pick % 3]! } };
    case "calendar":
      return { value: [input.min, input.max, "2000-01-01", "not a day"][pick % 4]! };
    case "call":
      return { value: "call" };
  }
}

describe("any walk through the conversation", () => {
  test("ends, or waits for an answer it offers, whatever the company, the visitor and the calls do", () => {
    const configArb = fc.record({
      crmSolution: fc.constantFrom(undefined, "real-green", "servman"),
      greeting: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
      areMarketingQuestionsActivated: fc.boolean(),
      marketingSources: fc.constantFrom([], [{ code: "referral", description: "A friend" }, { code: "other", description: "Other" }]),
      zipCodes: fc.constantFrom([null], ["43017"], ["SW4"]),
      crmPortalUrl: fc.option(fc.constant("https://portal.example.com"), { nil: undefined }),
      sqftEstimateSource: fc.constantFrom("measur-it", "zillow", "home", "other"),
      measuringToolUrl: fc.constant("https://measure.example.com/"),
      preModalQuestions: fc.constantFrom([], [{ id: "lawnGoal", question: "Goal?", options: ["Green", "Weeds"] }]),
      serviceQuestionsSteps: fc.constantFrom([], [
        { id: "dogs", question: "How many dogs?", input: { kind: "number", subtype: "whole", min: 0, max: 9 }, program: "Mowing" },
      ]),
      probingQuestions: fc.constantFrom([], [{ id: "gate", question: "Gate code?", input: { kind: "text", maxLength: 20 } }]),
    });
    const programsArb = fc.subarray(SAMPLE_PROGRAMS);
    const customerArb = fc.record({
      phonenumber: fc.option(fc.constantFrom("6145550100", "555", "(614) 555-0100"), { nil: undefined }),
      customerName: fc.option(fc.constantFrom("jane doe", "Cher"), { nil: undefined }),
    });
    fc.assert(
      fc.property(configArb, customerArb, programsArb, fc.array(fc.nat(), { maxLength: 60 }), (overrides, customer, programs, picks) => {
        // ServMan's chapter arrives with a ServMan company's configuration, before any of its steps.
        const ctx: FlowContext = withChapter({ config: makeConfig(overrides as never), customer: customer as never, programs });
        const steps = buildSteps(ctx.config);
        let { state, effects } = startFlow(steps, FIRST_STEP, ctx);
        for (const pick of picks) {
          const last = effects.at(-1);
          if (last?.type === "end") return true;
          assert.ok(last?.type === "ask" || last?.type === "task", `a step waits for something (${last?.type})`);
          if (last.type === "ask" && (last.input.kind === "buttons" || last.input.kind === "select")) {
            assert.ok(last.input.options.length > 0, `${last.stepId} offers at least one answer`);
          }
          const answer =
            last.type === "task"
              ? { value: TASK_OUTCOMES[last.task][pick % TASK_OUTCOMES[last.task].length]! }
              : answerFor(last.input, pick);
          const result = answerStep(steps, state, answer, ctx);
          if (!result.ok) {
            assert.equal(last.type, "ask", "a task's outcome is never refused");
            continue;
          }
          ({ state, effects } = result);
        }
        return true;
      }),
      { numRuns: 300 },
    );
  });
});
