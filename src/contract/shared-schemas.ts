// Shapes shared by several calls: a postal address, a customer, a CRM record. The reference
// backend builds its answers from these same schemas, so the two sides cannot drift.
import * as v from "valibot";
import { EmailSchema, NameSchema, PhoneSchema, PostalAddressSchema } from "../schema/contact.ts";
import { object } from "../schema/object-schemas.ts";

export { PostalAddressSchema, type PostalAddress } from "../schema/contact.ts";

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));

/** The contact fields are the widget's own rules (src/schema/contact.ts): one verdict on both sides. */
export const CustomerSchema = object({
  firstName: NameSchema,
  lastName: NameSchema,
  /** Digits only, 10 or 11 of them. */
  phoneNumber: PhoneSchema,
  email: v.optional(EmailSchema),
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
