// Measurement rules shared by the flow and the measuring tool's messages (SPEC §2, §9): the
// tool's range, the units, and which unit a company's mode and measuring system call for.
/** SPEC §2: the measuring tool gives 1 to 300000. */
export const MEASURE_MIN = 1;
export const MEASURE_MAX = 300_000;

export const MEASURE_UNITS = ["sq ft", "sq m", "linear ft", "linear m"] as const;
export type MeasureUnit = (typeof MEASURE_UNITS)[number];

export type MeasurementMode = "area" | "perimeter";

/** The unit a measurement is in, for the company's mode and measuring system. */
export function unitFor(mode: MeasurementMode, metric: boolean): MeasureUnit {
  if (mode === "perimeter") return metric ? "linear m" : "linear ft";
  return metric ? "sq m" : "sq ft";
}

/** 8200 → "8,200": thousands separators, whole numbers. */
export function formatSize(size: number, locale = "en-US"): string {
  return Math.round(size).toLocaleString(locale);
}

/**
 * A measuring tool's `parent` (the page to answer): an http(s) origin written exactly as the
 * browser writes origins ("https://shop.example", no path, no trailing slash). Anything else
 * is refused rather than guessed at, so a tool never answers to "*". Read by our tool's page
 * (server/measure/), its script (src/measure-tool/) and the demo's stand-in tool.
 */
export function parseParentOrigin(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  return url.origin === raw ? raw : undefined;
}
