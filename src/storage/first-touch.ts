// The visitor's first touch per company (src/config/attribution.ts), kept 30 days: a later
// visit from another ad does not replace the one that brought them.
import type { Attribution } from "../config/attribution.ts";
import { readRecord, writeRecord, type KeyValueStore } from "./safe-storage.ts";

const VERSION = 1;
export const FIRST_TOUCH_DAYS = 30;

interface Saved {
  at: number;
  attribution: Attribution;
}

const isSaved = (data: unknown): data is Saved =>
  typeof data === "object" && data !== null && typeof (data as Saved).at === "number" && typeof (data as Saved).attribution === "object";

/** The saved first touch when it is recent, else `read()` saved as the first touch. */
export function firstTouch(store: KeyValueStore, companyId: string, now: number, read: () => Attribution): Attribution {
  const key = `quote-assistant:first-touch:${companyId}`;
  const saved = readRecord(store, key, VERSION, isSaved);
  if (saved && saved.attribution && now - saved.at < FIRST_TOUCH_DAYS * 86_400_000) return saved.attribution;
  const attribution = read();
  writeRecord(store, key, VERSION, { at: now, attribution });
  return attribution;
}
