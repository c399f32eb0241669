// POST /v1/quote/estimate (SPEC §7): records the property's size on the quote: the measured
// or looked-up estimate with its unit and the measuring tool's picture, and the lawn size the
// visitor settled on with the slider.
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";
import { MAX_IMAGE_CHARS, MEASURE_MAX, MEASURE_UNITS } from "./measure-messages.ts";
import { OkSchema } from "./quote-record.ts";
import { MAX_OUTLINE_CHARS } from "./outline-limits.ts";

export const QuoteEstimateBodySchema = object({
  companyId: v.pipe(v.string(), v.minLength(1)),
  quoteId: v.pipe(v.string(), v.minLength(1)),
  estimate: object({
    estimate: v.pipe(v.number(), v.finite(), v.gtValue(0), v.maxValue(MEASURE_MAX)),
    units: v.picklist(MEASURE_UNITS),
    /** The measuring tool's drawing, as the data URL it posted. */
    measurItImage: v.optional(
      v.pipe(v.string(), v.maxLength(MAX_IMAGE_CHARS), v.regex(/^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/)),
    ),
    /** The measuring tool's drawing, as GeoJSON text (src/contract/lawn-outline.ts; the server parses it). */
    measurOutline: v.optional(v.pipe(v.string(), v.maxLength(MAX_OUTLINE_CHARS))),
    /** The property's pictures the visitor was shown (absolute http(s) URLs); absent: kept as stored. */
    aerialImg: v.optional(v.pipe(v.string(), v.maxLength(2000), v.url(), v.regex(/^https?:\/\//))),
    streetImg: v.optional(v.pipe(v.string(), v.maxLength(2000), v.url(), v.regex(/^https?:\/\//))),
  }),
  /** The lawn size chosen on the slider, in the same unit. Absent: the stored one is kept. */
  adjustedLotSize: v.optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MEASURE_MAX))),
});
export type QuoteEstimateBody = v.InferInput<typeof QuoteEstimateBodySchema>;
