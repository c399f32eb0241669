// What the admin API accepts as a company's documents: a bot's configuration through the
// widget's own CompanyConfigSchema (src/config/company-config.ts), with no URL or colour the
// widget would drop, and a pricing document through PricingDocumentSchema (the fixtures'
// schema, demo-site/pricing/pricing-table-schema.ts). A refusal names the field by its
// valibot issue path, as the API's other 400s do.
import { followUpsOf } from "../../src/config/follow-ups.ts";
import * as v from "valibot";
import { CompanyConfigSchema, parseCompanyConfig } from "../../src/config/company-config.ts";
import { configFieldProblems } from "../../src/config/config-fields.ts";
import { unitFor } from "../../src/config/measurement.ts";
import type { UrlRules } from "../../src/config/safe-url.ts";
import { PricingDocumentSchema } from "../pricing/pricing-table-schema.ts";

export type DocumentCheck = { ok: true; body: string; warnings?: string[] } | { ok: false; message: string };

function firstIssue(issues: readonly v.BaseIssue<unknown>[]): string {
  const issue = issues[0]!;
  const field = v.getDotPath(issue);
  return field ? `Invalid ${field}: ${issue.message}` : `Invalid document: ${issue.message}`;
}

/** The JSON text a client sent, parsed; a document is an object. */
export function parseJsonDocument(text: string): { ok: true; raw: Record<string, unknown> } | { ok: false; message: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: "Malformed JSON body" };
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { ok: false, message: "Invalid document: must be a JSON object" };
  return { ok: true, raw: raw as Record<string, unknown> };
}

const valueAt = (document: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((value, key) => (typeof value === "object" && value !== null ? (value as Record<string, unknown>)[key] : undefined), document);

/**
 * A bot's configuration as the company wrote it (defaults are the widget's to fill in). A URL
 * or colour the widget would drop is refused when it is new; one the current document already
 * had is kept (the widget drops it, as today) and reported in `warnings`, so an unrelated edit
 * of an older document is not blocked.
 */
export function checkConfigDocument(raw: Record<string, unknown>, botId: string, urlRules: UrlRules, current?: unknown): DocumentCheck {
  const result = v.safeParse(CompanyConfigSchema, raw);
  if (!result.success) return { ok: false, message: firstIssue(result.issues) };
  // `id` is the bot's own id; a copy-pasted bot with a stale id would confuse the widget's logs.
  if (raw.id !== botId) return { ok: false, message: `Invalid id: must equal the bot id "${botId}"` };
  const parsed = parseCompanyConfig(raw, urlRules);
  if (!parsed.ok) return { ok: false, message: `Invalid document: ${parsed.reason}` };
  // The follow-up schedule (issue 34) is the server's alone: the widget's schema does not read it.
  const followUps = followUpsOf(raw);
  if ("error" in followUps) return { ok: false, message: `Invalid ${followUps.error}` };
  // A US company's ZIP codes are digits (the console's builder checks the same); a new one with letters is refused.
  for (const zip of configFieldProblems(raw, botId, urlRules).filter((problem) => problem.code === "usZip")) {
    const unchanged = current !== undefined && JSON.stringify(valueAt(current, zip.field)) === JSON.stringify(valueAt(raw, zip.field));
    if (!unchanged) return { ok: false, message: `Invalid ${zip.field}: ${zip.message}` };
  }
  const warnings: string[] = [];
  for (const problem of parsed.urlProblems) {
    const unchanged = current !== undefined && JSON.stringify(valueAt(current, problem.field)) === JSON.stringify(valueAt(raw, problem.field));
    if (!unchanged) return { ok: false, message: `Invalid ${problem.field}: ${problem.reason}` };
    warnings.push(`${problem.field} ${problem.reason}; the widget ignores it`);
  }
  return { ok: true, body: JSON.stringify(raw), warnings };
}

/**
 * A company's pricing document. Each bot's table must be in the bot's currency and measuring
 * unit (else the pricing routes could only answer 500): `bots` are the company's current
 * configurations, by bot id.
 */
export function checkPricingDocument(raw: Record<string, unknown>, bots: ReadonlyMap<string, string>, urlRules: UrlRules): DocumentCheck {
  const result = v.safeParse(PricingDocumentSchema, raw);
  if (!result.success) return { ok: false, message: firstIssue(result.issues) };
  const { bots: botTables, ...companyTable } = result.output;
  for (const [botId, config] of bots) {
    const parsed = parseCompanyConfig(JSON.parse(config), urlRules);
    if (!parsed.ok) continue;
    const own = botTables[botId];
    const table = own ?? companyTable;
    const unit = unitFor(parsed.config.measurementMode, parsed.config.isMetric);
    const where = own ? `bots.${botId}.` : "";
    if (table.currency !== parsed.config.currency) {
      return { ok: false, message: `Invalid ${where}currency: the bot "${botId}" sells in ${parsed.config.currency}` };
    }
    if (table.unit !== unit) return { ok: false, message: `Invalid ${where}unit: the bot "${botId}" measures in ${unit}` };
  }
  return { ok: true, body: JSON.stringify(raw) };
}
