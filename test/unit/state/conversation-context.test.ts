// What the flow reads from the store (src/state/conversation-context.ts): nothing before the
// configuration, the graph built once for it, and rebuilt only when a late chapter arrives.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import type { LateChapters } from "../../../src/flow/flow-graph.ts";
import type { LateChapter, StepTable } from "../../../src/flow/types.ts";
import { configStatusAtom, customerAtom, queryFlagsAtom } from "../../../src/state/atoms.ts";
import { createConversationContext } from "../../../src/state/conversation-context.ts";
import { makeConfig } from "../fixtures.ts";

function readyStore() {
  const store = createStore();
  store.set(configStatusAtom, { status: "ready", config: makeConfig() });
  return store;
}

/** A chapter of one step, standing in for ServMan's. */
// Only its steps matter to the graph; its guards, inputs and words are the engine's to read.
const lateChapter = { steps: { lateStep: { say: [], next: [] } } } as unknown as LateChapter;

describe("the flow's context and graph", () => {
  test("before the configuration: no context, and the graph refuses to be read", () => {
    const { context, graph } = createConversationContext(createStore(), {});
    assert.equal(context(), null);
    assert.throws(() => graph(), /before the configuration loaded/);
  });

  test("the configuration, the customer and the page's source are what the steps see; no source, no key", () => {
    const store = readyStore();
    store.set(customerAtom, { phonenumber: "6145550100" });
    const { context } = createConversationContext(store, {});
    const ctx = context()!;
    assert.equal(ctx.config.companyName, "Test Lawn Co");
    assert.deepEqual(ctx.customer, { phonenumber: "6145550100" });
    assert.equal("source" in ctx, false);
    store.set(queryFlagsAtom, { source: "newsletter" } as never);
    assert.equal(context()!.source, "newsletter");
  });

  test("the graph is built once for the configuration, and again only when a late chapter arrives", () => {
    const store = readyStore();
    let late: LateChapters = {};
    const { context, graph } = createConversationContext(store, { late: () => late });
    context();
    const first = graph();
    assert.equal(first.lateStep, undefined);
    context();
    assert.equal(graph(), first, "the same chapter: the same graph");
    late = { servman: lateChapter };
    assert.equal(graph(), first, "the graph changes only when the context is read");
    context();
    const withChapter = graph();
    assert.notEqual(withChapter, first);
    assert.ok(withChapter.lateStep, "the late chapter's steps join the graph");
    assert.ok(withChapter[Object.keys(first)[0]!], "the chapters before it stay");
    context();
    assert.equal(graph(), withChapter, "built with that chapter: not built again");
  });

  test("a graph given (tests of small flows) is the graph, whatever arrives late", () => {
    const table: StepTable = { only: { say: [], next: [] } };
    const { context, graph } = createConversationContext(readyStore(), { table, late: () => ({ servman: lateChapter }) });
    assert.equal(graph(), table, "readable before any context");
    context();
    assert.equal(graph(), table);
  });
});
