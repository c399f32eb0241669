// The conversation graph as a ServMan company's widget runs it once ServMan's chapter has
// arrived (dist/quote-assistant-servman.js hands over the same steps): the widget's chapters,
// ServMan's, and the company's own questions. Other companies' widgets never get ServMan's
// steps; for them the graph is src/flow/flow-graph.ts's alone.
import type { CompanyConfig } from "../../../src/config/company-config.ts";
import { buildSteps as widgetSteps, FIRST_STEP } from "../../../src/flow/flow-graph.ts";
import type { FlowContext, LateChapters, StepTable } from "../../../src/flow/types.ts";
import { servmanChapter } from "../../../src/state/tasks/servman-chapter-parts.ts";

export { FIRST_STEP };

type GraphConfig = Pick<CompanyConfig, "serviceQuestionsSteps" | "preModalQuestions" | "probingQuestions" | "learnMoreSteps">;

/** ServMan's chapter as it arrives: its steps, guards, inputs and English words. */
export const LATE: LateChapters = { servman: servmanChapter };

/** One company's whole graph, ServMan's chapter included. */
export const buildSteps = (config: GraphConfig): StepTable => widgetSteps(config, LATE);

/** A context in which ServMan's chapter has arrived (its guards, inputs and words are known). */
export const withChapter = <C extends FlowContext>(ctx: C): C => ({ ...ctx, late: LATE });

/** The whole graph of a company that configured no questions of its own. */
export const steps: StepTable = buildSteps({ serviceQuestionsSteps: [], preModalQuestions: [], probingQuestions: [], learnMoreSteps: [] });
