// Migration 33 (issue 34): quotes keep the texts consent box as the visitor left it (JSON
// {given, at, ip, version, text}; null when no box was shown), and the visitor's time zone for
// quiet hours.
import { json, type MigrationDb } from "./dialect-columns.ts";
import type { Dialect } from "../dialect.ts";

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema.alterTable("quotes").addColumn("text_consent", "text", json(dialect, "text_consent")).execute();
  await db.schema.alterTable("quotes").addColumn("time_zone", "text").execute();
}
