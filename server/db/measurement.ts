// The lawn as measured with the measuring tool, read from a quote's stored estimate (issue 33):
// the figure, its unit, the picture of the drawing and its outline (GeoJSON). For the console's
// lead page and the admin export; a size typed or looked up has no measurement.
import * as v from "valibot";
import { MEASURE_UNITS, type MeasureUnit } from "../../src/config/measurement.ts";
import { LawnOutlineSchema, type LawnOutline } from "../../src/contract/lawn-outline.ts";

export interface StoredMeasurement {
  value: number;
  units: MeasureUnit;
  /** The drawing's picture (a data URL), when the tool sent one. */
  image: string | null;
  outline: LawnOutline | null;
}

const StoredEstimateSchema = v.object({
  estimate: v.pipe(v.number(), v.finite()),
  units: v.picklist(MEASURE_UNITS),
  measurItImage: v.optional(v.nullable(v.pipe(v.string(), v.startsWith("data:image/")))),
  measurOutline: v.optional(v.nullable(v.unknown())),
});

/** The measurement in an estimate column's JSON, or null (no estimate, none drawn, or unreadable). */
export function measurementOf(estimateJson: string | null): StoredMeasurement | null {
  if (!estimateJson) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(estimateJson);
  } catch {
    return null;
  }
  const parsed = v.safeParse(StoredEstimateSchema, raw);
  if (!parsed.success) return null;
  const { estimate, units, measurItImage, measurOutline } = parsed.output;
  const outline = v.safeParse(LawnOutlineSchema, measurOutline);
  if (!measurItImage && !outline.success) return null;
  return { value: estimate, units, image: measurItImage ?? null, outline: outline.success ? outline.output : null };
}
