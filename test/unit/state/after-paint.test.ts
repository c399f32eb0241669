import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { afterNextPaint } from "../../../src/state/after-paint.ts";

/** A browser's frames, driven by the test: `paint()` runs the waiting rAF callbacks, as a frame does before its paint. */
function fakeFrames() {
  const waiting = new Map<number, FrameRequestCallback>();
  let last = 0;
  globalThis.requestAnimationFrame = (callback) => (waiting.set(++last, callback), last);
  globalThis.cancelAnimationFrame = (id) => void waiting.delete(id);
  return {
    paint() {
      const now = [...waiting.values()];
      waiting.clear();
      for (const callback of now) callback(performance.now());
    },
  };
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
const { requestAnimationFrame: originalRaf, cancelAnimationFrame: originalCancel } = globalThis;
afterEach(() => {
  globalThis.requestAnimationFrame = originalRaf;
  globalThis.cancelAnimationFrame = originalCancel;
});

describe("afterNextPaint: work after the frame the click made", () => {
  test("runs in a task after the next frame, not before it, and once", async () => {
    const frames = fakeFrames();
    const runs: string[] = [];
    afterNextPaint(() => runs.push("ran"));
    await tick(20);
    assert.deepEqual(runs, [], "no frame yet: nothing ran");
    frames.paint();
    assert.deepEqual(runs, [], "not inside the frame's own callbacks (before its paint)");
    await tick();
    assert.deepEqual(runs, ["ran"]);
    frames.paint();
    await tick(20);
    assert.deepEqual(runs, ["ran"], "once");
  });

  test("cancelled before the frame, or between the frame and its task: it does not run", async () => {
    const frames = fakeFrames();
    const runs: string[] = [];
    afterNextPaint(() => runs.push("first"))();
    const second = afterNextPaint(() => runs.push("second"));
    frames.paint();
    second();
    await tick(20);
    assert.deepEqual(runs, []);
  });
});
