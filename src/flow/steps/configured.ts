// The company's own steps (SPEC §3 serviceQuestionsSteps, preModalQuestions,
// probingQuestions, learnMoreSteps) as steps of the same graph: each list becomes a chain that starts at a
// fixed entry step and leaves to a fixed exit, so the graph check covers every company.
import type { CompanyConfig, ConfiguredQuestion } from "../../config/company-config.ts";
import type { InputSpec, Step, StepTable } from "../types.ts";

function inputFor(q: ConfiguredQuestion): InputSpec | undefined {
  // A step with neither options nor an input only says its words (learn-more steps).
  if (!q.options && !q.input) return undefined;
  if (q.options) return { kind: "buttons", options: q.options.map((o) => ({ value: o, text: o })) };
  if (q.input?.kind === "number") {
    return {
      kind: "number",
      label: q.input.label ?? q.question,
      whole: q.input.subtype === "whole",
      ...(q.input.min !== undefined ? { min: q.input.min } : {}),
      ...(q.input.max !== undefined ? { max: q.input.max } : {}),
    };
  }
  return { kind: "text", label: "answerLabel", validate: "answer", maxLength: q.input?.maxLength ?? 300 };
}

function chain(entry: string, prefix: string, questions: readonly ConfiguredQuestion[], exit: string): StepTable {
  const ids = questions.map((_, i) => `${prefix}.${i + 1}`);
  const table: StepTable = { [entry]: { next: [{ to: ids[0] ?? exit }] } };
  questions.forEach((q, i) => {
    const input = inputFor(q);
    const step: Step = {
      sayText: [q.question],
      ...(input ? { input, saveAs: q.id, skipWhenAnswered: true } : {}),
      ...(q.program ? { forProgram: q.program } : {}),
      next: [{ to: ids[i + 1] ?? exit }],
    };
    table[ids[i]!] = step;
  });
  return table;
}

export type ConfiguredQuestions = Pick<CompanyConfig, "serviceQuestionsSteps" | "preModalQuestions" | "probingQuestions" | "learnMoreSteps">;

export function configuredSteps(config: ConfiguredQuestions): StepTable {
  return {
    ...chain("serviceQuestions", "serviceQuestion", config.serviceQuestionsSteps, "probeServices"),
    ...chain("preModalQuestions", "preModalQuestion", config.preModalQuestions, "afterPreModal"),
    ...chain("probingQuestions", "probingQuestion", config.probingQuestions, "calculateQuote"),
    ...chain("learnMoreSteps", "learnMoreStep", config.learnMoreSteps, "learnMoreStart"),
  };
}
