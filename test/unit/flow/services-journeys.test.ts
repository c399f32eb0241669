// Programs, probing questions, the company's own questions, the quote and the objection flow
// (SPEC §2 steps 10-14, §4 'After measuring', 'Probing questions', 'Objection', §5), walked
// through the real graph from a started quote.
// Longer than 300 lines on purpose: one journey per branch of these chapters, side by side.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { CompanyConfigInput } from "../../../src/config/company-config.ts";
import type { Answer, FlowContext } from "../../../src/flow/types.ts";
import { makeConfig, SAMPLE_PROGRAMS } from "../fixtures.ts";
import { dublinAddress, start, walk } from "./walk.ts";
import { answerOf } from "../../../src/flow/answer-keys.ts";
import { programsOffered } from "../../../src/flow/programs.ts";

const toStarted = {
  startButtons: start,
  askName: { value: "Jane Doe" },
  askPhone: { value: "6145550100" },
  askEmail: { value: "jane@example.com" },
  askAddress: dublinAddress,
  askUnit: { value: "No" },
};
const calls = {
  checkPreviousQuote: { value: "none" },
  startQuote: { value: "started" },
  recordEstimate: { value: "done" },
  calculateQuote: { value: "priced" },
  openQuote: { value: "done" },
};
const picks = (...names: string[]): Answer => ({ value: JSON.stringify(names) });

/** Ask-quote-now reached and, with nothing to customize, passed: the quote is open. */
function assertQuotedAfterQuestions(run: ReturnType<typeof walk>): void {
  const path = run.state.path;
  assert.ok(path.includes("askQuoteNow"), `reaches ask-quote-now: ${path.slice(-8).join(" > ")}`);
  assert.equal(path[path.indexOf("askQuoteNow") + 1], "calculateQuote", "and goes straight to the quote");
  assert.equal(run.state.stepId, "quoteOpen");
}

function company(overrides: Partial<CompanyConfigInput> = {}): FlowContext {
  return {
    config: makeConfig({ sqftEstimateSource: "measur-it", measuringToolUrl: "https://measure.example.com/", ...overrides }),
    customer: {},
    programs: SAMPLE_PROGRAMS,
  };
}

const mowingAnswers = {
  askLastMowed: { value: "2 weeks ago" },
  mowingWho: { value: "I do it myself" },
  mowingHappiness: { value: "4.25" },
};
const fertilizerAnswers = {
  fertilizerWho: { value: "I do it myself" },
  fertilizerHappiness: { value: "3" },
  lawnThickness: { value: "Patchy" },
  lawnBiggestProblem: { value: "Crabgrass" },
  lawnType: { value: "Tall fescue" },
};

