import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import { parseQueryFlags } from "../../../src/config/query-flags.ts";
import { configStatusAtom, flowStateAtom, openAskedAtAtom } from "../../../src/state/atoms.ts";
import { instantClock } from "../../../src/state/clock.ts";
import { convertedSaleAtom, quoteModalOpenAtom } from "../../../src/state/quote-atoms.ts";
import { createWidgetController, type WidgetSetup } from "../../../src/state/widget-controller.ts";
import type { Store } from "../../../src/state/conversation.ts";
import { captureConsoleErrors } from "../console-capture.ts";
import { eventually } from "../../eventually.ts";

const errors = captureConsoleErrors();

/** Acme's controller over `store`, the API at http://api.test (answered by the test's fetch), inline unless `setup` says. */
const acmeController = (store: Store, setup: Partial<WidgetSetup> = {}) =>
  createWidgetController({ store, host: document.createElement("div"), company: "acme", bot: "b1", apiBase: "http://api.test", mode: "inline", flags: parseQueryFlags(""), clock: instantClock, ...setup });

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});


describe("the widget controller when the conversation cannot start", () => {
  test("the error state with the company's phone; 'Try again' ends there again, never in an empty chat", async () => {
    let requests = 0;
    globalThis.fetch = (async () => {
      requests++;
      return new Response(JSON.stringify({ id: "acme", companyName: "Acme Lawns", companyPhone: "6145550100" }), {
        headers: { "content-type": "application/json" },
      });
    }) as typeof fetch;
    const store = createStore();
    const controller = acmeController(store);
    controller.conversation.start = () => {
      throw new Error("flow has no step welcome");
    };
    const disconnect = controller.connect();
    try {
      await eventually("the error state", () => store.get(configStatusAtom).status, (status) => status === "error");
      const status = store.get(configStatusAtom);
      assert.deepEqual(status, {
        status: "error",
        reason: "acme/b1: the conversation could not start: Error: flow has no step welcome",
        phone: "6145550100",
      });
      assert.deepEqual(errors.lines, ["[quote-assistant] acme/b1: the conversation could not start: Error: flow has no step welcome"]);

      controller.retry();
      await eventually("a second request ending in the error state", () => ({ requests, status: store.get(configStatusAtom).status }), (seen) => seen.requests === 2 && seen.status === "error");
      assert.deepEqual(store.get(configStatusAtom), status);
    } finally {
      disconnect();
    }
  });
});

describe("the configuration is asked for while React renders the widget (issue 35)", () => {
  test("made: the request is out; connected: the same answer is loaded, nothing asked again", async () => {
    const asked: string[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      const url = input instanceof Request ? input.url : String(input);
      asked.push(new URL(url).pathname);
      return new Response(JSON.stringify({ id: "acme", companyName: "Acme Lawns" }), { headers: { "content-type": "application/json" } });
    }) as typeof fetch;
    const store = createStore();
    const controller = acmeController(store, { mode: "bubble" });
    await eventually("the configuration asked for before connect()", () => asked.filter((path) => path.startsWith("/v1/company/")), (paths) => paths.length === 1);
    assert.deepEqual(asked.filter((path) => path.startsWith("/v1/company/")), ["/v1/company/acme/bot/b1"]);
    const disconnect = controller.connect();
    try {
      await eventually("the configuration ready", () => store.get(configStatusAtom).status, (status) => status === "ready");
      assert.deepEqual(asked.filter((path) => path.startsWith("/v1/company/")), ["/v1/company/acme/bot/b1"], "connecting asked nothing more");
    } finally {
      disconnect();
    }
  });
});

