// The conversation as data: steps, their words, their inputs, their tasks and where they go.
import type { Answers } from "./answer-keys.ts";
import type { Answer, FlowState, Guard, GuardContext, GuardInput, ServmanGuardName, StepId } from "./flow-state.ts";
import type { GuardName } from "./guards.ts";
import type { ServmanTable } from "../i18n/en/servman.ts";
import type { MessageKey } from "../i18n/en/conversation.ts";
import type { ValidationMessages } from "../i18n/en/validation.ts";
import type { TextConsentFile } from "../i18n/en/text-consent.ts";
import type { ImageKey } from "./messages.ts";
import type { TaskName, TaskOutcome } from "./tasks.ts";
import type { ValidatorName } from "./validators.ts";
import type { ServmanListName } from "./scheduling.ts";
import type { LanguagePack } from "../i18n/language.ts";

export type { Answer, FlowState, StepId } from "./flow-state.ts";

/** An ordered transition: the first whose guard holds (or that has none) is taken. */
export interface Transition {
  if?: GuardName;
  to: StepId;
}

export interface ButtonOption {
  /** The value saved as the answer. */
  value: string;
  /** A message of the table, or (company-configured steps) `text` as written. */
  label?: MessageKey;
  text?: string;
  /** Shown only when this guard holds. */
  if?: GuardName;
  /** Not a button: the answer comes from elsewhere (the quote modal's purchase or 'think about it'). */
  hidden?: boolean;
}

export type InputSpec =
  | { kind: "buttons"; options: ButtonOption[] }
  | {
      kind: "text";
      label: MessageKey;
      validate: ValidatorName;
      maxLength: number;
      inputMode?: "text" | "numeric" | "email" | "tel";
      autocomplete?: string;
      /** The texts consent box (issue 34), shown when the served configuration has `textConsent`. */
      consent?: true;
    }
  | { kind: "select"; prompt: MessageKey; options: "marketingSources" }
  | { kind: "address"; label: MessageKey }
  /** The measuring tool in a modal (SPEC §2); answered by its result, or "cancel". */
  | { kind: "measure" }
  /** The lot-size slider (SPEC §2, §5): how much of the lot is lawn. */
  | { kind: "slider" }
  /** The program picker (SPEC §2 step 10): a grid of the company's programs, several at once. */
  | { kind: "programs" }
  /** The rating step (SPEC §2 step 12): stars in quarters, default 3. */
  | { kind: "rating"; label: MessageKey }
  /** A company-configured number question (SPEC §5 'Configured number input'). */
  | { kind: "number"; label: string; whole: boolean; min?: number; max?: number }
  /** Servman (SPEC §2 step 16): a choice among what a task fetched into the answers, as buttons. */
  | { kind: "servmanChoice"; list: ServmanListName }
  /** The scheduling calendar (SPEC §2, §5): a day from today to one year ahead. */
  | { kind: "calendar"; label: MessageKey }
  /** A call button to the company's phone, at an end (none when the company has no phone). */
  | { kind: "call"; label: MessageKey };

interface StepBase {
  say?: MessageKey[];
  /** Company-configured words, said as written after `say`. */
  sayText?: string[];
  /** Pictures shown after the messages (skipped when the picture is unknown). */
  images?: ImageKey[];
  /** The answer is known already (a prefill, a returning visitor): pass straight on. */
  skipIf?: GuardName;
  /** Asked only when this program is among the selected ones. */
  forProgram?: string;
}

/** A step that says something, asks (or not) and goes on by its ordered transitions. */
export interface PlainStep extends StepBase {
  input?: InputSpec;
  /** Variable a button or select answer is saved under, e.g. "Greeting.Selection". */
  saveAs?: string;
  /** Passed over when its `saveAs` variable is answered already (configured questions on resume). */
  skipWhenAnswered?: boolean;
  /** Empty for an end step. */
  next: Transition[];
  task?: never;
  on?: never;
}

/** Where one task outcome leads: a step, or ordered transitions (the last without a guard). */
export type Route = StepId | Transition[];

/**
 * A step whose work the state layer does (a call): every outcome the task declares in
 * src/flow/tasks.ts is routed here, and tsc refuses a missing or unknown one.
 */
export type TaskStepOf<T extends TaskName> = Omit<StepBase, "skipIf" | "forProgram"> & {
  task: T;
  on: { [O in TaskOutcome<T>]: Route };
  input?: never;
  saveAs?: never;
  skipWhenAnswered?: never;
  skipIf?: never;
  forProgram?: never;
  next?: never;
};

