// The conversation saved on this device, so a reload at any step comes back to that step with
// the answers kept. Versioned; anything unreadable starts afresh. It expires: a conversation
// that ended (a sale, a dead end) is shown once more, on the next visit, and then forgotten;
// any other after 14 days without an answer, the quote cookie's life (SPEC §4). The answers are
// stored as text (answersToWire), so the stored format is the same as before answers were typed.
import { answersFromWire, answersToWire, type WireAnswers } from "../flow/answer-keys.ts";
import type { FlowState } from "../flow/types.ts";
import { readRecord, writeRecord, type KeyValueStore } from "../storage/safe-storage.ts";
import type { TranscriptEntry } from "./atoms.ts";

const VERSION = 1;
/** A long conversation keeps its latest entries; the server holds the quote itself. */
const MAX_ENTRIES = 200;
/** The quote cookie's life: a conversation untouched this long starts afresh. */
export const SAVED_CONVERSATION_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SavedData {
  flow: FlowState;
  transcript: TranscriptEntry[];
  /** The conversation reached its end (a sale, a dead end). */
  ended?: boolean;
}

/** What is stored: the data (its answers as text), when, and whether an ended conversation was shown again. */
interface StoredData extends Omit<SavedData, "flow"> {
  flow: Omit<FlowState, "answers"> & { answers: WireAnswers };
  savedAt?: number;
  shownAfterEnd?: boolean;
}

export interface SavedConversation {
  load(): SavedData | null;
  save(data: SavedData): void;
  clear(): void;
}

function isSavedData(data: unknown): data is StoredData {
  if (typeof data !== "object" || data === null) return false;
  const { flow, transcript } = data as Partial<StoredData>;
  return (
    typeof flow?.stepId === "string" &&
    typeof flow.answers === "object" &&
    flow.answers !== null &&
    Object.values(flow.answers).every((v) => typeof v === "string") &&
    Array.isArray(flow.path) &&
    Array.isArray(transcript) &&
    transcript.every((e) => typeof e?.id === "number" && (e.from === "bot" || e.from === "visitor") && typeof e.text === "string") &&
    ["ended", "shownAfterEnd"].every((flag) => !(flag in data) || typeof (data as Record<string, unknown>)[flag] === "boolean") &&
    (!("savedAt" in data) || typeof (data as StoredData).savedAt === "number")
  );
}

export function createSavedConversation(
  store: KeyValueStore,
  companyId: string,
  botId: string,
  now: () => number = Date.now,
): SavedConversation {
  const key = `qa:conversation:${companyId}:${botId}`;
  /** This page restored an ended conversation: its saves say so, and the next visit forgets it. */
  let showingEnded = false;
  return {
    load() {
      const stored = readRecord(store, key, VERSION, isSavedData);
      if (!stored) return null;
      const stale = stored.savedAt !== undefined && now() - stored.savedAt > SAVED_CONVERSATION_DAYS * DAY_MS;
      if (stale || (stored.ended && stored.shownAfterEnd)) {
        store.remove(key);
        return null;
      }
      showingEnded = stored.ended === true;
      if (showingEnded) writeRecord(store, key, VERSION, { ...stored, shownAfterEnd: true });
      return { flow: { ...stored.flow, answers: answersFromWire(stored.flow.answers) }, transcript: stored.transcript, ...(stored.ended ? { ended: true } : {}) };
    },
    save(data) {
      const record: StoredData = { ...data, flow: { ...data.flow, answers: answersToWire(data.flow.answers) }, transcript: data.transcript.slice(-MAX_ENTRIES), savedAt: now() };
      // A restored ended conversation stays ended until 'Start over' (clear) begins a new one.
      if (showingEnded) Object.assign(record, { ended: true, shownAfterEnd: true });
      writeRecord(store, key, VERSION, record);
    },
    clear() {
      showingEnded = false;
      store.remove(key);
    },
  };
}
