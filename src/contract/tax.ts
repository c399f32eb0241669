// GET /v1/tax (SPEC §7): the sales tax for an address, as a fraction (0.0725); -1 means the
// backend does not know. The widget turns it into a percent; a failure keeps the tax it had.
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";

const text = (max: number) => v.pipe(v.string(), v.trim(), v.maxLength(max));

export const TaxQuerySchema = object({
  /** The company whose imported rate table answers (without it: unknown, -1). */
  companyId: v.optional(text(100)),
  street: v.optional(text(200)),
  postalCode: v.pipe(text(20), v.minLength(1)),
  city: v.optional(text(100)),
  county: v.optional(text(100)),
  state: v.optional(text(100)),
  country: v.optional(text(2)),
});
export type TaxQuery = v.InferOutput<typeof TaxQuerySchema>;

export const TaxResponseSchema = object({
  /** A fraction of the net price (0.0725 = 7.25 %), or -1 when unknown. */
  tax: v.pipe(v.number(), v.finite(), v.minValue(-1), v.maxValue(1)),
});

/** A known rate (0.0725) as the percent the pricing engine takes (7.25), rounded to 4 decimals; the backend's recompute uses it too. */
export function taxFractionToPercent(tax: number): number {
  return Math.round(tax * 100 * 10_000) / 10_000;
}
