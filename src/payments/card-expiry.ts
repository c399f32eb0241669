// The card-vault flow's own expiry field (SPEC §5): formatting as the visitor types and the
// expiry check. Pure: "today" is passed in, so a test fixes it and the UI passes the clock's.
import { payments as words } from "../i18n/en/payments.ts";

/** 'MM / YY' is the longest the field can hold. */
export const EXPIRY_MAX_LENGTH = 7;
const SEPARATOR = " / ";

/** Non-vault processors collect the expiry inside their own fields; the payment call gets this. */
export const DEFAULT_EXPIRY = { month: 1, year: 2029 } as const;

/** Each status's message (src/i18n/en/payments.ts). */
export const EXPIRY_MESSAGES = { missing: words.expiryMissing, expired: words.expiryExpired, valid: words.expiryValid } as const;

export type ExpiryStatus = keyof typeof EXPIRY_MESSAGES;

export interface ExpiryCheck {
  status: ExpiryStatus;
  message: (typeof EXPIRY_MESSAGES)[ExpiryStatus];
  /** Month 1-12 and four-digit year, when both are present and the month exists. */
  month?: number;
  year?: number;
}

/** A calendar month, 1-12, with a four-digit year. */
export interface YearMonth {
  year: number;
  month: number;
}

/**
 * The field's new text after the visitor typed `typed` (the input's whole value) over
 * `previous`: digits only, a first digit other than 0 or 1 becomes its month with a leading 0,
 * and ' / ' follows the month. Deleting past the separator removes it rather than adding it
 * back, so Backspace is never stuck.
 */
export function formatExpiryInput(typed: string, previous = ""): string {
  let digits = typed.replace(/\D/g, "");
  if (digits.length > 0 && digits[0] !== "0" && digits[0] !== "1") digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  const month = digits.slice(0, 2);
  if (digits.length === 2) {
    // Backspace that broke the separator takes it away; deleting the year's digit keeps it.
    const brokeSeparator = typed.length < previous.length && !typed.endsWith(SEPARATOR);
    return brokeSeparator ? month : `${month}${SEPARATOR}`;
  }
  return `${month}${SEPARATOR}${digits.slice(2)}`;
}

/** Month and year from 'MM / YY' (also 'MM/YY', 'MMYY'); undefined when either is missing. */
export function parseExpiry(value: string): YearMonth | undefined {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2})\s*$/.exec(value);
  if (!match) return undefined;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return undefined;
  return { month, year: 2000 + Number(match[2]) };
}

/** SPEC §5 expiry check. A card works until the last day of its expiry month. */
export function checkExpiry(value: string, today: YearMonth): ExpiryCheck {
  const expiry = parseExpiry(value);
  if (!expiry) return { status: "missing", message: EXPIRY_MESSAGES.missing };
  const expired = expiry.year < today.year || (expiry.year === today.year && expiry.month < today.month);
  const status: ExpiryStatus = expired ? "expired" : "valid";
  return { status, message: EXPIRY_MESSAGES[status], month: expiry.month, year: expiry.year };
}

/** The local calendar month of a date, for checkExpiry (the visitor's card, the visitor's calendar). */
export function yearMonthOf(date: Date): YearMonth {
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
}
