// A ServMan company's visitor, walked through the real graph with scripted answers and call
// outcomes (SPEC §2 step 16; §4 'Lookup outcomes', 'Emergency and service agreement',
// 'Scheduling'; §5 calendar; §8 'Terms refused', 'No slots').
// Longer than 300 lines on purpose: one journey per ServMan branch, each a short table row
// that reads best beside the others.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Answer, Effect, FlowContext, InputSpec, ResolvedInput } from "../../../src/flow/types.ts";
import { acceptSpec } from "../../../src/flow/inputs/index.ts";
import { answerStep, startFlow } from "../../../src/flow/engine.ts";
import { pack as es } from "../../../src/i18n/es/index.ts";
import { makeConfig } from "../fixtures.ts";
import { start, walk, type WalkScript } from "./walk.ts";
import { steps, withChapter } from "./whole-graph.ts";

const PHONE = "5125550163";

const servman: FlowContext = {
  config: makeConfig({
    companyName: "BugBusters Pest Control",
    crmSolution: "servman",
    companyPhone: PHONE,
    zipCodes: ["78704"],
    emergencyTellMeMore: "An emergency is a swarm inside the home.",
    serviceAgreementContent: "<p>Do you have an <b>active</b> service agreement?</p>",
    noServiceAgreementContent: "No problem! You can book a one-time visit.",
    serviceAgreementTellMeMore: "A service agreement is our quarterly plan.",
    termsOfService: "An adult must be present &amp; pets kept away.",
  }),
  customer: {},
  programs: [],
};

const austin: Answer = {
  value: "1238 South Lamar Boulevard, Austin, TX 78704, USA",
  values: {
    customerAddress: "1238 South Lamar Boulevard",
    customerCity: "Austin",
    customerState: "TX",
    customerZip: "78704",
    customerCountryCode: "US",
  },
};

const newVisitor: Record<string, Answer> = {
  startButtons: start,
  askName: { value: "carla diaz" },
  askPhone: { value: "512 555 0199" },
  askEmail: { value: "carla@example.com" },
  askAddress: austin,
  askUnit: { value: "No" },
};

const categories = [
  { id: 1, name: "Ants" },
  { id: 2, name: "Rodents" },
];
const problems = [
  { id: 11, name: "Ants in the kitchen", allow_scheduling: true },
  { id: 12, name: "Carpenter ants", allow_scheduling: false },
];
// Two technicians free at 8-10: one window for the visitor.
const slot = (employee: number, window: number, desc: string) => ({
  employee_id: employee,
  service_window_id: window,
  service_window_desc: desc,
  datetime_ticks: "639000000000000000",
  date: "2026-11-03",
  day: "Tuesday",
});
const slots = [slot(201, 1, "8:00 AM - 10:00 AM"), slot(202, 1, "8:00 AM - 10:00 AM"), slot(201, 3, "1:00 PM - 3:00 PM")];

/** Every call answers as a company with one schedulable and one follow-up problem would. */
const calls: Record<string, Answer> = {
  checkPreviousQuote: { value: "none" },
  startQuote: { value: "started", values: { quoteId: "q1", crmId: "SM-5550199", contactId: "SM-5550199-C1", branchId: "SM-BR1" } },
  fetchServiceCategories: { value: "found", values: { servmanCategories: categories } },
  fetchServiceProblems: { value: "found", values: { servmanProblems: problems } },
  createServiceOrder: { value: "schedulable", values: { servmanOrderId: "501", scheduleFrom: "2026-11-02" } },
  fetchTimeSlots: { value: "found", values: { servmanSlots: slots } },
  confirmTimeSlot: { value: "confirmed" },
};

/** Past the emergency and agreement questions to the booking, choosing ants in the kitchen. */
const booking: Record<string, Answer | Answer[]> = {
  ...newVisitor,
  askEmergency: { value: "No" },
  askServiceAgreement: { value: "No" },
  askServiceCategory: { value: "1" },
  askServiceProblem: { value: "11" },
  askAdditionalInformation: { value: "Gate code 1234" },
  pickScheduleDate: { value: "2026-11-03" },
  pickTimeSlot: { value: "8:00 AM - 10:00 AM" },
  schedulingTerms: { value: "Yes" },
  confirmTimeSlot: { value: "confirm" },
};

