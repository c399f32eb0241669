// Timers go through a clock so tests can run the conversation without waiting.
export interface Clock {
  sleep(ms: number): Promise<void>;
}

export const realClock: Clock = {
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export const instantClock: Clock = {
  sleep: () => Promise.resolve(),
};
