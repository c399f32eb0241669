// Validation of typed answers (SPEC §5), with the spec's exact messages (src/i18n/en/validation.ts,
// or those of the visitor's language). Pure: a validator takes the raw text and gives the values
// to save, or the message to show under the input.
import { formatSize } from "../config/measurement.ts";
import type { Answers } from "./answer-keys.ts";
import { stripPhone } from "../config/query-flags.ts";
import { validation as english, type ValidationMessages } from "../i18n/en/validation.ts";
import { contactValue, EmailSchema, NAME_MAX, NameSchema, PhoneSchema, UNIT_MAX, UnitSchema } from "../schema/contact.ts";

export type Validation =
  | { ok: true; values: Answers; display: string }
  | { ok: false; message: string };

/** SPEC §5 configured number input: whole or any number, within min and max when given. */
export function validateNumber(raw: string, rule: { whole: boolean; min?: number; max?: number }, m: ValidationMessages = english): Validation {
  const text = raw.trim();
  const isNumber = /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text);
  if (rule.whole && !(isNumber && Number.isInteger(Number(text)))) return { ok: false, message: m.wholeNumber };
  if (!isNumber) return { ok: false, message: m.validNumber };
  const value = Number(text);
  if (rule.min !== undefined && value < rule.min) return { ok: false, message: m.atLeast(rule.min) };
  if (rule.max !== undefined && value > rule.max) return { ok: false, message: m.atMost(rule.max) };
  return { ok: true, values: {}, display: String(value) };
}

/** "jANE o'neil-smith" → "Jane O'Neil-Smith": each word part capitalised, the rest lower. */
export function titleCase(text: string): string {
  return text
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase()
    .replace(/(^|[\s'\-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

function required(raw: string, max: number, m: ValidationMessages): Validation | string {
  const value = raw.trim();
  if (!value) return { ok: false, message: m.required };
  if (value.length > max) return { ok: false, message: m.exceeding(max) };
  return value;
}

export const validators = {
  // The contact fields are judged by src/schema/contact.ts, the backend's own rules.
  name(raw: string, m: ValidationMessages = english): Validation {
    const words = raw.trim().split(/\s+/).filter(Boolean);
    if (words.length < 2) return { ok: false, message: m.name };
    const full = titleCase(words.join(" "));
    const [first, ...rest] = full.split(" ");
    // First and last name each within the limit the backend shares (the input stops at 100 in all).
    if (contactValue(NameSchema, first!) === null || contactValue(NameSchema, rest.join(" ")) === null) {
      return { ok: false, message: m.exceeding(NAME_MAX) };
    }
    return {
      ok: true,
      values: { customerName: full, customerFirstName: first!, customerLastName: rest.join(" ") },
      display: full,
    };
  },
  phone(raw: string, m: ValidationMessages = english): Validation {
    const digits = contactValue(PhoneSchema, stripPhone(raw));
    if (digits === null) return { ok: false, message: m.phone };
    return { ok: true, values: { phonenumber: digits }, display: digits };
  },
  email(raw: string, m: ValidationMessages = english): Validation {
    const email = contactValue(EmailSchema, raw);
    if (email === null) return { ok: false, message: m.email };
    return { ok: true, values: { customerEmail: email }, display: email };
  },
  unit(raw: string, m: ValidationMessages = english): Validation {
    if (!raw.trim()) return { ok: false, message: m.unit };
    const unit = contactValue(UnitSchema, raw);
    if (unit === null) return { ok: false, message: m.exceeding(UNIT_MAX) };
    return { ok: true, values: { customerUnit: unit }, display: unit };
  },
  referrer(raw: string, m: ValidationMessages = english): Validation {
    const result = required(raw, 30, m);
    return typeof result === "string" ? { ok: true, values: { referrer: result }, display: result } : result;
  },
  /** SPEC §5 manual square footage: numeric, no 'e', not empty. */
  squareFeet(raw: string, m: ValidationMessages = english): Validation {
    const text = raw.trim();
    if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, message: m.numeric };
    const size = Math.round(Number(text));
    return { ok: true, values: { lawnSize: size }, display: formatSize(size) };
  },
  /** A company-configured text question: anything but nothing (SPEC §5). */
  answer(raw: string, m: ValidationMessages = english): Validation {
    const text = raw.trim();
    if (!text) return { ok: false, message: m.required };
    return { ok: true, values: {}, display: text.slice(0, 300) };
  },
  otherSource(raw: string, m: ValidationMessages = english): Validation {
    const result = required(raw, 300, m);
    return typeof result === "string"
      ? { ok: true, values: { additionalSourceInfo: result }, display: result }
      : result;
  },
} satisfies Record<string, (raw: string, m?: ValidationMessages) => Validation>;

export type ValidatorName = keyof typeof validators;
