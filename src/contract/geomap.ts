// POST /v1/servman/geomap (SPEC §7): address suggestions for the search box as the visitor
// types (the widget debounces 400 ms).
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";

export const GeomapBodySchema = object({
  queryTerm: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
  /** The company, so a provider keeps suggestions in its country. */
  companyId: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100))),
});

export const GeomapItemSchema = object({
  address: object({
    label: v.string(),
    houseNumber: v.string(),
    street: v.string(),
    city: v.string(),
    postalCode: v.string(),
    county: v.optional(v.string()),
    state: v.string(),
    countryCode: v.string(),
  }),
  position: v.optional(object({ lat: v.number(), lng: v.number() })),
});
export type GeomapItem = v.InferOutput<typeof GeomapItemSchema>;

export const GeomapSchema = object({
  items: v.array(GeomapItemSchema),
  /** The provider's attribution, shown under its suggestions ("Powered by Google"). */
  attribution: v.optional(v.pipe(v.string(), v.maxLength(100))),
});
export type GeomapAnswer = v.InferOutput<typeof GeomapSchema>;
