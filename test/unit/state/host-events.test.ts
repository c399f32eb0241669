// The host page's events: one typed map (every name, in the README's table), what GA4 receives
// for each, a hostile page's dataLayer that cannot break the widget, and `purchase` once per
// transaction also when a second controller (a reload) reports the same sale.
import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import { parseQueryFlags } from "../../../src/config/query-flags.ts";
import { configStatusAtom, flowStateAtom } from "../../../src/state/atoms.ts";
import { instantClock } from "../../../src/state/clock.ts";
import { ga4Event, HOST_EVENTS, isHostEventName, pushToAnalytics, type HostEventName } from "../../../src/state/host-events.ts";
import { createWidgetController } from "../../../src/state/widget-controller.ts";
import { eventually } from "../../eventually.ts";
import { makeConfig } from "../fixtures.ts";

const BASE = { company: "acme", bot: "b1" };
const SALE = { transactionId: "tx-9", value: "1234.05", currency: "USD", paymentMethod: "card", quoteId: "q-1" };

describe("the event map", () => {
  test("every event is in the README's table, and nothing else is", () => {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const table = [...readme.matchAll(/^\| `([a-z_]+)` \| `\{[^|]*\}` \|/gm)].map((m) => m[1]);
    assert.deepEqual(table, [...HOST_EVENTS]);
  });

  test("names outside the map are refused", () => {
    for (const name of ["Purchase", "quote-started", "", "constructor", 1, null]) assert.equal(isHostEventName(name), false, String(name));
    for (const name of HOST_EVENTS) assert.equal(isHostEventName(name), true, name);
  });

  const cases: Array<[HostEventName, Record<string, unknown>, string, Record<string, unknown>]> = [
    ["ready", BASE, "quote_assistant_ready", { quote_assistant_company: "acme", quote_assistant_bot: "b1" }],
    ["step", { ...BASE, stepId: "askName", chapter: "contact" }, "quote_assistant_step", { quote_assistant_company: "acme", quote_assistant_bot: "b1", step_id: "askName", chapter: "contact" }],
    ["lead", { ...BASE, quoteId: "q-1", kind: "objection", reason: null }, "generate_lead", { quote_assistant_company: "acme", quote_assistant_bot: "b1", quote_id: "q-1", lead_source: "objection" }],
    ["purchase", { ...BASE, ...SALE }, "purchase", {
      quote_assistant_company: "acme", quote_assistant_bot: "b1", transaction_id: "tx-9", value: 1234.05, currency: "USD", payment_type: "card", quote_id: "q-1",
      items: [{ item_id: "q-1", item_name: "Quote from acme", price: 1234.05, quantity: 1 }],
    }],
    ["checkout_started", { ...BASE, quoteId: "q-1", value: "0.10", currency: "CHF" }, "begin_checkout", {
      quote_assistant_company: "acme", quote_assistant_bot: "b1", quote_id: "q-1", value: 0.1, currency: "CHF",
      items: [{ item_id: "q-1", item_name: "Quote from acme", price: 0.1, quantity: 1 }],
    }],
    ["booking", { ...BASE, quoteId: null, orderId: "40001", date: "2026-05-04", window: "8:00 AM - 10:00 AM" }, "quote_assistant_booking", {
      quote_assistant_company: "acme", quote_assistant_bot: "b1", order_id: "40001", date: "2026-05-04", window: "8:00 AM - 10:00 AM",
    }],
    ["error", { ...BASE, where: "payment", message: "Your card was declined." }, "quote_assistant_error", { quote_assistant_company: "acme", quote_assistant_bot: "b1", where: "payment", message: "Your card was declined." }],
  ];
  for (const [name, detail, event, params] of cases) {
    test(`${name} → GA4 ${event}`, () => assert.deepEqual(ga4Event(name, detail), { event, params }));
  }
});

describe("pushing to the page's analytics", () => {
  test("gtag wins when the page has it (it feeds its own dataLayer: one event, not two)", () => {
    const calls: unknown[][] = [];
    const dataLayer: unknown[] = [];
    pushToAnalytics({ gtag: (...args: unknown[]) => calls.push(args), dataLayer }, "purchase", { ...BASE, ...SALE });
    assert.equal(calls.length, 1);
    assert.deepEqual(calls[0]?.slice(0, 2), ["event", "purchase"]);
    assert.equal((calls[0]?.[2] as { value: number }).value, 1234.05);
    assert.deepEqual(dataLayer, []);
  });

  test("Tag Manager's dataLayer: money events in the ecommerce shape after a reset, others flat", () => {
    const dataLayer: unknown[] = [];
    pushToAnalytics({ dataLayer }, "purchase", { ...BASE, ...SALE });
    pushToAnalytics({ dataLayer }, "open", BASE);
    assert.deepEqual(dataLayer[0], { ecommerce: null });
    assert.equal((dataLayer[1] as { event: string }).event, "purchase");
    assert.equal((dataLayer[1] as { ecommerce: { transaction_id: string; value: number } }).ecommerce.transaction_id, "tx-9");
    assert.equal((dataLayer[1] as { ecommerce: { value: number } }).ecommerce.value, 1234.05);
    assert.deepEqual(dataLayer[2], { event: "quote_assistant_open", quote_assistant_company: "acme", quote_assistant_bot: "b1" });
  });

  test("a page without a dataLayer or gtag gets nothing (the widget loads no Google script)", () => {
    const page: Record<string, unknown> = {};
    pushToAnalytics(page, "purchase", { ...BASE, ...SALE });
    assert.deepEqual(page, {});
  });

  const hostile: Array<[string, () => object]> = [
    ["push throws", () => ({ dataLayer: { push: () => { throw new Error("hostile"); } } })],
    ["gtag throws", () => ({ gtag: () => { throw new Error("hostile"); } })],
    ["dataLayer is a string", () => ({ dataLayer: "nope" })],
    ["push is not a function", () => ({ dataLayer: { push: 42 } })],
    ["reading dataLayer throws", () => Object.defineProperty({}, "dataLayer", { get: () => { throw new Error("hostile getter"); } })],
  ];
  for (const [name, page] of hostile) {
    test(`a hostile page (${name}) costs the analytics only: no throw`, () => {
      const warn = console.warn;
      console.warn = () => {};
      try {
        assert.doesNotThrow(() => pushToAnalytics(page(), "purchase", { ...BASE, ...SALE }));
      } finally {
        console.warn = warn;
      }
    });
  }
});

