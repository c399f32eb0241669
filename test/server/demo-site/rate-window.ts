// The rate limits count in fixed windows aligned to the clock (server/db/rate-limit-store.ts):
// a burst of requests that straddles a window's end gets two allowances. A test that counts
// what one allowance lets through starts its burst well inside one window.
import { setTimeout as sleep } from "node:timers/promises";

/** Waits for the next window when fewer than `needMs` are left of this one (a timer on the server's real clock). */
export async function insideOneWindow(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await sleep(left + 50);
}
