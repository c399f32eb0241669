// The whole conversation graph: every chapter's steps in one table.
import { contactSteps } from "./steps/contact.ts";
import { deadEndSteps } from "./steps/dead-ends.ts";
import { marketingSteps } from "./steps/marketing.ts";
import { propertySteps } from "./steps/property.ts";
import { returningSteps } from "./steps/returning.ts";
import { startQuoteSteps } from "./steps/start-quote.ts";
import { welcomeSteps } from "./steps/welcome.ts";
import type { StepTable } from "./types.ts";

export const FIRST_STEP = "welcome";

export const steps: StepTable = {
  ...welcomeSteps,
  ...returningSteps,
  ...contactSteps,
  ...marketingSteps,
  ...startQuoteSteps,
  ...propertySteps,
  ...deadEndSteps,
};
