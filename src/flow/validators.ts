// Validation of typed answers (SPEC §5), with the spec's exact messages. Pure: a validator
// takes the raw text and gives the values to save, or the message to show under the input.
import { formatSize } from "../config/measurement.ts";
import type { Answers } from "./answer-keys.ts";
import { stripPhone } from "../config/query-flags.ts";
import { contactValue, EmailSchema, NAME_MAX, NameSchema, PhoneSchema, UNIT_MAX, UnitSchema } from "../schema/contact.ts";

export type Validation =
  | { ok: true; values: Answers; display: string }
  | { ok: false; message: string };

export const MESSAGES = {
  email: "Please enter a valid email address",
  required: "This field is required.",
  phone: "Phone number must be 10 or 11 digits",
  unit: "Apartment, Unit or Suite Number is Required",
  name: "Please enter your first and last name.",
  numeric: "Please input only numeric values.",
  maxLimit: "The max character limit has been reached.",
  exceeding: (max: number) => `Please enter a value not exceeding ${max} characters`,
  // SPEC §5 configured number input.
  wholeNumber: "Please enter a whole number.",
  validNumber: "Please enter a valid number.",
  atLeast: (min: number) => `Please enter a number greater than or equal to ${min}.`,
  atMost: (max: number) => `Please enter a number less than or equal to ${max}.`,
  // The address search: a pick without a street or postal code.
  chooseAddress: "Please choose an address from the list.",
};

/** A language's validation messages: the same keys (src/i18n). */
export type ValidationMessages = { [K in keyof typeof MESSAGES]: (typeof MESSAGES)[K] extends string ? string : (typeof MESSAGES)[K] };

/** SPEC §5 configured number input: whole or any number, within min and max when given. */
export function validateNumber(raw: string, rule: { whole: boolean; min?: number; max?: number }, m: ValidationMessages = MESSAGES): Validation {
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
  name(raw: string, m: ValidationMessages = MESSAGES): Validation {
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
  phone(raw: string, m: ValidationMessages = MESSAGES): Validation {
    const digits = contactValue(PhoneSchema, stripPhone(raw));
    if (digits === null) return { ok: false, message: m.phone };
    return { ok: true, values: { phonenumber: digits }, display: digits };
  },
  email(raw: string, m: ValidationMessages = MESSAGES): Validation {
    const email = contactValue(EmailSchema, raw);
    if (email === null) return { ok: false, message: m.email };
    return { ok: true, values: { customerEmail: email }, display: email };
  },
  unit(raw: string, m: ValidationMessages = MESSAGES): Validation {
    if (!raw.trim()) return { ok: false, message: m.unit };
    const unit = contactValue(UnitSchema, raw);
    if (unit === null) return { ok: false, message: m.exceeding(UNIT_MAX) };
    return { ok: true, values: { customerUnit: unit }, display: unit };
  },
  referrer(raw: string, m: ValidationMessages = MESSAGES): Validation {
    const result = required(raw, 30, m);
    return typeof result === "string" ? { ok: true, values: { referrer: result }, display: result } : result;
  },
  /** SPEC §5 manual square footage: numeric, no 'e', not empty. */
  squareFeet(raw: string, m: ValidationMessages = MESSAGES): Validation {
    const text = raw.trim();
    if (!/^\d+(\.\d+)?$/.test(text)) return { ok: false, message: m.numeric };
    const size = Math.round(Number(text));
    return { ok: true, values: { lawnSize: size }, display: formatSize(size) };
  },
  /** A company-configured text question: anything but nothing (SPEC §5). */
  answer(raw: string, m: ValidationMessages = MESSAGES): Validation {
    const text = raw.trim();
    if (!text) return { ok: false, message: m.required };
    return { ok: true, values: {}, display: text.slice(0, 300) };
  },
  otherSource(raw: string, m: ValidationMessages = MESSAGES): Validation {
    const result = required(raw, 300, m);
    return typeof result === "string"
      ? { ok: true, values: { additionalSourceInfo: result }, display: result }
      : result;
  },
} satisfies Record<string, (raw: string, m?: ValidationMessages) => Validation>;

export type ValidatorName = keyof typeof validators;
