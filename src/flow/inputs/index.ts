// Every kind of input the flow knows, by the `kind` of its spec (src/flow/types.ts InputSpec).
// Adding a kind: its spec in InputSpec, its module here, its view in src/ui/inputs/.
import type { GuardInput } from "../guards.ts";
import { formatMessage } from "../messages.ts";
import type { Answer, InputSpec, ResolvedInput, StepId } from "../types.ts";
import type { ValidationMessages } from "../../i18n/en/validation.ts";
import { address } from "./address.ts";
import { buttons } from "./buttons.ts";
import { calendar } from "./calendar.ts";
import { call } from "./call.ts";
import type { Accepted, InputKind, InputKindName } from "./input-kind.ts";
import { measure } from "./measure.ts";
import { number } from "./number.ts";
import { programs } from "./programs.ts";
import { rating } from "./rating.ts";
import { select } from "./select.ts";
import { servmanChoice } from "./servman-choice.ts";
import { slider } from "./slider.ts";
import { text } from "./text.ts";

export type { Accepted } from "./input-kind.ts";

const kinds: { [K in InputKindName]: InputKind<K> } = {
  buttons,
  text,
  select,
  address,
  measure,
  slider,
  programs,
  rating,
  number,
  servmanChoice,
  calendar,
  call,
};

/** The kind of a spec, widened once here: each kind's module is typed against its own spec. */
const kindOf = (spec: InputSpec) => kinds[spec.kind] as unknown as InputKind<InputKindName>;

export function resolveSpec(spec: InputSpec, from: GuardInput): ResolvedInput | undefined {
  const mctx = { config: from.ctx.config, answers: from.state.answers, table: from.ctx.pack?.messages };
  return kindOf(spec).resolve(spec as never, { ...from, say: (key) => formatMessage(key, mctx) ?? "" });
}

export function acceptSpec(spec: InputSpec, input: ResolvedInput, answer: Answer, stepId: StepId, saveAs?: string, m?: ValidationMessages): Accepted {
  return kindOf(spec).accept(input as never, answer, { stepId, spec: spec as never, m, ...(saveAs ? { saveAs } : {}) });
}
