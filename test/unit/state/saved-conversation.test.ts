// A saved conversation comes back on the next visit, but not for ever (issue 16): one that
// ended is shown once more and then forgotten; any other expires after 14 days untouched; a
// finished sale is forgotten at once. The device keeps only what resuming needs (issue 12):
// never the transcript or personal answers (the server has them); before a quote exists, only
// the tab keeps the conversation (issue 27).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createSavedConversation, SAVED_CONVERSATION_DAYS, type SavedData } from "../../../src/state/saved-conversation.ts";
import { memoryStore } from "../../../src/storage/safe-storage.ts";
import { eventually } from "../../eventually.ts";

const DAY = 24 * 60 * 60 * 1000;
const QUOTE = { quoteId: "q-1", quoteToken: "tok-1" };
const data = (ended = false): SavedData => ({
  flow: { stepId: "lastMowed", answers: { ...QUOTE, selectedPrograms: ["Mowing"] }, path: ["start", "askName", "lastMowed"] },
  transcript: [],
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
    again.save(data());
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

  test("an earlier release's record (personal data in clear text) is not resumed and is removed", () => {
    const storage = memoryStore();
    storage.set("qa:conversation:co:bot", JSON.stringify({ v: 1, data: { ...data(), flow: { ...data().flow, answers: { customerName: "Kim Lee" } } } }));
    assert.equal(visit(storage, DAY).load(), null);
    assert.equal(storage.get("qa:conversation:co:bot"), null);
  });

  test("a finished sale is forgotten as soon as it is shown", () => {
    const storage = memoryStore();
    const page = visit(storage, 0);
    page.save(data());
    page.save({ ...data(true), flow: { ...data().flow, stepId: "saleDone", answers: { ...QUOTE, saleTransactionId: "TX-1" } } });
    assert.equal(storage.get("qa:conversation:co:bot"), null);
    assert.equal(visit(storage, 0).load(), null);
  });
});

describe("what the device keeps", () => {
  const personal = {
    customerFirstName: "Kim",
    customerLastName: "Novak",
    customerName: "Kim Novak",
    phonenumber: "6145559001",
    customerEmail: "kim.novak@example.com",
    customerAddress: "5565 Muirfield Drive",
    customerUnit: "Apt 2",
    customerCity: "Dublin",
    customerState: "OH",
    customerZip: "43017",
    customerLat: 40.1,
    customerLng: -83.1,
    referrer: "Jane Cooper",
    objectionComments: "call me on 6145559001",
    measurItImage: "data:image/png;base64,AAAA",
    streetImg: "https://maps.example/?address=5565+Muirfield+Drive",
    previousQuoteToken: "prev-tok",
  };

  test("before a quote exists: nothing at all", () => {
    const storage = memoryStore();
    visit(storage, 0).save({ flow: { stepId: "askPhone", answers: { customerName: "Kim Novak" }, path: [] }, transcript: [{ id: 1, from: "visitor", text: "Kim Novak" }] });
    assert.equal(storage.get("qa:conversation:co:bot"), null);
  });

  test("after quote start: the quote, its token, the step and the answers that are not personal; no transcript", () => {
    const storage = memoryStore();
    const flow = { stepId: "lastMowed", answers: { ...QUOTE, ...personal, selectedPrograms: ["Mowing"], lawnSize: 6000, customerCountryCode: "US" }, path: ["a", "b"] };
    visit(storage, 0).save({ flow, transcript: [{ id: 1, from: "visitor", text: "Kim Novak" }] });
    const raw = storage.get("qa:conversation:co:bot")!;
    for (const value of ["Kim", "Novak", "6145559001", "kim.novak", "Muirfield", "Dublin", "43017", "40.1", "Jane Cooper", "prev-tok", "data:image"]) {
      assert.ok(!raw.includes(value), `${value} is not kept: ${raw}`);
    }
    assert.deepEqual(visit(storage, 0).load(), {
      flow: { stepId: "lastMowed", answers: { ...QUOTE, selectedPrograms: ["Mowing"], lawnSize: 6000, customerCountryCode: "US" }, path: ["a", "b"] },
      transcript: [],
    });
  });

  test("the server gets the whole conversation, a burst of saves as one call, a failed call retried with the next save", async () => {
    const storage = memoryStore();
    const sent: SavedData[] = [];
    let fail = true;
    const page = createSavedConversation(storage, "co", "bot", () => 0, async (d) => {
      sent.push(d);
      if (fail) throw new Error("offline");
    });
    const flow = { stepId: "lastMowed", answers: { ...QUOTE, ...personal }, path: [] };
    for (let i = 1; i <= 5; i++) page.save({ flow, transcript: [{ id: i, from: "bot", text: `m${i}` }] });
    await eventually("the burst's call", () => sent.length, (n) => n > 0);
    assert.equal(sent.length, 1, "one call for the burst");
    assert.deepEqual(sent[0]!.transcript.map((e) => e.text), ["m5"]);
    assert.equal(sent[0]!.flow.answers.customerEmail, "kim.novak@example.com");
    fail = false;
    page.save({ flow, transcript: [{ id: 6, from: "bot", text: "m6" }] });
    await eventually("the next save's call", () => sent.length, (n) => n > 1);
    assert.deepEqual(sent.map((d) => d.transcript[0]!.text), ["m5", "m6"]);
  });
});