describe("the controller's events", () => {
  function controllerFor(host: HTMLElement, config = makeConfig({})) {
    const store = createStore();
    store.set(configStatusAtom, { status: "ready", config });
    const controller = createWidgetController({ store, host, company: "acme", bot: "b1", apiBase: "http://api.test", mode: "inline", flags: parseQueryFlags(""), clock: instantClock });
    controller.conversation.answer = () => true;
    store.set(flowStateAtom, { stepId: "proposal", answers: { quoteId: "q-1" }, path: [] });
    return controller;
  }
  const win = window as unknown as { dataLayer?: unknown[] };

  test("purchase fires once per transaction, also from a second controller (a reload)", () => {
    win.dataLayer = [];
    const host = document.createElement("div");
    const heard: unknown[] = [];
    host.addEventListener("quote-assistant:purchase", (e) => heard.push((e as CustomEvent).detail));
    const sale = { transactionId: "tx-reload-1", value: "45.50", currency: "USD", paymentMethod: "card" };
    controllerFor(host).quoteModal.completePurchase(sale);
    controllerFor(host).quoteModal.completePurchase(sale);
    controllerFor(host).quoteModal.completePurchase({ ...sale, transactionId: "tx-reload-2" });
    assert.deepEqual(heard.map((d) => (d as { transactionId: string }).transactionId), ["tx-reload-1", "tx-reload-2"]);
    assert.equal(win.dataLayer.filter((e) => (e as { event?: string }).event === "purchase").length, 2);
  });

  test("error: the chat could not start (the visitor sees the error state), with its title", async () => {
    const originalFetch = globalThis.fetch;
    const originalError = console.error;
    globalThis.fetch = (async () => new Response("{}", { status: 404 })) as typeof fetch;
    console.error = () => {};
    const host = document.createElement("div");
    const heard: unknown[] = [];
    host.addEventListener("quote-assistant:error", (e) => heard.push((e as CustomEvent).detail));
    const store = createStore();
    const controller = createWidgetController({ store, host, company: "acme", bot: "b1", apiBase: "http://api.test", mode: "inline", flags: parseQueryFlags(""), clock: instantClock });
    const disconnect = controller.connect();
    try {
      await eventually("the error event", () => heard.length, (n) => n > 0);
      assert.deepEqual(heard, [{ company: "acme", bot: "b1", where: "start", message: "Sorry, instant quotes are unavailable right now." }]);
    } finally {
      disconnect();
      globalThis.fetch = originalFetch;
      console.error = originalError;
    }
  });

  test("events before the configuration wait for it: 'analytics: false' pushes nothing, 'ready' included; otherwise they follow in order", async () => {
    const originalFetch = globalThis.fetch;
    try {
      for (const analytics of [false, true]) {
        win.dataLayer = [];
        globalThis.fetch = (async (input: RequestInfo | URL) => {
          const isConfig = String(input instanceof Request ? input.url : input).includes("/bot/");
          return new Response(JSON.stringify(isConfig ? { id: "acme", companyName: "Acme Lawns", analytics } : []), { headers: { "content-type": "application/json" } });
        }) as typeof fetch;
        const store = createStore();
        const host = document.createElement("div");
        let heardOpen = false;
        host.addEventListener("quote-assistant:open", () => (heardOpen = true));
        const controller = createWidgetController({ store, host, company: "acme", bot: "b1", apiBase: "http://api.test", mode: "bubble", flags: parseQueryFlags(""), clock: instantClock });
        // As the widget does: "ready" in the commit, connect() after the paint.
        controller.announce();
        const disconnect = controller.connect();
        controller.setOpen(true);
        assert.deepEqual(win.dataLayer, [], "nothing before the configuration");
        await eventually("the configuration loaded", () => store.get(configStatusAtom).status, (status) => status === "ready");
        // The open is told after the frame that shows the window (chat-openings.ts).
        await eventually("the open told", () => heardOpen, Boolean);
        disconnect();
        const events = win.dataLayer.map((e) => (e as { event: string }).event);
        if (analytics) assert.deepEqual(events.slice(0, 2), ["quote_assistant_ready", "quote_assistant_open"]);
        else assert.deepEqual(events, []);
      }
    } finally {
      globalThis.fetch = originalFetch;
      delete win.dataLayer;
    }
  });

  test("analytics off: by the element's attribute, or by the company's configuration; the DOM events still fire", () => {
    for (const [name, attribute, config] of [
      ["attribute", "off", makeConfig({})],
      ["configuration", null, makeConfig({ analytics: false })],
    ] as const) {
      win.dataLayer = [];
      const host = document.createElement("div");
      if (attribute) host.setAttribute("analytics", attribute);
      let heard = 0;
      host.addEventListener("quote-assistant:purchase", () => heard++);
      controllerFor(host, config).quoteModal.completePurchase({ transactionId: `tx-off-${name}`, value: "1.00", currency: "USD", paymentMethod: "card" });
      assert.equal(heard, 1, name);
      assert.deepEqual(win.dataLayer, [], name);
    }
    delete win.dataLayer;
  });
});
