// Migration 10: think-about-it leads keep the widget's Idempotency-Key: a retried lead is stored once.
import type { MigrationDb } from "./dialect-columns.ts";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("think_about_it_leads").addColumn("idempotency_key", "text").execute();
}