// A reload a moment after an answer: the save may not have reached the server yet, so the tab
// keeps that transcript until the server acknowledges it (never the device's local storage).
describe("a save the server has not acknowledged", () => {
  const flow = { stepId: "mowedBy", answers: { ...QUOTE, customerName: "Kim Novak", phonenumber: "6145559001" }, path: ["lastMowed", "mowedBy"] };
  const said = [
    { id: 1, from: "bot" as const, text: "When was your lawn last mowed?" },
    { id: 2, from: "visitor" as const, text: "2 weeks ago" },
    { id: 3, from: "bot" as const, text: "Who mows your lawn today?" },
  ];
  const cases: Array<[string, () => Promise<unknown>, typeof said]> = [
    ["the server never answered (the page went first)", () => new Promise(() => {}), said],
    ["the server refused it", async () => Promise.reject(new Error("offline")), said],
    ["the server has it", async () => undefined, []],
  ];
  for (const [name, answer, expected] of cases) {
    test(`${name}: the next page of this tab gets ${expected.length ? "the tab's transcript" : "none (the server's copy is current)"}`, async () => {
      const storage = memoryStore();
      const tab = memoryStore();
      let settled: Promise<unknown> | undefined;
      const remote = () => (settled = answer());
      createSavedConversation(storage, "co", "bot", () => 0, remote, tab).save({ flow, transcript: said });
      await eventually("the save's call", () => settled !== undefined, Boolean);
      // What the tab keeps is decided once the call has come back (or, never answered, not at all):
      // one turn of the event loop after it settles, every reaction to it has run.
      await Promise.race([settled!.then(() => {}, () => {}), new Promise((turn) => setImmediate(turn))]);
      await new Promise((turn) => setImmediate(turn));
      const next = createSavedConversation(storage, "co", "bot", () => 1, async () => {}, tab).load();
      assert.equal(next?.flow.stepId, "mowedBy");
      assert.deepEqual(next?.transcript, expected);
      assert.doesNotMatch(storage.get("qa:conversation:co:bot") ?? "", /2 weeks ago|Kim/, "the device's lasting storage holds no transcript");
      assert.notEqual(storage.get("qa:conversation:co:bot"), null);
    });
  }

  test("the save is on its way before the task that made it ends (the page may go in the next)", async () => {
    const calls: SavedData[] = [];
    const page = createSavedConversation(memoryStore(), "co", "bot", () => 0, async (d) => void calls.push(d), memoryStore());
    page.save({ flow, transcript: said.slice(0, 2) });
    page.save({ flow, transcript: said });
    assert.equal(calls.length, 0, "not within the saving code itself");
    await Promise.resolve();
    assert.deepEqual(calls.map((d) => d.transcript.length), [3], "one call, the latest, at the end of the task: no timer waited for");
  });

  test("another quote's unsent transcript is not this quote's", async () => {
    const storage = memoryStore();
    const tab = memoryStore();
    createSavedConversation(storage, "co", "bot", () => 0, () => new Promise(() => {}), tab).save({ flow, transcript: said });
    const other = { ...flow, answers: { ...flow.answers, quoteId: "q-2", quoteToken: "tok-2" } };
    // A second quote saved on the device by a page with no tab copy (another tab), then this tab reloads.
    createSavedConversation(storage, "co", "bot", () => 0).save({ flow: other, transcript: [] });
    assert.deepEqual(createSavedConversation(storage, "co", "bot", () => 1, async () => {}, tab).load()?.transcript, []);
  });

  test("a finished sale's last save, still unanswered, leaves no copy in the tab either", () => {
    const storage = memoryStore();
    const tab = memoryStore();
    const page = createSavedConversation(storage, "co", "bot", () => 0, () => new Promise(() => {}), tab);
    page.save({ flow, transcript: said });
    assert.match(tab.get("qa:unsent:co:bot") ?? "", /2 weeks ago/, "while the quote goes on, the tab keeps the unsent save");
    const sold = { ...flow, stepId: "confirmation", answers: { ...flow.answers, saleTransactionId: "txn_1" } };
    page.save({ flow: sold, transcript: [...said, { id: 4, from: "bot" as const, text: "Congratulations, Kim! Your order is confirmed." }], ended: true });
    assert.equal(tab.get("qa:unsent:co:bot"), null);
    assert.equal(storage.get("qa:conversation:co:bot"), null);
  });

  test("'Start over' forgets it", () => {
    const storage = memoryStore();
    const tab = memoryStore();
    const page = createSavedConversation(storage, "co", "bot", () => 0, () => new Promise(() => {}), tab);
    page.save({ flow, transcript: said });
    page.clear();
    assert.equal(createSavedConversation(storage, "co", "bot", () => 1, async () => {}, tab).load(), null);
  });
});

