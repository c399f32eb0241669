// Company configurations for unit tests, built through the real schema so defaults apply.
import type { ProgramType } from "../../src/contract/program-types.ts";
import { parseCompanyConfig, type CompanyConfig, type CompanyConfigInput } from "../../src/config/company-config.ts";

export function makeConfig(overrides: Partial<CompanyConfigInput> = {}): CompanyConfig {
  const result = parseCompanyConfig({ id: "test-co", companyName: "Test Lawn Co", botName: "Sprout", ...overrides });
  if (!result.ok) throw new Error(`test config invalid: ${result.reason}`);
  return result.config;
}

/** Programs like the demo lawn companies sell (GET /v2/program-types). */
export const SAMPLE_PROGRAMS: ProgramType[] = [
  { name: "Fertilizer & Weed Control", entryPoint: "fertilizer", hasMandatoryQuestions: true, hasNonSquareFootagePricing: false },
  { name: "Mowing", entryPoint: "mowing", hasMandatoryQuestions: true, hasNonSquareFootagePricing: false },
  { name: "Lawn Seeding", entryPoint: "seeding", hasMandatoryQuestions: false, hasNonSquareFootagePricing: false },
  { name: "Grub Control", entryPoint: null, hasMandatoryQuestions: false, hasNonSquareFootagePricing: false },
  { name: "General Pest Control", entryPoint: "pest", hasMandatoryQuestions: false, hasNonSquareFootagePricing: true },
];
