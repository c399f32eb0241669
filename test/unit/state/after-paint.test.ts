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
    afterNextPaint(() => runs.push("ran"), 5_000);
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

  test("a tab that paints no frame gets the work from the fallback timer", async () => {
    fakeFrames();
    const runs: string[] = [];
    afterNextPaint(() => runs.push("ran"), 30);
    await tick(60);
    assert.deepEqual(runs, ["ran"]);
  });

  test("no requestAnimationFrame (a worker, a test without a DOM): the timer alone", async () => {
    // @ts-expect-error: a global without frames
    delete globalThis.requestAnimationFrame;
    const runs: string[] = [];
    afterNextPaint(() => runs.push("ran"), 10);
    await tick(40);
    assert.deepEqual(runs, ["ran"]);
  });

  test("cancelled: neither the frame nor the timer runs it", async () => {
    const frames = fakeFrames();
    const runs: string[] = [];
    const cancel = afterNextPaint(() => runs.push("ran"), 30);
    cancel();
    frames.paint();
    await tick(60);
    assert.deepEqual(runs, []);
  });
});
