// SPEC §2 steps 1-2: the greeting and the start buttons.
import type { StepTable } from "../types.ts";

export const welcomeSteps = {
  welcome: {
    say: ["welcome"],
    // Welcome-back for a known phone number arrives with the returning-visitor chapter.
    next: [{ to: "startButtons" }],
  },
  startButtons: {
    say: ["startPrompt"],
    input: {
      kind: "buttons",
      options: [
        { value: "Let's Get Started", label: "startButton" },
        { value: "Learn More", label: "learnMoreButton", if: "offersLearnMore" },
      ],
    },
    saveAs: "Greeting.Selection",
    next: [{ if: "choseLearnMore", to: "learnMore" }, { to: "contactStart" }],
  },
  learnMore: {
    say: ["learnMore", "learnMoreFollowUp"],
    input: { kind: "buttons", options: [{ value: "Let's Get Started", label: "startButton" }] },
    saveAs: "Greeting.Selection",
    next: [{ to: "contactStart" }],
  },
} satisfies StepTable;
