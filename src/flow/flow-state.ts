// The conversation's state and what a guard reads of the world: the types every module of the
// flow shares (./types.ts re-exports them). Kept apart from ./types.ts because the steps there
// name the guards (./guards.ts, ./servman-guards.ts), and the guards are typed by these: each
// side imports this file, and neither the other.
import type { CompanyConfig } from "../config/company-config.ts";
import type { CustomerFields } from "../config/query-flags.ts";
import type { ProgramType } from "../contract/program-types.ts";
import type { Answers } from "./answer-keys.ts";

export type StepId = string;

export interface Answer {
  value: string;
  /** Further values: an address's parts, a task's findings. */
  values?: Answers;
}

export interface FlowState {
  stepId: StepId;
  answers: Answers;
  /** Steps entered so far, in order (for resume and for tests). */
  path: StepId[];
}

/** What a guard knows of the world: the engine's FlowContext (./types.ts) is this and more. */
export interface GuardContext {
  config: CompanyConfig;
  customer: CustomerFields;
  /** The company's programs (GET /v2/program-types), once loaded; empty before. */
  programs: ProgramType[];
  /** SPEC §2 query flag `source`: 'contactForm' means the contact details arrive prefilled. */
  source?: string;
}

export interface GuardInput {
  state: FlowState;
  ctx: GuardContext;
  answer?: Answer;
}

export type Guard = (input: GuardInput) => boolean;

/** ServMan's guards, which come with its chapter (./servman-guards.ts's table has exactly these). */
export type ServmanGuardName = "hasServiceCategories" | "hasServiceProblems" | "hasTimeSlots" | "choseAnotherDay" | "choseAnotherTime";