describe("the program picker and what follows it (SPEC §4 'After measuring')", () => {
  test("programDetails without probing questions: Mowing is measured and quoted, its questions never asked", () => {
    const config = { programDetails: { programName: "Mowing", useProbingQuestions: false } };
    const ctx = company(config);
    const offered = { ...ctx, programs: programsOffered(SAMPLE_PROGRAMS, ctx.config) };
    const inputs = { ...toStarted, pickPrograms: picks("Mowing"), openMeasuring: { value: "6000" } };
    const withQuestions = walk(company(), { inputs, tasks: calls });
    assert.equal(withQuestions.state.stepId, "askLastMowed", "without the setting, Mowing's questions come");
    const without = walk(offered, { inputs, tasks: calls });
    assert.ok(!without.state.path.includes("askLastMowed"), without.state.path.join(" > "));
    assert.equal(without.state.stepId, "quoteOpen");
  });

  const cases: Array<[string, Answer, Record<string, Answer>, string, string[]]> = [
    // what, picked, further answers, where it waits, steps it must pass through
    ["a lawn program is measured, then its questions", picks("Mowing"), { openMeasuring: { value: "6000" } }, "askLastMowed", ["openMeasuring", "afterSize", "probeServices"]],
    // An entry step leads to ask-quote-now, whose one answer (no probing questions) is taken as given.
    ["seeding has no questions but an entry step: ask quote now, the quote at once", picks("Lawn Seeding"), { openMeasuring: { value: "6000" } }, "quoteOpen", ["afterSize", "afterQuestions", "afterPreModal", "askQuoteNow", "calculateQuote"]],
    ["an add-on without entry step goes straight to the quote", picks("Grub Control"), { openMeasuring: { value: "6000" } }, "quoteOpen", ["calculateQuote", "quoteReady"]],
    ["pest control is not priced by size: no measuring", picks("General Pest Control"), {}, "quoteOpen", ["afterSize", "askQuoteNow"]],
  ];
  for (const [what, picked, more, waitsAt, passes] of cases) {
    test(what, () => {
      const run = walk(company(), { inputs: { ...toStarted, pickPrograms: picked, ...more }, tasks: calls });
      assert.equal(run.state.stepId, waitsAt, `path ${run.state.path.slice(-8).join(" > ")}`);
      for (const step of passes) assert.ok(run.state.path.includes(step), `passes ${step}`);
      if (what.startsWith("pest")) assert.ok(!run.state.path.includes("openMeasuring"));
    });
  }

  test("the picker says its prompt and refuses an empty or unknown choice", () => {
    const run = walk(company(), {
      inputs: { ...toStarted, pickPrograms: [{ value: "[]" }, { value: picks("Tree Trimming").value }, picks("Mowing")] },
      tasks: calls,
    });
    assert.ok(run.said.includes("Which services would you like a quote for? Choose all that apply, then press Next."));
    assert.equal(run.refusals.length, 2);
    assert.deepEqual(run.state.answers.selectedPrograms, ["Mowing"]);
  });

  test("no programs offered ends kindly with the office's number", () => {
    const ctx = { ...company({ companyPhone: "6145550187" }), programs: [] };
    const run = walk(ctx, { inputs: toStarted, tasks: calls });
    assert.equal(run.state.stepId, "noPrograms");
    assert.match(run.said.at(-1)!, /at \(614\) 555-0187/);
  });

  test("zillow: the estimate comes first, then the picker, then the questions", () => {
    const run = walk(company({ sqftEstimateSource: "zillow" }), {
      inputs: { ...toStarted, adjustLawnSize: { value: "5000" }, pickPrograms: picks("Mowing") },
      tasks: { ...calls, fetchEstimate: { value: "found", values: { totalLotSize: 10000, lawnSize: 4000 } } },
    });
    const path = run.state.path;
    assert.ok(path.indexOf("fetchEstimate") < path.indexOf("pickPrograms"));
    assert.equal(run.state.stepId, "askLastMowed");
  });
});

describe("probing questions (SPEC §4)", () => {
  const whoBranches: Array<[string, string]> = [
    ["I do it myself", "Good for you! Let's see how we can give you some of your weekends back."],
    ["I use another company", "Thanks for considering us. We'd love to earn your business."],
    ["I just moved in", "Welcome to the neighborhood! Let's get your new lawn off to a great start."],
  ];
  for (const [who, branch] of whoBranches) {
    test(`mowing, '${who}': its branch message, then the rating`, () => {
      const run = walk(company(), {
        inputs: { ...toStarted, pickPrograms: picks("Mowing"), openMeasuring: { value: "6000" }, ...mowingAnswers, mowingWho: { value: who }, whatMissing: { value: "Better Pricing" } },
        tasks: calls,
      });
      assert.ok(run.said.includes(branch));
      assert.equal(run.state.answers.lawnCareParty, who);
      assert.equal(run.state.path.includes("whatMissing"), who === "I use another company", "only another company's customer is asked what it misses");
      if (who === "I use another company") assert.equal(run.state.answers.whyNewProvider, "Better Pricing");
      assert.equal(run.state.answers.lastMowed, "2 weeks ago");
      assertQuotedAfterQuestions(run);
    });
  }

  const ratings: Array<[string, string]> = [
    ["5", "tenLawn"],
    ["4.75", "nineOrLessLawn"],
    ["3", "nineOrLessLawn"],
    ["0.25", "nineOrLessLawn"],
  ];
  for (const [stars, next] of ratings) {
    test(`a rating of ${stars} goes to ${next}`, () => {
      const run = walk(company(), {
        inputs: { ...toStarted, pickPrograms: picks("Mowing"), openMeasuring: { value: "6000" }, ...mowingAnswers, mowingHappiness: { value: stars } },
        tasks: calls,
      });
      assert.ok(run.state.path.includes(next));
      assert.equal(run.state.answers.lawnHappiness, Number(stars));
    });
  }

  test("ratings that are not quarter stars from 0.25 to 5 are refused", () => {
    for (const bad of ["0", "5.25", "2.3", "x", ""]) {
      const run = walk(company(), {
        inputs: { ...toStarted, pickPrograms: picks("Mowing"), openMeasuring: { value: "6000" }, ...mowingAnswers, mowingHappiness: { value: bad } },
        tasks: calls,
      });
      assert.equal(run.state.stepId, "mowingHappiness", `${bad} is refused`);
    }
  });

  test("fertilizer and weed control: who, happiness, thickness, biggest issue, grass type", () => {
    const run = walk(company(), {
      inputs: { ...toStarted, pickPrograms: picks("Fertilizer & Weed Control"), openMeasuring: { value: "6000" }, ...fertilizerAnswers },
      tasks: calls,
    });
    const a = run.state.answers;
    assert.deepEqual(
      [a.lawnCareParty, a.lawnHappiness, a.lawnThickness, a.lawnBiggestProblem, a.lawnType],
      ["I do it myself", 3, "Patchy", "Crabgrass", "Tall fescue"],
    );
    assert.ok(run.said.includes("How thick is your lawn?"));
    assert.ok(run.said.includes("What is your lawn's biggest issue?"));
    assert.ok(run.said.includes("What type of grass do you have?"));
    assertQuotedAfterQuestions(run);
  });

  test("mowing and fertilizer: the shared questions are asked once", () => {
    const run = walk(company(), {
      inputs: { ...toStarted, pickPrograms: picks("Mowing", "Fertilizer & Weed Control"), openMeasuring: { value: "6000" }, ...mowingAnswers, ...fertilizerAnswers },
      tasks: calls,
    });
    assert.ok(run.state.path.includes("lawnType"));
    assert.equal(run.said.filter((s) => s.startsWith("How happy are you")).length, 1);
    assert.equal(run.said.filter((s) => s.startsWith("Good for you!")).length, 1);
    assert.equal(run.state.answers.lawnHappiness, 4.25);
    assertQuotedAfterQuestions(run);
  });
});

