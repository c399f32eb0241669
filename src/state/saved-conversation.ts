// The conversation saved on this device, so a reload at any step after the quote started comes
// back to that step (issue 12 "The browser keeps only what resuming needs"). The device keeps
// the quote's id and token, the step and the answers that are not personal data; the
// transcript and the personal answers (name, phone, e-mail, address, position) are saved to
// the server with the quote's token (`remote`, POST /v1/quote/conversation) and fetched back
// on reopen (resume-conversation.ts). Before a quote exists, the conversation (what was typed
// included) is kept for this tab only (`tab`: sessionStorage, gone when the tab closes; memory
// only without the page's consent), so a reload, or a phone discarding a background tab,
// brings it back (issue 27); once the quote has started, that copy is removed. Likewise a save
// the server has not yet acknowledged (a reload a moment after an answer) keeps its transcript
// in the tab until the server has it, so the reload shows the latest question, not an older copy. Versioned; anything unreadable or of another version is removed. It expires
// 14 days after the last answer, at once after a finished sale was shown, and a conversation
// that ended otherwise is shown once more, then forgotten. The answers are stored as text
// (answersToWire), as the server's copy is.
import { answersFromWire, answersToWire, type WireAnswers } from "../flow/answer-keys.ts";
import type { FlowState } from "../flow/types.ts";
import { readRecord, writeRecord, type KeyValueStore } from "../storage/safe-storage.ts";
import type { TranscriptEntry } from "./atoms.ts";

