// Company bot configurations in the demo store.
import type { DemoDatabase } from "./database.ts";

export interface CompanyBotRow {
  companyId: string;
  botId: string;
  /** The configuration as stored JSON text, served byte for byte. */
  config: string;
}

export interface CompanyStore {
  /** Replaces every stored company with these rows; their order sets each company's first bot. */
  replaceAll(rows: readonly CompanyBotRow[]): void;
  findBot(companyId: string, botId: string): CompanyBotRow | undefined;
  /** The bot the onboarding route shows: the first one listed in the company's fixture. */
  findFirstBot(companyId: string): CompanyBotRow | undefined;
  /** Every bot of every company, companies in fixture-file order. */
  listAll(): CompanyBotRow[];
}

interface RawRow {
  company_id: string;
  bot_id: string;
  config: string;
}

function toRow(raw: unknown): CompanyBotRow {
  const row = raw as RawRow;
  return { companyId: row.company_id, botId: row.bot_id, config: row.config };
}

/** `get` answers undefined when no row matches. */
function toOptionalRow(raw: unknown): CompanyBotRow | undefined {
  return raw === undefined ? undefined : toRow(raw);
}

export function createCompanyStore(db: DemoDatabase): CompanyStore {
  const deleteAll = db.prepare("DELETE FROM companies");
  const insert = db.prepare("INSERT INTO companies (company_id, bot_id, config) VALUES (?, ?, ?)");
  const selectBot = db.prepare(
    "SELECT company_id, bot_id, config FROM companies WHERE company_id = ? AND bot_id = ?",
  );
  // rowid follows insertion order, and replaceAll inserts in fixture order.
  const selectFirstBot = db.prepare(
    "SELECT company_id, bot_id, config FROM companies WHERE company_id = ? ORDER BY rowid LIMIT 1",
  );
  const selectAll = db.prepare("SELECT company_id, bot_id, config FROM companies ORDER BY rowid");

  // Fixtures are the source of truth for companies: a company whose file was removed must
  // disappear from a persisted store too, so the table is rebuilt rather than upserted.
  const replaceAll = db.transaction((rows: readonly CompanyBotRow[]) => {
    deleteAll.run();
    for (const row of rows) insert.run(row.companyId, row.botId, row.config);
  });

  return {
    replaceAll: (rows) => {
      replaceAll(rows);
    },
    findBot: (companyId, botId) => toOptionalRow(selectBot.get(companyId, botId)),
    findFirstBot: (companyId) => toOptionalRow(selectFirstBot.get(companyId)),
    listAll: () => selectAll.all().map(toRow),
  };
}