// Issue 27: before the quote starts, the tab (sessionStorage) keeps the whole conversation.
describe("before the quote starts: the tab's copy", () => {
  const unstarted = (stepId: string, answers: SavedData["flow"]["answers"]): SavedData => ({
    flow: { stepId, answers, path: ["welcome", "startButtons", stepId] },
    transcript: [
      { id: 1, from: "bot", text: "What are your first and last names?" },
      { id: 2, from: "visitor", text: "Kim Lee" },
    ],
  });
  const page = (device: ReturnType<typeof memoryStore>, tab: ReturnType<typeof memoryStore>) => createSavedConversation(device, "co", "bot", () => 0, undefined, tab);

  test("what was typed comes back in the same tab, with the transcript; the device's storage holds nothing", () => {
    const [device, tab] = [memoryStore(), memoryStore()];
    const typed = unstarted("askAddress", { customerName: "Kim Lee", customerFirstName: "Kim", phonenumber: "6145550241", customerEmail: "kim@example.com" });
    page(device, tab).save(typed);
    assert.equal(device.get("qa:conversation:co:bot"), null);
    const back = page(device, tab).load();
    assert.deepEqual(back?.flow, typed.flow);
    assert.deepEqual(back?.transcript, typed.transcript);
  });

  const cases: Array<[string, (device: ReturnType<typeof memoryStore>, tab: ReturnType<typeof memoryStore>) => void]> = [
    ["the quote started: the device's record takes over and the tab's copy is removed", (device, tab) => page(device, tab).save(data())],
    ["a conversation that ended before its quote: the next load starts afresh", (device, tab) => page(device, tab).save({ ...unstarted("zipNotServiced", { customerZip: "99999" }), ended: true })],
    ["'Start over'", (device, tab) => page(device, tab).clear()],
    ["junk in the tab's record", (_device, tab) => tab.set("qa:unstarted:co:bot", "{not json")],
  ];
  for (const [what, then] of cases) {
    test(`${what}: no unstarted copy is left`, () => {
      const [device, tab] = [memoryStore(), memoryStore()];
      page(device, tab).save(unstarted("askPhone", { customerName: "Kim Lee" }));
      then(device, tab);
      const back = page(device, tab).load();
      assert.notEqual(back?.flow.stepId, "askPhone");
      assert.equal(tab.get("qa:unstarted:co:bot"), null);
    });
  }

  test("without a tab store (the widget's tests, onboarding) nothing is kept before the quote", () => {
    const device = memoryStore();
    createSavedConversation(device, "co", "bot", () => 0).save(unstarted("askPhone", { customerName: "Kim Lee" }));
    assert.equal(createSavedConversation(device, "co", "bot", () => 0).load(), null);
  });
});
