// The conversation from greeting to a started quote, walked through the real graph with
// scripted answers and call outcomes (SPEC §2 steps 1-8, 15, 17; §4; §5).
// Over 300 lines on purpose: one table of scripted journeys per chapter of the flow, sharing their visitors and contexts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { FlowContext } from "../../../src/flow/types.ts";
import { makeConfig, SAMPLE_PROGRAMS } from "../fixtures.ts";
import { dublinAddress, start, walk } from "./walk.ts";
import type { AnswerKey, Answers } from "../../../src/flow/answer-keys.ts";

const plain: FlowContext = { config: makeConfig({ zipCodes: ["43017"] }), customer: {}, programs: SAMPLE_PROGRAMS };
const realGreen: FlowContext = {
  config: makeConfig({
    crmSolution: "real-green",
    crmPortalUrl: "https://portal.example.com/acme",
    areMarketingQuestionsActivated: true,
    marketingSources: [
      { code: "google", description: "Google" },
      { code: "referral", description: "A friend referred me" },
      { code: "other", description: "Other" },
    ],
    zipCodes: ["43017"],
    valueAddDescription: "We are licensed.",
  }),
  customer: {}, programs: SAMPLE_PROGRAMS
};

const newVisitor = {
  startButtons: start,
  askName: { value: "jane van der berg" },
  askPhone: { value: "(614) 555-0100" },
  askEmail: { value: "jane@example.com" },
  askAddress: dublinAddress,
  askUnit: { value: "No" },
};

describe("a new visitor", () => {
  test("gives name, phone, email, address and unit, and gets a started quote", () => {
    const run = walk(plain, {
      inputs: newVisitor,
      tasks: { checkPreviousQuote: { value: "none" }, startQuote: { value: "started", values: { quoteId: "q1" } } },
    });
    assert.equal(run.last?.type, "ask", "the property chapter asks for the size next");
    assert.equal(run.state.stepId, "askSize");
    const a = run.state.answers;
    assert.deepEqual(
      [a.customerName, a.customerFirstName, a.customerLastName, a.phonenumber, a.customerEmail, a.customerZip, a.quoteId],
      ["Jane Van Der Berg", "Jane", "Van Der Berg", "6145550100", "jane@example.com", "43017", "q1"],
    );
    assert.ok(run.said.includes("Checking for previous quote..."));
    assert.ok(run.said.includes("Please wait while I start your quote..."));
    assert.ok(!run.said.includes("Checking to see if we've serviced you before..."), "only real-green asks the CRM");
  });

  test("with a unit gives its number; an empty unit is refused with the spec's message", () => {
    const run = walk(plain, {
      inputs: { ...newVisitor, askUnit: { value: "Yes" }, askUnitNumber: [{ value: "   " }, { value: "Apt 4" }] },
    });
    assert.deepEqual(run.refusals, ["Apartment, Unit or Suite Number is Required"]);
    assert.equal(run.state.answers.customerUnit, "Apt 4");
  });

  test("outside the service area ends with the spec's message", () => {
    const run = walk(plain, {
      inputs: { ...newVisitor, askAddress: { ...dublinAddress, values: { ...dublinAddress.values, customerZip: "45202" } } },
    });
    assert.equal(run.state.stepId, "zipNotServiced");
    assert.equal(
      run.said.at(-1),
      "It appears we are unable to quote your property; the address provided is outside our service area.",
    );
  });

  const starts: Array<[string, FlowContext, string]> = [
    ["a lawn company", plain, "sqftTooBig"],
    ["a servman company", { ...plain, config: makeConfig({ crmSolution: "servman", zipCodes: ["43017"] }) }, "callTheOffice"],
  ];
  for (const [who, ctx, end] of starts) {
    test(`a failed quote start at ${who} ends at ${end}`, () => {
      const run = walk(ctx, {
        inputs: newVisitor,
        tasks: { checkPreviousQuote: { value: "none" }, startQuote: { value: "failed" } },
      });
      assert.equal(run.state.stepId, end);
    });
  }
});

