// Named, pure predicates over the flow state, the company configuration and the answer just
// given. Steps refer to them by name so the flow graph stays plain data.
import type { Answer, FlowContext, FlowState } from "./types.ts";

export interface GuardInput {
  state: FlowState;
  ctx: FlowContext;
  answer?: Answer;
}

export const guards = {
  isServman: ({ ctx }: GuardInput) => ctx.config.crmSolution === "servman",
  offersLearnMore: ({ ctx }: GuardInput) => ctx.config.crmSolution !== "servman",
  choseLearnMore: ({ answer }: GuardInput) => answer?.value === "Learn More",
} satisfies Record<string, (input: GuardInput) => boolean>;

export type GuardName = keyof typeof guards;

export function isGuardName(name: string): name is GuardName {
  return Object.hasOwn(guards, name);
}
