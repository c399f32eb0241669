// What one kind of input does in the flow: `resolve` turns a step's input spec into what the
// view shows (words formatted, options filtered, limits known), `accept` checks an answer to
// it and says what is saved. One module per kind (this folder); the view of each kind is in
// src/ui/inputs/. The engine only looks a kind up in ./index.ts.
import type { GuardInput } from "../guards.ts";
import type { MessageKey } from "../../i18n/en/conversation.ts";
import type { ValidationMessages } from "../../i18n/en/validation.ts";
import type { Answer, Answers, InputSpec, ResolvedInput, StepId } from "../types.ts";
import { answerAt } from "../answer-keys.ts";

export type InputKindName = InputSpec["kind"];
/** The kinds only ServMan's chapter asks with: they come with it (./servman-kinds.ts). */
export type LateKindName = "servmanChoice" | "calendar" | "call";
export type WidgetKindName = Exclude<InputKindName, LateKindName>;
export type SpecOf<K extends InputKindName> = Extract<InputSpec, { kind: K }>;
/** A ServMan choice is shown as buttons; every other kind as itself. */
export type ResolvedOf<K extends InputKindName> = K extends "servmanChoice"
  ? Extract<ResolvedInput, { kind: "buttons" }>
  : Extract<ResolvedInput, { kind: K }>;

export interface ResolveContext extends GuardInput {
  /** A message of the table in this conversation's words ("" when it has none). */
  say(key: MessageKey): string;
}

export interface AcceptContext<K extends InputKindName> {
  stepId: StepId;
  spec: SpecOf<K>;
  /** The step's `saveAs` variable, if any. */
  saveAs?: string;
  /** The validation messages in the visitor's language (src/i18n/en/validation.ts in English). */
  m?: ValidationMessages | undefined;
  /** The visitor's locale for dates in their bubble ("es-US"); English when absent. */
  locale?: string | undefined;
}

export type Accepted = { ok: true; values: Answers; display: string } | { ok: false; reason: string; message?: string };

export interface InputKind<K extends InputKindName> {
  /** Undefined when the input cannot be offered (then the step passes on, or ends). */
  resolve(spec: SpecOf<K>, from: ResolveContext): ResolvedOf<K> | undefined;
  accept(input: ResolvedOf<K>, answer: Answer, at: AcceptContext<K>): Accepted;
}

/** The answer saved under the step's variable, when it has one, of that variable's kind. */
export const savedAs = answerAt;
