// SPEC §2 step 10 and §4 'After measuring': the program picker, then the route to the
// questions and the quote: service questions when a chosen program has mandatory ones, else
// the pre-modal questions, else ask-quote-now when a program has an entry step, else the quote.
import type { StepTable } from "../types.ts";

export const servicesSteps = {
  choosePrograms: {
    task: "loadPrograms",
    on: { done: [{ if: "noProgramsOffered", to: "noPrograms" }, { to: "pickPrograms" }] },
  },
  pickPrograms: {
    say: ["choosePrograms"],
    input: { kind: "programs" },
    next: [{ if: "needsLawnSize", to: "propertyStart" }, { to: "afterSize" }],
  },
  // Where the property chapter ends: programs not yet chosen (zillow, other) are chosen now.
  propertyMeasured: {
    next: [{ if: "programsChosen", to: "afterSize" }, { to: "choosePrograms" }],
  },
  afterSize: {
    next: [{ if: "hasServiceQuestions", to: "probeServices" }, { to: "afterQuestions" }],
  },
  // One chapter per chosen program, in a fixed order; each comes back here when answered.
  probeServices: {
    next: [
      { if: "asksMowing", to: "askLastMowed" },
      { if: "asksFertilizer", to: "fertilizerWho" },
      { if: "asksConfiguredServiceQuestions", to: "serviceQuestions" },
      { to: "afterQuestions" },
    ],
  },
  afterQuestions: {
    next: [{ if: "preModalUnanswered", to: "preModalQuestions" }, { to: "afterPreModal" }],
  },
  afterPreModal: {
    next: [{ if: "programHasEntryStep", to: "askQuoteNow" }, { to: "calculateQuote" }],
  },
  noPrograms: { say: ["noPrograms"], next: [] },
} satisfies StepTable;
