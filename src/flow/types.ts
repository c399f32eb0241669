// The conversation as data: steps, their words, their inputs, their tasks and where they go.
import type { CompanyConfig } from "../config/company-config.ts";
import type { CustomerFields } from "../config/query-flags.ts";
import type { ProgramType } from "../contract/program-types.ts";
import type { Answers } from "./answer-keys.ts";
import type { Guard, GuardName } from "./guards.ts";
import type { ServmanGuardName } from "./servman-guards.ts";
import type { InputKind, LateKindName } from "./inputs/input-kind.ts";
import type { ServmanTable } from "../i18n/en/servman.ts";
import type { MessageKey } from "../i18n/en/conversation.ts";
import type { TextConsentFile } from "../i18n/en/text-consent.ts";
import type { ImageKey } from "./messages.ts";
import type { TaskName, TaskOutcome } from "./tasks.ts";
import type { ValidatorName } from "./validators.ts";
import type { ServmanListName } from "./scheduling.ts";
import type { LanguagePack } from "../i18n/language.ts";

export type StepId = string;

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
export interface FlowContext {
  config: CompanyConfig;
  customer: CustomerFields;
  /** The company's programs (GET /v2/program-types), once loaded; empty before. */
  programs: ProgramType[];
  /** SPEC §2 query flag `source`: 'contactForm' means the contact details arrive prefilled. */
  source?: string;
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

export interface FlowState {
  stepId: StepId;
  answers: Answers;
  /** Steps entered so far, in order (for resume and for tests). */
  path: StepId[];
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

export interface Answer {
  value: string;
  /** Further values: an address's parts, a task's findings. */
  values?: Answers;
}
