// The whole conversation graph: every chapter's steps in one table, plus the company's own
// questions (configured.ts) as chains between fixed entry and exit steps. ServMan's chapter
// (steps/servman.ts, with its guards, inputs and words) is not in the widget: it comes with
// dist/quote-assistant-servman.js, for ServMan companies only, and joins the graph as a late
// chapter once it has arrived.
import type { CompanyConfig } from "../config/company-config.ts";
import { configuredSteps } from "./steps/configured.ts";
import { contactSteps } from "./steps/contact.ts";
import { deadEndSteps } from "./steps/dead-ends.ts";
import { marketingSteps } from "./steps/marketing.ts";
import { objectionSteps } from "./steps/objection.ts";
import { probingSteps } from "./steps/probing.ts";
import { propertySteps } from "./steps/property.ts";
import { quoteSteps } from "./steps/quote.ts";
import { resumeSteps } from "./steps/resume.ts";
import { returningSteps } from "./steps/returning.ts";
import { servicesSteps } from "./steps/services.ts";
import { startQuoteSteps } from "./steps/start-quote.ts";
import { welcomeSteps } from "./steps/welcome.ts";
import type { LateChapters, StepTable } from "./types.ts";

export const FIRST_STEP = "welcome";

/** Each chapter's steps, by the chapter's name (its file in steps/, as the host page's `step` event names it). */
const CHAPTERS: Record<string, StepTable> = {
  welcome: welcomeSteps,
  returning: returningSteps,
  contact: contactSteps,
  marketing: marketingSteps,
  "start-quote": startQuoteSteps,
  resume: resumeSteps,
  property: propertySteps,
  services: servicesSteps,
  probing: probingSteps,
  quote: quoteSteps,
  objection: objectionSteps,
  "dead-ends": deadEndSteps,
};

export type { LateChapters };

const chapters: StepTable = Object.assign({}, ...Object.values(CHAPTERS)) as StepTable;

/** The chapter a step belongs to; the company's own questions are "configured". */
export function chapterOf(stepId: string, late: LateChapters = {}): string {
  const all: Record<string, StepTable> = { ...CHAPTERS, ...(late.servman ? { servman: late.servman.steps } : {}) };
  return Object.keys(all).find((name) => Object.prototype.hasOwnProperty.call(all[name], stepId)) ?? "configured";
}

/** The graph for one company: the chapters, those arrived late, and its configured questions. */
export function buildSteps(
  config: Pick<CompanyConfig, "serviceQuestionsSteps" | "preModalQuestions" | "probingQuestions" | "learnMoreSteps">,
  late: LateChapters = {},
): StepTable {
  return { ...chapters, ...late.servman?.steps, ...configuredSteps(config) };
}

/** The widget's graph of a company that configured no questions of its own (no late chapter). */
export const steps: StepTable = buildSteps({ serviceQuestionsSteps: [], preModalQuestions: [], probingQuestions: [], learnMoreSteps: [] });
