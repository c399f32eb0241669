import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkFlowGraph } from "../../../src/flow/graph-check.ts";
import { messages } from "../../../src/flow/messages.ts";
import { buildSteps, FIRST_STEP, steps } from "../../../src/flow/flow-graph.ts";
import { makeConfig } from "../fixtures.ts";

/** A company with a question of every configurable kind. */
const questioning = makeConfig({
  serviceQuestionsSteps: [{ id: "dogs", question: "How many dogs?", input: { kind: "number", subtype: "whole", min: 0 }, program: "Mowing" }],
  preModalQuestions: [{ id: "lawnGoal", question: "Your goal?", options: ["Greener", "Fewer weeds"] }],
  probingQuestions: [{ id: "gateCode", question: "Gate code?", input: { kind: "text", maxLength: 20 } }],
  learnMoreSteps: [{ id: "about", question: "We have served Dublin since 1998." }],
});
import type { StepTable } from "../../../src/flow/types.ts";

describe("the conversation graph", () => {
  test("every target exists, every step is reachable and every path can end", () => {
    assert.deepEqual(checkFlowGraph(steps, FIRST_STEP), []);
  });

  test("a company's own questions join the graph and keep it whole", () => {
    const table = buildSteps(questioning);
    assert.deepEqual(checkFlowGraph(table, FIRST_STEP), []);
    assert.ok(table["serviceQuestion.1"] && table["preModalQuestion.1"] && table["probingQuestion.1"] && table["learnMoreStep.1"]);
  });

  test("every message of the table is said or shown by some step", () => {
    const used = new Set<string>();
    for (const step of Object.values(buildSteps(questioning))) {
      for (const key of step.say ?? []) used.add(key);
      const input = step.input;
      if (input?.kind === "buttons") for (const o of input.options) if (o.label) used.add(o.label);
      if (input && input.kind !== "number" && "label" in input) used.add(input.label);
      if (input?.kind === "select") used.add(input.prompt);
    }
    assert.deepEqual(Object.keys(messages).filter((key) => !used.has(key)), []);
  });

  const broken: Array<[string, StepTable, RegExp]> = [
    ["a missing target", { a: { next: [{ to: "nowhere" }] } }, /a goes to missing step nowhere/],
    ["an unreachable step", { a: { next: [] }, orphan: { next: [] } }, /orphan is unreachable/],
    ["a loop with no way out", { a: { next: [{ to: "b" }] }, b: { next: [{ to: "a" }] } }, /a can never reach an end/],
    [
      "a guarded transition last",
      { a: { next: [{ if: "isServman", to: "b" }] }, b: { next: [] } },
      /a has no default transition last/,
    ],
    ["a missing message", { a: { say: ["noSuchMessage" as never], next: [] } }, /a says missing message noSuchMessage/],
    [
      "a missing guard",
      { a: { next: [{ if: "noSuchGuard" as never, to: "b" }, { to: "b" }] }, b: { next: [] } },
      /a names missing guard noSuchGuard/,
    ],
    [
      "buttons that may all be hidden",
      {
        a: {
          input: { kind: "buttons", options: [{ value: "x", label: "learnMoreButton", if: "offersLearnMore" }] },
          next: [{ to: "b" }],
        },
        b: { next: [] },
      },
      /a may show no button at all/,
    ],
  ];
  for (const [name, table, expected] of broken) {
    test(`the check reports ${name}`, () => {
      const problems = checkFlowGraph(table, "a");
      assert.ok(problems.some((p) => expected.test(p)), `expected ${expected} in ${JSON.stringify(problems)}`);
    });
  }
});