function run(inputs: WalkScript["inputs"], tasks: Record<string, Answer> = {}, ctx = servman) {
  return walk(ctx, { inputs, tasks: { ...calls, ...tasks } });
}

const asked = (effect: Effect | undefined) => (effect?.type === "ask" ? effect.input : undefined);

const CALL_OFFICE = "Please call our office at (512) 555-0163 and we will be glad to help you.";

describe("the emergency question (servman)", () => {
  test("comes right after the quote starts, with Yes, No and Tell Me More", () => {
    const r = run(newVisitor);
    assert.equal(r.state.stepId, "askEmergency");
    assert.equal(r.said.at(-1), "Is this an emergency?");
    const input = asked(r.last);
    assert.deepEqual(input?.kind === "buttons" && input.options.map((o) => o.label), ["Yes", "No", "Tell Me More"]);
    assert.ok(!r.said.includes("Every BugBusters technician is licensed."), "no value-add before the emergency question");
    assert.equal(r.state.answers.crmId, "SM-5550199");
  });

  const paths: Array<[string, Answer[], Answer[] | undefined, string, string[]]> = [
    ["Yes", [{ value: "Yes" }], undefined, "emergencyCall", []],
    ["No", [{ value: "No" }], undefined, "askServiceAgreement", []],
    ["Tell Me More, then Yes", [{ value: "Tell Me More" }], [{ value: "Yes" }], "emergencyCall", ["An emergency is a swarm inside the home.", "So, is this an emergency?"]],
    ["Tell Me More, then No", [{ value: "Tell Me More" }], [{ value: "No" }], "askServiceAgreement", ["An emergency is a swarm inside the home."]],
  ];
  for (const [name, first, again, end, lines] of paths) {
    test(`${name} goes to ${end}`, () => {
      const r = run({ ...newVisitor, askEmergency: first, ...(again ? { emergencyTellMeMore: again } : {}) });
      assert.equal(r.state.stepId, end);
      for (const line of lines) assert.ok(r.said.includes(line), `says '${line}'`);
    });
  }

  test("Yes ends at the office with the company phone as a call button", () => {
    const r = run({ ...newVisitor, askEmergency: { value: "Yes" } });
    assert.equal(
      r.said.at(-1),
      "For an emergency, please call our office at (512) 555-0163 right away and we will send a technician as soon as possible.",
    );
    assert.deepEqual(asked(r.last), { kind: "call", label: "Call (512) 555-0163", href: "tel:+15125550163" });
  });

  test("the call button cannot be answered", () => {
    const r = run({ ...newVisitor, askEmergency: { value: "Yes" }, emergencyCall: { value: "Call (512) 555-0163" } });
    assert.equal(r.refusals.length, 1);
    assert.equal(r.state.stepId, "emergencyCall");
  });

  test("without a company phone the office end has no call button and simply ends", () => {
    const ctx = { ...servman, config: makeConfig({ crmSolution: "servman", zipCodes: ["78704"] }) };
    const r = run({ ...newVisitor, askEmergency: { value: "Yes" } }, {}, ctx);
    assert.equal(r.state.stepId, "emergencyCall");
    assert.equal(r.last?.type, "end");
    assert.equal(r.said.at(-1), "For an emergency, please call our office right away and we will send a technician as soon as possible.");
  });

  test("a company without its own explanation gets the default one", () => {
    const ctx = { ...servman, config: makeConfig({ crmSolution: "servman", zipCodes: ["78704"], companyName: "Pest Pros" }) };
    const r = run({ ...newVisitor, askEmergency: { value: "Tell Me More" } }, {}, ctx);
    assert.deepEqual(r.said.slice(-2), [
      "An emergency is a problem that puts people, pets or your home at risk right now. For those, our office sends the nearest technician as soon as possible.",
      "So, is this an emergency?",
    ]);
  });
});

