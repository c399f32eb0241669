import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import { openAtom } from "../../../src/state/atoms.ts";
import { watchOpenings } from "../../../src/state/chat-openings.ts";

const { requestAnimationFrame: originalRaf, cancelAnimationFrame: originalCancel } = globalThis;
afterEach(() => {
  globalThis.requestAnimationFrame = originalRaf;
  globalThis.cancelAnimationFrame = originalCancel;
});

/** A frame: its rAF callbacks, then a task later (when afterNextPaint's work runs). */
function fakeFrames() {
  const waiting = new Map<number, FrameRequestCallback>();
  let last = 0;
  globalThis.requestAnimationFrame = (callback) => (waiting.set(++last, callback), last);
  globalThis.cancelAnimationFrame = (id) => void waiting.delete(id);
  return async () => {
    const now = [...waiting.values()];
    waiting.clear();
    for (const callback of now) callback(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
}

type Step = "open" | "close" | "frame";
// [what, open at the start, steps, what the handlers heard]
const rows: Array<[string, boolean, Step[], string[]]> = [
  ["an open is heard of after the frame that shows it, timed at the open", false, ["open", "frame"], ["opened@1"]],
  ["no frame yet: nothing heard", false, ["open"], []],
  ["opened and closed within one frame: neither is heard of", false, ["open", "close", "frame"], ["changed"]],
  ["opened, painted, closed: both, the close at once", false, ["open", "frame", "close"], ["opened@1", "closed", "changed"]],
  ["open at the start counts as heard: its close is heard", true, ["close"], ["closed", "changed"]],
  ["closed, reopened: the second open after its own frame, at its own time", true, ["close", "open", "frame"], ["closed", "changed", "opened@2"]],
];

describe("watchOpenings: the chat's opens after their frame, closes at once", () => {
  for (const [what, openAtStart, steps, expected] of rows) {
    test(what, async () => {
      const frame = fakeFrames();
      const store = createStore();
      store.set(openAtom, openAtStart);
      let now = 0;
      const heard: string[] = [];
      const stop = watchOpenings(store, { now: () => now } as never, {
        opened: (at) => heard.push(`opened@${at}`),
        closed: () => heard.push("closed"),
        changed: () => heard.push("changed"),
      });
      for (const step of steps) {
        now++;
        if (step === "frame") await frame();
        else store.set(openAtom, step === "open");
      }
      stop();
      assert.deepEqual(heard, expected);
    });
  }

  test("unsubscribed before the frame: the open is never heard of", async () => {
    const frame = fakeFrames();
    const store = createStore();
    const heard: string[] = [];
    const stop = watchOpenings(store, { now: () => 0 } as never, { opened: () => heard.push("opened"), closed: () => heard.push("closed"), changed: () => heard.push("changed") });
    store.set(openAtom, true);
    stop();
    await frame();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    assert.deepEqual(heard, []);
  });
});
