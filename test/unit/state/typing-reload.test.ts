// A reload while the bot was still typing (or a page closed right after a message): the step was
// saved as it began and its messages show one by one after it, so the server's transcript may
// end before them. The resumed chat says exactly those, once, then offers the step's input.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createStore } from "jotai/vanilla";
import { configStatusAtom, flowStateAtom, pendingInputAtom, transcriptAtom } from "../../../src/state/atoms.ts";
import { instantClock } from "../../../src/state/clock.ts";
import { createConversation } from "../../../src/state/conversation.ts";
import { makeConfig } from "../fixtures.ts";

function setup() {
  const store = createStore();
  store.set(configStatusAtom, { status: "ready", config: makeConfig() });
  return { store };
}

test("a reload while the bot was typing: the step's messages not yet shown are said once, then its input", async () => {
  const first = setup();
  const run = createConversation(first.store, { clock: instantClock });
  run.start();
  await run.settled();
  run.answer("Let's Get Started");
  await run.settled();
  run.answer("jane doe");
  await run.settled();
  const whole = first.store.get(transcriptAtom);
  const state = first.store.get(flowStateAtom)!;
  const stepSaid = whole.length - 1 - whole.findLastIndex((e) => e.from === "visitor");
  assert.ok(stepSaid >= 1, "the phone step says something as it begins");
  for (let shown = 0; shown <= stepSaid; shown++) {
    // Saved as the step began, before (some of) its messages showed.
    const transcript = whole.slice(0, whole.length - stepSaid + shown);
    const again = setup();
    const resumed = createConversation(again.store, { clock: instantClock, restore: () => Promise.resolve({ flow: state, transcript }) });
    resumed.start();
    await resumed.settled();
    assert.deepEqual(again.store.get(transcriptAtom).map((e) => [e.from, e.text]), whole.map((e) => [e.from, e.text]), `${shown} of ${stepSaid} shown before`);
    assert.equal(again.store.get(pendingInputAtom)?.input.kind, "text");
  }
});
