// Migration 5: the prices the visitor was last shown (POST /v1/rtp/quote/services): the payment
// routes recompute the amount from them (docs/api.md "Money is decided by the server").
import { json, type MigrationDb } from "./dialect-columns.ts";
import type { Dialect } from "../dialect.ts";

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema.alterTable("quotes").addColumn("pricing", "text", json(dialect, "pricing")).execute();
}
