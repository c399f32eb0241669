// Shapes shared by several calls: a postal address, a customer, a CRM record. The reference
// backend builds its answers from these same schemas, so the two sides cannot drift.
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));

export const PostalAddressSchema = object({
  street: text(200),
  /** Apartment, unit or suite. */
  unit: v.optional(text(50)),
  city: text(100),
  state: text(100),
  postalCode: text(20),
  county: v.optional(text(100)),
  /** ISO 3166-1 alpha-2: US, CA, GB, CH... */
  country: text(2),
});
export type PostalAddress = v.InferOutput<typeof PostalAddressSchema>;

export const CustomerSchema = object({
  firstName: v.pipe(text(80), v.minLength(1)),
  lastName: v.pipe(text(80), v.minLength(1)),
  /** Digits only, 10 or 11 of them. */
  phoneNumber: v.pipe(v.string(), v.regex(/^\d{10,11}$/)),
  email: v.optional(v.pipe(text(254), v.email())),
  address: PostalAddressSchema,
  lat: v.optional(v.pipe(v.number(), v.minValue(-90), v.maxValue(90))),
  lng: v.optional(v.pipe(v.number(), v.minValue(-180), v.maxValue(180))),
});
export type Customer = v.InferOutput<typeof CustomerSchema>;

/** The CRM's view of a customer (Real Green): status 8 or 9, or credit hold 1, means the portal. */
export const CrmDataSchema = object({
  id: v.string(),
  status: v.number(),
  creditHoldStatus: v.number(),
});
export type CrmData = v.InferOutput<typeof CrmDataSchema>;

export const MarketingAnswerSchema = object({
  code: text(50),
  description: text(200),
});

/** The widget's answers: an object (never a list) of strings under variable names. */
export const AnswersSchema = v.pipe(
  v.custom<Record<string, unknown>>((input) => typeof input === "object" && input !== null && !Array.isArray(input), "must be an object"),
  v.record(v.pipe(v.string(), v.maxLength(100)), v.pipe(v.string(), v.maxLength(2000))),
);
