// Migration 13 (issue 25): the console's builder keeps one draft of each bot's configuration,
// with who saved it and when; publishing it goes through the document store like the admin API.
import type { MigrationDb } from "./dialect-columns.ts";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("bot_drafts")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("saved_by", "text", (c) => c.notNull())
    .addColumn("saved_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("bot_drafts_pkey", ["company_id", "bot_id"])
    .execute();
}
