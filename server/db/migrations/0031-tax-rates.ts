// Migration 31 (issue 28): sales tax by postal code from the rate table each company imports (a
// CSV of state, postal code and combined rate), with the date of the import.
import { sql } from "kysely";
import { double, type MigrationDb } from "./dialect-columns.ts";
import type { Dialect } from "../dialect.ts";

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("tax_rates")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("postal_code", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("region_name", "text", (c) => c.notNull())
    .addColumn("rate", double(dialect), (c) => c.notNull().check(sql<boolean>`rate >= 0 AND rate <= 1`))
    .addPrimaryKeyConstraint("tax_rates_pkey", ["company_id", "postal_code"])
    .execute();
  await db.schema
    .createTable("tax_rate_imports")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.primaryKey())
    .addColumn("imported_at", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("row_count", "integer", (c) => c.notNull())
    .execute();
}
