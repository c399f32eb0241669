// The contact fields (name, phone, e-mail, unit, postal address), validated by one set of
// schemas on both sides: the widget's contact steps (src/flow/validators.ts) and the backend's
// quote start and previous-quote check (demo-site/api, through src/contract's body schemas). What
// the widget accepts, the backend stores: internationalised domains (joerg@müller.de),
// apostrophes and plus signs in local parts (kim.o'neil+lawn@example.com), and names up to
// NAME_MAX on both sides. The widget shows SPEC §5's messages; the backend answers 400.
import * as v from "valibot";
import { object } from "./object-schemas.ts";

/** The longest name (first or last) either side takes: the name input's own limit. */
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const UNIT_MAX = 50;
/** The longest part of a postal address either side takes. */
export const ADDRESS_MAX = { street: 200, city: 100, state: 100, postalCode: 20, county: 100 } as const;

/**
 * An address as people type them: a local part without spaces, quotes, brackets or a second
 * @ (letters of any script, dots, apostrophes, plus signs and the other RFC 5322 atext
 * signs), no leading, trailing or double dot; a domain of letters and digits of any script
 * with inner hyphens, and a top-level domain of two or more letters (or its xn-- form).
 */
const EMAIL_PATTERN =
  /^(?!\.)(?!.*\.\.)[^\s@"(),:;<>[\]\\]{1,64}(?<!\.)@(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+(?:\p{L}{2,63}|xn--[a-z\d-]{1,59})$/iu;

/** Digits only, 10 or 11 of them (the widget strips spaces, brackets and dashes first). */
export const PHONE_PATTERN = /^\d{10,11}$/;

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));

export const NameSchema = v.pipe(text(NAME_MAX), v.minLength(1));
export const PhoneSchema = v.pipe(v.string(), v.regex(PHONE_PATTERN));
export const EmailSchema = v.pipe(text(EMAIL_MAX), v.regex(EMAIL_PATTERN, "must be a valid email address"));
export const UnitSchema = v.pipe(text(UNIT_MAX), v.minLength(1));

export const PostalAddressSchema = object({
  street: text(ADDRESS_MAX.street),
  /** Apartment, unit or suite. */
  unit: v.optional(UnitSchema),
  city: text(ADDRESS_MAX.city),
  state: text(ADDRESS_MAX.state),
  postalCode: text(ADDRESS_MAX.postalCode),
  county: v.optional(text(ADDRESS_MAX.county)),
  /** ISO 3166-1 alpha-2: US, CA, GB, CH... */
  country: text(2),
});
export type PostalAddress = v.InferOutput<typeof PostalAddressSchema>;

/** The verdict of one schema on a value typed into the widget: the value it keeps, or null. */
export function contactValue<S extends v.GenericSchema<unknown, string>>(schema: S, raw: string): string | null {
  const result = v.safeParse(schema, raw);
  return result.success ? result.output : null;
}
