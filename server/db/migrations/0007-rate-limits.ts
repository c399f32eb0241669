// Migration 7: rate limit counters shared by every server process: one row per (hashed bucket,
// window); times are epoch milliseconds.
import { epochMs, type MigrationDb } from "./dialect-columns.ts";
import type { Dialect } from "../dialect.ts";

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("rate_limits")
    .ifNotExists()
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("window_start", epochMs(dialect), (c) => c.notNull())
    .addColumn("hits", "integer", (c) => c.notNull())
    .addColumn("expires_at", epochMs(dialect), (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limits_pkey", ["bucket", "window_start"])
    .execute();
  await db.schema.createIndex("rate_limits_by_expiry").ifNotExists().on("rate_limits").column("expires_at").execute();
}
