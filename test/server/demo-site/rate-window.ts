// The rate limits count in fixed windows aligned to the clock (server/db/rate-limit-store.ts):
// a burst of requests that straddles a window's end gets two allowances. A test that counts
// what one allowance lets through starts its burst well inside one window, and, since a slow
// machine may still carry a burst of 200 across the window's end, tags each answer with the
// window it was counted in and judges each window on its own (`cutOffPerWindow`).
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";

/** Waits for the next window when fewer than `needMs` are left of this one (a timer on the server's real clock). */
export async function insideOneWindow(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await sleep(left + 50);
}

/** A status and the window its request was counted in: the one it began and was answered in, or null when it straddled two. */
export interface WindowedStatus {
  status: number;
  window: number | null;
}

/** Sends one request and tags its status with its window. */
export async function windowed<T extends { status: number }>(windowMs: number, send: () => Promise<T>): Promise<{ answer: T; tagged: WindowedStatus }> {
  const before = Math.floor(Date.now() / windowMs);
  const answer = await send();
  const after = Math.floor(Date.now() / windowMs);
  return { answer, tagged: { status: answer.status, window: before === after ? before : null } };
}

/**
 * Each window's statuses, in order, checked as the limit promises: at most `limit` answered
 * (200) in one window, and once one is refused (429) every later one of that window is too.
 * Fails unless some window was cut off (a burst that never reached the limit proves nothing).
 */
export function cutOffPerWindow(tries: readonly WindowedStatus[], limit: number): Array<{ window: number; statuses: number[] }> {
  const windows = new Map<number, number[]>();
  for (const { status, window } of tries) if (window !== null) windows.set(window, [...(windows.get(window) ?? []), status]);
  const judged = [...windows].map(([window, statuses]) => ({ window, statuses }));
  for (const { window, statuses } of judged) {
    assert.ok(statuses.filter((status) => status === 200).length <= limit, `at most ${limit} answered in window ${window}: ${statuses.join(",")}`);
    const cut = statuses.indexOf(429);
    if (cut >= 0) assert.ok(statuses.slice(cut).every((status) => status === 429), `once cut off in window ${window}, every guess is refused: ${statuses.join(",")}`);
  }
  assert.ok(
    judged.some(({ statuses }) => statuses.includes(429)),
    `some window was cut off: ${judged.map(({ statuses }) => statuses.join(",")).join(" | ")}`,
  );
  return judged;
}