describe("the marketing question (real-green)", () => {
  const sources: Array<[string, Record<string, unknown>, AnswerKey, string]> = [
    ["google", {}, "source", "google"],
    ["referral", { askReferrer: { value: "Sam Smith" } }, "referrer", "Sam Smith"],
    ["other", { askOtherSource: { value: "Saw your truck" } }, "additionalSourceInfo", "Saw your truck"],
  ];
  for (const [code, extra, key, expected] of sources) {
    test(`'${code}' is saved and the quote starts`, () => {
      const run = walk(realGreen, {
        inputs: { ...newVisitor, askSource: { value: code }, ...extra } as never,
        tasks: { checkPreviousQuote: { value: "none" }, startQuote: { value: "started" } },
      });
      assert.equal(run.state.answers[key], expected);
      assert.equal(run.state.answers.source, code);
      assert.ok(run.said.includes("How did you hear about us?"));
      assert.ok(run.said.includes("Checking to see if we've serviced you before..."));
      assert.ok(run.said.includes("We are licensed."), "the company's value-add");
      assert.equal(run.state.stepId, "askSize");
    });
  }

  const limits: Array<[string, string, string]> = [
    ["askReferrer", "x".repeat(31), "Please enter a value not exceeding 30 characters"],
    ["askOtherSource", "x".repeat(301), "Please enter a value not exceeding 300 characters"],
    ["askReferrer", " ", "This field is required."],
  ];
  for (const [step, typed, message] of limits) {
    test(`${step} refuses ${typed.trim() ? `${typed.length} characters` : "a blank"} with '${message}'`, () => {
      const code = step === "askReferrer" ? "referral" : "other";
      const run = walk(realGreen, { inputs: { ...newVisitor, askSource: { value: code }, [step]: { value: typed } } });
      assert.deepEqual(run.refusals, [message]);
      assert.equal(run.state.stepId, step, "the question stays open");
    });
  }

  test("a configured prompt replaces the default question", () => {
    const ctx = { ...realGreen, config: { ...realGreen.config, marketingSourceInquiryPrompt: "Where did you find us?" } };
    const run = walk(ctx, { inputs: newVisitor });
    assert.equal(run.said.at(-1), "Where did you find us?");
  });

  test("is not asked when the company turned it off", () => {
    const ctx = { ...realGreen, config: { ...realGreen.config, areMarketingQuestionsActivated: false } };
    const run = walk(ctx, { inputs: newVisitor });
    assert.equal(run.state.stepId, "checkPreviousQuote");
  });
});

describe("previous quotes and the portal", () => {
  test("a previous quote is announced and reused by the start", () => {
    const run = walk(plain, {
      inputs: newVisitor,
      tasks: {
        checkPreviousQuote: { value: "quoted", values: { previousQuoteId: "q-old" } },
        startQuote: { value: "started", values: { quoteId: "q-old" } },
      },
    });
    assert.ok(run.said.includes("It looks like you've quoted through our system already."));
    assert.equal(run.state.answers.quoteId, "q-old");
  });

  const portal: Array<[string, Record<string, string>]> = [
    ["crm status 8", { crmStatus: "8", crmCreditHoldStatus: "0" }],
    ["crm status 9", { crmStatus: "9", crmCreditHoldStatus: "0" }],
    ["credit hold 1", { crmStatus: "1", crmCreditHoldStatus: "1" }],
  ];
  for (const [why, values] of portal) {
    test(`a real-green customer with ${why} is sent to the portal`, () => {
      const run = walk(realGreen, {
        inputs: { ...newVisitor, askSource: { value: "google" } },
        tasks: { checkPreviousQuote: { value: "none", values } },
      });
      assert.equal(run.state.stepId, "portalRedirect");
      assert.equal(
        run.said.at(-1),
        "It appears that this address is already in our database. You are now being redirected to the customer portal to manage your account.",
      );
      assert.deepEqual(run.last, { type: "task", stepId: "portalRedirect", task: "redirectToPortal" });
    });
  }

  // SPEC §4 'Lookup outcomes': portal, 'looks like you quoted', or 'could not find you'.
  const NOT_FOUND = "We could not find you in our records.";
  const outcomes: Array<[string, FlowContext, Record<string, unknown>, boolean]> = [
    ["nobody found", plain, { value: "none" }, true],
    ["nobody found (real-green, not in the CRM)", realGreen, { value: "none", values: { crmStatus: "1" } }, true],
    ["a previous quote", plain, { value: "quoted", values: { previousQuoteId: "q-old" } }, false],
    ["a previous quote (real-green)", realGreen, { value: "quoted", values: { previousQuoteId: "q-old" } }, false],
    ["a failed check", plain, { value: "failed" }, false],
    ["a failed check (real-green)", realGreen, { value: "failed" }, false],
  ];
  for (const [what, ctx, outcome, says] of outcomes) {
    test(`${what}: 'could not find you' is ${says ? "" : "not "}said, and the quote starts`, () => {
      const run = walk(ctx, {
        inputs: { ...newVisitor, askSource: { value: "google" } },
        tasks: { checkPreviousQuote: outcome as never, startQuote: { value: "started" } },
      });
      assert.equal(run.said.includes(NOT_FOUND), says);
      if (says) assert.equal(run.said[run.said.indexOf(NOT_FOUND) + 1], "Please wait while I start your quote...");
      assert.ok(run.said.includes("Please wait while I start your quote..."));
    });
  }

  test("a real-green customer sent to the portal is not told 'could not find you'", () => {
    const run = walk(realGreen, {
      inputs: { ...newVisitor, askSource: { value: "google" } },
      tasks: { checkPreviousQuote: { value: "none", values: { crmStatus: "8" } } },
    });
    assert.equal(run.state.stepId, "portalRedirect");
    assert.ok(!run.said.some((s) => s.includes("could not find you")));
  });

  test("crm status 8 at a company that is not real-green is no reason for the portal", () => {
    const run = walk(plain, {
      inputs: newVisitor,
      tasks: { checkPreviousQuote: { value: "none", values: { crmStatus: "8" } }, startQuote: { value: "started" } },
    });
    assert.equal(run.state.stepId, "askSize");
  });
});

