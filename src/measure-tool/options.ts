// What the page tells the script: the server's options in the root element's data-*
// attributes, checked again here, and `parent` re-read from the address bar with the strict
// rule of the stand-in tool (demo-site/measure/tool-state.ts): an exact http(s) origin or nothing.
import { parseParentOrigin, type MeasurementMode } from "../config/measurement.ts";

export { parseParentOrigin };
import { measureToolLanguage, MEASURE_TOOL_WORDS, type MeasureToolWords } from "../i18n/measure-tool-words.ts";
import type { Language } from "../i18n/language-tags.ts";
import type { LngLat } from "./tile-math.ts";

export interface ToolOptions {
  address: string;
  /** The page's language (data-lang, from the widget's `lang`): the script's words. */
  lang: Language;
  mode: MeasurementMode;
  metric: boolean;
  /** Where results go; undefined when the query gives no valid origin (nothing is posted). */
  parentOrigin: string | undefined;
  centre: LngLat | undefined;
  zoom: number;
  maxZoom: number;
  tileTemplate: string;
  attribution: string;
  attributionUrl: string | undefined;
  outline: LngLat[] | undefined;
}

function finiteNumber(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw !== undefined && raw !== "" && Number.isFinite(n) ? n : fallback;
}

function isLngLat(value: unknown): value is [number, number] {
  return (
    Array.isArray(value) &&
    value.length === 2 &&
    typeof value[0] === "number" &&
    typeof value[1] === "number" &&
    Math.abs(value[0]) <= 180 &&
    Math.abs(value[1]) <= 90
  );
}

function parseJson(raw: string | undefined): unknown {
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/** A ring of at least three [lng, lat] pairs, else undefined (the button is then not offered). */
export function parseOutline(raw: string | undefined): LngLat[] | undefined {
  const value = parseJson(raw);
  if (!Array.isArray(value) || !value.every(isLngLat)) return undefined;
  const ring: LngLat[] = value.map(([lng, lat]) => [lng, lat] as const);
  const first = ring[0];
  const last = ring[ring.length - 1];
  // GeoJSON rings repeat the first point at the end; the drawing does not.
  if (ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) ring.pop();
  return ring.length >= 3 ? ring : undefined;
}

/**
 * The options from the root's dataset and the page's query string. The query string wins for
 * `parent`, so the script never trusts a different origin than the address bar names; mode
 * and units come from the server (which parsed the same query).
 */
export function readOptions(data: Record<string, string | undefined>, search: string): ToolOptions {
  const params = new URLSearchParams(search);
  const centre = parseJson(data.centre);
  return {
    address: (data.address ?? "").trim().slice(0, 300),
    lang: measureToolLanguage(data.lang),
    mode: data.mode === "perimeter" ? "perimeter" : "area",
    metric: data.units === "metric",
    parentOrigin: parseParentOrigin(params.get("parent")),
    centre: isLngLat(centre) ? [centre[0], centre[1]] : undefined,
    zoom: finiteNumber(data.zoom, 19),
    maxZoom: finiteNumber(data.maxZoom, 19),
    tileTemplate: data.tileTemplate ?? "",
    attribution: data.attribution ?? "",
    attributionUrl: data.attributionUrl || undefined,
    outline: parseOutline(data.outline),
  };
}

/** Why the result cannot be sent, or undefined when the tool may post. */
export function parentProblem(search: string, words: MeasureToolWords = MEASURE_TOOL_WORDS.en): string | undefined {
  const raw = new URLSearchParams(search).get("parent");
  if (parseParentOrigin(raw) !== undefined) return undefined;
  return raw ? words.parentInvalid : words.parentMissing;
}
