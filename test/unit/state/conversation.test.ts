import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import { createSavedConversation, type SavedConversation, type SavedData } from "../../../src/state/saved-conversation.ts";
import { memoryStore } from "../../../src/storage/safe-storage.ts";
import {
  configStatusAtom,
  endedAtom,
  customerAtom,
  inputErrorAtom,
  flowStateAtom,
  pendingInputAtom,
  transcriptAtom,
  typingAtom,
} from "../../../src/state/atoms.ts";
import { instantClock, type Clock } from "../../../src/state/clock.ts";
import { createConversation } from "../../../src/state/conversation.ts";
import { makeConfig } from "../fixtures.ts";

function buttonLabels(store: ReturnType<typeof createStore>): string[] {
  const input = store.get(pendingInputAtom)?.input;
  return input?.kind === "buttons" ? input.options.map((o) => o.label) : [];
}

function setup(overrides = {}, clock: Clock = instantClock) {
  const store = createStore();
  store.set(configStatusAtom, { status: "ready", config: makeConfig(overrides) });
  return { store, conversation: createConversation(store, { clock }) };
}

describe("the conversation runner", () => {
  test("the greeting waits the bot delay, its second message a reading gap, behind the typing indicator; then the buttons appear", async () => {
    const { store, conversation } = setup({ botSpeed: 1200 });
    const sleeps: Array<{ ms: number; typing: boolean; pending: boolean }> = [];
    const clock: Clock = {
      ...instantClock,
      sleep: async (ms) => {
        sleeps.push({ ms, typing: store.get(typingAtom), pending: store.get(pendingInputAtom) !== null });
      },
    };
    const timed = createConversation(store, { clock });
    timed.start();
    await timed.settled();
    assert.deepEqual(sleeps, [
      { ms: 1200, typing: true, pending: false },
      // "Ready when you are." is 19 characters: 19 × 15 ms.
      { ms: 285, typing: true, pending: false },
      // No phone known: the buttons wait for SPEC §4's 4 s from the start (this clock stands still).
      { ms: 4000, typing: false, pending: false },
    ]);
    assert.equal(store.get(typingAtom), false);
    assert.deepEqual(buttonLabels(store), ["Let's Get Started", "Learn More"]);
    void conversation;
  });

  test("the visitor's choice joins the transcript and the next step's messages follow", async () => {
    const { store, conversation } = setup();
    conversation.start();
    await conversation.settled();
    conversation.answer("Learn More");
    assert.equal(store.get(pendingInputAtom), null, "buttons go away at once, so a double click answers once");
    conversation.answer("Learn More");
    await conversation.settled();
    const transcript = store.get(transcriptAtom);
    assert.deepEqual(
      transcript.map((e) => e.from),
      ["bot", "bot", "visitor", "bot", "bot"],
    );
    assert.equal(transcript[2]!.text, "Learn More");
    assert.equal(store.get(flowStateAtom)?.answers["Greeting.Selection"], "Learn More");
    assert.deepEqual(buttonLabels(store), ["Let's Get Started"]);
  });

  test("start over while the bot is still typing: the old reply is dropped, the new conversation begins at the greeting", async () => {
    const store = createStore();
    store.set(configStatusAtom, { status: "ready", config: makeConfig({ botSpeed: 1000 }) });
    // A clock whose sleeps the test releases by hand.
    const pending: Array<() => void> = [];
    const clock: Clock = { ...instantClock, sleep: () => new Promise<void>((resolve) => pending.push(resolve)) };
    const conversation = createConversation(store, { clock });
    conversation.start();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(store.get(typingAtom), true, "the greeting is being typed");
    conversation.restart();
    // The old conversation's delay ends now: its message must not appear.
    for (const release of pending.splice(0)) release();
    await new Promise((resolve) => setImmediate(resolve));
    for (let round = 0; round < 5; round++) {
      for (const release of pending.splice(0)) release();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await conversation.settled();
    assert.deepEqual(
      store.get(transcriptAtom).map((entry) => [entry.id, entry.from]),
      [
        [1, "bot"],
        [2, "bot"],
      ],
      "one greeting, numbered from 1",
    );
    assert.deepEqual(buttonLabels(store), ["Let's Get Started", "Learn More"]);
  });

  test("start over after answers: the answers and the saved conversation are gone", async () => {
    const storage = memoryStore();
    const store = createStore();
    store.set(configStatusAtom, { status: "ready", config: makeConfig() });
    const saved = createSavedConversation(storage, "co", "bot");
    let cleared = 0;
    const conversation = createConversation(store, { clock: instantClock, saved: { ...saved, clear: () => void (cleared++, saved.clear()) } });
    conversation.start();
    await conversation.settled();
    conversation.answer("Learn More");
    await conversation.settled();
    assert.equal(saved.load(), null, "before a quote exists nothing is saved on the device");
    conversation.restart();
    await conversation.settled();
    assert.equal(cleared, 1);
    assert.equal(store.get(flowStateAtom)?.answers["Greeting.Selection"], undefined);
    assert.deepEqual(store.get(transcriptAtom).map((entry) => entry.from), ["bot", "bot"]);
  });

  test("an answer that is not offered changes nothing", async () => {
    const { store, conversation } = setup();
    conversation.start();
    await conversation.settled();
    const before = store.get(transcriptAtom);
    conversation.answer("Something else");
    await conversation.settled();
    assert.equal(store.get(transcriptAtom), before);
    assert.notEqual(store.get(pendingInputAtom), null);
  });

  test("starting twice does not repeat the greeting", async () => {
    const { store, conversation } = setup();
    conversation.start();
    conversation.start();
    await conversation.settled();
    assert.equal(store.get(transcriptAtom).filter((e) => e.from === "bot").length, 2);
  });

  test("a refused typed answer shows the spec's message and keeps the question open", async () => {
    const { store, conversation } = setup();
    conversation.start();
    await conversation.settled();
    conversation.answer("Let's Get Started");
    await conversation.settled();
    assert.equal(store.get(pendingInputAtom)?.stepId, "askName");
    assert.equal(conversation.answer("Cher"), false);
    assert.equal(store.get(inputErrorAtom), "Please enter your first and last name.");
    assert.equal(store.get(pendingInputAtom)?.stepId, "askName");
    assert.equal(conversation.answer("cher bono"), true);
    assert.equal(store.get(inputErrorAtom), null);
    await conversation.settled();
    assert.equal(store.get(transcriptAtom).filter((e) => e.from === "visitor").at(-1)?.text, "Cher Bono");
  });

  test("a task's outcome answers its step, with the typing indicator shown while it runs", async () => {
    const store = createStore();
    store.set(configStatusAtom, { status: "ready", config: makeConfig({ companyPhone: "5551234567" }) });
    store.set(customerAtom, { phonenumber: "6145550100" });
    const typingDuringTask: boolean[] = [];
    const conversation = createConversation(store, {
      clock: instantClock,
      runTask: async (task) => {
        typingDuringTask.push(store.get(typingAtom));
        assert.equal(task, "lookupCustomer");
        return { value: "not-found" };
      },
      taskDeps: () => ({}) as never,
    });
    conversation.start();
    await conversation.settled();
    conversation.answer("Let's Get Started");
    await conversation.settled();
    assert.deepEqual(typingDuringTask, [true]);
    assert.equal(store.get(flowStateAtom)?.stepId, "askName");
    assert.equal(store.get(flowStateAtom)?.answers.phonenumber, "6145550100");
  });

  test("a saved conversation resumes at its step with the server's transcript and answers, saying nothing again", async () => {
    const storage = memoryStore();
    const saved = createSavedConversation(storage, "test-co", "b1");
    const first = setup();
    const firstRun = createConversation(first.store, { clock: instantClock, saved });
    firstRun.start();
    await firstRun.settled();
    firstRun.answer("Let's Get Started");
    await firstRun.settled();
    firstRun.answer("jane doe");
    await firstRun.settled();
    const before = first.store.get(transcriptAtom);
    // What the device and the server each keep once a quote exists.
    const state = first.store.get(flowStateAtom)!;
    const withQuote = { ...state, answers: { ...state.answers, quoteId: "q-1", quoteToken: "tok-1" } };
    saved.save({ flow: withQuote, transcript: before });
    assert.ok(!storage.get("qa:conversation:test-co:b1")!.includes("Jane"), "the name stays off the device");

    const second = setup();
    const asked: Array<SavedData | null> = [];
    const resumed = createConversation(second.store, {
      clock: instantClock,
      saved,
      restore: (local) => {
        asked.push(local);
        return Promise.resolve({ flow: withQuote, transcript: before });
      },
    });
    resumed.start();
    await resumed.settled();
    assert.equal(asked[0]?.flow.answers.quoteToken, "tok-1", "the device's token asks the server");
    assert.equal(second.store.get(flowStateAtom)?.stepId, "askPhone");
    assert.equal(second.store.get(flowStateAtom)?.answers.customerName, "Jane Doe");
    assert.deepEqual(second.store.get(transcriptAtom), before);
    assert.equal(second.store.get(pendingInputAtom)?.input.kind, "text");
  });

  test("a resume the server refuses: its notice, then a new conversation; a quote it lost: the notice and the end", async () => {
    const refused = setup();
    const link = createConversation(refused.store, { clock: instantClock, restore: () => Promise.resolve({ notice: "This quote link has expired." }) });
    link.start();
    await link.settled();
    assert.equal(refused.store.get(transcriptAtom)[0]?.text, "This quote link has expired.");
    assert.equal(refused.store.get(flowStateAtom)?.stepId, "startButtons");

    const lost = setup();
    const flow = { stepId: "askPhone", answers: { quoteId: "q-9" }, path: ["startButtons", "askName", "askPhone"] };
    const local = createConversation(lost.store, { clock: instantClock, restore: () => Promise.resolve({ notice: "I couldn't find your saved quote.", flow }) });
    local.start();
    await local.settled();
    assert.deepEqual(lost.store.get(transcriptAtom).map((e) => e.text), ["I couldn't find your saved quote."]);
    assert.deepEqual(lost.store.get(flowStateAtom), flow, "the answers given are kept");
    assert.equal(lost.store.get(endedAtom), true, "ended: 'Start over' is offered");
    assert.equal(lost.store.get(pendingInputAtom), null);
  });

  test("a saved conversation that cannot be resumed is forgotten and a new one begins, with no rejection left for the page", async () => {
    let cleared = 0;
    const corrupt = {
      flow: { stepId: "askPhone", answers: {}, path: [] },
      // What this version cannot read back: resuming it throws.
      transcript: { map: () => { throw new Error("corrupt transcript"); } },
    } as unknown as SavedData;
    const saved: SavedConversation = { load: () => corrupt, save: () => {}, clear: () => void cleared++ };
    const { store } = setup();
    const errors: string[] = [];
    const originalError = console.error;
    console.error = (...args: unknown[]) => errors.push(args.map(String).join(" "));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    try {
      const conversation = createConversation(store, { clock: instantClock, saved, prepare: async () => {} });
      conversation.start();
      await conversation.settled();
      // One turn of the event loop, not a time: Node reports an unhandled rejection once the microtasks have run.
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      console.error = originalError;
      process.off("unhandledRejection", onUnhandled);
    }
    assert.deepEqual(unhandled, []);
    assert.equal(cleared, 1, "the unreadable conversation is forgotten");
    assert.equal(store.get(flowStateAtom)?.stepId, "startButtons", "a new conversation: greeted, at the start buttons");
    assert.ok(errors.some((line) => line.includes("could not be resumed")), errors.join(" | "));
  });

  test("nothing starts before the configuration is ready", async () => {
    const store = createStore();
    const conversation = createConversation(store, { clock: instantClock });
    conversation.start();
    await conversation.settled();
    assert.deepEqual(store.get(transcriptAtom), []);
    assert.equal(store.get(flowStateAtom), null);
  });
});
