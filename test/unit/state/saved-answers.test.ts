// The saved conversation keeps the answers as text on the device (src/flow/answer-keys.ts
// converts at this edge): typed answers come back typed, a record in the text format loads
// typed, and an answer that is not of its kind is dropped, not guessed. A record of the
// earlier widget (version 1, personal data in clear text) is removed, not loaded.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Answers } from "../../../src/flow/answer-keys.ts";
import { createSavedConversation } from "../../../src/state/saved-conversation.ts";
import { memoryStore } from "../../../src/storage/safe-storage.ts";

const KEY = "qa:conversation:co:bot";
const transcript = [{ id: 1, from: "bot" as const, text: "Hi!" }];
const visit = (storage: ReturnType<typeof memoryStore>) => createSavedConversation(storage, "co", "bot", () => 0);

const QUOTE = { quoteId: "q-1", quoteToken: "tok-1" };

/** A record in the device's text format (version 2): every answer a string. */
function textFormat(answers: Record<string, string>, version = 2): string {
  return JSON.stringify({ v: version, data: { flow: { stepId: "quoteOpen", answers: { ...QUOTE, ...answers }, path: ["start"] }, savedAt: 0 } });
}

describe("the answers of a saved conversation", () => {
  const typed: Answers = {
    ...QUOTE,
    lawnSize: 6000,
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
      ...QUOTE,
      lawnSize: "6000",
      measureCancelled: "",
      quoteHadPrices: "true",
      selectedPrograms: '["Mowing","Fertilizer & Weed Control"]',
      servmanSlots: '[{"service_window_desc":"8-10","employee_id":7}]',
    });
    assert.deepEqual(visit(storage).load()?.flow.answers, typed);
  });

  test("in the text format (flags \"true\", lists as JSON, numbers as digits) they load typed", () => {
    const storage = memoryStore();
    storage.set(KEY, textFormat({ quoteConverted: "true", lawnHappiness: "4.25", selectedPrograms: '["Mowing"]', totalLotSize: "12000", adjustedLotSize: "5100" }));
    assert.deepEqual(visit(storage).load()?.flow.answers, {
      ...QUOTE,
      quoteConverted: true,
      lawnHappiness: 4.25,
      selectedPrograms: ["Mowing"],
      totalLotSize: 12000,
      adjustedLotSize: 5100,
    });
  });

  test("an answer that is not of its kind is dropped; the rest of the conversation loads", () => {
    const storage = memoryStore();
    storage.set(KEY, textFormat({ lastMowed: "4 weeks ago", lawnSize: "lots", selectedPrograms: "Mowing", servmanSlots: "{oops" }));
    const loaded = visit(storage).load();
    assert.equal(loaded?.flow.stepId, "quoteOpen");
    assert.deepEqual(loaded?.flow.answers, { ...QUOTE, lastMowed: "4 weeks ago" });
  });

  test("a record of the earlier widget (version 1, personal data in clear text) is removed, not loaded", () => {
    const storage = memoryStore();
    storage.set(KEY, textFormat({ customerName: "Kim Lee", phonenumber: "6145550100" }, 1));
    assert.equal(visit(storage).load(), null);
    assert.equal(storage.get(KEY), null);
  });
});
