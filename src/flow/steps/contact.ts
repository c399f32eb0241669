// SPEC §2 step 5: name, phone, email, address. The chapter's questions land with issue 3;
// until then the conversation ends politely here instead of at a blank input.
import type { StepTable } from "../types.ts";

export const contactSteps = {
  contactStart: {
    say: ["contactComingSoon"],
    next: [],
  },
} satisfies StepTable;
