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

/**
 * Resolves in a task of its own (issue 35): the answer's JSON, its validation and the store's
 * update each made the task that read the answer longer, 15-52 ms at 4x CPU before any click.
 */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve));

export async function fetchCompanyConfig(api: ApiClient, request: ConfigRequest): Promise<FetchedConfig> {
  let raw: unknown;
  try {
    raw = await api.get(companyConfigPath(request)).json();
  } catch (error) {
    return { ok: false, reason: `configuration request failed: ${await describeFailure(error)}` };
  }
  await nextTask();
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
