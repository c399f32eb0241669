// The conversation saved on this device, so a reload at any step comes back to that step with
// the answers kept. Versioned; anything unreadable starts afresh.
import type { FlowState } from "../flow/types.ts";
import { readRecord, writeRecord, type KeyValueStore } from "../storage/safe-storage.ts";
import type { TranscriptEntry } from "./atoms.ts";

const VERSION = 1;
/** A long conversation keeps its latest entries; the server holds the quote itself. */
const MAX_ENTRIES = 200;

export interface SavedData {
  flow: FlowState;
  transcript: TranscriptEntry[];
}

export interface SavedConversation {
  load(): SavedData | null;
  save(data: SavedData): void;
  clear(): void;
}

function isSavedData(data: unknown): data is SavedData {
  if (typeof data !== "object" || data === null) return false;
  const { flow, transcript } = data as Partial<SavedData>;
  return (
    typeof flow?.stepId === "string" &&
    typeof flow.answers === "object" &&
    flow.answers !== null &&
    Object.values(flow.answers).every((v) => typeof v === "string") &&
    Array.isArray(flow.path) &&
    Array.isArray(transcript) &&
    transcript.every((e) => typeof e?.id === "number" && (e.from === "bot" || e.from === "visitor") && typeof e.text === "string")
  );
}

export function createSavedConversation(store: KeyValueStore, companyId: string, botId: string): SavedConversation {
  const key = `qa:conversation:${companyId}:${botId}`;
  return {
    load: () => readRecord(store, key, VERSION, isSavedData),
    save: (data) => writeRecord(store, key, VERSION, { ...data, transcript: data.transcript.slice(-MAX_ENTRIES) }),
    clear: () => store.remove(key),
  };
}
