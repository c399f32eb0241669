// ServMan's chapter arrives in its own file (dist/quote-assistant-servman.js): only a ServMan
// company's widget fetches it, as soon as the configuration says ServMan; the two tasks whose
// answer leads into it wait for it, so the conversation goes on into the chapter without a
// gap; a chapter that cannot be loaded makes their answer their failure (the office). And the
// widget's own graph reaches the chapter only through those two tasks.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import { buildSteps, FIRST_STEP } from "../../../src/flow/flow-graph.ts";
import { checkFlowGraph } from "../../../src/flow/graph-check.ts";
import { allTransitions } from "../../../src/flow/routes.ts";
import type { TaskName } from "../../../src/flow/tasks.ts";
import { configStatusAtom } from "../../../src/state/atoms.ts";
import { createServmanLoader, ENTERS_CHAPTER } from "../../../src/state/servman-loader.ts";
import type { TaskDeps, TaskRunner } from "../../../src/state/tasks.ts";
import type { ServmanChapter } from "../../../src/state/tasks/servman-chapter.ts";
import { servmanChapter } from "../../../src/state/tasks/servman-chapter-parts.ts";
import { captureConsoleErrors } from "../console-capture.ts";
import { makeConfig } from "../fixtures.ts";

const logged = captureConsoleErrors();
const NO_QUESTIONS = { serviceQuestionsSteps: [], preModalQuestions: [], probingQuestions: [], learnMoreSteps: [] };

function storeFor(crmSolution: "servman" | "real-green" | undefined) {
  const store = createStore();
  store.set(configStatusAtom, { status: "ready", config: makeConfig(crmSolution ? { crmSolution } : {}) });
  return store;
}

/** A chapter load the test settles; counts its calls. */
function controlledLoad() {
  const calls: Array<{ resolve: (c: ServmanChapter) => void; reject: (e: Error) => void }> = [];
  const load = () => new Promise<ServmanChapter>((resolve, reject) => void calls.push({ resolve, reject }));
  return { calls, load };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));
const started: TaskRunner = async () => ({ value: "started" }) as never;
const deps = {} as TaskDeps;

describe("ServMan's chapter, its own file", () => {
  test("a company on another CRM never asks for it: not ahead, not at the quote's start, not on a resume", async () => {
    for (const crm of ["real-green", undefined] as const) {
      const { calls, load } = controlledLoad();
      const loader = createServmanLoader(storeFor(crm), started, load);
      loader.ahead();
      await loader.ready();
      assert.deepEqual(await loader.runTask("startQuote", {}, deps), { value: "started" });
      assert.equal(calls.length, 0, String(crm));
      assert.deepEqual(loader.late(), {});
    }
  });

  test("a ServMan company asks for it ahead, once; the quote's start answers only once it has arrived, and its steps join the graph", async () => {
    const { calls, load } = controlledLoad();
    const loader = createServmanLoader(storeFor("servman"), started, load);
    loader.ahead();
    assert.equal(calls.length, 1);
    let answered = false;
    const answer = loader.runTask("startQuote", {}, deps).then((result) => ((answered = true), result));
    await settle();
    assert.equal(answered, false, "the start waits for the chapter");
    calls[0]!.resolve(servmanChapter);
    assert.deepEqual(await answer, { value: "started" });
    assert.equal(loader.late().servman, servmanChapter);
    assert.equal(await loader.chapter(), servmanChapter);
    assert.equal(calls.length, 1, "kept once arrived");
  });

  test("a chapter that cannot be loaded is tried again at the quote's start; failing again, the start answers 'failed' (the office), logged", async () => {
    const { calls, load } = controlledLoad();
    const loader = createServmanLoader(storeFor("servman"), started, load);
    loader.ahead();
    calls[0]!.reject(new Error("offline"));
    await settle();
    const answer = loader.runTask("startQuote", {}, deps);
    await settle();
    assert.equal(calls.length, 2, "tried again");
    calls[1]!.reject(new Error("offline"));
    assert.deepEqual(await answer, { value: "failed" });
    assert.equal(logged.lines.filter((line) => line.includes("ServMan's chapter could not be loaded")).length, 2);
    assert.deepEqual(loader.late(), {});
  });

  test("the second try can bring it: the start then answers as the call did", async () => {
    const { calls, load } = controlledLoad();
    const loader = createServmanLoader(storeFor("servman"), started, load);
    loader.ahead();
    calls[0]!.reject(new Error("offline"));
    await settle();
    const again = loader.runTask("startQuote", {}, deps);
    await settle();
    assert.equal(calls.length, 2);
    calls[1]!.resolve(servmanChapter);
    assert.deepEqual(await again, { value: "started" });
    assert.equal(loader.late().servman, servmanChapter);
  });

  test("a task that cannot lead into the chapter does not wait for it", async () => {
    const { calls, load } = controlledLoad();
    const loader = createServmanLoader(storeFor("servman"), async () => ({ value: "done" }) as never, load);
    assert.deepEqual(await loader.runTask("loadPrograms", {}, deps), { value: "done" });
    assert.equal(calls.length, 0);
  });
});

describe("the widget's own graph, without ServMan's chapter", () => {
  const widget = buildSteps(NO_QUESTIONS);
  const chapter = servmanChapter.steps;

  test("holds no ServMan step, and its only missing targets are the chapter's", () => {
    assert.deepEqual(Object.keys(chapter).filter((id) => id in widget), []);
    const missing = checkFlowGraph(widget, FIRST_STEP).flatMap((problem) => /goes to missing step (\S+)/.exec(problem)?.[1] ?? []);
    assert.ok(missing.length > 0);
    assert.deepEqual(missing.filter((id) => !(id in chapter)), []);
  });

  test("enters the chapter only from the answer of a task that waits for it (or a plain step only such an answer reaches)", () => {
    const entersFromTask = (id: string) => widget[id]?.task !== undefined && ENTERS_CHAPTER.has(widget[id]!.task as TaskName);
    for (const [id, step] of Object.entries(widget)) {
      if (!allTransitions(step).some((t) => t.to in chapter)) continue;
      if (step.task !== undefined) {
        assert.ok(ENTERS_CHAPTER.has(step.task), `${id}'s task ${step.task} must wait for the chapter`);
        continue;
      }
      assert.equal(step.input, undefined, `${id} takes no answer`);
      const from = Object.entries(widget).filter(([, s]) => allTransitions(s).some((t) => t.to === id)).map(([other]) => other);
      assert.ok(from.length > 0 && from.every(entersFromTask), `${id} is reached only from ${[...ENTERS_CHAPTER].join(", ")}: ${from.join(", ")}`);
    }
  });

  test("whole again with the chapter", () => {
    assert.deepEqual(checkFlowGraph(buildSteps(NO_QUESTIONS, { servman: servmanChapter }), FIRST_STEP), []);
  });
});
