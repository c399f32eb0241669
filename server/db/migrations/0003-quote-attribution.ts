// Migration 3: the ad attribution on quotes (AttributionSchema; null for older quotes).
import { json, type MigrationDb } from "./dialect-columns.ts";
import type { Dialect } from "../dialect.ts";

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema.alterTable("quotes").addColumn("attribution", "text", json(dialect, "attribution")).execute();
}