describe("the company's own questions", () => {
  const questions: Partial<CompanyConfigInput> = {
    serviceQuestionsSteps: [
      { id: "dogCount", question: "How many dogs use the yard?", input: { kind: "number", subtype: "whole", min: 0, max: 6 }, program: "Mowing" },
      { id: "gateWidth", question: "How wide is your gate, in feet?", input: { kind: "number", min: 2.5 }, program: "Mowing" },
      { id: "seedColor", question: "Never asked: its program is not chosen", options: ["A"], program: "Lawn Seeding" },
    ],
    preModalQuestions: [{ id: "lawnGoal", question: "What matters most?", options: ["Greener", "Fewer weeds"] }],
    probingQuestions: [{ id: "gateCode", question: "Anything our technician should know?", input: { kind: "text", maxLength: 40 } }],
  };

  test("number questions give the spec's messages and keep asking; answers are saved under their ids", () => {
    const run = walk(company(questions), {
      inputs: {
        ...toStarted,
        pickPrograms: picks("Mowing"),
        openMeasuring: { value: "6000" },
        ...mowingAnswers,
        "serviceQuestion.1": [{ value: "2.5" }, { value: "abc" }, { value: "-1" }, { value: "7" }, { value: "2" }],
        "serviceQuestion.2": [{ value: "wide" }, { value: "2" }, { value: "3.5" }],
        "preModalQuestion.1": { value: "Greener" },
        askQuoteNow: { value: "customize" },
        "probingQuestion.1": [{ value: "   " }, { value: "Beware of the dog" }],
      },
      tasks: calls,
    });
    assert.deepEqual(run.refusals, [
      "Please enter a whole number.",
      "Please enter a whole number.",
      "Please enter a number greater than or equal to 0.",
      "Please enter a number less than or equal to 6.",
      "Please enter a valid number.",
      "Please enter a number greater than or equal to 2.5.",
      "This field is required.",
    ]);
    const a = (id: string) => answerOf(run.state.answers, id);
    assert.deepEqual([a("dogCount"), a("gateWidth"), a("lawnGoal"), a("gateCode")], ["2", "3.5", "Greener", "Beware of the dog"]);
    assert.equal(a("seedColor"), undefined);
    assert.ok(run.said.includes("How many dogs use the yard?"));
    assert.equal(run.state.stepId, "quoteOpen");
  });

  test("'Customize My Program' is offered only when the company has probing questions; without them the one answer is taken as given", () => {
    const without = walk(company(), { inputs: { ...toStarted, pickPrograms: picks("Lawn Seeding"), openMeasuring: { value: "6000" } }, tasks: calls });
    assertQuotedAfterQuestions(without);
    assert.ok(!without.said.some((s) => s.startsWith("Your quote is almost ready!")), "no question with one answer");
    const withQuestions = walk(company(questions), {
      inputs: { ...toStarted, pickPrograms: picks("Lawn Seeding"), openMeasuring: { value: "6000" }, "serviceQuestion.3": { value: "A" }, "preModalQuestion.1": { value: "Greener" } },
      tasks: calls,
    });
    assert.equal(withQuestions.state.stepId, "askQuoteNow");
    assert.ok(withQuestions.said.includes("Your quote is almost ready! Would you like to see it now, or customize your program first?"));
  });
});

