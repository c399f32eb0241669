// The conversation's messages as the engine says them: a key of the table in the visitor's
// language (src/i18n/<lang>/conversation.ts; English, src/i18n/en/conversation.ts, when none
// was loaded), the pictures the chat can show, and the 'please wait' lines.
import { conversation as english, type MessageKey } from "../i18n/en/conversation.ts";
import { nonEmpty, type MessageContext, type MessageSource } from "./message-parts.ts";

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

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(english, key);
}

export function formatMessage(key: MessageKey, ctx: MessageContext): string | null {
  const source: MessageSource = (ctx.table ?? english)[key];
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
