// Migration 8: the admin API (docs/admin.md): tokens by their public id, the pricing documents
// that were fixture files, and every version of a configuration or pricing document. The
// configurations already stored become their version 1, so a first change keeps them.
import { sql } from "kysely";
import { json, oneOf, type MigrationDb } from "./dialect-columns.ts";
import type { Dialect } from "../dialect.ts";

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("admin_tokens")
    .ifNotExists()
    .addColumn("token_id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema
    .createTable("company_pricing")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.primaryKey())
    .addColumn("pricing", "text", json(dialect, "pricing", { notNull: true }))
    .execute();
  await db.schema
    .createTable("document_versions")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", ["config", "pricing"])))
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("body", "text", json(dialect, "body", { notNull: true }))
    .addColumn("changed_by", "text", (c) => c.notNull())
    .addColumn("changed_by_label", "text")
    .addColumn("changed_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("document_versions_pkey", ["company_id", "kind", "bot_id", "version"])
    .execute();
  const now =
    dialect === "sqlite"
      ? sql<string>`strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`
      : sql<string>`to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  await db
    .insertInto("document_versions")
    .columns(["company_id", "kind", "bot_id", "version", "body", "changed_by", "changed_by_label", "changed_at"])
    .expression(
      db
        .selectFrom("companies")
        .select(["company_id", sql.lit("config").as("kind"), "bot_id", sql.lit(1).as("version"), "config"])
        .select([sql.lit("migration 8").as("changed_by"), sql.lit(null).as("changed_by_label"), now.as("changed_at")]),
    )
    .execute();
}
