// Company bot configurations in the store.
import { sql, type Kysely } from "kysely";
import type { Dialect } from "./migrations.ts";
import type { Schema } from "./schema.ts";

export interface CompanyBotRow {
  companyId: string;
  botId: string;
  /** The configuration as stored JSON text, served byte for byte. */
  config: string;
}

export interface CompanyStore {
  /** Replaces every stored company with these rows; their order sets each company's first bot. */
  replaceAll(rows: readonly CompanyBotRow[]): Promise<void>;
  findBot(companyId: string, botId: string): Promise<CompanyBotRow | undefined>;
  /** The bot the onboarding route shows: the first one listed in the company's fixture. */
  findFirstBot(companyId: string): Promise<CompanyBotRow | undefined>;
  /** Every bot of every company, companies in fixture-file order. */
  listAll(): Promise<CompanyBotRow[]>;
}

/** Insertion order: SQLite's rowid, or the `seq` identity column PostgreSQL tables carry. */
export const insertionOrder = (dialect: Dialect) => (dialect === "sqlite" ? sql`rowid` : sql`seq`);

const toRow = (row: { company_id: string; bot_id: string; config: string }): CompanyBotRow => ({
  companyId: row.company_id,
  botId: row.bot_id,
  config: row.config,
});

/** `db` may be a transaction: the store's calls then belong to it. */
export function createCompanyStore(db: Kysely<Schema>, dialect: Dialect): CompanyStore {
  const columns = ["company_id", "bot_id", "config"] as const;
  // Inserting in a transaction of its own unless `db` already is one.
  const atomically = <T>(work: (trx: Kysely<Schema>) => Promise<T>): Promise<T> =>
    db.isTransaction ? work(db) : db.transaction().execute(work);

  return {
    // Fixtures are the source of truth for the demo's companies: a company whose file was
    // removed must disappear from a persisted store too, so the table is rebuilt, not upserted.
    replaceAll: (rows) =>
      atomically(async (trx) => {
        await trx.deleteFrom("companies").execute();
        // One row at a time: the insertion order is the bots' order.
        for (const row of rows) {
          await trx.insertInto("companies").values({ company_id: row.companyId, bot_id: row.botId, config: row.config }).execute();
        }
      }),
    findBot: async (companyId, botId) => {
      const row = await db.selectFrom("companies").select(columns).where("company_id", "=", companyId).where("bot_id", "=", botId).executeTakeFirst();
      return row && toRow(row);
    },
    findFirstBot: async (companyId) => {
      const row = await db
        .selectFrom("companies")
        .select(columns)
        .where("company_id", "=", companyId)
        .orderBy(insertionOrder(dialect))
        .limit(1)
        .executeTakeFirst();
      return row && toRow(row);
    },
    listAll: async () => (await db.selectFrom("companies").select(columns).orderBy(insertionOrder(dialect)).execute()).map(toRow),
  };
}
