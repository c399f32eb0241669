// localStorage behind a wrapper: private modes and blocked storage throw, so every access is
// guarded and falls back to memory for this page's life. Values are versioned JSON.
import { toJsonText } from "../json/stringify-json.ts";

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
  };
}

/**
 * A write the browser refuses (QuotaExceededError in a full profile or some private modes,
 * SecurityError when storage is blocked) keeps the value in memory, and reads find it there
 * first: the page sees one consistent store, as if the write had worked, for its life
 * (issue 27: the quote start's outbox wrote and read back nothing, and the chat stopped).
 */
export function browserStore(getStorage: () => Storage | undefined = () => globalThis.localStorage): KeyValueStore {
  const fallback = memoryStore();
  /** Keys whose latest write only memory holds. */
  const inMemory = new Set<string>();
  const guard = <T>(action: (storage: Storage) => T, otherwise: () => T): T => {
    try {
      const storage = getStorage();
      return storage ? action(storage) : otherwise();
    } catch {
      return otherwise();
    }
  };
  return {
    get: (key) => (inMemory.has(key) ? fallback.get(key) : guard((s) => s.getItem(key), () => fallback.get(key))),
    set: (key, value) =>
      guard(
        (s) => {
          s.setItem(key, value);
          inMemory.delete(key);
          fallback.remove(key);
        },
        () => {
          inMemory.add(key);
          fallback.set(key, value);
        },
      ),
    remove: (key) => {
      inMemory.delete(key);
      fallback.remove(key);
      guard((s) => s.removeItem(key), () => undefined);
    },
  };
}

/** What the device keeps expires this long after it was last written (issue 12): the quote cookie's life. */
export const KEPT_DAYS = 14;
const KEPT_MS = KEPT_DAYS * 86_400_000;

/**
 * Reads a versioned JSON record; anything unreadable or of another version counts as absent.
 * With `expires`, a record written more than 14 days ago (or by a release that did not date
 * its records) is removed and counts as absent.
 */
export function readRecord<T>(store: KeyValueStore, key: string, version: number, isValid: (data: unknown) => data is T, expires = false, now = Date.now()): T | null {
  try {
    const raw = store.get(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { v?: unknown; at?: unknown; data?: unknown };
    if (expires && !(typeof parsed.at === "number" && now - parsed.at <= KEPT_MS)) {
      store.remove(key);
      return null;
    }
    return parsed.v === version && isValid(parsed.data) ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeRecord(store: KeyValueStore, key: string, version: number, data: unknown, now = Date.now()): void {
  try {
    store.set(key, toJsonText({ v: version, at: now, data }));
  } catch {
    // Full or blocked storage: the server still holds the quote.
  }
}
