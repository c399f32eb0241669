// GET /v1/company/{companyId}/customer/lookup?phonenumber=... (SPEC §7): a returning visitor,
// known by phone. A 404 or a 429 (too many lookups) means not found, like status "not-found".
// Anyone can type a phone number, so the answer carries only what the returning flow shows
// (the name to greet, the address to confirm, the property) and whether an e-mail is on file,
// never the e-mail itself (issue 27).
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";
import { CrmDataSchema, CustomerSchema } from "./shared-schemas.ts";

const { email: _email, ...customerWithoutEmail } = CustomerSchema.entries;

export const CustomerRecordSchema = object({
  ...customerWithoutEmail,
  /** The company holds an e-mail address for this customer (the widget then does not ask for one). */
  hasEmail: v.boolean(),
  quoteId: v.nullable(v.string()),
  crmData: v.nullable(CrmDataSchema),
  /** With a quoteId: that quote's token, for POST /v1/quote/details. */
  quoteToken: v.optional(v.nullable(v.string())),
});

export const PropertyEstimateSchema = object({
  /** Total lot size in the company's unit (sq ft, or sq m when metric). */
  estimate: v.pipe(v.number(), v.finite(), v.minValue(0)),
  aerialImg: v.optional(v.string()),
  streetImg: v.optional(v.string()),
  measurItImage: v.optional(v.string()),
});

export const CustomerLookupSchema = object({
  status: v.picklist(["found", "not-found"]),
  record: v.nullable(CustomerRecordSchema),
  estimate: v.nullable(PropertyEstimateSchema),
});
export type CustomerLookup = v.InferOutput<typeof CustomerLookupSchema>;

export const NOT_FOUND: CustomerLookup = { status: "not-found", record: null, estimate: null };
