// How fast the bot talks (issue 15), on a fake clock: the bot delay once per reply, reading gaps
// for the rest of the reply, 'please wait' messages during their calls, the company's botSpeed,
// the measuring tool's 3 s counted from its step, and reduced motion keeping every message.
// Over 300 lines on purpose: every timing rule of the bot's pace on one fake clock, as tables.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import type { Answer, StepTable } from "../../../src/flow/types.ts";
import type { TaskName, TaskOutcome } from "../../../src/flow/tasks.ts";
import { configStatusAtom, customerAtom, pendingInputAtom, transcriptAtom, typingAtom } from "../../../src/state/atoms.ts";
import type { Clock } from "../../../src/state/clock.ts";
import { createConversation, type Store } from "../../../src/state/conversation.ts";
import { runTask } from "../../../src/state/tasks.ts";
import { YES } from "../../../src/flow/answers.ts";
import { IMAGE_GAP_MS, messageDueAt, NO_PHONE_WAIT_MS, READING_GAP_MAX_MS, readingGapMs } from "../../../src/state/pacing.ts";
import { WIDGET_CSS } from "../../../src/ui/styles.ts";
import { makeConfig } from "../fixtures.ts";

/** A clock that moves only when the conversation sleeps or a fake call takes time. */
function fakeClock() {
  const t = { now: 0 };
  const clock: Clock = {
    now: () => t.now,
    sleep: async (ms) => {
      t.now += ms;
    },
    every: () => () => {},
  };
  return { clock, t };
}

/** What the bot said, and when on the fake clock. */
function watchTranscript(store: Store, t: { now: number }) {
  const said: Array<{ text: string; at: number }> = [];
  let seen = 0;
  store.sub(transcriptAtom, () => {
    const entries = store.get(transcriptAtom);
    for (const entry of entries.slice(seen)) said.push({ text: entry.image ? `[${entry.image.alt}]` : entry.text, at: t.now });
    seen = entries.length;
  });
  return said;
}

function setup(options: { botSpeed?: number; table?: StepTable; first?: string; calls?: { [T in TaskName]?: { ms: number; outcome: TaskOutcome<T> } } } = {}) {
  const { clock, t } = fakeClock();
  const store = createStore();
  store.set(configStatusAtom, {
    status: "ready",
    config: makeConfig({ ...(options.botSpeed !== undefined ? { botSpeed: options.botSpeed } : {}), measuringToolUrl: "https://measure.example/" }),
  });
  const calls: Array<{ task: TaskName; startedAt: number; typing: boolean; lastSaid: string | undefined }> = [];
  const conversation = createConversation(store, {
    clock,
    ...(options.table ? { table: options.table } : {}),
    ...(options.first ? { first: options.first } : {}),
    runTask: async (task) => {
      const call = options.calls?.[task];
      if (!call) throw new Error(`no fake call for ${task}`);
      calls.push({ task, startedAt: t.now, typing: store.get(typingAtom), lastSaid: store.get(transcriptAtom).at(-1)?.text });
      t.now += call.ms;
      return { value: call.outcome };
    },
    taskDeps: () => ({}) as never,
  });
  const said = watchTranscript(store, t);
  return { store, conversation, t, said, calls };
}

describe("the reading gap", () => {
  const cases: Array<[string, number]> = [
    ["", 0],
    ["Yes", 45],
    ["Ready when you are.", 285],
    ["How thick is your lawn?", 345],
    ["Which services would you like a quote for? Choose all that apply, then press Next.", READING_GAP_MAX_MS],
    ["x".repeat(5000), READING_GAP_MAX_MS],
  ];
  for (const [text, gap] of cases) {
    test(`${text.length} characters wait ${gap} ms`, () => assert.equal(readingGapMs(text), gap));
  }

  test("stays well under a second, however long the message", () => {
    assert.ok(READING_GAP_MAX_MS < 1000);
  });

  test("a reply's first message is due the bot delay after the answer; the next a gap after the one before", () => {
    const rows: Array<[string, Parameters<typeof messageDueAt>[0], Parameters<typeof messageDueAt>[2], number]> = [
      ["first message", { startedAt: 10_000, lastShownAt: null }, { text: "Hello" }, 11_750],
      ["further message", { startedAt: 10_000, lastShownAt: 11_750 }, { text: "Hello" }, 11_825],
      ["further picture", { startedAt: 10_000, lastShownAt: 11_750 }, { image: true }, 11_750 + IMAGE_GAP_MS],
      ["please wait, first", { startedAt: 10_000, lastShownAt: null }, { text: "Checking for previous quote...", stall: true }, -Infinity],
      ["please wait, later", { startedAt: 10_000, lastShownAt: 11_750 }, { text: "Please wait while I start your quote...", stall: true }, -Infinity],
    ];
    for (const [what, pace, message, due] of rows) assert.equal(messageDueAt(pace, 1750, message), due, what);
  });
});

