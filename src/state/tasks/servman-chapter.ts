// What the ServMan chunk (dist/quote-assistant-servman.js, entry src/lazy/servman-chunk.ts)
// hands the widget when it runs: ServMan's chapter of the flow (its steps, with the guards,
// inputs and words only they use), the work behind them
// (its tasks and /v1/servman/* calls) and the calendar's month availability. Only a ServMan
// company's widget fetches it, as soon as its configuration says so; the widget imports only
// these types and the file's name.
// Its types sit with the tasks' (./task-deps.ts): a task may load the chapter, whose tasks take
// the same deps.
export type { ServmanChapter, ServmanTaskName } from "./task-deps.ts";

/** Its file, built next to dist/quote-assistant.js. */
export const SERVMAN_CHUNK_FILE = "quote-assistant-servman.js";
