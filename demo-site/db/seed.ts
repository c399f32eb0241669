// The demo's seed step: the fixture companies (configurations and pricing documents, through
// the admin API's own store call, each recorded as version 1 by "seed"), demo customers and
// their quotes, written back to their fixture state (a resume fixture must land on its rule
// again), and the demo's known admin tokens. The demo start and `npm run seed` run it; a
// production server never does, so its database is never reset and has no known token.
import { loadCompanyFixtures, loadDeliveryFixtures, type LoadFixturesOptions } from "../../server/company-files.ts";
import { loadCustomerFixtures, type CustomerSeed } from "../customer-fixtures.ts";
import { loadPricingFixtures, type PricingFixtureRow } from "../../server/pricing/pricing-tables.ts";
import type { CompanyBotRow } from "../../server/db/company-store.ts";
import type { DeliverySettings } from "../../server/db/outbox-store.ts";
import type { RunInTransaction, Stores } from "../../server/db/stores.ts";
import { seedDocuments } from "../../server/db/seed-documents.ts";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { TaxRateRow } from "../../server/db/tax-rate-store.ts";
import { parseTaxRateCsv } from "../../server/pricing/tax-rate-csv.ts";

/** The demo's sales-tax table (its service areas in Ohio and Texas), imported for each demo company as a company imports its own. */
export const DEMO_TAX_RATES_FILE = fileURLToPath(new URL("../fixtures/tax-rates.csv", import.meta.url));

function loadDemoTaxRates(): TaxRateRow[] {
  const parsed = parseTaxRateCsv(readFileSync(DEMO_TAX_RATES_FILE, "utf8"));
  if (!parsed.ok) throw new Error(`demo-site/fixtures/tax-rates.csv: ${parsed.message}`);
  return parsed.rows;
}

export type SeedOrigins = Required<Pick<LoadFixturesOptions, "widgetOrigin" | "measureOrigin" | "vaultOrigin" | "crmOrigin">> & {
  /** The demo's webhook receiver; without it the companies get no webhook URLs. */
  receiverOrigin?: string;
};

export interface DemoFixtures {
  companies: CompanyBotRow[];
  seed: CustomerSeed;
  /** The companies' webhook URLs, secrets and API keys (server-only). */
  delivery: DeliverySettings[];
  /** The companies' pricing documents. */
  pricing: PricingFixtureRow[];
  /** The demo's tax table, imported for every demo company. */
  taxRates: TaxRateRow[];
}

/**
 * The demo's admin token of a fixture company (docs/admin.md): known, so the demo's readers
 * can try the admin API at once. Only the demo seed stores it; `npm run serve` never does.
 */
export const demoAdminToken = (companyId: string): string => `qa_demo-${companyId}_demo-only-not-a-secret`;

/** The console owner the demo seeds for each company (issue 24): signs in by a link from the mail sink. */
export const demoOwnerEmail = (companyId: string): string => `owner@${companyId}.example`;

/** Reads and validates every fixture (a bad file throws, naming file and field) without touching a database. */
export function loadDemoFixtures(origins: SeedOrigins): DemoFixtures {
  const companies = loadCompanyFixtures(origins);
  return {
    companies,
    seed: loadCustomerFixtures({ widgetOrigin: origins.widgetOrigin, companies }),
    delivery: loadDeliveryFixtures({ receiverOrigin: origins.receiverOrigin }),
    pricing: loadPricingFixtures(),
    taxRates: loadDemoTaxRates(),
  };
}

/**
 * Writes the fixtures: companies' documents replaced as a whole (their earlier versions too:
 * the demo starts afresh), demo customers and quotes upserted; visitors' quotes are kept.
 */
export async function seedDemo(stores: { transaction: RunInTransaction }, fixtures: DemoFixtures): Promise<void> {
  await stores.transaction(async (tx) => {
    // Fixtures are the source of truth for the demo's companies: a company whose file was
    // removed must disappear from a persisted store too.
    await tx.documents.clearAll();
    await seedDocuments(tx, fixtures.companies, fixtures.pricing);
    for (const companyId of new Set(fixtures.companies.map((row) => row.companyId))) {
      await tx.adminTokens.createKnown(demoAdminToken(companyId), companyId, "demo");
      if (!(await tx.staff.findByEmail(demoOwnerEmail(companyId)))) await tx.staff.add(companyId, demoOwnerEmail(companyId), "owner", "seed");
      await tx.taxRates.replace(companyId, fixtures.taxRates, "demo-site/fixtures/tax-rates.csv");
    }
    await tx.outbox.replaceSettings(fixtures.delivery);
    for (const row of fixtures.seed.customers) await tx.customers.save(row);
    for (const row of fixtures.seed.quotes) await tx.quotes.save(row);
  });
}