export type TaskStep = { [T in TaskName]: TaskStepOf<T> }[TaskName];

export type Step = PlainStep | TaskStep;

export type StepTable = Record<StepId, Step>;

/** What the engine knows of the world when it decides. Read-only. */
export interface FlowContext extends GuardContext {
  /** The visitor's language when not English (src/i18n): its conversation and validation messages. */
  pack?: LanguagePack | undefined;
  /** The chapters that have arrived with their files: their guards, inputs and words. */
  late?: LateChapters | undefined;
}

/**
 * A chapter that arrives with a lazily loaded file (ServMan's, dist/quote-assistant-servman.js):
 * its steps and what only they use, so that the widget carries none of it.
 */
export interface LateChapter {
  steps: StepTable;
  guards: Record<ServmanGuardName, Guard>;
  /** The input kinds only its steps ask with. */
  inputs: { [K in LateKindName]: InputKind<K> };
  /** Its words in English; another language's come in that language's file (LanguagePack.servman). */
  words: ServmanTable;
}

/** Chapters that arrive late, by name: ServMan's (src/lazy/servman-chunk.ts). */
export interface LateChapters {
  servman?: LateChapter;
  /** The texts consent box's words (dist/quote-assistant-consent.js), for a company that texts: no box before they arrive. */
  textConsent?: TextConsentFile | undefined;
}

/** The answers under their variable names, each of its kind (./answer-keys.ts). */
export type { Answers } from "./answer-keys.ts";

/** A guard's input with the whole context: what the engine and the inputs are given. */
export interface FlowInput extends GuardInput {
  ctx: FlowContext;
}

export interface ResolvedButton {
  value: string;
  label: string;
  hidden?: boolean;
}

export type ResolvedInput =
  | { kind: "buttons"; options: ResolvedButton[] }
  | {
      kind: "text";
      label: string;
      maxLength: number;
      inputMode: "text" | "numeric" | "email" | "tel";
      autocomplete?: string;
      /** The consent box's label, in the visitor's words: what the quote keeps when answered. */
      consent?: string;
    }
  | { kind: "select"; prompt: string; options: ResolvedButton[] }
  | { kind: "address"; label: string }
  | {
      kind: "measure";
      toolUrl: string;
      mode: "area" | "perimeter";
      metric: boolean;
      address: string;
      /** The picked suggestion's point: the tool opens there without looking the address up again. */
      position?: { lat: number; lng: number };
      /** The visitor's language when not English: the tool speaks it (`lang` in its URL). */
      language?: string | undefined;
      /** Opens this long after the step begins (SPEC §2: 3 s). */
      delayMs: number;
    }
  | { kind: "slider"; totalLotSize: number; defaultPercent: number; unit: string }
  | { kind: "programs"; options: ProgramOption[]; selected: string[] }
  | { kind: "rating"; label: string; stars: number; step: number; defaultValue: number }
  | { kind: "number"; label: string; whole: boolean; min?: number; max?: number }
  /** Days as "YYYY-MM-DD", both ends included. */
  | { kind: "calendar"; label: string; min: string; max: string }
  | { kind: "call"; label: string; href: string };

export interface ProgramOption {
  name: string;
  icon?: string;
  description?: string;
}

/** Effects are data; the state layer runs them (timers, rendering, network, navigation). */
export type Effect =
  /** `stall`: a 'please wait' message, said while the call that follows runs. */
  | { type: "say"; key: MessageKey | "company"; text: string; stall?: boolean }
  /** `video`: the company's video, offered behind a button (src/ui/chat/about-video.tsx). */
  | { type: "image"; src: string; alt: string; video?: true }
  | { type: "ask"; stepId: StepId; input: ResolvedInput }
  | { type: "task"; stepId: StepId; task: TaskName }
  | { type: "end"; stepId: StepId };

// What one kind of input does (./inputs/input-kind.ts says more; each kind is a module there).
export type InputKindName = InputSpec["kind"];
/** The kinds only ServMan's chapter asks with: they come with it (./servman-kinds.ts). */
export type LateKindName = "servmanChoice" | "calendar" | "call";
export type WidgetKindName = Exclude<InputKindName, LateKindName>;
export type SpecOf<K extends InputKindName> = Extract<InputSpec, { kind: K }>;
/** A ServMan choice is shown as buttons; every other kind as itself. */
export type ResolvedOf<K extends InputKindName> = K extends "servmanChoice"
  ? Extract<ResolvedInput, { kind: "buttons" }>
  : Extract<ResolvedInput, { kind: K }>;

export interface ResolveContext extends FlowInput {
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
