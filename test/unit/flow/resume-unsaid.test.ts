// A reload while the bot was still typing (or a page closed right after a message): a step is
// saved as it begins and its messages show one by one after it, so the saved transcript may end
// before the step's last messages. Resuming says exactly those, once, in order, then offers the
// step's input or redoes its task; a transcript that has them all hears nothing again.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { resumeFlow } from "../../../src/flow/engine.ts";
import type { Effect, FlowContext, FlowState } from "../../../src/flow/types.ts";
import { makeConfig, SAMPLE_PROGRAMS } from "../fixtures.ts";
import { steps } from "./whole-graph.ts";

const ctx: FlowContext = { config: makeConfig(), customer: {}, programs: SAMPLE_PROGRAMS };
const said = (effects: Effect[]) => effects.flatMap((e) => (e.type === "say" ? [e.text] : []));
const last = (effects: Effect[]) => effects[effects.length - 1]!.type;

const sold: FlowState = {
  stepId: "saleReceipt",
  answers: { customerFirstName: "Kim", saleTransactionId: "TX-1", quoteId: "q-1" },
  path: ["quoteOpen", "congratsSale", "saleReceipt"],
};
const notMine: FlowState = { stepId: "notMyAddress", answers: { customerFirstName: "Kim" }, path: ["askAddress", "confirmAddress", "notMyAddress"] };
// [the step, its state, what it says as it begins, what follows them]
const STEPS: Array<[string, FlowState, string]> = [
  ["'not my address' (messages, then the address field)", notMine, "ask"],
  ["the sale's receipt (messages, then the redirect task)", sold, "task"],
];

describe("resuming a step whose messages had not all shown", () => {
  for (const [name, state, then] of STEPS) {
    const messages = said(resumeFlow(steps, state, ctx).effects);
    test(`${name}: it says ${messages.length} messages as it begins`, () => {
      assert.ok(messages.length >= 2, messages.join(" | "));
      assert.match(messages.join(" "), state === sold ? /Congratulations, Kim! Your order is confirmed\./ : /address/i);
    });

    test(`${name}: after any number of them, the rest are said once, in order, then the ${then}`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: messages.length }), fc.array(fc.oneof(fc.string(), fc.constant(null)), { maxLength: 4 }), (shownCount, earlier) => {
          // Earlier entries end with the visitor's answer (null): none of them is this step's.
          const shown = [...earlier, null, ...messages.slice(0, shownCount)];
          const { effects } = resumeFlow(steps, state, ctx, shown);
          assert.deepEqual(said(effects), messages.slice(shownCount));
          assert.equal(last(effects), then);
        }),
      );
    });
  }

  test("the same texts said before the visitor's last answer do not count: the step says them again", () => {
    const messages = said(resumeFlow(steps, notMine, ctx).effects);
    assert.deepEqual(said(resumeFlow(steps, notMine, ctx, [...messages, null]).effects), messages);
  });

  test("a transcript that ends inside the step's messages, not at their start, is not taken for them", () => {
    const messages = said(resumeFlow(steps, sold, ctx).effects);
    // Only the second message at the end: the first was never shown, so all are said.
    assert.deepEqual(said(resumeFlow(steps, sold, ctx, [null, messages[1]!]).effects), messages);
  });
});
