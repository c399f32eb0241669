// Follow-ups to a homeowner who left a quote (issue 34): the bot's schedule, in its
// configuration as `followUps`. Server-side only (the admin API, the console's Bot page and the
// follow-up worker read it); the widget never loads this file: it learns only whether to show
// the consent box, from the served configuration's `textConsent` (server/ports/config-needs.ts).
import * as v from "valibot";
import { object, strictObject } from "../schema/object-schemas.ts";

export const FOLLOW_UP_CHANNELS = ["sms", "email"] as const;
export type FollowUpChannel = (typeof FOLLOW_UP_CHANNELS)[number];

/** "21:00": hours and minutes of the homeowner's day. */
const clock = v.pipe(v.string(), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day like 21:00"));

export const FollowUpStepSchema = object({
  /** Minutes after the quote's last activity; at least 1. */
  afterMinutes: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(60 * 24 * 30)),
  channel: v.picklist(FOLLOW_UP_CHANNELS),
});
export type FollowUpStep = v.InferOutput<typeof FollowUpStepSchema>;

/** What a company's own message text may name; each is filled in for the homeowner it goes to. */
export const FOLLOW_UP_PLACEHOLDERS = ["company", "name", "price", "services"] as const;
const knownPlaceholders = (text: string) => [...text.matchAll(/\{([^{}]*)\}/g)].every((match) => (FOLLOW_UP_PLACEHOLDERS as readonly string[]).includes(match[1]!));
const PLACEHOLDER_RULE = `may use only ${FOLLOW_UP_PLACEHOLDERS.map((name) => `{${name}}`).join(", ")}`;
const messageText = (max: number) => v.pipe(v.string(), v.trim(), v.minLength(1, "must not be empty (remove it for the standard wording)"), v.maxLength(max), v.check(knownPlaceholders, PLACEHOLDER_RULE));

/**
 * A company's own wording, in one language, for what the standard messages say in their middle:
 * the text's sentence (the company's name before it; the resume link and 'Reply STOP to opt out'
 * always after it), the e-mail's subject and its paragraph (the greeting, the link, the postal
 * address and the unsubscribe link always around it). Absent: the standard wording.
 */
export const FollowUpWordsSchema = strictObject({
  text: v.optional(messageText(240)),
  emailSubject: v.optional(messageText(120)),
  emailBody: v.optional(messageText(1000)),
});
export type FollowUpWords = v.InferOutput<typeof FollowUpWordsSchema>;

export const FollowUpsSchema = object({
  /** false: no follow-ups for this bot; the schedule is kept. */
  enabled: v.optional(v.boolean(), true),
  steps: v.pipe(v.array(FollowUpStepSchema), v.maxLength(6)),
  /** No message between start and end in the homeowner's time zone; null: any hour. */
  quietHours: v.optional(v.nullable(object({ start: clock, end: clock })), { start: "21:00", end: "08:00" }),
  /** The company's postal address, printed under every follow-up e-mail (CAN-SPAM); without it no e-mail goes. */
  postalAddress: v.optional(v.pipe(v.string(), v.trim(), v.minLength(5), v.maxLength(300))),
  /** The company's own wording per language (the bot's language is the one sent). */
  messages: v.optional(strictObject({ en: v.optional(FollowUpWordsSchema), es: v.optional(FollowUpWordsSchema) })),
});
export type FollowUps = v.InferOutput<typeof FollowUpsSchema>;

/** The default schedule: a text at 15 minutes, an e-mail at 3 hours, e-mails at 1 and 3 days; quiet 21:00-08:00. */
export const DEFAULT_FOLLOW_UPS: FollowUps = {
  enabled: true,
  steps: [
    { afterMinutes: 15, channel: "sms" },
    { afterMinutes: 180, channel: "email" },
    { afterMinutes: 60 * 24, channel: "email" },
    { afterMinutes: 60 * 24 * 3, channel: "email" },
  ],
  quietHours: { start: "21:00", end: "08:00" },
};

/** The schedule a bot's raw configuration gives: its own when valid, the default when absent. */
export function followUpsOf(config: unknown): FollowUps | { error: string } {
  const raw = typeof config === "object" && config !== null ? (config as { followUps?: unknown }).followUps : undefined;
  if (raw === undefined) return DEFAULT_FOLLOW_UPS;
  const parsed = v.safeParse(FollowUpsSchema, raw);
  if (parsed.success) return parsed.output;
  const issue = parsed.issues[0];
  return { error: `followUps${issue.path ? "." + issue.path.map((p) => String(p.key)).join(".") : ""}: ${issue.message}` };
}

/** How many texts a schedule sends at most: the number the consent box names. */
export function textsInSchedule(followUps: FollowUps): number {
  return followUps.enabled ? followUps.steps.filter((step) => step.channel === "sms").length : 0;
}