describe("a reply of several messages", () => {
  const LEARN_MORE =
    "Test Lawn Co prices every property individually. Tell me a little about yours and I will measure it, match it with the right services and show you an exact price, with no phone call needed.";
  const FOLLOW_UP = "It only takes a few minutes. Shall we start?";
  // The company's botSpeed, or the spec's 1,750 ms default.
  for (const botSpeed of [undefined, 900, 3000]) {
    const delay = botSpeed ?? 1750;
    test(`botSpeed ${botSpeed ?? "unset (1750 ms)"}: the bot delay once, before the reply's first message, then reading gaps`, async () => {
      const { store, conversation, t, said } = setup(botSpeed === undefined ? {} : { botSpeed });
      conversation.start();
      await conversation.settled();
      assert.deepEqual(
        said.map((s) => s.at),
        [delay, delay + 285],
        "the greeting: the delay, then 'Ready when you are.' after 19 × 15 ms",
      );
      t.now = 60_000; // the visitor reads, then answers
      conversation.answer("Learn More");
      await conversation.settled();
      assert.deepEqual(said.slice(2), [
        { text: "Learn More", at: 60_000 },
        { text: LEARN_MORE, at: 60_000 + delay },
        { text: FOLLOW_UP, at: 60_000 + delay + READING_GAP_MAX_MS },
      ]);
      assert.equal(store.get(typingAtom), false);
      assert.notEqual(store.get(pendingInputAtom), null, "the buttons come with the last message");
    });
  }

  test("the typing indicator shows during every wait and goes when the question is offered", async () => {
    const { store, conversation } = setup({ botSpeed: 900 });
    const seen: Array<{ typing: boolean; offered: boolean }> = [];
    store.sub(typingAtom, () => seen.push({ typing: store.get(typingAtom), offered: store.get(pendingInputAtom) !== null }));
    conversation.start();
    await conversation.settled();
    assert.deepEqual(seen, [
      { typing: true, offered: false },
      { typing: false, offered: false },
      { typing: true, offered: false },
      { typing: false, offered: false },
    ]);
    assert.notEqual(store.get(pendingInputAtom), null);
  });
});

describe("the greeting after the click", () => {
  // The visitor opened the chat at 10 s; the widget was ready to start `readyAfter` later (the
  // configuration loading). The greeting's bot delay counts from the click, not from then.
  const rows: Array<[string, number, number | undefined, number]> = [
    ["ready at once", 0, 10_000, 10_000 + 1750],
    ["ready 600 ms later: the delay's rest", 600, 10_000, 10_000 + 1750],
    ["ready after the whole delay: at once", 2500, 10_000, 12_500],
    ["no opening known (inline): the delay from the start", 600, undefined, 10_600 + 1750],
    ["an opening time ahead of the clock counts as now", 600, 99_000, 10_600 + 1750],
  ];
  for (const [what, readyAfter, openedAt, greetedAt] of rows) {
    test(`${what}: greeted at ${greetedAt}`, async () => {
      const { conversation, t, said } = setup();
      t.now = 10_000 + readyAfter;
      conversation.start(openedAt);
      await conversation.settled();
      assert.equal(said[0]?.at, greetedAt);
      assert.equal(said[1]?.at, greetedAt + 285, "the rest of the reply keeps its reading gaps");
    });
  }
});

