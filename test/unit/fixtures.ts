// Company configurations for unit tests, built through the real schema so defaults apply.
import { parseCompanyConfig, type CompanyConfig, type CompanyConfigInput } from "../../src/config/company-config.ts";

export function makeConfig(overrides: Partial<CompanyConfigInput> = {}): CompanyConfig {
  const result = parseCompanyConfig({ id: "test-co", companyName: "Test Lawn Co", botName: "Sprout", ...overrides });
  if (!result.ok) throw new Error(`test config invalid: ${result.reason}`);
  return result.config;
}
