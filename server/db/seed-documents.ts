// Companies' documents written as the admin API writes them (each a version by "seed"): the
// demo's seed step, and the production entry's SEED_DEMO=1 into an empty database.
import type { CompanyBotRow } from "./company-store.ts";
import type { Stores } from "./stores.ts";
import type { PricingFixtureRow } from "../pricing/pricing-tables.ts";

/** Writes configurations and pricing documents as the admin API does, each version by "seed". */
export async function seedDocuments(tx: Pick<Stores, "documents">, companies: readonly CompanyBotRow[], pricing: readonly PricingFixtureRow[]): Promise<void> {
  const seed = { changedBy: "seed" };
  // One bot at a time: the insertion order is the bots' order.
  for (const row of companies) await tx.documents.replace({ companyId: row.companyId, kind: "config", botId: row.botId }, row.config, seed);
  for (const row of pricing) await tx.documents.replace({ companyId: row.companyId, kind: "pricing", botId: "" }, row.pricing, seed);
}
