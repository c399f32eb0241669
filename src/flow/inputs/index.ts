// Every kind of input the flow knows, by the `kind` of its spec (src/flow/types.ts InputSpec).
// Adding a kind: its spec in InputSpec, its module here, its view in src/ui/inputs/. The kinds
// only ServMan's chapter asks with come with it (./servman-kinds.ts, FlowContext.late).
import { formatMessage } from "../messages.ts";
import { messageContextOf } from "../message-context.ts";
import { localeFor } from "../../i18n/language.ts";
import type { Answer, FlowContext, FlowInput, InputSpec, ResolvedInput, StepId } from "../types.ts";
import { address } from "./address.ts";
import { buttons } from "./buttons.ts";
import type { Accepted, InputKind, InputKindName, LateKindName, WidgetKindName } from "./input-kind.ts";
import { measure } from "./measure.ts";
import { number } from "./number.ts";
import { programs } from "./programs.ts";
import { rating } from "./rating.ts";
import { select } from "./select.ts";
import { slider } from "./slider.ts";
import { text } from "./text.ts";

export type { Accepted } from "./input-kind.ts";

const kinds: { [K in WidgetKindName]: InputKind<K> } = {
  buttons,
  text,
  select,
  address,
  measure,
  slider,
  programs,
  rating,
  number,
};

/** The kind of a spec, widened once here: each kind's module is typed against its own spec. */
function kindOf(spec: InputSpec, ctx: FlowContext): InputKind<InputKindName> {
  const kind = Object.hasOwn(kinds, spec.kind) ? kinds[spec.kind as WidgetKindName] : ctx.late?.servman?.inputs[spec.kind as LateKindName];
  if (!kind) throw new Error(`the input ${spec.kind} comes with ServMan's chapter, which has not arrived`);
  return kind as unknown as InputKind<InputKindName>;
}

export function resolveSpec(spec: InputSpec, from: FlowInput): ResolvedInput | undefined {
  const mctx = messageContextOf(from.state.answers, from.ctx);
  return kindOf(spec, from.ctx).resolve(spec as never, { ...from, say: (key) => formatMessage(key, mctx) ?? "" });
}

export function acceptSpec(spec: InputSpec, input: ResolvedInput, answer: Answer, stepId: StepId, ctx: FlowContext, saveAs?: string): Accepted {
  const m = ctx.pack?.validation;
  const locale = ctx.pack ? localeFor(ctx.pack.lang, ctx.config.currency) : undefined;
  return kindOf(spec, ctx).accept(input as never, answer, { stepId, spec: spec as never, m, locale, ...(saveAs ? { saveAs } : {}) });
}
