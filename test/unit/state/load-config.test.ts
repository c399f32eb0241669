import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import type { ApiClient } from "../../../src/api/client.ts";
import { phoneIn } from "../../../src/api/company-config.ts";
import { configStatusAtom, openAtom } from "../../../src/state/atoms.ts";
import { createConfigLoader, loadConfig } from "../../../src/state/load-config.ts";
import { captureConsoleErrors } from "../console-capture.ts";

/** An API client whose GET answers with `json` (a value, or a function that throws or rejects). */
function apiAnswering(json: () => unknown): ApiClient {
  return { get: () => ({ json: async () => json() }) } as unknown as ApiClient;
}

const request = { company: "acme", bot: "b1", onboarding: false };
const errors = captureConsoleErrors();

describe("loading the configuration never leaves the widget loading", () => {
  const failures: Array<[string, () => unknown, RegExp, string | undefined]> = [
    ["the request rejects (network, timeout)", () => Promise.reject(new TypeError("Failed to fetch")), /configuration request failed: TypeError: Failed to fetch/, undefined],
    ["the answer is not an object", () => "<html>", /configuration is invalid/, undefined],
    ["the answer is a list", () => [1, 2], /configuration is invalid/, undefined],
    ["the answer has the wrong shape", () => ({ id: 1 }), /configuration is invalid/, undefined],
    ["the wrong shape, with a readable phone", () => ({ id: 1, companyPhone: "614 555 0100" }), /configuration is invalid/, "614 555 0100"],
    [
      "reading the answer throws (a getter on a page-patched object)",
      () => Object.defineProperty({}, "id", { enumerable: true, get: () => { throw new Error("boom"); } }),
      /acme\/b1: .*boom/,
      undefined,
    ],
  ];
  for (const [name, json, reason, phone] of failures) {
    test(`${name}: the error state, the reason in the console`, async () => {
      const store = createStore();
      await loadConfig(store, apiAnswering(json), request);
      const status = store.get(configStatusAtom);
      assert.equal(status.status, "error");
      assert.match(status.status === "error" ? status.reason : "", reason);
      assert.equal(status.status === "error" ? status.phone : undefined, phone);
      assert.equal(errors.lines.length, 1);
      assert.match(errors.lines[0]!, /^\[quote-assistant\] acme\/b1: /);
    });
  }

  test("a usable answer is ready", async () => {
    const store = createStore();
    await loadConfig(store, apiAnswering(() => ({ id: "acme", companyName: "Acme Lawns" })), request);
    assert.equal(store.get(configStatusAtom).status, "ready");
    assert.deepEqual(errors.lines, []);
  });

  test("only a phone-like companyPhone or phone of the answer itself counts", () => {
    assert.equal(phoneIn({ companyPhone: "(614) 555-0100" }), "(614) 555-0100");
    assert.equal(phoneIn({ phone: "+44 20 7946 0958" }), "+44 20 7946 0958");
    assert.equal(phoneIn({ companyPhone: "call us!" }), undefined);
    assert.equal(phoneIn({ companyPhone: 6145550100 }), undefined);
    assert.equal(phoneIn(Object.create({ companyPhone: "6145550100" })), undefined);
    assert.equal(phoneIn(null), undefined);
    assert.equal(phoneIn(["6145550100"]), undefined);
  });
});

describe("the configuration is asked for when the widget is made, loaded when it connects (issue 35)", () => {
  /** An API client that counts its GETs; each answers when the test says. */
  function countingApi() {
    const answers: Array<(json: unknown) => void> = [];
    const api = { get: () => ({ json: () => new Promise((resolve) => answers.push(resolve)) }) } as unknown as ApiClient;
    return { api, answers };
  }

  test("the request goes out at once; the first load takes its answer; a retry asks again", async () => {
    const { api, answers } = countingApi();
    const store = createStore();
    const load = createConfigLoader(api, request);
    assert.equal(answers.length, 1, "asked for before any load");
    answers[0]!({ id: "acme", companyName: "Acme Lawns" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await load(store);
    assert.equal(store.get(configStatusAtom).status, "ready");
    assert.equal(answers.length, 1, "the first load asked nothing more");
    const again = load(store);
    assert.equal(answers.length, 2, "a second load asks afresh");
    answers[1]!({ id: "acme", companyName: "Acme Lawns, renamed" });
    await again;
    const status = store.get(configStatusAtom);
    assert.equal(status.status === "ready" ? status.config.companyName : undefined, "Acme Lawns, renamed");
  });

  test("a load made before the answer has come waits for it, loading meanwhile", async () => {
    const { api, answers } = countingApi();
    const store = createStore();
    const loading = createConfigLoader(api, request)(store);
    assert.equal(store.get(configStatusAtom).status, "loading");
    answers[0]!({ id: "acme", companyName: "Acme Lawns" });
    await loading;
    assert.equal(store.get(configStatusAtom).status, "ready");
    assert.equal(answers.length, 1);
  });

  test("a request that failed before the load is the error state when loaded, and no unhandled rejection", async () => {
    const rejections: unknown[] = [];
    const record = (reason: unknown) => rejections.push(reason);
    process.on("unhandledRejection", record);
    try {
      const store = createStore();
      const load = createConfigLoader(apiAnswering(() => Promise.reject(new TypeError("Failed to fetch"))), request);
      await new Promise((resolve) => setTimeout(resolve, 10));
      await load(store);
      const status = store.get(configStatusAtom);
      assert.match(status.status === "error" ? status.reason : "", /configuration request failed: TypeError: Failed to fetch/);
      assert.deepEqual(rejections, []);
    } finally {
      process.off("unhandledRejection", record);
    }
  });
});

describe("the answer is read, validated and applied in tasks of their own (issue 35)", () => {
  /** Every microtask queued so far, and those they queue, but no task. */
  const microtasksRun = async () => {
    for (let i = 0; i < 50; i++) await Promise.resolve();
  };
  const nextTaskOfTheTest = () => new Promise((resolve) => setTimeout(resolve));
  /** An answer that notes when the validation reads it. */
  const watchedAnswer = (reads: string[]) => () =>
    Object.defineProperty({ id: "acme" }, "companyName", { enumerable: true, get: () => (reads.push("companyName"), "Acme Lawns") });

  test("closed (before any click): validated in the task after the answer's, ready in the task after that", async () => {
    const store = createStore();
    const reads: string[] = [];
    const loaded = loadConfig(store, apiAnswering(watchedAnswer(reads)), request);
    await microtasksRun();
    assert.deepEqual(reads, [], "not validated in the task that read the answer");
    assert.equal(store.get(configStatusAtom).status, "loading");
    await nextTaskOfTheTest();
    assert.ok(reads.length > 0, "validated in the next task");
    assert.equal(store.get(configStatusAtom).status, "loading");
    await nextTaskOfTheTest();
    assert.equal(store.get(configStatusAtom).status, "ready");
    await loaded;
    assert.deepEqual(errors.lines, []);
  });

  test("open (the visitor waits): validated and ready in the task that read the answer", async () => {
    const store = createStore();
    store.set(openAtom, true);
    const reads: string[] = [];
    const loaded = loadConfig(store, apiAnswering(watchedAnswer(reads)), request);
    await microtasksRun();
    assert.ok(reads.length > 0, "validated without waiting for a task");
    assert.equal(store.get(configStatusAtom).status, "ready");
    await loaded;
    assert.deepEqual(errors.lines, []);
  });
});
