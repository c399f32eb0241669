// SPEC §2 steps 15 and 17: where a conversation ends without a quote, kindly.
import type { StepTable } from "../types.ts";

export const deadEndSteps = {
  zipNotServiced: { say: ["zipNotServiced"], next: [] },
  sqftTooBig: { say: ["sqftTooBig"], next: [] },
  callTheOffice: { say: ["callTheOffice"], next: [] },
  portalUnavailable: { say: ["portalUnavailable"], next: [] },
  // The top window is on its way to the customer portal; nothing more to say.
  redirected: { next: [] },
} satisfies StepTable;