describe("the quote and after it", () => {
  const toQuote = { ...toStarted, pickPrograms: picks("Grub Control"), openMeasuring: { value: "6000" } };

  test("a 404 on prices ends at sqft-too-big; no prices ends with the office's number", () => {
    const big = walk(company(), { inputs: toQuote, tasks: { ...calls, calculateQuote: { value: "too-big" } } });
    assert.equal(big.state.stepId, "sqftTooBig");
    const none = walk(company({ companyPhone: "6145550187" }), { inputs: toQuote, tasks: { ...calls, calculateQuote: { value: "empty" } } });
    assert.equal(none.state.stepId, "noPrices");
    assert.match(none.said.at(-1)!, /at \(614\) 555-0187/);
  });

  test("the quote opens, and 'View My Quote' opens it again", () => {
    const run = walk(company(), { inputs: { ...toQuote, quoteOpen: [{ value: "view" }, { value: "view" }, { value: "view" }] }, tasks: calls });
    assert.ok(run.said.includes("Here is your custom quote, Jane!"));
    assert.equal(run.state.path.filter((s) => s === "reopenQuote").length, 3);
    assert.equal(run.state.stepId, "quoteOpen");
  });

  test("a purchase: the congratulations once, then the receipt, with no visitor bubble", () => {
    const receipt = { saleTransactionId: "pi_3Q", saleAmount: "$44.72", saleServices: "Fertilizer & Weed Control", salePlan: "EASY PAY" };
    const run = walk(company({ companyName: "Greenway Lawn Care" }), {
      inputs: { ...toQuote, quoteOpen: { value: "purchased" } },
      tasks: { ...calls, afterSale: { value: "done", values: receipt }, redirectAfterSale: { value: "done" } },
    });
    assert.equal(run.state.stepId, "saleDone");
    const after = run.said.slice(run.said.findIndex((s) => s.startsWith("Congratulations")));
    assert.deepEqual(after, [
      "Congratulations, Jane! Your order is confirmed.",
      "Data submitted successfully with transaction # pi_3Q",
      "Paid today: $44.72. Services: Fertilizer & Weed Control (EASY PAY). What happens next: Greenway Lawn Care will be in touch to schedule your first visit.",
    ]);
    assert.equal(run.said.filter((s) => s.startsWith("Congratulations")).length, 1);
    assert.ok(!run.shown.some((s) => /Congratulations|purchased/.test(s)), `no visitor bubble for the purchase: ${run.shown.join(" | ")}`);
  });

  const reasons: Array<[string, RegExp]> = [
    ["Price", /^We understand\. Pre-paying/],
    ["Product", /^Every program is tailored/],
    ["People", /^Our technicians are licensed/],
  ];
  for (const [reason, rebuttal] of reasons) {
    test(`objection '${reason}': its rebuttal; yes reopens the quote, no asks for comments and ends with will-contact`, () => {
      const inputs = { ...toQuote, quoteOpen: [{ value: "think" }], thinkAboutIt: { value: reason } };
      const yes = walk(company(), { inputs: { ...inputs, askReconsider: { value: "Yes" } }, tasks: { ...calls, reopenQuoteLater: { value: "done" } } });
      assert.ok(yes.said.some((s) => rebuttal.test(s)));
      assert.ok(yes.said.includes("Great! Reopening your quote..."));
      assert.equal(yes.state.stepId, "quoteOpen");
      assert.equal(yes.state.answers.objectionReason, reason);

      const no = walk(company(), {
        inputs: { ...inputs, askReconsider: { value: "No" }, askComments: { value: "comment" }, comments: { value: "Too early in the season" } },
        tasks: { ...calls, sendLead: { value: "done" } },
      });
      assert.equal(no.state.answers.objectionComments, "Too early in the season");
      assert.equal(no.said.at(-1), "A member of our team will contact you shortly to answer any questions.");
      assert.equal(no.state.stepId, "willContact");
    });
  }

  // issue 13 §1 objectionSteps: the company's own rebuttals, the built-in one for a reason it left out.
  const own = company({
    objectionSteps: [
      { reason: "price", rebuttal: "Monthly billing spreads the season into ten payments." },
      { reason: "people", rebuttal: "The same technician comes at every visit." },
    ],
  });
  const ownRebuttals: Array<[string, string | RegExp]> = [
    ["Price", "Monthly billing spreads the season into ten payments."],
    ["Product", /^Every program is tailored/],
    ["People", "The same technician comes at every visit."],
  ];
  for (const [reason, rebuttal] of ownRebuttals) {
    test(`objection '${reason}' at a company with its own rebuttals: ${typeof rebuttal === "string" ? "the company's" : "the built-in one"}`, () => {
      const run = walk(own, {
        inputs: { ...toQuote, quoteOpen: [{ value: "think" }], thinkAboutIt: { value: reason }, askReconsider: { value: "Yes" } },
        tasks: { ...calls, reopenQuoteLater: { value: "done" } },
      });
      const said = run.said[run.said.indexOf("No problem, it's a big decision. May I ask what's giving you pause?") + 1]!;
      if (typeof rebuttal === "string") assert.equal(said, rebuttal);
      else assert.match(said, rebuttal);
      assert.ok(run.said.includes("Would you like to take another look at your quote?"));
      assert.equal(run.state.stepId, "quoteOpen");
    });
  }

  test("comments are optional", () => {
    const run = walk(company(), {
      inputs: { ...toQuote, quoteOpen: { value: "think" }, thinkAboutIt: { value: "Price" }, askReconsider: { value: "No" }, askComments: { value: "none" } },
      tasks: { ...calls, sendLead: { value: "done" } },
    });
    assert.equal(run.state.stepId, "willContact");
    assert.ok(!run.state.path.includes("comments"));
  });
});

