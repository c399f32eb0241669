// What the servman chapter keeps in the answers (categories, problems and time slots as the
// lists its tasks fetched) and the pure rules it applies to them: the calendar's range
// (SPEC §5: today to one year ahead), slots de-duplicated by window description, the
// scheduling text's placeholders, and company HTML content turned into plain chat text.
import type { ListRecord } from "./answer-keys.ts";
import type { Answers } from "./answer-keys.ts";

/** The answer keys the servman tasks fill with the lists they fetch. */
export const SERVMAN_LISTS = {
  categories: "servmanCategories",
  problems: "servmanProblems",
  slots: "servmanSlots",
} as const;
export type ServmanListName = keyof typeof SERVMAN_LISTS;

/** The choice buttons' value for 'another day' on the time-slot step. */
export const ANOTHER_DAY = "another-day";

export interface ListedChoice {
  value: string;
  label: string;
}

/** A time window as the slot list holds it (the server's slot, de-duplicated). */
export interface SlotLike {
  service_window_desc: string;
}

/** The choices a list offers: categories and problems by id, slots by window description. */
export function readServmanList(answers: Answers, list: ServmanListName): ListedChoice[] {
  const items = answers[SERVMAN_LISTS[list]] ?? [];
  if (list === "slots") {
    return dedupeSlots(items.filter((s): s is ListRecord & SlotLike => typeof s.service_window_desc === "string"))
      .map((s) => ({ value: s.service_window_desc.trim(), label: s.service_window_desc.trim() }))
      .filter((c) => c.value !== "" && c.value !== ANOTHER_DAY);
  }
  const seen = new Set<string>();
  const choices: ListedChoice[] = [];
  for (const item of items) {
    const id = typeof item.id === "number" || typeof item.id === "string" ? String(item.id) : "";
    const name = typeof item.name === "string" ? item.name.trim() : "";
    if (!id || !name || seen.has(id)) continue;
    seen.add(id);
    choices.push({ value: id, label: name });
  }
  return choices;
}

/** The list entry a choice names (its id, or a slot's description), as the task wrote it. */
export function findServmanListItem(answers: Answers, list: ServmanListName, value: string | undefined): ListRecord | undefined {
  if (value === undefined) return undefined;
  const items = answers[SERVMAN_LISTS[list]] ?? [];
  if (list === "slots") return items.find((s) => typeof s.service_window_desc === "string" && s.service_window_desc.trim() === value);
  return items.find((item) => (typeof item.id === "number" || typeof item.id === "string") && String(item.id) === value);
}

const windowKey = (description: string) => description.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * SPEC §5: time slots de-duplicated by window description. Several technicians free in the
 * same window are one choice for the visitor; the first slot of a window is the one booked.
 */
