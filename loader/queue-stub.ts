// window.QuoteAssistant before the bundle runs: a function that records every call, in
// order, so the bundle (src/main.ts) can replay them once it has replaced the stub.

/**
 * One recorded call: `[command, ...args]`. An array from this stub; an `arguments` object
 * when a host-page stub recorded it before the loader ran (array-like and iterable, so the
 * bundle replays with `Array.from(call)` or `[...call]`). This stub stamps an `open` with
 * the time it was asked for (`askedAt`, Date.now()): the greeting's pace counts from the click,
 * not from the bundle's run.
 */
export type QueuedCall = ArrayLike<unknown> & { askedAt?: number };

/** The global as both the stub and the real bundle shape it (the bundle sets `loaded`). */
export interface QuoteAssistantGlobal {
  (...args: unknown[]): void;
  q?: QueuedCall[];
  /** Set by the real bundle once it has taken over. */
  loaded?: boolean;
  /** Set by this stub, so that a second copy of the loader on the page stands down. */
  facade?: boolean;
}

/** The global slot, typed locally: a `declare global` here could clash with the bundle's. */
export const globalSlot = window as unknown as { QuoteAssistant?: QuoteAssistantGlobal };

/**
 * Makes the stub. `queue` is reused when the host page defined its own stub first (the
 * common `(QuoteAssistant.q = QuoteAssistant.q || []).push(arguments)` snippet), so calls
 * made before the loader arrived keep their place. `onOpen` starts loading at once.
 */
export const createQueueStub = (queue: QueuedCall[], onOpen: () => void): QuoteAssistantGlobal => {
  const stub: QuoteAssistantGlobal = (...args) => {
    if (args[0] != "open") return void queue.push(args);
    queue.push(Object.assign(args, { askedAt: Date.now() }));
    onOpen();
  };
  stub.q = queue;
  stub.facade = true;
  return stub;
};
