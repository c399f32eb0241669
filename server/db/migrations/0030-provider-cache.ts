// Migration 30 (issue 28): providers bill per call, so their answers (address details, lot
// sizes, pictures) are kept a day per address; expired rows are swept as they are read.
import { epochMs, type MigrationDb } from "./dialect-columns.ts";
import type { Dialect } from "../dialect.ts";

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("provider_cache")
    .ifNotExists()
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("cache_key", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expires_at", epochMs(dialect), (c) => c.notNull())
    .addPrimaryKeyConstraint("provider_cache_pkey", ["provider", "cache_key"])
    .execute();
  await db.schema.createIndex("provider_cache_by_expiry").ifNotExists().on("provider_cache").column("expires_at").execute();
}