const VERSION = 2;
/** A long conversation keeps its latest entries; the server holds the quote itself. */
const MAX_ENTRIES = 200;
/** The quote cookie's life: a conversation untouched this long starts afresh. */
export const SAVED_CONVERSATION_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Answers never written to this device: personal data (the server gives them back with the
 * quote's token), free text that may hold it, and pictures (too big; the server has them).
 */
export const PERSONAL_ANSWERS =
  /^(customer(?!Country)|phonenumber|referrer|additional|objectionComments|previousQuote|measurItImage|measurOutline|aerialImg|streetImg|scheduleFrom)/;

export interface SavedData {
  flow: FlowState;
  transcript: TranscriptEntry[];
  /** The conversation reached its end (a sale, a dead end). */
  ended?: boolean;
}

/** What resuming found: the conversation, or a notice (and, for a quote the server lost, its answers to end on). */
export type Restored = SavedData | { notice: string; flow?: FlowState };

/** What the device stores: the flow without personal answers, when, and whether an ended conversation was shown again. */
interface StoredData {
  flow: Omit<FlowState, "answers"> & { answers: WireAnswers };
  savedAt: number;
  ended?: boolean;
  shownAfterEnd?: boolean;
}

export interface SavedConversation {
  load(): SavedData | null;
  save(data: SavedData): void;
  clear(): void;
}

/** The tab's copy of a conversation whose quote has not started: everything, for this tab only. */
interface UnstartedData {
  flow: Omit<FlowState, "answers"> & { answers: WireAnswers };
  transcript: TranscriptEntry[];
}

function isUnstartedData(data: unknown): data is UnstartedData {
  const { flow, transcript } = (data ?? {}) as Partial<UnstartedData>;
  return (
    typeof flow?.stepId === "string" &&
    Array.isArray(flow.path) &&
    Object.values(flow.answers!).every((v) => typeof v === "string") &&
    isTranscript(transcript)
  );
}

/** A save not yet on the server: its transcript, for this tab only. */
interface UnsentData {
  quoteId: string;
  transcript: TranscriptEntry[];
}

const isTranscript = (transcript: unknown): transcript is TranscriptEntry[] =>
  Array.isArray(transcript) &&
  transcript.every((e) => typeof e?.id === "number" && (e.from === "bot" || e.from === "visitor") && typeof e.text === "string");

function isUnsentData(data: unknown): data is UnsentData {
  const { quoteId, transcript } = (data ?? {}) as Partial<UnsentData>;
  return typeof quoteId === "string" && isTranscript(transcript);
}

/** Throws on a record without answers: readRecord counts it as absent. */
function isStoredData(data: unknown): data is StoredData {
  const { flow, savedAt } = (data ?? {}) as Partial<StoredData>;
  return typeof flow?.stepId === "string" && Array.isArray(flow.path) && typeof savedAt === "number" && Object.values(flow.answers!).every((v) => typeof v === "string");
}

const withoutPersonal = (flow: FlowState): StoredData["flow"] => ({
  ...flow,
  answers: Object.fromEntries(Object.entries(answersToWire(flow.answers)).filter(([key]) => !PERSONAL_ANSWERS.test(key))),
});

/**
 * `remote` keeps the whole conversation on the server (the quote's token in its answers):
 * called for the latest state, one call at a time; a failed call is retried with the next save.
 */
export function createSavedConversation(
  store: KeyValueStore,
  companyId: string,
  botId: string,
  now: () => number = Date.now,
  remote?: (data: SavedData) => Promise<unknown>,
  tab?: KeyValueStore,
): SavedConversation {
  const key = `qa:conversation:${companyId}:${botId}`;
  const unstartedKey = `qa:unstarted:${companyId}:${botId}`;
  const unsentKey = `qa:unsent:${companyId}:${botId}`;
  /** The transcript of a save the server has not acknowledged, for the quote it belongs to. */
  const loadUnsent = (quoteId: unknown): TranscriptEntry[] => {
    const kept = tab ? readRecord(tab, unsentKey, VERSION, isUnsentData) : null;
    if (kept && kept.quoteId === quoteId) return kept.transcript;
    tab?.remove(unsentKey);
    return [];
  };
  const loadUnstarted = (): SavedData | null => {
    const kept = tab ? readRecord(tab, unstartedKey, VERSION, isUnstartedData) : null;
    if (!kept) {
      tab?.remove(unstartedKey);
      return null;
    }
    return { flow: { ...kept.flow, answers: answersFromWire(kept.flow.answers) }, transcript: kept.transcript };
  };
  /** This page restored an ended conversation: its saves say so, and the next visit forgets it. */
  let showingEnded = false;
  let waiting: SavedData | null = null;
  let sending = false;
  const send = async () => {
    sending = true;
    while (waiting) {
      const data = waiting;
      waiting = null;
      const sent = await remote!(data).then(
        () => true,
        () => false,
      );
      // The server has the latest: the tab's copy is no longer needed.
      if (sent && !waiting) tab?.remove(unsentKey);
    }
    sending = false;
  };
  return {
    load() {
      const stored = readRecord(store, key, VERSION, isStoredData);
      const stale = stored && now() - stored.savedAt > SAVED_CONVERSATION_DAYS * DAY_MS;
      if (!stored || stale || (stored.ended && stored.shownAfterEnd)) {
        // Another version's record (an earlier release kept personal data in clear text) goes too.
        store.remove(key);
        return loadUnstarted();
      }
      showingEnded = stored.ended === true;
      if (showingEnded) writeRecord(store, key, VERSION, { ...stored, shownAfterEnd: true });
      const transcript = loadUnsent(stored.flow.answers.quoteId);
      return { flow: { ...stored.flow, answers: answersFromWire(stored.flow.answers) }, transcript, ...(stored.ended ? { ended: true } : {}) };
    },
    save(data) {
      const { answers } = data.flow;
      if (!answers.quoteId || !answers.quoteToken) {
        // Not started yet: the tab keeps it all; a conversation that ended here starts afresh.
        if (!tab) return;
        if (data.ended) return void tab.remove(unstartedKey);
        const kept: UnstartedData = { flow: { ...data.flow, answers: answersToWire(answers) }, transcript: data.transcript.slice(-MAX_ENTRIES) };
        return void writeRecord(tab, unstartedKey, VERSION, kept);
      }
      tab?.remove(unstartedKey);
      // A finished sale, once shown, is forgotten at once: nothing is left on the device, not
      // even the tab's copy of its last save (a reload starts a new conversation anyway).
      const finishedSale = Boolean(data.ended && answers.saleTransactionId);
      if (remote) {
        // The saves of one moment are one call, and one call at a time carries the latest.
        waiting = { ...data, transcript: data.transcript.slice(-MAX_ENTRIES) };
        if (finishedSale) tab?.remove(unsentKey);
        else if (tab) writeRecord(tab, unsentKey, VERSION, { quoteId: answers.quoteId, transcript: waiting.transcript } satisfies UnsentData);
        // Sent in this task (the saves it makes are one call): the page may go in the next.
        if (!sending) queueMicrotask(send);
        sending = true;
      }
      if (finishedSale) return void store.remove(key);
      const record: StoredData = { flow: withoutPersonal(data.flow), savedAt: now(), ...(data.ended ? { ended: true } : {}) };
      // A restored ended conversation stays ended until 'Start over' (clear) begins a new one.
      if (showingEnded) Object.assign(record, { ended: true, shownAfterEnd: true });
      writeRecord(store, key, VERSION, record);
    },
    clear() {
      showingEnded = false;
      store.remove(key);
      tab?.remove(unstartedKey);
      tab?.remove(unsentKey);
    },
  };
}
