// GET /v1/company/{companyId}/bot/{botId} (preview=true in preview mode), or
// GET /v1/company/{companyId}/onboarding in onboarding mode (SPEC §7).
import { parseCompanyConfig, type ConfigResult } from "../config/company-config.ts";
import { describeUrlProblem } from "../config/config-urls.ts";
import { devOriginsAllowed } from "../payments/dev-origins.ts";
import { describeFailure, type ApiClient } from "./client.ts";

export interface ConfigRequest {
  company: string;
  bot: string;
  onboarding: boolean;
}

/** A failure may still know the company's phone (from an answer that is otherwise unusable). */
export type FetchedConfig = Extract<ConfigResult, { ok: true }> | { ok: false; reason: string; phone?: string };

export function companyConfigPath({ company, bot, onboarding }: ConfigRequest): string {
  const c = encodeURIComponent(company);
  return onboarding ? `v1/company/${c}/onboarding` : `v1/company/${c}/bot/${encodeURIComponent(bot)}`;
}

/** The answer as it came, or why there is none. */
export type ConfigAnswer = { ok: true; raw: unknown } | Extract<FetchedConfig, { ok: false }>;

export async function requestCompanyConfig(api: ApiClient, request: ConfigRequest): Promise<ConfigAnswer> {
  try {
    return { ok: true, raw: await api.get(companyConfigPath(request)).json() };
  } catch (error) {
    return { ok: false, reason: `configuration request failed: ${await describeFailure(error)}` };
  }
}

/** Validates an answer: the configuration, or why it cannot be used (with the company's phone when it names one). */
export function readCompanyConfig(raw: unknown): FetchedConfig {
  let result: ConfigResult;
  try {
    result = parseCompanyConfig(raw, { devOrigins: devOriginsAllowed() });
  } catch (error) {
    result = { ok: false, reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  if (result.ok) {
    // A refused URL turns its feature off; the rest of the configuration is used.
    for (const problem of result.urlProblems) console.error(describeUrlProblem(problem));
    return result;
  }
  const phone = phoneIn(raw);
  return { ok: false, reason: `configuration is invalid: ${result.reason}`, ...(phone ? { phone } : {}) };
}

/** companyPhone (or phone) of an answer that failed validation, when it reads as a number. */
export function phoneIn(raw: unknown): string | undefined {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) return undefined;
  for (const key of ["companyPhone", "phone"]) {
    if (!Object.prototype.hasOwnProperty.call(raw, key)) continue;
    const value = (raw as Record<string, unknown>)[key];
    if (typeof value === "string" && /^\+?[\d\s().-]{7,20}$/.test(value.trim())) return value.trim();
  }
  return undefined;
}
