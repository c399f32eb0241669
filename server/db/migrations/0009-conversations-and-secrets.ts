// Migration 9: resume links and the browser keeping no personal data (issue 14 §5, issue 12):
// the server keeps each quote's conversation, and secrets it generates once (the resume links'
// key when the environment gives no RESUME_SECRET).
import { json, type MigrationDb } from "./dialect-columns.ts";
import type { Dialect } from "../dialect.ts";

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema.alterTable("quotes").addColumn("conversation", "text", json(dialect, "conversation")).execute();
  await db.schema
    .createTable("server_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}