export function dedupeSlots<T extends SlotLike>(slots: readonly T[]): T[] {
  const seen = new Set<string>();
  return slots.filter((slot) => {
    const key = windowKey(slot.service_window_desc);
    if (key === "" || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// Calendar dates are plain "YYYY-MM-DD" strings, worked out in UTC so no time zone or
// daylight-saving change can move a day.
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
] as const;

function toUtc(iso: string): Date | null {
  const m = ISO_DATE.exec(iso);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  const same = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return same ? date : null;
}

function fromUtc(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function isIsoDate(text: string): boolean {
  return toUtc(text) !== null;
}

function parseIso(iso: string): Date {
  const date = toUtc(iso);
  if (!date) throw new Error(`not a calendar date: ${iso}`);
  return date;
}

export function addDays(iso: string, days: number): string {
  const date = parseIso(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return fromUtc(date);
}

/** The same day `years` later; 29 February becomes 28 February in a common year. */
export function addYears(iso: string, years: number): string {
  const date = parseIso(iso);
  const year = date.getUTCFullYear() + years;
  const month = date.getUTCMonth();
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month + 1, 0);
  const target = new Date(0);
  target.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay.getUTCDate()));
  return fromUtc(target);
}

export function addMonths(iso: string, months: number): string {
  const date = parseIso(iso);
  const first = new Date(0);
  first.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(first.getUTCFullYear(), first.getUTCMonth() + 1, 0);
  first.setUTCDate(Math.min(date.getUTCDate(), lastDay.getUTCDate()));
  return fromUtc(first);
}

export function weekdayOf(iso: string): Weekday {
  return WEEKDAYS[parseIso(iso).getUTCDay()]!;
}

const UTC = "UTC";

/** "Tuesday, November 3, 2026"; with a `locale`, as Intl writes it there ("martes, 3 de noviembre de 2026"). */
export function formatLongDate(iso: string, locale?: string): string {
  const date = toUtc(iso);
  if (!date) return iso;
  if (locale) return date.toLocaleDateString(locale, { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: UTC });
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** The calendar's column names, Sunday first: English, or as Intl writes them in `locale`. */
export function weekdayNames(locale?: string): readonly string[] {
  // 1 November 2026 is a Sunday.
  return locale ? WEEKDAYS.map((_, i) => new Date(Date.UTC(2026, 10, 1 + i)).toLocaleDateString(locale, { weekday: "long", timeZone: UTC })) : WEEKDAYS;
}

/** "November 2026", for the calendar's heading; with a `locale`, as Intl writes it there. */
export function formatMonth(iso: string, locale?: string): string {
  const date = parseIso(iso);
  if (locale) return date.toLocaleDateString(locale, { year: "numeric", month: "long", timeZone: UTC });
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** SPEC §5 and §9: the calendar offers today to one year ahead, both included. */
export const CALENDAR_YEARS = 1;

export function calendarRange(today: string): { min: string; max: string } {
  return { min: today, max: addYears(today, CALENDAR_YEARS) };
}

export function isWithinCalendar(date: string, today: string): boolean {
  if (!isIsoDate(date) || !isIsoDate(today)) return false;
  const { min, max } = calendarRange(today);
  // ISO dates of four-digit years sort as strings.
  return date >= min && date <= max;
}

/** The visitor's own calendar day at `ms` (the state layer passes its clock and zone). */
export function localIsoDate(ms: number, offsetMinutes: number): string {
  return fromUtc(new Date(ms - offsetMinutes * 60_000));
}

/** The confirmation when the company sets no customSchedulingVerbiage (SPEC §9: date and window placeholders). */
export const DEFAULT_SCHEDULING_VERBIAGE =
  "Your appointment is confirmed for {date}, between {window}. Our technician will arrive during this window; please make sure an adult is home.";

/**
 * The company's customSchedulingVerbiage (or the default) with its placeholders filled:
 * {date} and {window}, also written {{date}} and {{window}}, in any case.
 */
export function fillSchedulingVerbiage(
  template: string | undefined,
  slot: { date: string; window: string },
  fallback = DEFAULT_SCHEDULING_VERBIAGE,
  locale?: string,
): string {
  const text = template && template.trim() ? plainText(template) : fallback;
  return text.replace(/\{\{?\s*(date|window)\s*\}?\}/gi, (_, name: string) =>
    name.toLowerCase() === "date" ? formatLongDate(slot.date, locale) : slot.window,
  );
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Company content may be HTML (SPEC §3 serviceAgreementContent and the like). The chat shows
 * text only: tags are dropped, line breaks and paragraphs become spaces, entities decoded.
 * The result is rendered as text, so markup that survives as characters stays inert.
 */
export function plainText(content: string): string {
  if (!/[<&]/.test(content)) return content.replace(/\s+/g, " ").trim();
  const withoutTags = content
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<\/?[a-z][^>]*>/gi, " ");
  return withoutTags
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
      if (code[0] === "#") {
        const n = code[1]?.toLowerCase() === "x" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : entity;
      }
      return ENTITIES[code.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, " ")
    .trim();
}
