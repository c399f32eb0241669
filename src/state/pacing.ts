// How fast the bot talks (issue 15, SPEC §9 'bot delay'). A reply is everything the bot says
// between two answers of the visitor. Its first message waits the company's bot delay
// (botSpeed, 1,750 ms by default), counted from the visitor's answer; each further message of
// the same reply follows after a short reading gap for its own length. A 'please wait' message
// (the previous-quote check, starting the quote, calculating...) is said the moment its call
// starts and takes no time of its own: time spent in calls counts towards the next message's
// wait, so a slow call hides the bot delay and a quick one leaves the rest of it.
// SPEC §9's other timings (measuring tool 3 s, portal redirect 3 s, objection reopen 3 s,
// scheduling pause 2 s) are the tasks' and the inputs' own, untouched here; the 4 s before the
// steps when no phone is known is below.

/** A further message of a reply waits this much per character... */
export const READING_GAP_MS_PER_CHAR = 15;
/** ...and never longer than this, so a long message costs well under a second. */
export const READING_GAP_MAX_MS = 600;
/** A picture after a message of the same reply. */
export const IMAGE_GAP_MS = 300;

/** The gap before a further message of the same reply. */
export function readingGapMs(text: string): number {
  return Math.min(READING_GAP_MAX_MS, READING_GAP_MS_PER_CHAR * text.trim().length);
}

export interface ReplyPace {
  /** Clock time of the visitor's answer (or the chat's start) that began this reply. */
  startedAt: number;
  /** Clock time the reply's latest message was shown; null before its first. */
  lastShownAt: number | null;
}

/**
 * When a message of a reply is due: its first one the bot delay after the reply began, a
 * further one its reading gap after the previous one. 'Please wait' messages are due at once
 * and do not count as the reply's first message (see the header).
 */
export function messageDueAt(pace: ReplyPace, botSpeed: number, message: { stall?: boolean; text?: string; image?: boolean }): number {
  if (message.stall) return -Infinity;
  if (pace.lastShownAt === null) return pace.startedAt + botSpeed;
  return pace.lastShownAt + (message.image ? IMAGE_GAP_MS : readingGapMs(message.text ?? ""));
}

/**
 * SPEC §4 'Page load: ... customer lookup by phone if known, else chat steps compile after 4
 * seconds' (§9 'customer lookup wait 4 s when no phone'): a new conversation without a known
 * phone offers its first answer (the start buttons) no sooner than this after the chat opened.
 * The greeting's messages keep their own pace within it; a known phone waits for its lookup
 * instead, and a resumed conversation or 'Start over' waits for nothing.
 */
export const NO_PHONE_WAIT_MS = 4000;