describe("a returning visitor (phone known)", () => {
  const found = {
    value: "found",
    values: {
      customerFirstName: "Jane",
      customerLastName: "Cooper",
      customerName: "Jane Cooper",
      // The lookup says an e-mail is on file, never which (issue 27).
      emailOnFile: true,
      customerAddress: "5520 Brand Road",
      customerCity: "Dublin",
      customerState: "OH",
      customerZip: "43017",
      totalLotSize: 9800,
      aerialImg: "http://x.test/aerial.svg",
      streetImg: "http://x.test/street.svg",
    },
  };
  const returning: FlowContext = { ...plain, customer: { phonenumber: "6145550100" }, programs: SAMPLE_PROGRAMS };

  test("is welcomed back by first name, sees the property and confirms the address", () => {
    const run = walk(returning, {
      inputs: { startButtons: start, confirmAddress: { value: "Yes" } },
      tasks: { lookupCustomer: found, checkPreviousQuote: { value: "none" }, startQuote: { value: "started" } },
    });
    assert.ok(run.said.includes("Welcome back, Jane!"));
    assert.deepEqual(run.images, ["Aerial view of your property", "Street view of your property"]);
    assert.ok(run.said.includes("You are looking for a quote for your home located at 5520 Brand Road, Dublin, OH 43017. Correct?"));
    assert.ok(run.said.includes("Great! Let's get started."));
    assert.ok(!run.said.some((s) => s.includes("first and last name")), "known answers are not asked again");
    assert.equal(run.state.stepId, "askSize");
  });

  test("servman wording for the address confirmation", () => {
    const ctx = { ...returning, config: makeConfig({ crmSolution: "servman", zipCodes: ["43017"] }) };
    const run = walk(ctx, { inputs: { startButtons: start }, tasks: { lookupCustomer: found } });
    assert.ok(run.said.includes("Are you looking for services at the below address?"));
    assert.equal(run.said.at(-1), "5520 Brand Road, Dublin, OH 43017");
  });

  test("'No' to the address asks for it again", () => {
    const run = walk(returning, {
      inputs: { startButtons: start, confirmAddress: { value: "No" } },
      tasks: { lookupCustomer: found },
    });
    assert.ok(run.said.includes("No problem. Let's try again"));
    assert.equal(run.state.stepId, "notMyAddress");
  });

  test("hidden aerial and street views are not shown", () => {
    const ctx = { ...returning, config: makeConfig({ hideArielAndStreetView: true, zipCodes: ["43017"] }) };
    const run = walk(ctx, { inputs: { startButtons: start }, tasks: { lookupCustomer: found } });
    assert.deepEqual(run.images, []);
  });

  test("without an email on file is asked for one, and a bad one gets the spec's message", () => {
    const noEmail = { ...found, values: { ...found.values, emailOnFile: false } };
    const run = walk(returning, {
      inputs: { startButtons: start, askEmailReturning: [{ value: "jane@" }, { value: "jane@example.com" }] },
      tasks: { lookupCustomer: noEmail },
    });
    assert.deepEqual(run.refusals, ["Please enter a valid email address"]);
    assert.equal(run.state.stepId, "confirmAddress");
  });

  const ends: Array<[string, Answers, string]> = [
    ["a lot above the company maximum", { totalLotSize: 60000 }, "sqftTooBig"],
    ["a lot below the company minimum", { totalLotSize: 100 }, "sqftTooBig"],
    ["a zip outside the area", { customerZip: "45202" }, "zipNotServiced"],
  ];
  for (const [why, values, end] of ends) {
    test(`with ${why} ends at ${end}`, () => {
      const run = walk(returning, {
        inputs: { startButtons: start },
        tasks: { lookupCustomer: { ...found, values: { ...found.values, ...values } } },
      });
      assert.equal(run.state.stepId, end);
    });
  }

  test("not found by phone is asked the usual questions, phone excepted", () => {
    const run = walk(returning, { inputs: { startButtons: start }, tasks: { lookupCustomer: { value: "not-found" } } });
    assert.equal(run.state.stepId, "askName");
    const next = walk(returning, {
      inputs: { startButtons: start, askName: { value: "Jane Doe" } },
      tasks: { lookupCustomer: { value: "not-found" } },
    });
    assert.equal(next.state.stepId, "askEmail", "the phone is not asked again");
  });
});

