// `npm run seed`: migrates, then writes the demo fixtures (companies, demo customers and their
// quotes) to $DATABASE_URL or the demo's SQLite file. Fixture URLs point at the demo's
// origins on $PORT_BASE (default 4400). The demo start (`npm start`) does the same by itself;
// a production server never seeds, so its database is never reset.
import { loadDemoFixtures, seedDemo } from "./seed.ts";
import { openStores } from "../../server/db/stores.ts";
import { DEFAULT_DB_FILE, demoSiteUrls, portBaseFromEnv } from "../server.ts";

const location = process.env.DATABASE_URL || DEFAULT_DB_FILE;
try {
  const urls = demoSiteUrls(portBaseFromEnv());
  const fixtures = loadDemoFixtures({ widgetOrigin: urls.widget, measureOrigin: urls.measure, vaultOrigin: urls.vault, crmOrigin: urls.crm, receiverOrigin: urls.receiver });
  const stores = await openStores(location);
  try {
    await seedDemo(stores, fixtures);
  } finally {
    await stores.close();
  }
  console.log(
    `seeded ${new Set(fixtures.companies.map((row) => row.companyId)).size} companies, ${fixtures.seed.customers.length} demo customers and ${fixtures.seed.quotes.length} quotes`,
  );
} catch (error) {
  console.error(`seed failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
