// Company/bot configuration (SPEC §3): parsing what the widget loads and the backend keeps,
// through the schema (./config-schema.ts, re-exported here) and the URL and colour rules.
import * as v from "valibot";
import { checkConfigColors } from "./config-colors.ts";
import { checkConfigUrls, type ConfigUrlProblem } from "./config-urls.ts";
import { CompanyConfigSchema, type CompanyConfig } from "./config-schema.ts";
import type { UrlRules } from "./safe-url.ts";

export * from "./config-schema.ts";

export type ConfigResult =
  /** `urlProblems`: URL and colour fields dropped by their rules (safe-url.ts, config-colors.ts), for the logs. */
  | { ok: true; config: CompanyConfig; urlProblems: ConfigUrlProblem[] }
  | { ok: false; reason: string };

/**
 * Validates raw configuration; the reason names the first failing fields for the logs. A URL
 * that breaks its rule does not fail the configuration: it is dropped and listed.
 */
export function parseCompanyConfig(raw: unknown, urlRules: UrlRules = { devOrigins: false }): ConfigResult {
  const result = v.safeParse(CompanyConfigSchema, raw);
  if (result.success) {
    const urls = checkConfigUrls(result.output, urlRules);
    const colors = checkConfigColors(urls.config);
    return { ok: true, config: colors.config, urlProblems: [...urls.problems, ...colors.problems] };
  }
  const reason = result.issues
    .slice(0, 3)
    .map((issue) => `${v.getDotPath(issue) ?? "(root)"}: ${issue.message}`)
    .join("; ");
  return { ok: false, reason };
}

export function isServman(config: CompanyConfig): boolean {
  return config.crmSolution === "servman";
}
