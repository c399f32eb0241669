// SPEC §2 step 6: how the visitor heard of the company (real-green companies that turned the
// question on and listed sources). 'referral' asks who; 'other' asks for details.
import type { StepTable } from "../types.ts";

export const marketingSteps = {
  askSource: {
    skipIf: "skipsMarketing",
    say: ["askSource"],
    input: { kind: "select", prompt: "askSource", options: "marketingSources" },
    saveAs: "source",
    next: [
      { if: "sourceIsReferral", to: "askReferrer" },
      { if: "sourceIsOther", to: "askOtherSource" },
      { to: "checkPreviousQuote" },
    ],
  },
  askReferrer: {
    say: ["askReferrer"],
    input: { kind: "text", label: "referrerLabel", validate: "referrer", maxLength: 30 },
    next: [{ to: "checkPreviousQuote" }],
  },
  askOtherSource: {
    say: ["askOtherSource"],
    input: { kind: "text", label: "otherSourceLabel", validate: "otherSource", maxLength: 300 },
    next: [{ to: "checkPreviousQuote" }],
  },
} satisfies StepTable;
