// The whole conversation graph: every chapter's steps in one table.
import type { StepTable } from "./types.ts";
import { contactSteps } from "./steps/contact.ts";
import { welcomeSteps } from "./steps/welcome.ts";

export const FIRST_STEP = "welcome";

export const steps: StepTable = { ...welcomeSteps, ...contactSteps };
