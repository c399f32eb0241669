// The saved conversation keeps the answers as text on the device (src/flow/answer-keys.ts
// converts at this edge): typed answers come back typed, a conversation saved before answers
// were typed (the same text format) still loads, and an answer that is not of its kind is
// dropped, not guessed.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Answers } from "../../../src/flow/answer-keys.ts";
import { createSavedConversation } from "../../../src/state/saved-conversation.ts";
import { memoryStore } from "../../../src/storage/safe-storage.ts";

const KEY = "qa:conversation:co:bot";
const transcript = [{ id: 1, from: "bot" as const, text: "Hi!" }];
const visit = (storage: ReturnType<typeof memoryStore>) => createSavedConversation(storage, "co", "bot", () => 0);

/** A record as the widget wrote it before answers were typed: every answer a string. */
function previousFormat(answers: Record<string, string>): string {
  return JSON.stringify({ v: 1, data: { flow: { stepId: "quoteOpen", answers, path: ["start"] }, transcript, savedAt: 0 } });
}

describe("the answers of a saved conversation", () => {
  const typed: Answers = {
    customerFirstName: "Kim",
    lawnSize: 6000,
    customerLat: 40.0992,
    measureCancelled: false,
    quoteHadPrices: true,
    selectedPrograms: ["Mowing", "Fertilizer & Weed Control"],
    servmanSlots: [{ service_window_desc: "8-10", employee_id: 7 }],
  };

  test("are stored as text and come back typed", () => {
    const storage = memoryStore();
    visit(storage).save({ flow: { stepId: "quoteOpen", answers: typed, path: ["start"] }, transcript });
    const stored = JSON.parse(storage.get(KEY)!) as { data: { flow: { answers: Record<string, string> } } };
    assert.deepEqual(stored.data.flow.answers, {
      customerFirstName: "Kim",
      lawnSize: "6000",
      customerLat: "40.0992",
      measureCancelled: "",
      quoteHadPrices: "true",
      selectedPrograms: '["Mowing","Fertilizer & Weed Control"]',
      servmanSlots: '[{"service_window_desc":"8-10","employee_id":7}]',
    });
    assert.deepEqual(visit(storage).load()?.flow.answers, typed);
  });

  test("saved by the previous widget (flags \"true\", lists as JSON, numbers as digits) load typed", () => {
    const storage = memoryStore();
    storage.set(KEY, previousFormat({ customerName: "Kim Lee", quoteConverted: "true", lawnHappiness: "4.25", selectedPrograms: '["Mowing"]', totalLotSize: "12000", adjustedLotSize: "5100" }));
    assert.deepEqual(visit(storage).load()?.flow.answers, {
      customerName: "Kim Lee",
      quoteConverted: true,
      lawnHappiness: 4.25,
      selectedPrograms: ["Mowing"],
      totalLotSize: 12000,
      adjustedLotSize: 5100,
    });
  });

  test("an answer that is not of its kind is dropped; the rest of the conversation loads", () => {
    const storage = memoryStore();
    storage.set(KEY, previousFormat({ customerName: "Kim Lee", lawnSize: "lots", selectedPrograms: "Mowing", servmanSlots: "{oops" }));
    const loaded = visit(storage).load();
    assert.equal(loaded?.flow.stepId, "quoteOpen");
    assert.deepEqual(loaded?.flow.answers, { customerName: "Kim Lee" });
  });
});