describe("previous quotes at a servman company", () => {
  const returning: FlowContext = { ...servman, customer: { phonenumber: "5125550100" } };
  const found: Answer = {
    value: "found",
    values: { customerFirstName: "Carlos", customerLastName: "Diaz", customerEmail: "c@example.com", ...austin.values, previousQuoteId: "q-old" },
  };

  test("'looks like you quoted' goes to the emergency question, the earlier quote started again quietly", () => {
    const r = walk(returning, {
      inputs: { startButtons: start, confirmAddress: { value: "Yes" } },
      tasks: { ...calls, lookupCustomer: found, checkPreviousQuote: { value: "quoted", values: { previousQuoteId: "q-old" } } },
    });
    assert.equal(r.state.stepId, "askEmergency");
    assert.ok(r.state.path.includes("servmanResumeQuote"));
    assert.ok(r.said.includes("It looks like you've quoted through our system already."));
    assert.ok(!r.said.includes("Please wait while I start your quote..."));
    assert.ok(!r.state.path.includes("resumeQuote"), "servman books; it does not resume a quote");
  });

  test("a failed start after 'looks like you quoted' ends at the office", () => {
    const r = walk(returning, {
      inputs: { startButtons: start, confirmAddress: { value: "Yes" } },
      tasks: { ...calls, lookupCustomer: found, checkPreviousQuote: { value: "quoted" }, startQuote: { value: "failed" } },
    });
    assert.equal(r.state.stepId, "servmanCallOffice");
    assert.equal(r.said.at(-1), CALL_OFFICE);
  });
});

describe("the service-agreement question", () => {
  const toAgreement = { ...newVisitor, askEmergency: { value: "No" } };

  test("is the company's content, as plain text when it is HTML", () => {
    const r = run(toAgreement);
    assert.equal(r.state.stepId, "askServiceAgreement");
    assert.equal(r.said.at(-1), "Do you have an active service agreement?");
  });

  const answers: Array<[string, Record<string, Answer>, string, string]> = [
    ["Yes", { askServiceAgreement: { value: "Yes" } }, "Yes", "Great! Let's find the right service under your agreement."],
    ["No", { askServiceAgreement: { value: "No" } }, "No", "No problem! You can book a one-time visit."],
    [
      "Tell Me More, then Yes",
      { askServiceAgreement: { value: "Tell Me More" }, serviceAgreementTellMeMore: { value: "Yes" } },
      "Yes",
      "A service agreement is our quarterly plan.",
    ],
    [
      "Tell Me More, then No",
      { askServiceAgreement: { value: "Tell Me More" }, serviceAgreementTellMeMore: { value: "No" } },
      "No",
      "No problem! You can book a one-time visit.",
    ],
  ];
  for (const [name, script, saved, line] of answers) {
    test(`${name}: the categories are offered, and the answer is kept for contractRelated`, () => {
      const r = run({ ...toAgreement, ...script });
      assert.equal(r.state.stepId, "askServiceCategory");
      assert.equal(r.state.answers.serviceAgreement, saved);
      assert.ok(r.said.includes(line), `says '${line}'`);
      assert.equal(r.said.at(-1), "What do you need help with?");
      const input = asked(r.last);
      assert.deepEqual(input?.kind === "buttons" && input.options, [
        { value: "1", label: "Ants" },
        { value: "2", label: "Rodents" },
      ]);
    });
  }

  test("Tell Me More asks again with Yes and No only", () => {
    const r = run({ ...toAgreement, askServiceAgreement: { value: "Tell Me More" } });
    assert.equal(r.said.at(-1), "So, do you have a service agreement with BugBusters Pest Control?");
    const input = asked(r.last);
    assert.deepEqual(input?.kind === "buttons" && input.options.map((o) => o.value), ["Yes", "No"]);
  });
});

