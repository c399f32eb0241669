import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import { parseQueryFlags } from "../../../src/config/query-flags.ts";
import { configStatusAtom } from "../../../src/state/atoms.ts";
import { instantClock } from "../../../src/state/clock.ts";
import { createWidgetController } from "../../../src/state/widget-controller.ts";
import { captureConsoleErrors } from "../console-capture.ts";

const errors = captureConsoleErrors();

const originalFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = originalFetch;
});

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(check(), "timed out");
}

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
    const controller = createWidgetController({
      store,
      host: document.createElement("div"),
      company: "acme",
      bot: "b1",
      apiBase: "http://api.test",
      mode: "inline",
      flags: parseQueryFlags(""),
      clock: instantClock,
    });
    controller.conversation.start = () => {
      throw new Error("flow has no step welcome");
    };
    const disconnect = controller.connect();
    try {
      await until(() => store.get(configStatusAtom).status === "error");
      const status = store.get(configStatusAtom);
      assert.deepEqual(status, {
        status: "error",
        reason: "acme/b1: the conversation could not start: Error: flow has no step welcome",
        phone: "6145550100",
      });
      assert.deepEqual(errors.lines, ["[quote-assistant] acme/b1: the conversation could not start: Error: flow has no step welcome"]);

      controller.retry();
      await until(() => requests === 2 && store.get(configStatusAtom).status === "error");
      assert.deepEqual(store.get(configStatusAtom), status);
    } finally {
      disconnect();
    }
  });
});
