import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { installHostApi } from "../../../src/element/host-api.ts";
import { HOST_EVENTS } from "../../../src/state/host-events.ts";

// A stand-in element: the host API only needs the element's commands.
class FakeAssistant extends HTMLElement {
  calls: Array<[string, unknown?]> = [];
  openChat(askedAt?: number) {
    this.calls.push(askedAt === undefined ? ["open"] : ["open", askedAt]);
  }
  closeChat() {
    this.calls.push(["close"]);
  }
  prefill(fields: unknown) {
    this.calls.push(["prefill", fields]);
  }
}
if (!customElements.get("quote-assistant")) customElements.define("quote-assistant", FakeAssistant);

type Win = Window & { QuoteAssistant?: unknown };

afterEach(() => {
  delete (window as Win).QuoteAssistant;
  document.body.innerHTML = "";
});

describe("the host-page API", () => {
  test("commands queued by the loader are replayed in order once the bundle runs", () => {
    const el = document.createElement("quote-assistant") as FakeAssistant;
    document.body.append(el);
    (window as Win).QuoteAssistant = Object.assign(function () {}, {
      q: [["prefill", { customerName: "Jane" }], ["open"], ["close"]],
    });
    installHostApi(window);
    assert.deepEqual(el.calls, [["prefill", { customerName: "Jane" }], ["open"], ["close"]]);
  });

  test("an open the loader's stub stamped is opened with the time it was asked for; a page stub's without", () => {
    const el = document.createElement("quote-assistant") as FakeAssistant;
    document.body.append(el);
    const pageStub = (function (..._args: unknown[]) {
      // eslint-disable-next-line prefer-rest-params
      return arguments;
    })("open");
    (window as Win).QuoteAssistant = Object.assign(function () {}, {
      q: [Object.assign(["open"], { askedAt: 1_700_000_000_000 }), pageStub],
    });
    installHostApi(window);
    assert.deepEqual(el.calls, [["open", 1_700_000_000_000], ["open"]]);
  });

  test("'on' handlers hear the element's events, and one throwing handler spares the others", () => {
    const api = installHostApi(window);
    const heard: unknown[] = [];
    api("on", "open", () => {
      throw new Error("host bug");
    });
    api("on", "open", (detail: unknown) => heard.push(detail));
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      document.body.dispatchEvent(new CustomEvent("quote-assistant:open", { bubbles: true, detail: { company: "c" } }));
    } finally {
      console.error = original;
    }
    assert.deepEqual(heard, [{ company: "c" }]);
    assert.equal(errors.length, 1);
  });

  test("'on' takes every event of the map (queued before the bundle too); 'off' stops a handler", () => {
    const heard: string[] = [];
    const handlers = Object.fromEntries(HOST_EVENTS.map((name) => [name, () => heard.push(name)]));
    (window as Win).QuoteAssistant = Object.assign(function () {}, { q: HOST_EVENTS.map((name) => ["on", name, handlers[name]]) });
    const api = installHostApi(window);
    const fire = () => HOST_EVENTS.forEach((name) => document.body.dispatchEvent(new CustomEvent(`quote-assistant:${name}`, { bubbles: true, detail: {} })));
    fire();
    assert.deepEqual(heard, [...HOST_EVENTS]);
    api("off", "purchase", handlers.purchase);
    api("off", "step", handlers.step);
    heard.length = 0;
    fire();
    assert.deepEqual(heard, HOST_EVENTS.filter((name) => name !== "purchase" && name !== "step"));
  });

  test("unknown commands and bad 'on' calls warn instead of throwing", () => {
    const api = installHostApi(window);
    const warnings: unknown[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      api("explode");
      api("on", "nonsense", () => {});
      api("on", "open", "not a function");
    } finally {
      console.warn = original;
    }
    assert.equal(warnings.length, 3);
  });

  test("a second copy of the bundle keeps the first API", () => {
    const first = installHostApi(window);
    const second = installHostApi(window);
    assert.equal(first, second);
    assert.equal((window as Win).QuoteAssistant, first);
  });

  test("taking over from the loader's stub keeps its facade flag, so a later loader copy stands down", () => {
    (window as Win).QuoteAssistant = Object.assign(() => {}, { q: [], facade: true });
    assert.equal(installHostApi(window).facade, true);
  });

  test("a bundle that runs before any loader claims no facade", () => {
    assert.equal(installHostApi(window).facade, false);
  });
});
