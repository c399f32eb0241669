// The demo's seed step: the fixture companies, demo customers and their quotes, written
// back to their fixture state (a resume fixture must land on its rule again). The demo start
// and `npm run seed` run it; a production server never does, so its database is never reset.
import { loadCompanyFixtures, loadDeliveryFixtures, type LoadFixturesOptions } from "../company-fixtures.ts";
import { loadCustomerFixtures, type CustomerSeed } from "../customer-fixtures.ts";
import type { CompanyBotRow } from "./company-store.ts";
import type { DeliverySettings } from "./outbox-store.ts";
import type { RunInTransaction } from "./stores.ts";

export type SeedOrigins = Required<Pick<LoadFixturesOptions, "widgetOrigin" | "measureOrigin" | "vaultOrigin" | "crmOrigin">> & {
  /** The demo's webhook receiver; without it the companies get no webhook URLs. */
  receiverOrigin?: string;
};

export interface DemoFixtures {
  companies: CompanyBotRow[];
  seed: CustomerSeed;
  /** The companies' webhook URLs, secrets and API keys (server-only). */
  delivery: DeliverySettings[];
}

/** Reads and validates every fixture (a bad file throws, naming file and field) without touching a database. */
export function loadDemoFixtures(origins: SeedOrigins): DemoFixtures {
  const companies = loadCompanyFixtures(origins);
  return {
    companies,
    seed: loadCustomerFixtures({ widgetOrigin: origins.widgetOrigin, companies }),
    delivery: loadDeliveryFixtures({ receiverOrigin: origins.receiverOrigin }),
  };
}

/** Writes the fixtures: companies replaced as a whole, demo customers and quotes upserted; visitors' quotes are kept. */
export async function seedDemo(stores: { transaction: RunInTransaction }, fixtures: DemoFixtures): Promise<void> {
  await stores.transaction(async (tx) => {
    await tx.companies.replaceAll(fixtures.companies);
    await tx.outbox.replaceSettings(fixtures.delivery);
    for (const row of fixtures.seed.customers) await tx.customers.save(row);
    for (const row of fixtures.seed.quotes) await tx.quotes.save(row);
  });
}
