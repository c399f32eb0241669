// Waits for what a test expects rather than for a fixed time: asks `look` (every `everyMs`, 5 ms
// unless told) until `accept` says yes, and fails loudly otherwise, naming what it waited for and
// what it last saw. One helper for every kind of test: unit (Node), browser (web-test-runner) and
// end-to-end (a page, a mail sink, a database, a process), so it uses only the global timers.
// `look` may be async (a fetch, a page.evaluate); it is never asked again before it has answered.

export interface Patience {
  /** How long to wait before failing (5 s unless told). */
  timeoutMs?: number;
  /** How long between two looks: 5 ms for what is in memory, more for a request or a page. */
  everyMs?: number;
  /** A `look` that throws counts as not yet, and its error as what was last seen (a page that is
   *  navigating, a server not yet listening); otherwise the first error fails the wait. */
  errorsAreNotYet?: boolean;
}

export async function eventually<T>(what: string, look: () => T | Promise<T>, accept: (seen: T) => boolean, patience: number | Patience = {}): Promise<T> {
  const { timeoutMs = 5000, everyMs = 5, errorsAreNotYet = false } = typeof patience === "number" ? { timeoutMs: patience } : patience;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let seen: { value: T } | { error: unknown };
    try {
      seen = { value: await look() };
    } catch (error) {
      if (!errorsAreNotYet) throw error;
      seen = { error };
    }
    if ("value" in seen && accept(seen.value)) return seen.value;
    if (Date.now() >= deadline) {
      const last = "value" in seen ? describe(seen.value) : `an error: ${seen.error instanceof Error ? seen.error.message.split("\n")[0] : String(seen.error)}`;
      throw new Error(`waited ${timeoutMs} ms for ${what}; last saw ${last}`);
    }
    // The poll's interval (not a wait for anything): the next look comes after it.
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

function describe(value: unknown): string {
  if (typeof Element !== "undefined" && value instanceof Element) return `<${value.tagName.toLowerCase()}${value.className ? ` class="${String(value.className)}"` : ""}>`;
  try {
    return (JSON.stringify(value) ?? String(value)).slice(0, 2000);
  } catch {
    return String(value);
  }
}