describe("'please wait' messages", () => {
  // The unit question, then (as at Greenway) three 'please wait' messages over two calls, then
  // the reply's first real message.
  const table: StepTable = {
    ask: { say: ["askUnit"], input: { kind: "buttons", options: [{ value: "No", label: "no" }] }, next: [{ to: "check" }] },
    check: { say: ["checkingPreviousQuote"], task: "checkPreviousQuote", on: { quoted: "serviced", none: "serviced", failed: "serviced" } },
    serviced: { say: ["checkingServicedBefore"], next: [{ to: "start" }] },
    start: { say: ["startingQuote"], task: "startQuote", on: { started: "done", failed: "done", queued: "done" } },
    done: { say: ["addressConfirmed"], next: [] },
  };
  const rows: Array<[string, number, number, number, number]> = [
    // what, botSpeed, check call ms, start call ms, first real message after the answer
    ["quick calls: the bot delay, no more", 1750, 40, 60, 1750],
    ["calls as long as the delay: the calls, no more", 1750, 900, 850, 1750],
    ["slow calls: the calls, no more", 1750, 1500, 2000, 3500],
    ["a fast bot and slow calls", 900, 1200, 300, 1500],
  ];
  for (const [what, botSpeed, checkMs, startMs, firstReal] of rows) {
    test(`${what} (botSpeed ${botSpeed}, calls ${checkMs} + ${startMs} ms)`, async () => {
      const { store, conversation, t, said, calls } = setup({
        botSpeed,
        table,
        first: "ask",
        calls: { checkPreviousQuote: { ms: checkMs, outcome: "none" }, startQuote: { ms: startMs, outcome: "started" } },
      });
      conversation.start();
      await conversation.settled();
      t.now = 100_000;
      conversation.answer("No");
      await conversation.settled();
      assert.deepEqual(said.slice(1), [
        { text: "No", at: 100_000 },
        // Each is said the moment its call starts: none costs time of its own.
        { text: "Checking for previous quote...", at: 100_000 },
        { text: "Checking to see if we've serviced you before...", at: 100_000 + checkMs },
        { text: "Please wait while I start your quote...", at: 100_000 + checkMs },
        { text: "Great! Let's get started.", at: 100_000 + firstReal },
      ]);
      // Each call runs behind its message, with the dots showing.
      assert.deepEqual(calls, [
        { task: "checkPreviousQuote", startedAt: 100_000, typing: true, lastSaid: "Checking for previous quote..." },
        { task: "startQuote", startedAt: 100_000 + checkMs, typing: true, lastSaid: "Please wait while I start your quote..." },
      ]);
      assert.equal(store.get(typingAtom), false, "the dots go at the end");
      assert.ok(firstReal <= Math.max(botSpeed, checkMs + startMs), "never more than the delay or the calls");
    });
  }

  test("a call with nothing said before it overlaps the bot delay as well", async () => {
    const quiet: StepTable = {
      ask: { say: ["askUnit"], input: { kind: "buttons", options: [{ value: "No", label: "no" }] }, next: [{ to: "load" }] },
      load: { task: "loadPrograms", on: { done: "done" } },
      done: { say: ["addressConfirmed"], next: [] },
    };
    const { conversation, t, said } = setup({ botSpeed: 900, table: quiet, first: "ask", calls: { loadPrograms: { ms: 300, outcome: "done" } } });
    conversation.start();
    await conversation.settled();
    t.now = 50_000;
    conversation.answer("No");
    await conversation.settled();
    assert.deepEqual(said.at(-1), { text: "Great! Let's get started.", at: 50_900 });
  });
});

describe("SPEC §4: the steps come 4 s after the start when no phone is known", () => {
  /** When the start buttons were offered, on the fake clock. */
  function offeredAt(store: Store, t: { now: number }) {
    const at: number[] = [];
    store.sub(pendingInputAtom, () => {
      if (store.get(pendingInputAtom)) at.push(t.now);
    });
    return at;
  }
  // [botSpeed, phone known, the greeting's two messages at, the buttons at]
  const rows: Array<[number, boolean, [number, number], number]> = [
    [900, false, [900, 1185], NO_PHONE_WAIT_MS],
    [1750, false, [1750, 2035], NO_PHONE_WAIT_MS],
    [3000, false, [3000, 3285], NO_PHONE_WAIT_MS],
    // A bot slower than the wait adds nothing to it.
    [5000, false, [5000, 5285], 5285],
    // A known phone is looked up once the visitor starts: no wait of its own.
    [900, true, [900, 1185], 1185],
  ];
  for (const [botSpeed, phone, messages, buttons] of rows) {
    test(`botSpeed ${botSpeed}, ${phone ? "a phone known" : "no phone"}: the greeting at ${messages.join(" and ")} ms, the buttons at ${buttons} ms`, async () => {
      const { store, conversation, t, said } = setup({ botSpeed });
      if (phone) store.set(customerAtom, { phonenumber: "6145550100" });
      const offered = offeredAt(store, t);
      conversation.start();
      await conversation.settled();
      assert.deepEqual(said.map((s) => s.at), messages);
      assert.deepEqual(offered, [buttons]);
      assert.equal(store.get(typingAtom), false, "no typing dots while the buttons wait: nothing more is said");
    });
  }

  test("'Start over' does not wait again", async () => {
    const { store, conversation, t } = setup({ botSpeed: 900 });
    conversation.start();
    await conversation.settled();
    t.now = 60_000;
    const offered = offeredAt(store, t);
    conversation.restart();
    await conversation.settled();
    assert.deepEqual(offered, [60_000 + 900 + 285]);
  });
});