describe("category, problem and order", () => {
  const ends: Array<[string, Record<string, Answer>, Record<string, Answer>, string, string]> = [
    ["no categories", {}, { fetchServiceCategories: { value: "none", values: { servmanCategories: [] } } }, "servmanCallOffice", CALL_OFFICE],
    ["categories failing", {}, { fetchServiceCategories: { value: "failed" } }, "servmanCallOffice", CALL_OFFICE],
    ["a category without problems (404)", {}, { fetchServiceProblems: { value: "none", values: { servmanProblems: [] } } }, "servmanCallOffice", CALL_OFFICE],
    ["problems failing", {}, { fetchServiceProblems: { value: "failed" } }, "servmanCallOffice", CALL_OFFICE],
    [
      "a problem not scheduled online",
      { askServiceProblem: { value: "12" } },
      { createServiceOrder: { value: "follow-up", values: { servmanOrderId: "502" } } },
      "orderFollowUp",
      "Thank you! Your service request (number 502) is in. Our office will contact you shortly to arrange the visit.",
    ],
    ["the order failing", {}, { createServiceOrder: { value: "failed" } }, "servmanCallOffice", CALL_OFFICE],
  ];
  for (const [name, inputs, tasks, end, last] of ends) {
    test(`${name} ends at ${end}`, () => {
      const r = run({ ...booking, ...inputs }, tasks);
      assert.equal(r.state.stepId, end);
      assert.equal(r.said.at(-1), last);
    });
  }

  test("no problems for the category says so before the office", () => {
    const r = run(booking, { fetchServiceProblems: { value: "none" } });
    assert.deepEqual(r.said.slice(-2), ["I'm sorry, I can't book that service online.", CALL_OFFICE]);
  });

  test("the problems of the chosen category are offered; additional information accepts anything but nothing", () => {
    const r = run({ ...booking, askAdditionalInformation: [{ value: "  " }, { value: "<b>dog</b> in yard 🐕" }] });
    assert.deepEqual(r.refusals, ["This field is required."]);
    assert.equal(r.state.answers.servmanCategoryId, "1");
    assert.equal(r.state.answers.servmanProblemId, "11");
    assert.equal(r.state.answers.additionalInformation, "<b>dog</b> in yard 🐕");
    assert.ok(r.said.includes("Which of these best describes the problem?"));
  });

  test("a problem that is not offered is refused", () => {
    const r = run({ ...booking, askServiceProblem: { value: "99" } });
    assert.equal(r.state.stepId, "askServiceProblem");
    assert.equal(r.refusals.length, 1);
  });
});

