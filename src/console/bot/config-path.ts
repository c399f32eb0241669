// A configuration's fields by dot path ("translations.es.greeting"), read and replaced without
// touching the rest; an empty value removes an optional field (the widget's default applies).
import type { Config, Problem } from "../../contract/console-builder.ts";

export type { Config };

export function valueAt(config: unknown, path: string): unknown {
  return path.split(".").reduce<unknown>((value, key) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined), config);
}

export function withValue(config: Config, path: string, value: unknown): Config {
  const [key, ...rest] = path.split(".") as [string, ...string[]];
  const next: Config = { ...config };
  if (rest.length > 0) {
    const inner = next[key];
    next[key] = withValue(typeof inner === "object" && inner !== null && !Array.isArray(inner) ? (inner as Config) : {}, rest.join("."), value);
  } else if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

export type { Problem };

/** The problems of a field and of its entries ("zipCodes.2" belongs to "zipCodes"). */
export const problemsOf = (problems: readonly Problem[], path: string) => problems.filter((p) => p.field === path || p.field.startsWith(`${path}.`));
