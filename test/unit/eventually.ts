// Waits for what a test expects rather than for a fixed time: polls `look` (every 5 ms, and
// between the event loop's turns) until `accept` says yes, and fails loudly otherwise, naming
// what it waited for and what it last saw.
import { setTimeout as sleep } from "node:timers/promises";

export async function eventually<T>(what: string, look: () => T, accept: (seen: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let seen = look();
  while (!accept(seen)) {
    if (Date.now() >= deadline) throw new Error(`waited ${timeoutMs} ms for ${what}; last saw ${describe(seen)}`);
    await sleep(5);
    seen = look();
  }
  return seen;
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
