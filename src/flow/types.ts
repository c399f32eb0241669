// The conversation as data: steps, their words, their inputs and where they go.
import type { CompanyConfig } from "../config/company-config.ts";
import type { CustomerFields } from "../config/query-flags.ts";
import type { GuardName } from "./guards.ts";
import type { MessageKey } from "./messages.ts";

export type StepId = string;

/** An ordered transition: the first whose guard holds (or that has none) is taken. */
export interface Transition {
  if?: GuardName;
  to: StepId;
}

export interface ButtonOption {
  /** The value saved as the answer (and shown as the visitor's reply unless the label differs). */
  value: string;
  label: MessageKey;
  /** Shown only when this guard holds. */
  if?: GuardName;
}

export type InputSpec = { kind: "buttons"; options: ButtonOption[] };

export interface Step {
  say?: MessageKey[];
  input?: InputSpec;
  /** Variable the answer is saved under, e.g. "Greeting.Selection". */
  saveAs?: string;
  /** Empty for an end step. */
  next: Transition[];
}

export type StepTable = Record<StepId, Step>;

/** What the engine knows of the world when it decides. Read-only. */
export interface FlowContext {
  config: CompanyConfig;
  customer: CustomerFields;
}

export interface FlowState {
  stepId: StepId;
  answers: Record<string, string>;
  /** Steps entered so far, in order (for resume and for tests). */
  path: StepId[];
}

export interface ResolvedButton {
  value: string;
  label: string;
}

export type ResolvedInput = { kind: "buttons"; options: ResolvedButton[] };

/** Effects are data; the state layer runs them (timers, rendering, network). */
export type Effect =
  | { type: "say"; key: MessageKey; text: string }
  | { type: "ask"; stepId: StepId; input: ResolvedInput }
  | { type: "end"; stepId: StepId };

export interface Answer {
  value: string;
}
