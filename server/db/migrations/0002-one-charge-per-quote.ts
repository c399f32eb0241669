// Migration 2: one successful charge per quote, enforced by the database itself: with several
// server processes (or PostgreSQL's concurrent transactions) a check in code alone is not enough.
import { sql } from "kysely";
import type { MigrationDb } from "./dialect-columns.ts";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createIndex("payments_one_success_per_quote")
    .ifNotExists()
    .unique()
    .on("payments")
    .columns(["company_id", "quote_id"])
    .where(sql<boolean>`status = 'succeeded'`)
    .execute();
}