describe("SPEC §9's fixed timings stay", () => {
  const table: StepTable = { measure: { say: ["openingMeasurIt", "measurePrompt"], input: { kind: "measure" }, next: [] } };
  // 'Color in your lawn on the map, then press Finish.' is 49 characters: a 600 ms gap.
  const rows: Array<[number, number]> = [
    [900, 3000 - 900 - 600],
    [1750, 3000 - 1750 - 600],
    [3000, 0],
  ];
  for (const [botSpeed, left] of rows) {
    test(`the measuring tool opens 3 s after its step begins, its messages within them (botSpeed ${botSpeed}: ${left} ms after the prompt)`, async () => {
      const { store, conversation, said } = setup({ botSpeed, table, first: "measure" });
      conversation.start();
      await conversation.settled();
      const input = store.get(pendingInputAtom)?.input;
      assert.equal(input?.kind, "measure");
      assert.equal(input?.kind === "measure" ? input.delayMs : null, left);
      assert.equal(said.at(-1)!.at + left, Math.max(3000, said.at(-1)!.at), "opens at 3 s, or with the prompt when the bot is slower");
    });
  }
});

describe("reduced motion", () => {
  test("the typing dots blink only for visitors who did not ask for reduced motion", () => {
    const css = WIDGET_CSS.replace(/\s+/g, " ");
    const noPreference = /@media \(prefers-reduced-motion:\s*no-preference\)\s*\{[^@]*\.qa-typing span\{animation:qa-blink/;
    assert.match(css, noPreference);
    const outside = css.replace(/@media \(prefers-reduced-motion:\s*no-preference\)\s*\{(?:[^{}]*\{[^{}]*\})*[^{}]*\}/g, "");
    assert.doesNotMatch(outside, /\.qa-typing[^{]*\{[^}]*animation/, "no animation on the dots outside that query");
  });

  test("the messages and their pacing do not depend on it: the runner reads no media query", async () => {
    const original = globalThis.matchMedia;
    let asked = 0;
    globalThis.matchMedia = ((query: string) => {
      asked++;
      return original.call(globalThis, query);
    }) as typeof globalThis.matchMedia;
    try {
      const { conversation, said } = setup({ botSpeed: 900 });
      conversation.start();
      await conversation.settled();
      assert.equal(said.length, 2);
      assert.equal(asked, 0);
    } finally {
      globalThis.matchMedia = original;
    }
  });
});

describe("the quote reopened after a positive rebuttal (SPEC §9: 3 s)", () => {
  // The real step table and the real task: 'Great! Reopening your quote...' is said at once
  // (a 'please wait' message), and the quote opens 3 s after the visitor's answer, not 3 s
  // after the bot's delay.
  for (const botSpeed of [900, 1750, 3000]) {
    test(`opens 3000 ms after 'Yes, show me my quote' (botSpeed ${botSpeed})`, async () => {
      const { clock, t } = fakeClock();
      const store = createStore();
      store.set(configStatusAtom, { status: "ready", config: makeConfig({ botSpeed }) });
      let openedAt: number | null = null;
      const session = { openModal: () => (openedAt = t.now) };
      const conversation = createConversation(store, {
        clock,
        first: "askReconsider",
        runTask,
        taskDeps: () => ({ session, clock }) as never,
      });
      const said = watchTranscript(store, t);
      conversation.start();
      await conversation.settled();
      const answeredAt = t.now;
      assert.ok(conversation.answer(YES), "the rebuttal's Yes is taken");
      await conversation.settled();
      assert.equal(said.find((s) => s.text === "Great! Reopening your quote...")?.at, answeredAt, "said at once");
      assert.equal(openedAt, answeredAt + 3000);
    });
  }
});
