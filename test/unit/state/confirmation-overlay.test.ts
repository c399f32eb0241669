import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import { confirmationShownAtom, flowStateAtom, lastActivityAtom } from "../../../src/state/atoms.ts";
import type { Clock } from "../../../src/state/clock.ts";
import { watchForConfirmation } from "../../../src/state/confirmation-overlay.ts";

/** A clock whose time moves only when the test says, firing its interval as it goes. */
function manualClock() {
  let now = 0;
  let tick: { ms: number; fn: () => void } | null = null;
  const clock: Clock = {
    sleep: () => Promise.resolve(),
    now: () => now,
    every: (ms, fn) => {
      tick = { ms, fn };
      return () => (tick = null);
    },
  };
  return {
    clock,
    advance(ms: number) {
      for (let t = 0; t < ms; t += tick?.ms ?? ms) {
        now += tick?.ms ?? ms;
        tick?.fn();
      }
    },
    get interval() {
      return tick?.ms;
    },
  };
}

function storeWith(name: string | undefined, lastActivity: number | null) {
  const store = createStore();
  store.set(flowStateAtom, { stepId: "x", answers: name ? { customerName: name } : {}, path: [] });
  store.set(lastActivityAtom, lastActivity);
  return store;
}

describe("the confirmation overlay (SPEC §2)", () => {
  test("is checked every 2 s and appears once more than 465 s passed since the visitor's last answer", () => {
    const time = manualClock();
    const store = storeWith("Jane Doe", 0);
    watchForConfirmation(store, time.clock);
    assert.equal(time.interval, 2000);
    time.advance(464_000);
    assert.equal(store.get(confirmationShownAtom), false);
    time.advance(2_000);
    assert.equal(store.get(confirmationShownAtom), true);
  });

  test("a visitor who answered recently does not see it", () => {
    const time = manualClock();
    const store = storeWith("Jane Doe", 0);
    watchForConfirmation(store, time.clock);
    time.advance(400_000);
    store.set(lastActivityAtom, time.clock.now());
    time.advance(400_000);
    assert.equal(store.get(confirmationShownAtom), false);
  });

  test("never appears before the visitor has given a name", () => {
    const time = manualClock();
    const store = storeWith(undefined, 0);
    watchForConfirmation(store, time.clock);
    time.advance(1_000_000);
    assert.equal(store.get(confirmationShownAtom), false);
  });

  test("stops checking when the widget goes away", () => {
    const time = manualClock();
    const store = storeWith("Jane Doe", 0);
    const stop = watchForConfirmation(store, time.clock);
    stop();
    assert.equal(time.interval, undefined);
  });
});
