import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { checkFlowGraph } from "../../../src/flow/graph-check.ts";
import { conversation as messages } from "../../../src/i18n/en/conversation.ts";
import { buildSteps, FIRST_STEP, LATE, steps } from "./whole-graph.ts";
import { chapterOf } from "../../../src/flow/flow-graph.ts";
import { TASK_OUTCOMES } from "../../../src/flow/tasks.ts";
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

  test("every task step routes exactly the outcomes its task declares", () => {
    const taskSteps = Object.entries(steps).filter(([, step]) => step.task !== undefined);
    assert.ok(taskSteps.length >= 18, "the chapters' task steps are all checked");
    for (const [id, step] of taskSteps) {
      assert.deepEqual(Object.keys(step.on ?? {}).sort(), [...TASK_OUTCOMES[step.task!]].sort(), id);
    }
  });

  test("every message of the table is said or shown by some step", () => {
    const used = new Set<string>();
    for (const step of Object.values(buildSteps(questioning))) {
      for (const key of step.say ?? []) used.add(key);
      // A picture's description is the message of its image.
      if (step.images?.includes("aerialImage")) used.add("aerialAlt");
      if (step.images?.includes("streetImage")) used.add("streetAlt");
      if (step.images?.includes("aboutUsVideo")) used.add("videoAlt");
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
    [
      "a task outcome with no route",
      // lookupCustomer declares found, not-found and failed: 'failed' is left unrouted here.
      { a: { task: "lookupCustomer", on: { found: "b", "not-found": "b" } as never }, b: { next: [] } },
      /a does not route outcome failed of lookupCustomer/,
    ],
    [
      "a route for an outcome the task never answers",
      { a: { task: "loadPrograms", on: { done: "b", failed: "b" } as never }, b: { next: [] } },
      /a routes failed, which loadPrograms never answers/,
    ],
    [
      "an outcome routed to a missing step",
      { a: { task: "startQuote", on: { started: "b", failed: "nowhere", queued: "b" } }, b: { next: [] } },
      /a goes to missing step nowhere/,
    ],
    [
      "an outcome's guarded route without a default",
      { a: { task: "loadPrograms", on: { done: [{ if: "noProgramsOffered", to: "b" }] } }, b: { next: [] } },
      /a has no default transition last for outcome done/,
    ],
    [
      "a task that does not exist",
      { a: { task: "noSuchTask", on: { done: "b" } } as never, b: { next: [] } },
      /a runs missing task noSuchTask/,
    ],
  ];
  for (const [name, table, expected] of broken) {
    test(`the check reports ${name}`, () => {
      const problems = checkFlowGraph(table, "a");
      assert.ok(problems.some((p) => expected.test(p)), `expected ${expected} in ${JSON.stringify(problems)}`);
    });
  }
});

describe("chapterOf (the host page's step events name each step's chapter)", () => {
  const table: Array<[string, string, "none" | "servman"]> = [
    ["welcome", "welcome", "none"],
    ["askQuoteNow", "quote", "none"],
    // The company's own questions: in no chapter, with or without ServMan's.
    ["preModal-0", "configured", "none"],
    ["preModal-0", "configured", "servman"],
    ["askEmergency", "servman", "servman"],
  ];
  for (const [stepId, chapter, late] of table) {
    test(`${stepId} (${late === "none" ? "no late chapter" : "ServMan's arrived"}) → ${chapter}`, () => {
      assert.equal(chapterOf(stepId, late === "none" ? {} : LATE), chapter);
    });
  }
});
