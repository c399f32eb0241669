// The widget's state, one Jotai store per element. Atoms hold data; the conversation runner
// (conversation.ts) and the config loader change them; views only read them.
import { atom, type createStore } from "jotai/vanilla";
import type { CompanyConfig } from "../config/company-config.ts";
import type { CustomerFields, QueryFlags } from "../config/query-flags.ts";
import type { FlowState, ResolvedInput, StepId } from "../flow/types.ts";
import type { LanguagePack } from "../i18n/language.ts";

/** The store these atoms live in, one per element. */
export type Store = ReturnType<typeof createStore>;

export type ConfigStatus =
  | { status: "loading" }
  | { status: "ready"; config: CompanyConfig }
  /** The chat cannot work; `phone` is the company's number when it is known, for a call link. */
  | { status: "error"; reason: string; phone?: string };

export interface TranscriptEntry {
  id: number;
  from: "bot" | "visitor";
  text: string;
  image?: { src: string; alt: string; video?: true };
}

export interface PendingInput {
  stepId: StepId;
  input: ResolvedInput;
}

export const configStatusAtom = atom<ConfigStatus>({ status: "loading" });
export const openAtom = atom(false);
/** When the visitor asked to open, if that was before the widget could (the loader's queued `open`). */
export const openAskedAtAtom = atom<number | null>(null);
/** The visitor's language when not English (src/i18n): set with the configuration, before it is ready. */
export const languageAtom = atom<LanguagePack | null>(null);
/** The page's query flags (SPEC §2), read once when the widget starts. */
export const queryFlagsAtom = atom<QueryFlags | null>(null);
export const customerAtom = atom<CustomerFields>({});
export const flowStateAtom = atom<FlowState | null>(null);
export const transcriptAtom = atom<TranscriptEntry[]>([]);
export const typingAtom = atom(false);
export const pendingInputAtom = atom<PendingInput | null>(null);
export const endedAtom = atom(false);
/** The validation message under the current input (the typed text stays in the input). */
export const inputErrorAtom = atom<string | null>(null);
/** When the visitor last answered (clock ms); the confirmation overlay counts from it. */
export const lastActivityAtom = atom<number | null>(null);
/** How many of the widget's modals are open (measuring tool, quote, checkout): see Modal. */
export const openModalsAtom = atom(0);
/** The confirmation overlay is up (SPEC §2). */
export const confirmationShownAtom = atom(false);
/** A task (a call) is running: the visitor sees the typing indicator, not an input. */
export const busyAtom = atom(false);
/** The task being run, if any: the calculating screen shows while prices are worked out. */
export const runningTaskAtom = atom<string | null>(null);

export const configAtom = atom((get) => {
  const status = get(configStatusAtom);
  return status.status === "ready" ? status.config : null;
});
