import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createStore } from "jotai/vanilla";
import { busyAtom, confirmationShownAtom, flowStateAtom, lastActivityAtom, openModalsAtom } from "../../../src/state/atoms.ts";
import type { Clock } from "../../../src/state/clock.ts";
import { ACTIVITY_EVENTS, watchForConfirmation } from "../../../src/state/confirmation-overlay.ts";
import { quoteModalOpenAtom } from "../../../src/state/quote-atoms.ts";

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

  // SPEC §2 counts from 'a tracked timestamp': the visitor's last activity of any kind, so
  // eight minutes spent measuring the lawn or typing a card never bring the overlay up over it.
  const BUSY_PLACES: Array<[string, (store: ReturnType<typeof createStore>, on: boolean) => void]> = [
    ["the measuring tool (a modal)", (store, on) => store.set(openModalsAtom, on ? 1 : 0)],
    ["the quote and its checkout", (store, on) => store.set(quoteModalOpenAtom, on)],
    ["a call still running", (store, on) => store.set(busyAtom, on)],
  ];
  for (const [place, setOpen] of BUSY_PLACES) {
    test(`eight minutes in ${place}: no overlay; 465 s after it closes, the overlay`, () => {
      const time = manualClock();
      const store = storeWith("Jane Doe", 0);
      watchForConfirmation(store, time.clock);
      time.advance(10_000);
      setOpen(store, true);
      time.advance(8 * 60_000);
      assert.equal(store.get(confirmationShownAtom), false, `not over ${place}`);
      setOpen(store, false);
      time.advance(464_000);
      assert.equal(store.get(confirmationShownAtom), false, "the time in it counted as activity");
      time.advance(4_000);
      assert.equal(store.get(confirmationShownAtom), true);
    });
  }

  for (const type of ACTIVITY_EVENTS) {
    test(`a '${type}' anywhere in the widget counts as activity, not only an answer`, () => {
      const time = manualClock();
      const store = storeWith("Jane Doe", 0);
      const host = new EventTarget();
      const stop = watchForConfirmation(store, time.clock, host);
      time.advance(400_000);
      host.dispatchEvent(new Event(type));
      time.advance(400_000);
      assert.equal(store.get(confirmationShownAtom), false);
      time.advance(70_000);
      assert.equal(store.get(confirmationShownAtom), true, "465 s after that activity");
      // Once stopped, the widget no longer listens on the host.
      stop();
      store.set(confirmationShownAtom, false);
      const before = store.get(lastActivityAtom);
      host.dispatchEvent(new Event(type));
      assert.equal(store.get(lastActivityAtom), before);
    });
  }
});

