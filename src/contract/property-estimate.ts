// GET /v1/property/estimate/{source} (SPEC §7): the property's size from a lookup source
// (zillow, home, other). measur-it is not a lookup: the widget opens the measuring tool.
// A 404 (no data for the address) is the estimate failure of SPEC §8: the widget treats it
// like a zero size and ends with the manual-review message. A 503 (the source's provider did
// not answer, issue 28) is no verdict on the property: the visitor measures or types the size.
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";
import { coordinate } from "./property-images.ts";

export const ESTIMATE_SOURCES = ["zillow", "home", "other"] as const;
export type EstimateSource = (typeof ESTIMATE_SOURCES)[number];
export const EstimateSourceSchema = v.picklist(ESTIMATE_SOURCES);

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));
const required = (max: number) => v.pipe(text(max), v.minLength(1));

/** The query, as strings (SPEC §7: company, customer name, phone, email, bot, chat, city, state, zip, address). */
export const PropertyEstimateQuerySchema = object({
  companyId: required(100),
  botId: v.optional(text(100)),
  /** The quote (chat record) id. */
  chatId: v.optional(text(100)),
  customerName: v.optional(text(200)),
  phone: v.optional(text(30)),
  email: v.optional(text(254)),
  /** The street line: "1234 Oak Street", "Seefeldstrasse 14". */
  address: required(200),
  city: v.optional(text(100)),
  state: v.optional(text(100)),
  zip: required(20),
  /** The picked suggestion's position, when it had one: a provider finds the parcel there. */
  lat: v.optional(coordinate(-90, 90)),
  lng: v.optional(coordinate(-180, 180)),
});
export type PropertyEstimateQuery = v.InferInput<typeof PropertyEstimateQuerySchema>;

const size = v.pipe(v.number(), v.finite(), v.minValue(0));

export const PropertyEstimateResponseSchema = object({
  /** zillow, other: total lot size; home: internal square footage. Sq ft, or sq m when the company isMetric. */
  estimate: size,
  /** The lawn's own size when the source knows it (same unit); otherwise the widget applies sqFtPercentage. */
  lawnEstimate: v.optional(size),
  /** Absolute URLs of pictures of the property. */
  aerialImg: v.optional(v.string()),
  streetImg: v.optional(v.string()),
});
export type PropertyEstimateResponse = v.InferOutput<typeof PropertyEstimateResponseSchema>;
