// The answer names the flow knows are listed once (src/flow/answer-keys.ts): the steps save
// only under those names, and tsc refuses a name that is not among them or a value of the wrong
// kind. Outside the state answers are text; the tables below pin that format.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { answerAt, answerFromText, answerOf, answersFromWire, answersToWire, isAnswerKey } from "../../../src/flow/answer-keys.ts";
import { steps } from "./whole-graph.ts";
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

describe("answers are typed in the state", () => {
  test("tsc refuses text where a flag, a number or a list belongs, and a misspelt name in a literal", () => {
    // @ts-expect-error a flag is a boolean, not the text "true"
    const flag: Answers = { quoteConverted: "true" };
    // @ts-expect-error a size is a number, not its digits
    const size: Answers = { lawnSize: "6000" };
    // @ts-expect-error the chosen programs are a list, not its JSON
    const programs: Answers = { selectedPrograms: '["Mowing"]' };
    // @ts-expect-error customerFristName is no answer of the flow
    const misspelt: Answers = { customerFristName: "Ada" };
    const typed: Answers = { quoteConverted: true, lawnSize: 6000, selectedPrograms: ["Mowing"], customerFirstName: "Ada" };
    assert.equal([flag, size, programs, misspelt, typed].length, 5);
  });
});

describe("answers as text at the edges (storage, API bodies, a step's raw input)", () => {
  // [name, text, the value in the state (undefined: dropped)]
  const FROM_TEXT: Array<[string, string, unknown]> = [
    ["customerName", "  Kim Lee ", "  Kim Lee "],
    ["customerZip", "043017", "043017"],
    ["gateCode", "1234", "1234"],
    ["lawnSize", "6000", 6000],
    ["customerLat", "-82.1357", -82.1357],
    ["lawnHappiness", "4.25", 4.25],
    ["lawnSize", "", undefined],
    ["lawnSize", "  ", undefined],
    ["lawnSize", "lots", undefined],
    ["lawnSize", "Infinity", undefined],
    ["lawnSize", "1e400", undefined],
    ["quoteConverted", "true", true],
    ["measureCancelled", "", false],
    ["quoteConverted", "yes", false],
    ["selectedPrograms", '["Mowing","Fertilizer & Weed Control"]', ["Mowing", "Fertilizer & Weed Control"]],
    ["selectedPrograms", '["Mowing","Mowing"]', ["Mowing"]],
    ["selectedPrograms", "[]", []],
    ["selectedPrograms", '"Mowing"', undefined],
    ["selectedPrograms", '["Mowing",1]', undefined],
    ["selectedPrograms", "Mowing", undefined],
    ["selectedPrograms", "", undefined],
    ["servmanSlots", '[{"service_window_desc":"8-10"},null,2,[3]]', [{ service_window_desc: "8-10" }]],
    ["servmanCategories", '{"id":1}', undefined],
    ["servmanProblems", "{oops", undefined],
  ];
  for (const [name, text, value] of FROM_TEXT) {
    test(`${name} ${JSON.stringify(text)} is ${value === undefined ? "dropped" : JSON.stringify(value)}`, () => {
      assert.deepEqual(answerFromText(name, text), value);
      assert.deepEqual(answersFromWire({ [name]: text }), value === undefined ? {} : { [name]: value });
    });
  }

  // The state's answers and their text, exactly as the widget stored and sent them before answers were typed.
  const WIRE: Array<[Answers, Record<string, string>]> = [
    [{ customerFirstName: "Kim" }, { customerFirstName: "Kim" }],
    [{ lawnSize: 6000, adjustedLotSize: 5100.5, customerLng: -83.1 }, { lawnSize: "6000", adjustedLotSize: "5100.5", customerLng: "-83.1" }],
    [{ quoteHadPrices: true, measureCancelled: false }, { quoteHadPrices: "true", measureCancelled: "" }],
    [{ selectedPrograms: ["Mowing", "Aeration \"Core\""] }, { selectedPrograms: '["Mowing","Aeration \\"Core\\""]' }],
    [{ servmanCategories: [{ id: 1, name: "Ants" }] }, { servmanCategories: '[{"id":1,"name":"Ants"}]' }],
    [{ selectedPrograms: [] }, { selectedPrograms: "[]" }],
  ];
  for (const [answers, wire] of WIRE) {
    test(`${Object.keys(answers).join(", ")}: written as the text format, read back the same`, () => {
      assert.deepEqual(answersToWire(answers), wire);
      assert.deepEqual(answersFromWire(answersToWire(answers)), answers);
    });
  }

  test("a company's question and an unknown name stay text; a value that is not text is dropped", () => {
    assert.deepEqual(answersFromWire({ "preModal.1": "42", lawnSize: 42, quoteConverted: true, customerName: null }), { "preModal.1": "42" });
  });

  test("answerOf reads any answer as its text, as messages and skip checks show it", () => {
    const answers: Answers = { lawnHappiness: 4.25, selectedPrograms: ["Mowing"], measureCancelled: false, customerFirstName: "Ada" };
    assert.equal(answerOf(answers, "lawnHappiness"), "4.25");
    assert.equal(answerOf(answers, "selectedPrograms"), '["Mowing"]');
    assert.equal(answerOf(answers, "measureCancelled"), "");
    assert.equal(answerOf(answers, "customerFirstName"), "Ada");
    assert.equal(answerOf(answers, "gateCode"), undefined);
  });

  test("a step's raw input is saved typed under its variable, and nothing without one", () => {
    assert.deepEqual(answerAt("lawnHappiness", "3.5"), { lawnHappiness: 3.5 });
    assert.deepEqual(answerAt("lawnHappiness", "x"), {});
    assert.deepEqual(answerAt("preModal.2", "3.5"), { "preModal.2": "3.5" });
    assert.deepEqual(answerAt(undefined, "3.5"), {});
  });
});