describe("the company's learn-more steps", () => {
  test("'Learn More' says the company's words, asks its question, then offers the start", () => {
    const ctx = company({
      learnMoreSteps: [
        { id: "about", question: "We have cared for Dublin lawns since 1998." },
        { id: "interest", question: "What brings you here today?", options: ["A greener lawn", "Fewer weeds"] },
      ],
    });
    const run = walk(ctx, { inputs: { startButtons: { value: "Learn More" }, "learnMoreStep.2": { value: "Fewer weeds" } } });
    assert.ok(run.said.includes("We have cared for Dublin lawns since 1998."));
    assert.ok(run.said.includes("What brings you here today?"));
    assert.equal(answerOf(run.state.answers, "interest"), "Fewer weeds");
    assert.equal(run.state.stepId, "learnMoreStart");
  });

  test("without learn-more steps, 'Learn More' goes straight to the start button", () => {
    const run = walk(company(), { inputs: { startButtons: { value: "Learn More" } } });
    assert.equal(run.state.stepId, "learnMoreStart");
    assert.deepEqual(run.state.path.slice(-3), ["learnMore", "learnMoreSteps", "learnMoreStart"]);
  });

  test("a company with aboutUsVideo offers it after 'Learn More' (only there); without one, nothing", () => {
    const video = "https://player.vimeo.com/video/76979871";
    const run = walk(company({ companyName: "Acme Lawns", aboutUsVideo: video }), { inputs: { startButtons: { value: "Learn More" } } });
    assert.deepEqual(run.images, ["A video about Acme Lawns"]);
    const plain = walk(company(), { inputs: { startButtons: { value: "Learn More" } } });
    assert.deepEqual(plain.images, []);
    const started = walk(company({ aboutUsVideo: video }), { inputs: { startButtons: start } });
    assert.deepEqual(started.images, [], "not for a visitor who started at once");
  });

  test("an aboutUsVideo that is neither a video file nor a video player is dropped from the configuration", () => {
    const run = walk(company({ aboutUsVideo: "https://cdn.example/about-us.html" }), { inputs: { startButtons: { value: "Learn More" } } });
    assert.deepEqual(run.images, []);
  });
});
