// GET /v1/property/aerial?lat&lng and GET /v1/property/street?city&state&zip&address
// (SPEC §7): pictures of the property for the chat (SPEC §2 step 3), as URLs. A 404 means
// there is no picture; the widget skips it.
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";

/** A query value: a string holding a finite number in [min, max]. */
export const coordinate = (min: number, max: number) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.regex(/^-?\d+(\.\d+)?$/, "must be a decimal number"),
    v.transform(Number),
    v.number(),
    v.minValue(min),
    v.maxValue(max),
  );

export const AerialQuerySchema = object({
  lat: coordinate(-90, 90),
  lng: coordinate(-180, 180),
});

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));
const required = (max: number) => v.pipe(text(max), v.minLength(1));

export const StreetQuerySchema = object({
  /** The street line: "1234 Oak Street". */
  address: required(200),
  zip: required(20),
  city: v.optional(text(100)),
  state: v.optional(text(100)),
});

export const PropertyImageSchema = object({
  /** Absolute URL of the picture. */
  url: v.pipe(v.string(), v.url()),
});
export type PropertyImage = v.InferOutput<typeof PropertyImageSchema>;
