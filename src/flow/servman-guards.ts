// ServMan's guards (SPEC §4 'Emergency and service agreement', 'Scheduling'): only its chapter
// names them, so they come with it in dist/quote-assistant-servman.js and reach the engine
// through FlowContext.late (./guards.ts guardHolds). Every other company's widget has none.
import type { Guard, ServmanGuardName } from "./flow-state.ts";
import { readServmanList, ANOTHER_DAY } from "./scheduling.ts";
// From the contract's pure part: the widget's copy (src/lazy/servman-chunk.ts).
import { ANOTHER_TIME } from "./shared-pure.ts";

const answered = (value: string): Guard => ({ answer }) => answer?.value === value;

export const servmanGuards = {
  hasServiceCategories: ({ state }) => readServmanList(state.answers, "categories").length > 0,
  hasServiceProblems: ({ state }) => readServmanList(state.answers, "problems").length > 0,
  hasTimeSlots: ({ state }) => readServmanList(state.answers, "slots").length > 0,
  choseAnotherDay: answered(ANOTHER_DAY),
  choseAnotherTime: answered(ANOTHER_TIME),
} satisfies Record<ServmanGuardName, Guard>;

export type { ServmanGuardName };