describe("the greeting's bot delay counts from the click (issue 15)", () => {
  // [what, mode, when the loader's queue says the visitor asked (null: it did not), the opening time the conversation starts with]
  const rows: Array<[string, "inline" | "bubble", number | null, number | undefined]> = [
    ["a bubble opened at 1,000 ms, the configuration at 1,600 ms", "bubble", null, 1000],
    ["an inline chat (always open, no click)", "inline", null, undefined],
    ["clicked at 400 ms, before the bundle ran (the loader stamped it), open at 1,000 ms", "bubble", 400, 400],
    ["a stamp after the open is not a click's: the open's time", "bubble", 1200, 1000],
    ["a stamp over a minute before the open is not this click's: the open's time", "bubble", 1000 - 60_001, 1000],
    ["an inline chat with a stamp: still no opening time", "inline", 400, undefined],
  ];
  for (const [what, mode, askedAt, expected] of rows) {
    test(`${what}: the conversation starts with ${expected ?? "no"} opening time`, async () => {
      const t = { now: 0 };
      let respond: (() => void) | undefined;
      globalThis.fetch = ((input: RequestInfo | URL) => {
        // The open's beacon (the console's funnel) is answered at once; the configuration waits.
        if ((input instanceof Request ? input.url : String(input)).includes("/chat/opened")) return Promise.resolve(new Response(null, { status: 204 }));
        return new Promise<Response>((resolve) => {
          respond = () =>
            resolve(new Response(JSON.stringify({ id: "acme", companyName: "Acme Lawns" }), { headers: { "content-type": "application/json" } }));
        });
      }) as typeof fetch;
      const store = createStore();
      const controller = acmeController(store, {
        mode,
        clock: { ...instantClock, now: () => t.now },
      });
      const starts: Array<number | undefined> = [];
      controller.conversation.start = (openedAt?: number) => void starts.push(openedAt);
      const disconnect = controller.connect();
      try {
        t.now = 1000;
        if (askedAt !== null) store.set(openAskedAtAtom, askedAt);
        controller.setOpen(mode === "bubble");
        await eventually("the configuration request", () => respond !== undefined, Boolean);
        t.now = 1600;
        respond!();
        await eventually("a conversation start", () => starts.length, (count) => count > 0);
        assert.deepEqual(starts, [expected]);
      } finally {
        disconnect();
      }
    });
  }
});

describe("what the quote modal may do (controller.quoteModal)", () => {
  function openQuote() {
    const store = createStore();
    const host = document.createElement("div");
    const controller = acmeController(store, { host });
    const answered: string[] = [];
    controller.conversation.answer = (value: string) => answered.push(value) > 0;
    store.set(flowStateAtom, { stepId: "proposal", answers: { quoteId: "q-42" }, path: [] });
    store.set(quoteModalOpenAtom, true);
    return { store, host, actions: controller.quoteModal, answered };
  }

  test("a payment that went through: the sale converted, the modal closed, the host page told, the chat answered", () => {
    const { store, host, actions, answered } = openQuote();
    const events: unknown[] = [];
    host.addEventListener("quote-assistant:purchase", (event) => events.push((event as CustomEvent).detail));
    actions.completePurchase({ transactionId: "tx-1", value: "45.50", currency: "USD", paymentMethod: "card" });
    assert.equal(store.get(convertedSaleAtom), true);
    assert.equal(store.get(quoteModalOpenAtom), false);
    assert.deepEqual(events, [{ company: "acme", bot: "b1", transactionId: "tx-1", value: "45.50", currency: "USD", paymentMethod: "card", quoteId: "q-42" }]);
    assert.deepEqual(answered, ["purchased"]);
  });

  test("'I need to think about it' closes the modal and hands back to the chat; closing only closes", () => {
    const { store, actions, answered } = openQuote();
    actions.close();
    assert.equal(store.get(quoteModalOpenAtom), false);
    assert.deepEqual(answered, []);
    store.set(quoteModalOpenAtom, true);
    actions.thinkAboutIt();
    assert.equal(store.get(quoteModalOpenAtom), false);
    assert.equal(store.get(convertedSaleAtom), false);
    assert.deepEqual(answered, ["think"]);
  });
});

