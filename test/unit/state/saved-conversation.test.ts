// A saved conversation comes back on the next visit, but not for ever (issue 16): one that
// ended is shown once more and then forgotten; any other expires after 14 days untouched.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createSavedConversation, SAVED_CONVERSATION_DAYS, type SavedData } from "../../../src/state/saved-conversation.ts";
import { memoryStore } from "../../../src/storage/safe-storage.ts";

const DAY = 24 * 60 * 60 * 1000;
const data = (ended = false): SavedData => ({
  flow: { stepId: "askPhone", answers: { customerName: "Kim Lee" }, path: ["start", "askName", "askPhone"] },
  transcript: [{ id: 1, from: "bot", text: "Hi!" }],
  ...(ended ? { ended: true } : {}),
});

/** A visit: a new page (a new saved-conversation object) on the same device, at `at`. */
function visit(storage: ReturnType<typeof memoryStore>, at: number) {
  return createSavedConversation(storage, "co", "bot", () => at);
}

describe("a saved conversation's life", () => {
  // [days since the last answer, brought back?]
  const TABLE: [number, boolean][] = [
    [0, true],
    [1, true],
    [13.9, true],
    [SAVED_CONVERSATION_DAYS, true],
    [SAVED_CONVERSATION_DAYS + 0.01, false],
    [30, false],
  ];
  for (const [days, back] of TABLE) {
    test(`a conversation in progress, ${days} days later: ${back ? "resumed" : "forgotten"}`, () => {
      const storage = memoryStore();
      visit(storage, 0).save(data());
      assert.equal(visit(storage, days * DAY).load() !== null, back);
      if (!back) assert.equal(visit(storage, days * DAY).load(), null, "and gone from the device");
    });
  }

  test("each answer renews it: 10 days, then 10 more, still there", () => {
    const storage = memoryStore();
    visit(storage, 0).save(data());
    const second = visit(storage, 10 * DAY);
    assert.ok(second.load());
    second.save(data());
    assert.ok(visit(storage, 20 * DAY).load());
  });

  test("an ended conversation is shown once more, then the next visit starts afresh", () => {
    const storage = memoryStore();
    visit(storage, 0).save(data(true));
    const again = visit(storage, DAY);
    assert.deepEqual(again.load(), data(true), "shown once more");
    // The restored page saves it again as it resumes: still the last showing.
    again.save({ ...data(), transcript: data().transcript });
    assert.equal(visit(storage, 2 * DAY).load(), null);
    assert.equal(visit(storage, 2 * DAY).load(), null);
  });

  test("'Start over' after the ended one was shown: the new conversation is kept as usual", () => {
    const storage = memoryStore();
    visit(storage, 0).save(data(true));
    const page = visit(storage, DAY);
    assert.ok(page.load());
    page.clear();
    page.save(data());
    assert.deepEqual(visit(storage, 2 * DAY).load(), data());
  });

  test("a record saved before expiry existed (no date) is still resumed", () => {
    const storage = memoryStore();
    storage.set("qa:conversation:co:bot", JSON.stringify({ v: 1, data: data() }));
    assert.deepEqual(visit(storage, 100 * DAY).load(), data());
  });
});
