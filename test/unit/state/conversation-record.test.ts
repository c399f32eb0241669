// The conversation's record (src/state/conversation-record.ts): the transcript numbered in
// order, on after a resumed one, and saved with every entry once the conversation has a step.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import { endedAtom, flowStateAtom, transcriptAtom } from "../../../src/state/atoms.ts";
import { createConversationRecord } from "../../../src/state/conversation-record.ts";
import type { SavedConversation, SavedData } from "../../../src/state/saved-conversation.ts";

function recording() {
  const saves: SavedData[] = [];
  const saved: SavedConversation = { load: () => null, save: (data) => void saves.push(data), clear: () => {} };
  return { saves, saved };
}

const flow = { stepId: "askName", answers: {}, path: ["welcome", "askName"] };

describe("the conversation's record", () => {
  test("entries are numbered in order; nothing is saved before the conversation has a step", () => {
    const store = createStore();
    const { saves, saved } = recording();
    const record = createConversationRecord(store, saved);
    record.append({ from: "bot", text: "Hi" });
    assert.deepEqual(saves, []);
    store.set(flowStateAtom, flow);
    record.append({ from: "visitor", text: "Hello" });
    assert.deepEqual(store.get(transcriptAtom), [
      { id: 1, from: "bot", text: "Hi" },
      { id: 2, from: "visitor", text: "Hello" },
    ]);
    assert.deepEqual(saves, [{ flow, transcript: store.get(transcriptAtom) }], "saved with the entry, not marked ended");
  });

  test("a conversation that ended is saved as ended", () => {
    const store = createStore();
    const { saves, saved } = recording();
    const record = createConversationRecord(store, saved);
    store.set(flowStateAtom, flow);
    store.set(endedAtom, true);
    record.save();
    assert.equal(saves[0]?.ended, true);
  });

  test("after a resumed transcript, new entries are numbered after its last (its gaps kept); after none, from 1", () => {
    const store = createStore();
    const record = createConversationRecord(store, undefined);
    record.show([
      { id: 4, from: "bot", text: "Hi" },
      { id: 9, from: "visitor", text: "Jane" },
    ]);
    record.append({ from: "bot", text: "Thanks" });
    assert.deepEqual(store.get(transcriptAtom).map((e) => e.id), [4, 9, 10]);
    record.show([]);
    record.append({ from: "bot", text: "Hi again" });
    assert.deepEqual(store.get(transcriptAtom), [{ id: 1, from: "bot", text: "Hi again" }]);
  });
});
