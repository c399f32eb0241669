// Migration 12 (issue 12, "No lead is lost"): the widget's outbox sends a quote start again with
// the same Idempotency-Key after a lost answer; the key names the quote it started.
// (Numbers 11, 14-16, 18-19 and 21-29 were never used: the list keeps the numbers it shipped.)
import type { MigrationDb } from "./dialect-columns.ts";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("quote_start_keys")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("quote_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("quote_start_keys_pkey", ["company_id", "idempotency_key"])
    .execute();
}
