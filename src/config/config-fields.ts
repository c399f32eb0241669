// A bot's configuration checked field by field, for the console's builder (issue 25): every
// problem at once, each with its field's path and a code the console words in English or
// Spanish, and the same checks the admin API and the widget make (CompanyConfigSchema, the
// URL rules of safe-url.ts, the colours of brand-colors.ts), plus one the schema cannot know:
// a US company's ZIP codes are digits, and the follow-ups' schedule (follow-ups.ts, which the
// widget's schema leaves to the server). Not part of the widget: the server and the console use it.
import * as v from "valibot";
import { CompanyConfigSchema, parseCompanyConfig, type CompanyConfig } from "./company-config.ts";
import { FollowUpsSchema } from "./follow-ups.ts";
import { checkConfigColors } from "./config-colors.ts";
import { checkConfigUrls, type ConfigUrlProblem } from "./config-urls.ts";
import type { UrlRules } from "./safe-url.ts";

export type FieldProblemCode = "required" | "text" | "number" | "whole" | "tooSmall" | "tooLarge" | "tooLong" | "tooMany" | "choice" | "yesNo" | "list" | "minOverMax" | "url" | "urlHost" | "video" | "colour" | "usZip" | "variableName" | "botId" | "timeOfDay" | "invalid";

export interface FieldProblem {
  /** The field's path in the configuration, e.g. "brandColor", "zipCodes.2", "translations.es.greeting". */
  field: string;
  code: FieldProblemCode;
  /** In English, for the API and the logs. */
  message: string;
  /** The limit the value broke (tooSmall, tooLarge, tooLong, tooMany). */
  limit?: number;
}

/** A US ZIP code or its first digits ("430" covers 43017), or ZIP+4. */
const US_ZIP = /^\d{1,5}$|^\d{5}-\d{4}$/;

/** A company selling in US dollars and measuring in feet serves US ZIP codes. */
export const servesUsZipCodes = (raw: { currency?: unknown; isMetric?: unknown }) =>
  (raw.currency === undefined || String(raw.currency).toUpperCase() === "USD") && raw.isMetric !== true;

const MESSAGES: Record<FieldProblemCode, (limit?: number) => string> = {
  required: () => "must be filled in",
  text: () => "must be text",
  number: () => "must be a number",
  whole: () => "must be a whole number",
  tooSmall: (n) => `must be at least ${n}`,
  tooLarge: (n) => `must be at most ${n}`,
  tooLong: (n) => `must be at most ${n} characters`,
  tooMany: (n) => `may have at most ${n} entries`,
  choice: () => "must be one of the choices offered",
  yesNo: () => "must be yes or no",
  list: () => "must be a list",
  minOverMax: () => "the smallest size must not be larger than the largest",
  url: () => "must be a full https:// address",
  urlHost: () => "must be on the payment provider's own address",
  video: () => "must be a video file (.mp4, .webm, .ogv) or a YouTube or Vimeo link",
  colour: () => "is not a colour: use #rrggbb, #rgb or rgb(r, g, b)",
  usZip: () => "a US ZIP code is 5 digits (or its first digits, or ZIP+4 as 43017-1234), no letters",
  variableName: () => "must be a name of letters, digits, _ or . starting with a letter",
  botId: () => "must be the bot's own id",
  timeOfDay: () => "must be a time of day like 21:00",
  invalid: () => "is not valid",
};

const problem = (field: string, code: FieldProblemCode, limit?: number): FieldProblem => ({
  field,
  code,
  message: MESSAGES[code](limit),
  ...(limit === undefined ? {} : { limit }),
});

function fromIssue(issue: v.BaseIssue<unknown>): FieldProblem {
  const field = v.getDotPath(issue) ?? "";
  const requirement = (issue as { requirement?: unknown }).requirement;
  const limit = typeof requirement === "number" ? requirement : undefined;
  switch (issue.type) {
    case "min_length":
      return limit === 1 ? problem(field, "required") : problem(field, "tooSmall", limit);
    case "max_length":
      return typeof issue.input === "string" ? problem(field, "tooLong", limit) : problem(field, "tooMany", limit);
    case "length":
      return problem(field, "invalid");
    case "min_value":
      return problem(field, "tooSmall", limit);
    case "max_value":
      return problem(field, "tooLarge", limit);
    case "integer":
      return problem(field, "whole");
    case "finite":
    case "number":
      return problem(field, "number");
    case "string":
      return problem(field, issue.input === undefined ? "required" : "text");
    case "boolean":
      return problem(field, "yesNo");
    case "picklist":
    case "literal":
    case "variant":
      return problem(field, "choice");
    case "array":
    case "union":
      return problem(field, "list");
    case "regex":
      return problem(field, "variableName");
    case "check":
      return /minQuotableSize/.test(issue.message) ? problem("minQuotableSize", "minOverMax") : problem(field, "invalid");
    default:
      return problem(field, "invalid");
  }
}

/** The URL and colour problems of a configuration the schema refused (its other fields as they are). */
function droppedOf(record: Record<string, unknown>, urlRules: UrlRules): ConfigUrlProblem[] {
  const texts = Object.fromEntries(Object.entries(record).filter(([key, value]) => typeof value === "string" || key === "payments")) as unknown as CompanyConfig;
  try {
    return [...checkConfigUrls(texts, urlRules).problems, ...checkConfigColors(texts).problems];
  } catch {
    return checkConfigColors(texts).problems;
  }
}

/** Every problem of a configuration the company wrote for the bot `botId`; [] when it is good. */
export function configFieldProblems(raw: unknown, botId: string, urlRules: UrlRules): FieldProblem[] {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return [problem("", "invalid")];
  const record = raw as Record<string, unknown>;
  const problems: FieldProblem[] = [];
  const result = v.safeParse(CompanyConfigSchema, raw);
  if (!result.success) problems.push(...result.issues.map(fromIssue));
  if (record.id !== botId) problems.push(problem("id", "botId"));
  // The follow-ups' schedule (issue 34): absent is the default schedule; present, it must pass.
  if (record.followUps !== undefined) {
    const followUps = v.safeParse(FollowUpsSchema, record.followUps);
    if (!followUps.success) {
      for (const issue of followUps.issues) {
        const found = fromIssue(issue);
        const field = found.field ? `followUps.${found.field}` : "followUps";
        problems.push(issue.type === "regex" ? problem(field, "timeOfDay") : { ...found, field });
      }
    }
  }
  if (servesUsZipCodes(record)) {
    for (const key of ["zipCodes", "dontTaxZipCodes"] as const) {
      const list = record[key];
      if (!Array.isArray(list)) continue;
      list.forEach((zip, index) => {
        if (typeof zip === "string" && zip.trim().toLowerCase() !== "null" && !US_ZIP.test(zip.trim())) problems.push(problem(`${key}.${index}`, "usZip"));
      });
    }
  }
  // Addresses and colours the widget would drop, checked even when other fields are wrong.
  const parsed = result.success ? parseCompanyConfig(raw, urlRules) : undefined;
  const dropped = parsed?.ok ? parsed.urlProblems : droppedOf(record, urlRules);
  for (const { field, reason } of dropped) problems.push(problem(field, /colour/.test(reason) ? "colour" : /own host/.test(reason) ? "urlHost" : /video/.test(reason) ? "video" : "url"));
  // One problem per field: the first.
  const seen = new Set<string>();
  return problems.filter((p) => !seen.has(p.field) && seen.add(p.field));
}