describe("scheduling a time window", () => {
  test("a schedulable problem: order, calendar, de-duplicated windows, terms, 'Confirm time slot', confirmed", () => {
    const r = run(booking);
    assert.equal(r.state.stepId, "scheduleConfirmed");
    assert.equal(r.last?.type, "end", "nothing left to change after confirming");
    assert.deepEqual(
      r.state.path.filter((id) => /Schedule|TimeSlot|scheduling|Terms|Order/i.test(id)),
      ["createServiceOrder", "schedulingIntro", "pickScheduleDate", "loadTimeSlots", "pickTimeSlot", "schedulingTerms", "confirmTimeSlot", "bookTimeSlot", "scheduleConfirmed"],
    );
    assert.deepEqual(r.said.slice(-6), [
      "Let's find a time for your visit. Which day works best for you?",
      "Here are the open time windows on Tuesday, November 3, 2026. Which works best for you?",
      "You have chosen Tuesday, November 3, 2026, between 8:00 AM - 10:00 AM. Before I book it, please read our service terms.",
      "An adult must be present & pets kept away.",
      "Do you agree to these terms?",
      // No customSchedulingVerbiage in this walk's company: the default confirmation.
      "Your appointment is confirmed for Tuesday, November 3, 2026, between 8:00 AM - 10:00 AM. Our technician will arrive during this window; please make sure an adult is home.",
    ]);
    assert.equal(r.state.answers.scheduleDay, "Tuesday");
  });

  test("the time windows are offered once each, then 'Choose another day'", () => {
    const r = run({ ...booking, pickTimeSlot: [] });
    assert.equal(r.state.stepId, "pickTimeSlot");
    const input = asked(r.last);
    assert.deepEqual(input?.kind === "buttons" && input.options, [
      { value: "8:00 AM - 10:00 AM", label: "8:00 AM - 10:00 AM" },
      { value: "1:00 PM - 3:00 PM", label: "1:00 PM - 3:00 PM" },
      { value: "another-day", label: "Choose another day" },
    ]);
  });

  test("the calendar offers today to one year ahead", () => {
    const r = run({ ...booking, pickScheduleDate: [] });
    assert.deepEqual(asked(r.last), { kind: "calendar", label: "Choose a day for your visit", min: "2026-11-02", max: "2027-11-02" });
  });

  const days: Array<[string, boolean]> = [
    ["2026-11-02", true],
    ["2027-11-02", true],
    ["2026-11-01", false],
    ["2027-11-03", false],
    ["2026-02-30", false],
    ["next tuesday", false],
  ];
  for (const [day, accepted] of days) {
    test(`the calendar ${accepted ? "accepts" : "refuses"} ${day}`, () => {
      const r = run({ ...booking, pickScheduleDate: [{ value: day }] });
      assert.equal(r.refusals.length, accepted ? 0 : 1);
      assert.equal(r.state.stepId, accepted ? "scheduleConfirmed" : "pickScheduleDate");
    });
  }

  test("the confirmation is the company's scheduling text with its date and window placeholders filled", () => {
    const ctx = {
      ...servman,
      config: makeConfig({
        crmSolution: "servman",
        zipCodes: ["78704"],
        customSchedulingVerbiage: "Your technician comes on {date} in the {{window}} window. {DATE}!",
      }),
    };
    const r = run(booking, {}, ctx);
    assert.equal(r.state.stepId, "scheduleConfirmed");
    assert.equal(r.said.at(-1), "Your technician comes on Tuesday, November 3, 2026 in the 8:00 AM - 10:00 AM window. Tuesday, November 3, 2026!");
  });

  const detours: Array<[string, Record<string, Answer | Answer[]>, Record<string, Answer>, string, string[]]> = [
    [
      "terms refused",
      { schedulingTerms: { value: "No" } },
      {},
      "servmanCallOffice",
      ["Sorry, we can't schedule an appointment without your agreement.", CALL_OFFICE],
    ],
    [
      "a day without slots",
      { pickScheduleDate: [{ value: "2026-11-08" }] },
      { fetchTimeSlots: { value: "none", values: { servmanSlots: [] } } },
      "noTimeSlots",
      [
        "No Available Time Slots",
        "There are no open time windows on Sunday, November 8, 2026. Please choose another day, or contact our office at (512) 555-0163 to schedule your visit.",
      ],
    ],
    ["slots failing", {}, { fetchTimeSlots: { value: "failed" } }, "servmanCallOffice", ["I'm sorry, I couldn't book that time window online.", CALL_OFFICE]],
    ["the confirmation failing", {}, { confirmTimeSlot: { value: "failed" } }, "servmanCallOffice", ["I'm sorry, I couldn't book that time window online.", CALL_OFFICE]],
    [
      "the window taken meanwhile",
      { pickTimeSlot: [{ value: "8:00 AM - 10:00 AM" }] },
      { confirmTimeSlot: { value: "taken" } },
      "pickTimeSlot",
      [
        "Sorry, the 8:00 AM - 10:00 AM window on Tuesday, November 3, 2026 was just booked by someone else.",
        "Here are the open time windows on Tuesday, November 3, 2026. Which works best for you?",
      ],
    ],
  ];
  for (const [name, inputs, tasks, end, last] of detours) {
    test(`${name}: ${end}`, () => {
      const r = run({ ...booking, ...inputs }, tasks);
      assert.equal(r.state.stepId, end);
      assert.deepEqual(r.said.slice(-last.length), last);
    });
  }

  test("no slots offers another day, which opens the calendar again", () => {
    const r = run(
      { ...booking, pickScheduleDate: [{ value: "2026-11-08" }], noTimeSlots: { value: "another-day" } },
      { fetchTimeSlots: { value: "none", values: { servmanSlots: [] } } },
    );
    assert.equal(r.state.stepId, "pickScheduleDate");
    assert.equal(asked(r.last)?.kind, "calendar");
  });

  const changes: Array<[string, Record<string, Answer | Answer[]>]> = [
    ["'Choose another day' among the windows", { pickTimeSlot: [{ value: "another-day" }] }],
    ["'Choose another time' before confirming", { confirmTimeSlot: [{ value: "another-time" }] }],
  ];
  for (const [name, inputs] of changes) {
    test(`${name} goes back to the calendar`, () => {
      const r = run({ ...booking, pickScheduleDate: [{ value: "2026-11-03" }], ...inputs });
      assert.equal(r.state.stepId, "pickScheduleDate");
      assert.equal(r.state.path.filter((id) => id === "pickScheduleDate").length, 2);
    });
  }

  test("without the order's day the calendar cannot be offered, and the visitor is sent to the office", () => {
    const r = run(booking, { createServiceOrder: { value: "schedulable", values: { servmanOrderId: "501" } }, fetchTimeSlots: { value: "failed" } });
    assert.equal(r.state.stepId, "servmanCallOffice");
  });
});

