// Migration 6: POST /v1/quote/details only with the quote's own capability; only the hash of a
// token is kept (quote-token-store.ts).
import type { MigrationDb } from "./dialect-columns.ts";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("quote_tokens")
    .ifNotExists()
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("quote_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("quote_tokens_by_quote").ifNotExists().on("quote_tokens").columns(["company_id", "quote_id"]).execute();
}
