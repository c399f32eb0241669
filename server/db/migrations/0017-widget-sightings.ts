// Migration 17 (issue 25): the console's Install page shows whether the widget has been seen on
// the company's site: the first configuration load per bot and site origin (its Origin header).
import type { MigrationDb } from "./dialect-columns.ts";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("widget_sightings")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("origin", "text", (c) => c.notNull())
    .addColumn("first_seen_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("widget_sightings_pkey", ["company_id", "bot_id", "origin"])
    .execute();
}
