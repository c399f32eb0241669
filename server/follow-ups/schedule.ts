// When a homeowner who left a quote gets each follow-up (issue 34), without the database: the
// next step of the bot's schedule, counted from the quote's last activity; whether its channel
// may be used (a text needs the box ticked, texts configured and no STOP; an e-mail an address
// that did not unsubscribe and the company's postal address); and quiet hours in the
// homeowner's time zone, which move a message to the end of the quiet time.
import type { FollowUps, FollowUpChannel } from "../../src/config/follow-ups.ts";

export interface QuoteFacts {
  lastActivityAt: Date;
  /** Steps already planned (sent, stopped or skipped): the next one's index. */
  planned: number;
  phoneE164: string | null;
  email: string | null;
  textConsent: boolean;
  textsLive: boolean;
  phoneOptedOut: boolean;
  emailOptedOut: boolean;
  timeZone: string | null;
}

export type NextStep =
  | { kind: "done" }
  | { kind: "wait"; until: Date }
  | { kind: "send"; step: number; channel: FollowUpChannel; recipient: string; dueAt: Date }
  | { kind: "skip"; step: number; channel: FollowUpChannel; reason: string };

/** The zone when the quote has none (the widget sends the browser's since issue 34). */
export const FALLBACK_TIME_ZONE = "America/New_York";

export function nextStep(schedule: FollowUps, facts: QuoteFacts, now: Date): NextStep {
  if (!schedule.enabled) return { kind: "done" };
  const step = schedule.steps[facts.planned];
  if (!step) return { kind: "done" };
  const due = new Date(facts.lastActivityAt.getTime() + step.afterMinutes * 60_000);
  if (due > now) return { kind: "wait", until: due };
  const skip = (reason: string): NextStep => ({ kind: "skip", step: facts.planned, channel: step.channel, reason });
  let recipient: string;
  if (step.channel === "sms") {
    if (!facts.textsLive) return skip("texts are not configured");
    if (!facts.textConsent) return skip("no consent to texts");
    if (!facts.phoneE164) return skip("no mobile number");
    if (facts.phoneOptedOut) return skip("replied STOP");
    recipient = facts.phoneE164;
  } else {
    if (!facts.email) return skip("no e-mail address");
    if (facts.emailOptedOut) return skip("unsubscribed");
    if (!schedule.postalAddress) return skip("no postal address for the e-mail's footer");
    recipient = facts.email;
  }
  return { kind: "send", step: facts.planned, channel: step.channel, recipient, dueAt: outsideQuietHours(now, schedule.quietHours, facts.timeZone ?? FALLBACK_TIME_ZONE) };
}

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** Minutes since local midnight at `at` in `timeZone` (an unknown zone reads as the fallback's). */
export function localMinutes(at: Date, timeZone: string): number {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat("en-US", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  } catch {
    format = new Intl.DateTimeFormat("en-US", { timeZone: FALLBACK_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return Number(parts.hour) * 60 + Number(parts.minute);
}

/**
 * `at`, or the end of the quiet hours it falls in (start inclusive, end exclusive; a window
 * like 21:00-08:00 runs over midnight). A clock change inside the window can shift the end by
 * its hour; a message then goes an hour early or late, never inside a night.
 */
export function outsideQuietHours(at: Date, quiet: { start: string; end: string } | null, timeZone: string): Date {
  if (!quiet) return at;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return at;
  const local = localMinutes(at, timeZone);
  const inside = start < end ? local >= start && local < end : local >= start || local < end;
  if (!inside) return at;
  const wait = (end - local + 1440) % 1440;
  const moved = new Date(at.getTime() + wait * 60_000);
  moved.setUTCSeconds(0, 0);
  return moved;
}

/** A US or Canadian number as the widget keeps it (10 or 11 digits) in E.164; null otherwise. */
export function toE164(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith("1")) return `+${digits}`;
  return null;
}
