// Timers go through a clock so tests can run the conversation without waiting.
export interface Clock {
  sleep(ms: number): Promise<void>;
  now(): number;
  /** Calls `fn` every `ms` until the returned function is called. */
  every(ms: number, fn: () => void): () => void;
}

export const realClock: Clock = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  now: () => Date.now(),
  every: (ms, fn) => {
    const id = setInterval(fn, ms);
    return () => clearInterval(id);
  },
};

/** No waiting; time stands still unless a test moves it. */
export const instantClock: Clock = {
  sleep: () => Promise.resolve(),
  now: () => 0,
  every: () => () => {},
};

/**
 * When the visitor clicked to open the chat: the loader's stamp of the click (`asked`) when
 * it came before the bundle had run, else when the widget opened. A stamp after the open, or
 * over a minute before it, is not this click's.
 */
export const clickTime = (asked: number | null, opened: number): number => (asked != null && asked <= opened && opened - asked <= 60_000 ? asked : opened);
