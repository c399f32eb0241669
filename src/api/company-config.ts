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

export function companyConfigPath({ company, bot, onboarding }: ConfigRequest): string {
  const c = encodeURIComponent(company);
  return onboarding ? `v1/company/${c}/onboarding` : `v1/company/${c}/bot/${encodeURIComponent(bot)}`;
}

export async function fetchCompanyConfig(api: ApiClient, request: ConfigRequest): Promise<ConfigResult> {
  let raw: unknown;
  try {
    raw = await api.get(companyConfigPath(request)).json();
  } catch (error) {
    return { ok: false, reason: `configuration request failed: ${await describeFailure(error)}` };
  }
  const result = parseCompanyConfig(raw, { devOrigins: devOriginsAllowed() });
  if (!result.ok) return { ok: false, reason: `configuration is invalid: ${result.reason}` };
  // A refused URL turns its feature off; the rest of the configuration is used.
  for (const problem of result.urlProblems) console.error(describeUrlProblem(problem));
  return result;
}
