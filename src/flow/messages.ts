// The conversation's messages as the engine says them: a key of the table in the visitor's
// language (src/i18n/<lang>/conversation.ts; English, src/i18n/en/conversation.ts, when none
// was loaded) or of ServMan's words once its chapter has arrived (src/i18n/<lang>/servman.ts),
// the pictures the chat can show, and the 'please wait' lines.
import { conversation as english, type ConversationKey, type MessageKey, type MessageTable } from "../i18n/en/conversation.ts";
import type { ServmanTable } from "../i18n/en/servman.ts";
import { nonEmpty, type MessageInput, type MessageSource } from "./message-parts.ts";

/** What a message is given (./message-parts.ts), with the tables it is looked up in. */
export interface MessageContext extends MessageInput {
  /** The conversation's table in the visitor's language (src/i18n/<lang>/conversation.ts); English when absent. */
  table?: MessageTable | undefined;
  /** ServMan's words in the visitor's language, once its chapter has arrived (src/i18n/<lang>/servman.ts). */
  servman?: ServmanTable | undefined;
}

/**
 * 'Please wait' messages: each is said while the call after it runs (issue 15), so the chat
 * shows it the moment the call starts instead of pausing first (src/state/pacing.ts).
 */
export const STALL_MESSAGES: ReadonlySet<MessageKey> = new Set<MessageKey>([
  "checkingPreviousQuote",
  "checkingServicedBefore",
  // The lookup's answer belongs to the same chain of status lines: no bot delay of its own.
  "couldNotFindYou",
  "startingQuote",
  "reopeningYourQuote",
  "calculating",
  "reopeningQuote",
  "creatingServiceOrder",
]);

/** A key of the widget's own words (not of ServMan's, which come with its chapter). */
export function isConversationKey(key: string): key is ConversationKey {
  return Object.hasOwn(english, key);
}

export function formatMessage(key: MessageKey, ctx: MessageContext): string | null {
  const source: MessageSource | undefined = isConversationKey(key) ? (ctx.table ?? english)[key] : ctx.servman?.[key];
  if (source === undefined) throw new Error(`the message ${key} comes with ServMan's chapter, which has not arrived`);
  return typeof source === "function" ? source(ctx) : source;
}

/** Pictures the chat can show; a picture not known for this visitor is skipped. */
export const images = {
  aerialImage: ({ answers, config, table }: MessageContext) =>
    answers.aerialImg && !config.hideArielAndStreetView ? { src: answers.aerialImg, alt: formatMessage("aerialAlt", { answers, config, table })! } : null,
  streetImage: ({ answers, config, table }: MessageContext) =>
    answers.streetImg && !config.hideArielAndStreetView ? { src: answers.streetImg, alt: formatMessage("streetAlt", { answers, config, table })! } : null,
  // The company's video (aboutUsVideo), played only when the visitor asks for it.
  aboutUsVideo: ({ answers, config, table }: MessageContext) =>
    config.aboutUsVideo ? { src: config.aboutUsVideo, alt: formatMessage("videoAlt", { answers, config, table })!, video: true } : null,
  valueAddImage: ({ config }: MessageContext) =>
    nonEmpty(config.valueAddImage) ? { src: config.valueAddImage, alt: `${config.companyName}` } : null,
} satisfies Record<string, (ctx: MessageContext) => { src: string; alt: string; video?: true } | null>;

export type ImageKey = keyof typeof images;

export function isImageKey(key: string): key is ImageKey {
  return Object.hasOwn(images, key);
}
