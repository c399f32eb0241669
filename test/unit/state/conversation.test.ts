import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import {
  configStatusAtom,
  endedAtom,
  flowStateAtom,
  pendingInputAtom,
  transcriptAtom,
  typingAtom,
} from "../../../src/state/atoms.ts";
import { instantClock, type Clock } from "../../../src/state/clock.ts";
import { createConversation } from "../../../src/state/conversation.ts";
import { makeConfig } from "../fixtures.ts";

function setup(overrides = {}, clock: Clock = instantClock) {
  const store = createStore();
  store.set(configStatusAtom, { status: "ready", config: makeConfig(overrides) });
  return { store, conversation: createConversation(store, clock) };
}

describe("the conversation runner", () => {
  test("each bot message waits the bot delay behind the typing indicator, then the buttons appear", async () => {
    const { store, conversation } = setup({ botSpeed: 1200 });
    const sleeps: Array<{ ms: number; typing: boolean; pending: boolean }> = [];
    const clock: Clock = {
      sleep: async (ms) => {
        sleeps.push({ ms, typing: store.get(typingAtom), pending: store.get(pendingInputAtom) !== null });
      },
    };
    const timed = createConversation(store, clock);
    timed.start();
    await timed.settled();
    assert.deepEqual(sleeps, [
      { ms: 1200, typing: true, pending: false },
      { ms: 1200, typing: true, pending: false },
    ]);
    assert.equal(store.get(typingAtom), false);
    assert.deepEqual(store.get(pendingInputAtom)?.input.options.map((o) => o.label), ["Let's Get Started", "Learn More"]);
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
    assert.deepEqual(store.get(pendingInputAtom)?.input.options.map((o) => o.label), ["Let's Get Started"]);
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

  test("reaching an end step marks the conversation ended and offers nothing", async () => {
    const { store, conversation } = setup({ companyPhone: "5551234567" });
    conversation.start();
    await conversation.settled();
    conversation.answer("Let's Get Started");
    await conversation.settled();
    assert.equal(store.get(endedAtom), true);
    assert.equal(store.get(pendingInputAtom), null);
    assert.match(store.get(transcriptAtom).at(-1)!.text, /5551234567/);
  });

  test("nothing starts before the configuration is ready", async () => {
    const store = createStore();
    const conversation = createConversation(store, instantClock);
    conversation.start();
    await conversation.settled();
    assert.deepEqual(store.get(transcriptAtom), []);
    assert.equal(store.get(flowStateAtom), null);
  });
});