describe("the consent box's words (issue 34)", () => {
  const rows: Array<[string, Record<string, unknown>, number]> = [
    ["a company that texts (textConsent served): fetched once, with the configuration", { textConsent: { texts: 1 } }, 1],
    ["a company that does not: never fetched", {}, 0],
  ];
  for (const [what, extra, expected] of rows) {
    test(what, async () => {
      globalThis.fetch = (async () =>
        new Response(JSON.stringify({ id: "acme", companyName: "Acme Lawns", ...extra }), { headers: { "content-type": "application/json" } })) as typeof fetch;
      const store = createStore();
      let loads = 0;
      const controller = acmeController(store, {
        loadTextConsent: () => {
          loads++;
          return Promise.resolve({ en: () => "words", es: () => "palabras" });
        },
      });
      controller.conversation.start = () => undefined;
      const disconnect = controller.connect();
      try {
        await eventually("the configuration", () => store.get(configStatusAtom).status, (status) => status === "ready");
        await new Promise((resolve) => setTimeout(resolve, 20));
        assert.equal(loads, expected);
      } finally {
        disconnect();
      }
    });
  }
});

describe("the click's frame shows the window before the conversation starts in it (issue 35)", () => {
  const readyController = async (t: { now: number }) => {
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      if ((input instanceof Request ? input.url : String(input)).includes("/chat/opened")) return new Response(null, { status: 204 });
      return new Response(JSON.stringify({ id: "acme", companyName: "Acme Lawns" }), { headers: { "content-type": "application/json" } });
    }) as typeof fetch;
    const store = createStore();
    const controller = acmeController(store, { mode: "bubble", clock: { ...instantClock, now: () => t.now } });
    const starts: Array<number | undefined> = [];
    controller.conversation.start = (openedAt?: number) => void starts.push(openedAt);
    const disconnect = controller.connect();
    await eventually("the configuration ready", () => store.get(configStatusAtom).status, (status) => status === "ready");
    return { controller, starts, disconnect };
  };

  test("opened: nothing starts in the click's task; after the frame it starts, timed from the click", async () => {
    const t = { now: 1000 };
    const { controller, starts, disconnect } = await readyController(t);
    try {
      controller.setOpen(true);
      assert.deepEqual(starts, [], "the open's own task starts nothing");
      t.now = 1040;
      await eventually("a conversation start", () => starts.length, (count) => count > 0);
      assert.deepEqual(starts, [1000]);
    } finally {
      disconnect();
    }
  });

  test("the configuration answered between the click and its frame: the start still waits for the frame, timed from the click", async () => {
    const t = { now: 0 };
    let respond: (() => void) | undefined;
    globalThis.fetch = ((input: RequestInfo | URL) => {
      if ((input instanceof Request ? input.url : String(input)).includes("/chat/opened")) return Promise.resolve(new Response(null, { status: 204 }));
      return new Promise<Response>((resolve) => {
        respond = () => resolve(new Response(JSON.stringify({ id: "acme", companyName: "Acme Lawns" }), { headers: { "content-type": "application/json" } }));
      });
    }) as typeof fetch;
    const store = createStore();
    // No frame comes until the test paints one.
    const frames: FrameRequestCallback[] = [];
    const raf = globalThis.requestAnimationFrame;
    globalThis.requestAnimationFrame = (callback) => frames.push(callback);
    const controller = acmeController(store, { mode: "bubble", clock: { ...instantClock, now: () => t.now } });
    const starts: Array<number | undefined> = [];
    controller.conversation.start = (openedAt?: number) => void starts.push(openedAt);
    const disconnect = controller.connect();
    try {
      await eventually("the configuration request", () => respond !== undefined, Boolean);
      t.now = 1000;
      controller.setOpen(true);
      t.now = 1010;
      respond!();
      await eventually("the configuration ready", () => store.get(configStatusAtom).status, (status) => status === "ready");
      assert.deepEqual(starts, [], "no start before the frame");
      for (const callback of frames.splice(0)) callback(0);
      await eventually("a conversation start", () => starts.length, (count) => count > 0);
      assert.deepEqual(starts, [1000]);
    } finally {
      globalThis.requestAnimationFrame = raf;
      disconnect();
    }
  });

  test("closed again before the frame: nothing starts", async () => {
    const t = { now: 1000 };
    const { controller, starts, disconnect } = await readyController(t);
    try {
      controller.setOpen(true);
      controller.setOpen(false);
      await new Promise((resolve) => setTimeout(resolve, 1200));
      assert.deepEqual(starts, []);
    } finally {
      disconnect();
    }
  });
});
