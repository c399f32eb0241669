// Summaries of repeated runs. A run that could not measure a figure gives null; the summary
// says how many runs did, and keeps the reasons, rather than inventing a number.

export interface Summary {
  median: number | null;
  min: number | null;
  max: number | null;
  /** Runs that produced a number. */
  n: number;
  /** Why the other runs did not, deduplicated. */
  missing?: string[];
}

export type Measured = { value: number } | { value: null; reason: string };

const round = (x: number) => Math.round(x * 10) / 10;

export function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function summarize(samples: readonly Measured[]): Summary {
  const values = samples.flatMap((s) => (s.value === null ? [] : [s.value])).sort((a, b) => a - b);
  const reasons = [...new Set(samples.flatMap((s) => (s.value === null ? [s.reason] : [])))];
  const summary: Summary = values.length
    ? { median: round(median(values)), min: round(values[0]!), max: round(values.at(-1)!), n: values.length }
    : { median: null, min: null, max: null, n: 0 };
  if (reasons.length) summary.missing = reasons;
  return summary;
}
