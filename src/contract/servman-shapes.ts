// Shapes the ServMan calls share (SPEC §3 'Scheduling', §7 /v1/servman/*): ids, names and
// calendar dates. The reference backend builds its answers from the same schemas.
import { v } from "../flow/shared-pure.ts";
import { isIsoDate, WEEKDAYS } from "../flow/scheduling.ts";

/** A company, bot, CRM client, contact or branch id: a non-blank string. */
export const ServmanKeySchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(100));

/** ServMan's own records (categories, problems, orders, technicians, windows) have integer ids. */
export const ServmanIdSchema = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2_147_483_647));

export const ServmanNameSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200));

/** A calendar day, "2026-11-03" (no time, no zone). */
export const CalendarDateSchema = v.pipe(v.string(), v.check(isIsoDate, "must be a calendar date YYYY-MM-DD"));

/** The day of the week, "Tuesday". */
export const WeekdaySchema = v.picklist(WEEKDAYS);

/**
 * .NET ticks (100 ns since 0001-01-01, the window's start in the company's local time), as a
 * string of digits: the number exceeds what a JSON number carries exactly.
 */
export const TicksSchema = v.pipe(v.string(), v.regex(/^\d{1,20}$/, "must be a string of digits (ticks)"));

/** The visitor's extra words for the technician; anything goes, within reason. */
export const NotesSchema = v.pipe(v.string(), v.maxLength(2000));
