// The visitor's program choice, kept in the answers as a list of program names, and what
// the chosen programs ask of the flow (SPEC §4 'After measuring', 'Resume', probing questions).
import type { ProbingChapter, ProgramType } from "../contract/program-types.ts";
import type { CompanyConfig } from "../config/company-config.ts";
import type { Answers } from "./answer-keys.ts";

export const SELECTED_PROGRAMS = "selectedPrograms";

export function selectedProgramNames(answers: Answers): string[] {
  return answers[SELECTED_PROGRAMS] ?? [];
}

export function selectedPrograms(answers: Answers, programs: readonly ProgramType[]): ProgramType[] {
  const names = new Set(selectedProgramNames(answers));
  return programs.filter((p) => names.has(p.name));
}

/** A selected program is priced by the lawn's size (so the lawn must be measured). */
export function needsSquareFootage(answers: Answers, programs: readonly ProgramType[]): boolean {
  const chosen = selectedPrograms(answers, programs);
  // Before the program types are known, assume the usual: lawn programs need the size.
  if (chosen.length === 0) return selectedProgramNames(answers).length > 0;
  return chosen.some((p) => !p.hasNonSquareFootagePricing);
}

export function hasMandatoryQuestions(answers: Answers, programs: readonly ProgramType[]): boolean {
  return selectedPrograms(answers, programs).some((p) => p.hasMandatoryQuestions);
}

export function choosesChapter(answers: Answers, programs: readonly ProgramType[], chapter: ProbingChapter): boolean {
  return selectedPrograms(answers, programs).some((p) => p.entryPoint === chapter);
}

export function hasEntryStep(answers: Answers, programs: readonly ProgramType[]): boolean {
  return selectedPrograms(answers, programs).some((p) => p.entryPoint !== null);
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The programs this company's widget offers (SPEC §3 settings): only those named in
 * `availableServiceTypes` when it names any (a list that matches none of the company's programs
 * is a configuration mistake: every program is offered, and the console says so), and the
 * program of `programDetails` without its probing questions unless `useProbingQuestions` is set.
 */
export function programsOffered(
  programs: readonly ProgramType[],
  config: Pick<CompanyConfig, "availableServiceTypes" | "programDetails">,
  warn: (message: string) => void = () => {},
): ProgramType[] {
  const wanted = config.availableServiceTypes.filter((name) => name.trim() !== "");
  let offered = wanted.length === 0 ? [...programs] : programs.filter((p) => wanted.some((name) => sameName(name, p.name)));
  if (offered.length === 0 && programs.length > 0) {
    warn(`availableServiceTypes (${wanted.join(", ")}) names none of the company's programs; offering them all`);
    offered = [...programs];
  }
  const details = config.programDetails;
  if (!details || details.useProbingQuestions) return offered;
  return offered.map((p) => (sameName(details.programName, p.name) ? { ...p, entryPoint: null, hasMandatoryQuestions: false } : p));
}