describe("ServMan's chapter brings its own guards, inputs and words", () => {
  test("the visitor's bubble says the day they picked in their language, as the bot's words do", () => {
    const spec: InputSpec = { kind: "calendar", label: "calendarLabel" };
    const input: ResolvedInput = { kind: "calendar", label: "", min: "2026-11-01", max: "2027-11-01" };
    const pick = (ctx: FlowContext) => acceptSpec(spec, input, { value: "2026-11-03" }, "pickScheduleDate", withChapter(ctx), "scheduleDate");
    assert.deepEqual(pick({ ...servman, pack: es }), { ok: true, values: { scheduleDate: "2026-11-03", scheduleDay: "Tuesday" }, display: "martes, 3 de noviembre de 2026" });
    assert.equal((pick(servman) as { display: string }).display, "Tuesday, November 3, 2026");
  });

  test("a Spanish visitor books in Spanish: the chapter's steps in the words of the Spanish file", () => {
    const r = run(booking, {}, { ...servman, pack: es });
    assert.equal(r.state.stepId, "scheduleConfirmed");
    assert.ok(r.said.includes("¿Se trata de una emergencia?"));
    assert.ok(r.said.includes("Estos son los horarios disponibles el martes, 3 de noviembre de 2026. ¿Cuál le conviene más?"));
    assert.ok(r.said.includes("¿Acepta estas condiciones?"));
    const emergency = run(newVisitor, {}, { ...servman, pack: es });
    const input = asked(emergency.last);
    assert.deepEqual(input?.kind === "buttons" && input.options.map((o) => o.label), ["Sí", "No", "Quiero saber más"]);
    const slots = run({ ...booking, pickTimeSlot: [] }, {}, { ...servman, pack: es });
    const windows = asked(slots.last);
    assert.deepEqual(windows?.kind === "buttons" && windows.options.map((o) => o.label), ["8:00 AM - 10:00 AM", "1:00 PM - 3:00 PM", "Elegir otro día"]);
  });

  test("before the chapter has arrived the engine cannot say, ask or decide any of it, and says why", () => {
    // `servman` has no `late`: the widget's engine alone, as for every other company.
    assert.throws(() => startFlow(steps, "askEmergency", servman), /askEmergency comes with ServMan's chapter, which has not arrived/);
    assert.throws(() => startFlow(steps, "pickScheduleDate", servman), /calendar comes with ServMan's chapter/);
    const loading = startFlow(steps, "loadServiceCategories", servman);
    assert.equal(loading.effects.at(-1)?.type, "task");
    assert.throws(() => answerStep(steps, loading.state, { value: "found" }, servman), /guard hasServiceCategories comes with ServMan's chapter/);
  });
});
