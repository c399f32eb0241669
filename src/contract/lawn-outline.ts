// The lawn as the visitor drew it on our measuring tool (issue 33), kept with the quote and
// carried by the console and the admin export: a GeoJSON FeatureCollection (RFC 7946, WGS84
// [longitude, latitude]). Each feature is one shape: a Polygon for a part of the lawn
// (`kind: "lawn"`) or a part taken out of it (`"cutout"`: a bed, a pool), a LineString in
// perimeter mode. Pure (no DOM): the tool builds it, the server validates it; the widget only
// passes the text along (its bundle does not carry this schema).
import * as v from "valibot";
import { object } from "../schema/object-schemas.ts";

import { MAX_OUTLINE_CHARS, MAX_OUTLINE_SHAPES, MAX_SHAPE_POINTS } from "./outline-limits.ts";

export { MAX_OUTLINE_CHARS, MAX_OUTLINE_SHAPES, MAX_SHAPE_POINTS };

const longitude = v.pipe(v.number(), v.finite(), v.minValue(-180), v.maxValue(180));
const latitude = v.pipe(v.number(), v.finite(), v.minValue(-85.06), v.maxValue(85.06));
const position = v.strictTuple([longitude, latitude]);

const PolygonSchema = object({
  type: v.literal("Polygon"),
  // One closed ring (first position repeated last), at least three distinct corners.
  coordinates: v.pipe(
    v.array(v.pipe(v.array(position), v.minLength(4), v.maxLength(MAX_SHAPE_POINTS + 1))),
    v.length(1),
    v.check(([ring]) => samePosition(ring![0]!, ring![ring!.length - 1]!), "a ring must end where it starts"),
  ),
});

const LineStringSchema = object({
  type: v.literal("LineString"),
  coordinates: v.pipe(v.array(position), v.minLength(2), v.maxLength(MAX_SHAPE_POINTS)),
});

const FeatureSchema = object({
  type: v.literal("Feature"),
  properties: object({ kind: v.picklist(["lawn", "cutout"]) }),
  geometry: v.variant("type", [PolygonSchema, LineStringSchema]),
});

export const LawnOutlineSchema = object({
  type: v.literal("FeatureCollection"),
  features: v.pipe(v.array(FeatureSchema), v.minLength(1), v.maxLength(MAX_OUTLINE_SHAPES)),
});
export type LawnOutline = v.InferOutput<typeof LawnOutlineSchema>;
export type LawnShape = LawnOutline["features"][number];

function samePosition(a: readonly number[], b: readonly number[]): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** The outline in its JSON text, or why it is refused (for the API's 400). */
export function parseLawnOutline(text: string): { ok: true; outline: LawnOutline } | { ok: false; reason: string } {
  if (text.length > MAX_OUTLINE_CHARS) return { ok: false, reason: `the outline is longer than ${MAX_OUTLINE_CHARS} characters` };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: "the outline is not JSON" };
  }
  const parsed = v.safeParse(LawnOutlineSchema, raw);
  if (parsed.success) return { ok: true, outline: parsed.output };
  const issue = parsed.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join(".");
  return { ok: false, reason: `the outline is not a lawn drawing${path ? ` (${path})` : ""}: ${issue.message}` };
}

/** Lawn areas, areas taken out and lines: "2 areas, 1 taken out" on the lead page. */
export function outlineCounts(outline: LawnOutline): { areas: number; cutouts: number; lines: number } {
  const counts = { areas: 0, cutouts: 0, lines: 0 };
  for (const feature of outline.features) {
    if (feature.geometry.type === "LineString") counts.lines += 1;
    else if (feature.properties.kind === "cutout") counts.cutouts += 1;
    else counts.areas += 1;
  }
  return counts;
}
