// SPEC §4 'Resume of a previous quote, in order': the earlier quote's state, read back from
// the server, decides where the visitor picks up; the first rule that holds wins.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { CompanyConfigInput } from "../../../src/config/company-config.ts";
import type { Answers, FlowContext } from "../../../src/flow/types.ts";
import { makeConfig, SAMPLE_PROGRAMS } from "../fixtures.ts";
import { dublinAddress, start, walk } from "./walk.ts";

const contact = {
  startButtons: start,
  askName: { value: "Jane Doe" },
  askPhone: { value: "6145550100" },
  askEmail: { value: "jane@example.com" },
  askAddress: dublinAddress,
  askUnit: { value: "No" },
};

function resume(earlier: Answers, overrides: Partial<CompanyConfigInput> = {}) {
  const ctx: FlowContext = {
    config: makeConfig({
      crmSolution: "real-green",
      crmPortalUrl: "https://portal.example.com/greenway",
      measuringToolUrl: "https://measure.example.com/",
      preModalQuestions: [{ id: "lawnGoal", question: "What matters most?", options: ["Greener", "Fewer weeds"] }],
      ...overrides,
    }),
    customer: {},
    programs: SAMPLE_PROGRAMS,
  };
  return walk(ctx, {
    inputs: contact,
    tasks: {
      checkPreviousQuote: { value: "quoted", values: { previousQuoteId: "q-1" } },
      startQuote: { value: "started", values: { quoteId: "q-1" } },
      resumeQuote: { value: "resumed", values: earlier },
      calculateQuote: { value: "priced" },
      openQuote: { value: "done" },
      redirectToPortal: { value: "done" },
    },
  });
}

const fertilizer = ["Fertilizer & Weed Control"];
const fertilizerAnswers = { lawnCareParty: "I do it myself", lawnHappiness: 3, lawnThickness: "Patchy", lawnBiggestProblem: "Grubs", lawnType: "Tall fescue" };
const everything = { selectedPrograms: fertilizer, lawnSize: 5000, ...fertilizerAnswers, lawnGoal: "Greener" };

describe("resuming a previous quote (SPEC §4, rules in order)", () => {
  const rules: Array<[string, Answers, Partial<CompanyConfigInput>, string, string]> = [
    ["1. real-green, converted sale, portal known: the portal", { ...everything, quoteConverted: true, quoteHadPrices: true }, {}, "portalRedirect", "redirected"],
    ["1. real-green, converted sale, no portal: too big", { ...everything, quoteConverted: true, quoteHadPrices: true }, { crmPortalUrl: "" }, "sqftTooBig", "sqftTooBig"],
    ["2. price blocks exist: the quote reopens", { ...everything, quoteHadPrices: true }, {}, "reopeningQuote", "quoteOpen"],
    ["2. a converted sale elsewhere than real-green is no reason for the portal", { ...everything, quoteConverted: true, quoteHadPrices: true }, { crmSolution: null }, "reopeningQuote", "quoteOpen"],
    // (the walk then picks fertilizer, which needs measuring)
    ["3. no programs selected: program selection", {}, {}, "pickPrograms", "openMeasuring"],
    ["4. measur-it, a program needs the size, none known: measuring", { selectedPrograms: fertilizer }, {}, "propertyStart", "openMeasuring"],
    ["5. a program's questions unanswered: service questions", { selectedPrograms: ["Mowing"], lawnSize: 6000 }, {}, "probeServices", "askLastMowed"],
    ["6. pre-modal questions unanswered: pre-modal entry", { selectedPrograms: fertilizer, lawnSize: 4950, ...fertilizerAnswers }, {}, "preModalQuestions", "preModalQuestion.1"],
    // (get-quote-now has one answer without probing questions: the quote is worked out at once)
    ["7. otherwise: get-quote-now", everything, {}, "askQuoteNow", "quoteOpen"],
  ];
  for (const [rule, earlier, overrides, entered, waitsAt] of rules) {
    test(rule, () => {
      const run = resume(earlier, overrides);
      const path = run.state.path;
      const route = path.indexOf("resumeRoute");
      assert.ok(route > 0, "the route is taken after the quote is read back");
      assert.ok(path.slice(route).includes(entered), `enters ${entered}: ${path.slice(route).join(" > ")}`);
      assert.equal(run.state.stepId, waitsAt);
      assert.ok(!path.slice(route).includes("valueAdd"), "no greeting of a new quote");
    });
  }

  test("'Re-Opening Your Quote' is said when the quote reopens", () => {
    const run = resume({ ...everything, quoteHadPrices: true });
    assert.ok(run.said.includes("Re-Opening Your Quote"));
  });

  test("a quote the server no longer has starts afresh at the value-add", () => {
    const ctx: FlowContext = { config: makeConfig({ measuringToolUrl: "https://measure.example.com/" }), customer: {}, programs: SAMPLE_PROGRAMS };
    const run = walk(ctx, {
      inputs: contact,
      tasks: {
        checkPreviousQuote: { value: "quoted", values: { previousQuoteId: "q-gone" } },
        startQuote: { value: "started", values: { quoteId: "q-new" } },
        resumeQuote: { value: "missing" },
      },
    });
    assert.ok(run.state.path.includes("valueAdd"));
    assert.ok(run.state.path.indexOf("pickPrograms") > run.state.path.indexOf("valueAdd"));
  });
});
