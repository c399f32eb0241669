import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { answerStep, startFlow } from "../../../src/flow/engine.ts";
import { FIRST_STEP, steps } from "../../../src/flow/flow-graph.ts";
import type { Effect, FlowContext } from "../../../src/flow/types.ts";
import { makeConfig } from "../fixtures.ts";

const lawnCo: FlowContext = { config: makeConfig(), customer: {} };
const servmanCo: FlowContext = {
  config: makeConfig({ crmSolution: "servman", gettingStartedText: "Book a Technician" }),
  customer: {},
};

const said = (effects: Effect[]) => effects.flatMap((e) => (e.type === "say" ? [e.text] : []));
const asked = (effects: Effect[]) => effects.find((e) => e.type === "ask");

describe("welcome and start buttons", () => {
  test("a company without a greeting gets the default welcome, then the two start buttons", () => {
    const { state, effects } = startFlow(steps, FIRST_STEP, lawnCo);
    assert.match(said(effects)[0]!, /measure your property, analyse your service area, tailor a custom program for you and deliver an instant quote/);
    assert.equal(state.stepId, "startButtons");
    const ask = asked(effects);
    assert.ok(ask?.type === "ask");
    assert.deepEqual(ask.input.options.map((o) => o.label), ["Let's Get Started", "Learn More"]);
  });

  test("a company greeting replaces the default welcome", () => {
    const ctx = { ...lawnCo, config: makeConfig({ greeting: "Howdy from Test Lawn Co!" }) };
    const { effects } = startFlow(steps, FIRST_STEP, ctx);
    assert.equal(said(effects)[0], "Howdy from Test Lawn Co!");
  });

  const servmanButtons: Array<[string, FlowContext, string]> = [
    ["with custom text", servmanCo, "Book a Technician"],
    ["without custom text", { ...servmanCo, config: makeConfig({ crmSolution: "servman" }) }, "Let's Get Started"],
  ];
  for (const [name, ctx, label] of servmanButtons) {
    test(`a servman company ${name} shows only a start button labelled '${label}'`, () => {
      const ask = asked(startFlow(steps, FIRST_STEP, ctx).effects);
      assert.ok(ask?.type === "ask");
      assert.deepEqual(ask.input.options.map((o) => o.label), [label]);
    });
  }

  const choices: Array<[string, string]> = [
    ["Let's Get Started", "contactStart"],
    ["Learn More", "learnMore"],
  ];
  for (const [choice, nextStep] of choices) {
    test(`choosing '${choice}' is saved as Greeting.Selection and goes to ${nextStep}`, () => {
      const started = startFlow(steps, FIRST_STEP, lawnCo);
      const result = answerStep(steps, started.state, { value: choice }, lawnCo);
      assert.ok(result.ok);
      assert.equal(result.state.answers["Greeting.Selection"], choice);
      assert.equal(result.state.path.includes(nextStep), true);
    });
  }

  test("an answer that is not offered is refused and changes nothing", () => {
    const started = startFlow(steps, FIRST_STEP, servmanCo);
    const result = answerStep(steps, started.state, { value: "Learn More" }, servmanCo);
    assert.equal(result.ok, false);
  });
});

describe("any walk through the conversation", () => {
  test("ends, or waits for an offered answer, whatever the company and the visitor choose", () => {
    const configArb = fc.record({
      crmSolution: fc.constantFrom(undefined, "real-green", "servman"),
      greeting: fc.option(fc.string({ maxLength: 40 }), { nil: undefined }),
      gettingStartedText: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
      companyPhone: fc.option(fc.constant("5551234567"), { nil: undefined }),
    });
    fc.assert(
      fc.property(configArb, fc.array(fc.nat(), { maxLength: 20 }), (overrides, picks) => {
        const ctx: FlowContext = { config: makeConfig(overrides as never), customer: {} };
        let { state, effects } = startFlow(steps, FIRST_STEP, ctx);
        for (const pick of picks) {
          const last = effects.at(-1);
          if (last?.type === "end") return true;
          assert.equal(last?.type, "ask");
          if (last?.type !== "ask") return false;
          assert.ok(last.input.options.length > 0, "an input offers at least one answer");
          const option = last.input.options[pick % last.input.options.length]!;
          const result = answerStep(steps, state, { value: option.value }, ctx);
          assert.ok(result.ok);
          if (!result.ok) return false;
          ({ state, effects } = result);
        }
        return true;
      }),
    );
  });
});
