// SPEC §2 steps 1-2: the greeting and the start buttons. A known phone number (a returning
// visitor, or a prefill) is looked up once the visitor starts; a visitor sent by the host's
// contact form started there, and is looked up at once (issue 15).
import type { StepTable } from "../types.ts";
import { LEARN_MORE, START } from "../answers.ts";

export const welcomeSteps = {
  welcome: {
    say: ["salutation", "welcome"],
    next: [{ to: "startButtons" }],
  },
  startButtons: {
    skipIf: "startedOnContactForm",
    say: ["startPrompt"],
    input: {
      kind: "buttons",
      options: [
        { value: START, label: "startButton" },
        { value: LEARN_MORE, label: "learnMoreButton", if: "offersLearnMore" },
      ],
    },
    saveAs: "Greeting.Selection",
    next: [{ if: "choseLearnMore", to: "learnMore" }, { to: "afterStart" }],
  },
  // The company's own learn-more steps (learnMoreSteps) come between its words and the start.
  learnMore: {
    say: ["learnMore"],
    images: ["aboutUsVideo"],
    next: [{ to: "learnMoreSteps" }],
  },
  learnMoreStart: {
    say: ["learnMoreFollowUp"],
    input: { kind: "buttons", options: [{ value: START, label: "startButton" }] },
    saveAs: "Greeting.Selection",
    next: [{ to: "afterStart" }],
  },
  afterStart: {
    next: [{ if: "hasPhone", to: "lookupCustomer" }, { to: "askName" }],
  },
} satisfies StepTable;