describe("prefilled visitors", () => {
  test("a contact form's details skip every question they answer", () => {
    const ctx: FlowContext = {
      ...plain,
      customer: {
        customerName: "jane doe",
        customerEmail: "jane@example.com",
        customerAddress: "5520 Brand Road",
        customerZip: "43017",
        customerCity: "Dublin",
        customerState: "Ohio",
      },
    };
    const run = walk(ctx, { inputs: { startButtons: start, askPhone: { value: "6145550100" } } });
    assert.equal(run.state.stepId, "askUnit");
    assert.equal(run.state.answers.customerState, "OH");
    assert.equal(run.state.answers.customerName, "Jane Doe");
  });

  // SPEC §2 step 1 (a known phone goes on, not to the start buttons), for the visitor the host's
  // contact form sent (issue 15): nothing to click before the first question left open.
  const contactForm = { customerName: "jane doe", phonenumber: "614-555-0100", customerEmail: "jane@example.com" };
  const cases: Array<[string, FlowContext, string[], string]> = [
    ["source contactForm with a valid phone", { ...plain, customer: contactForm, source: "contactForm" }, [], "askAddress"],
    ["the same details without the source", { ...plain, customer: contactForm }, ["startButtons"], "askAddress"],
    ["source contactForm without a phone", { ...plain, customer: { customerName: "jane doe" }, source: "contactForm" }, ["startButtons"], "askPhone"],
    ["source contactForm with an invalid phone", { ...plain, customer: { ...contactForm, phonenumber: "12" }, source: "contactForm" }, ["startButtons"], "askPhone"],
    ["another source with a valid phone", { ...plain, customer: contactForm, source: "newsletter" }, ["startButtons"], "askAddress"],
  ];
  for (const [what, ctx, asked, then] of cases) {
    test(`${what}: ${asked.length ? "the start buttons are offered" : "no start buttons"}, then ${then}`, () => {
      const run = walk(ctx, {
        inputs: { startButtons: start },
        tasks: { lookupCustomer: { value: "not-found" } },
      });
      // The walk stops at the first question without a scripted answer; the start buttons
      // leave their answer behind when they were offered (and clicked).
      assert.equal(run.state.stepId, then);
      const offered = run.state.answers["Greeting.Selection"] === undefined ? [] : ["startButtons"];
      assert.deepEqual(offered, asked);
    });
  }

  test("an invalid prefilled value is asked again instead of trusted", () => {
    const ctx: FlowContext = { ...plain, customer: { customerName: "Cher", customerEmail: "not-an-email" }, programs: SAMPLE_PROGRAMS };
    const run = walk(ctx, { inputs: { startButtons: start } });
    assert.equal(run.state.stepId, "askName");
  });
});
