// The answer names the flow knows are listed once (src/flow/answer-keys.ts): the steps save
// only under those names, and tsc refuses a name that is not among them.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { answerOf, isAnswerKey } from "../../../src/flow/answer-keys.ts";
import { steps } from "../../../src/flow/flow-graph.ts";
import type { Answers } from "../../../src/flow/types.ts";

describe("answer names", () => {
  test("every chapter step saves under a known answer name", () => {
    const saved = Object.entries(steps).flatMap(([id, step]) => (step.saveAs ? [[id, step.saveAs] as const] : []));
    assert.ok(saved.length >= 20, "the chapters' questions are all checked");
    assert.deepEqual(saved.filter(([, name]) => !isAnswerKey(name)), []);
  });

  test("a misspelt answer name does not compile, and a company's own question is read by id", () => {
    const answers: Answers = { customerFirstName: "Ada" };
    // @ts-expect-error customerFristName is no answer of the flow: `npx tsc --noEmit` fails when this line compiles.
    assert.equal(answers.customerFristName, undefined);
    assert.equal(answers.customerFirstName, "Ada");
    assert.equal(answerOf({ ...answers, ...{ gateCode: "1234" } }, "gateCode"), "1234");
  });
});
