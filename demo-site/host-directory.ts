// What the host pages know about a company, read from the stored configuration through
// the shared schema (so aliases like phone/companyPhone resolve the widget's way).
import { parseCompanyConfig } from "../src/config/company-config.ts";
import { phoneLink } from "../src/config/phone-format.ts";
import { DEMO_URL_RULES } from "../server/company-files.ts";
import type { CompanyBotRow, CompanyStore } from "../server/db/company-store.ts";
import type { HostDirectory } from "./origins/host-origin.ts";
import type { HostCompany } from "./pages/host-pages.ts";

function toHostCompany(row: CompanyBotRow): HostCompany | undefined {
  const result = parseCompanyConfig(JSON.parse(row.config), DEMO_URL_RULES);
  if (!result.ok) return undefined;
  const config = result.config;
  return {
    companyId: row.companyId,
    botId: row.botId,
    name: config.companyName,
    tagLine: config.tagLine,
    phone: phoneLink(config.companyPhone, config.currency) ?? undefined,
    logo: config.companyLogo,
    zipCodes: config.zipCodes,
    botType: config.botType,
    brandColor: config.brandColor,
  };
}

export function createHostDirectory(store: CompanyStore): HostDirectory {
  return {
    async findCompany(companyId, botId) {
      const row = botId === undefined ? await store.findFirstBot(companyId) : await store.findBot(companyId, botId);
      return row && toHostCompany(row);
    },
    async listCompanies() {
      return (await store.listAll()).flatMap((row) => {
        const company = toHostCompany(row);
        return company ? [{ companyId: row.companyId, botId: row.botId, name: company.name }] : [];
      });
    },
  };
}
