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
