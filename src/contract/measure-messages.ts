// The messages between the widget and the measuring tool's iframe (SPEC §2 measuring-tool
// modal). Typed and documented in one place; the stand-in tool in demo-site/ speaks them too.
//
// | message            | from → to       | when                                   | widget's action                 |
// |--------------------|-----------------|----------------------------------------|---------------------------------|
// | measurit:result    | tool → widget   | the visitor finished a drawing         | validate, show "you colored..." |
//   (value, units; optionally the drawing's picture and its outline as GeoJSON text)
// | measurit:cancel    | tool → widget   | the visitor closed the tool            | offer manual entry              |
//
// The tool is opened at `{toolUrl}?address=…&mode=area|perimeter&units=imperial|metric&parent={origin}`
// (with `&lang=es` and the like when the visitor's language is not English) and posts to
// `parent` only (explicit target origin, never "*").
import * as v from "valibot";
import { strictObject } from "../schema/object-schemas.ts";
import { MAX_OUTLINE_CHARS } from "./outline-limits.ts";
import { MEASURE_MAX, MEASURE_MIN, MEASURE_UNITS, type MeasurementMode } from "../config/measurement.ts";

export { MEASURE_MAX, MEASURE_MIN, MEASURE_UNITS, unitFor, type MeasureUnit, type MeasurementMode } from "../config/measurement.ts";

/** A drawing's picture, as a data URL; bigger messages are refused unread. */
export const MAX_IMAGE_CHARS = 200_000;

export const MeasureResultSchema = strictObject({
  type: v.literal("measurit:result"),
  version: v.literal(1),
  mode: v.picklist(["area", "perimeter"]),
  value: v.pipe(v.number(), v.finite(), v.minValue(MEASURE_MIN), v.maxValue(MEASURE_MAX)),
  units: v.picklist(MEASURE_UNITS),
  image: v.optional(v.pipe(v.string(), v.maxLength(MAX_IMAGE_CHARS), v.regex(/^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/))),
  /** The drawing as GeoJSON text (src/contract/lawn-outline.ts); the widget passes it on, the server checks it. */
  outline: v.optional(v.pipe(v.string(), v.maxLength(MAX_OUTLINE_CHARS))),
});
export type MeasureResult = v.InferOutput<typeof MeasureResultSchema>;

export const MeasureCancelSchema = strictObject({
  type: v.literal("measurit:cancel"),
  version: v.literal(1),
});

export const MeasureMessageSchema = v.variant("type", [MeasureResultSchema, MeasureCancelSchema]);
export type MeasureMessage = v.InferOutput<typeof MeasureMessageSchema>;

/**
 * The tool's URL for one address; the tool learns where to answer from `parent`. With the
 * address's point (`lat`, `lng`: a picked suggestion's), our tool centres there without
 * searching the address again; with `language` (the visitor's, when not English; `lang` in the
 * URL) it speaks that language. A tool of the company's own may ignore them.
 */
export function measuringToolUrl(
  toolUrl: string,
  options: {
    address: string;
    position?: { lat: number; lng: number } | undefined;
    mode: MeasurementMode;
    metric: boolean;
    parentOrigin: string;
    language?: string | undefined;
  },
): string {
  const url = new URL(toolUrl);
  url.searchParams.set("address", options.address);
  if (options.position) {
    url.searchParams.set("lat", String(options.position.lat));
    url.searchParams.set("lng", String(options.position.lng));
  }
  url.searchParams.set("mode", options.mode);
  url.searchParams.set("units", options.metric ? "metric" : "imperial");
  url.searchParams.set("parent", options.parentOrigin);
  if (options.language) url.searchParams.set("lang", options.language);
  return url.href;
}
