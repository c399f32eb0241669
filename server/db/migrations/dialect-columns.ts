// What the migrations spell differently per dialect, and nothing else: a generated row id
// (SQLite's AUTOINCREMENT, PostgreSQL's IDENTITY), a JSON-check constraint (json_valid against a
// jsonb cast), a floating-point type, an epoch-milliseconds integer, and PostgreSQL's `seq`
// column (it has no rowid: tables whose insertion order the stores read get one). Every
// migration is one definition over these; a shipped migration's output never changes, so
// these helpers never change either (a new need is a new helper).
import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Dialect } from "../dialect.ts";

/** Migrations see no typed schema: each runs against the tables as they were at its time. */
export type MigrationDb = Kysely<any>;

export type MigrationUp = (db: MigrationDb, dialect: Dialect) => Promise<void>;

type Column = (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

/** A generated row id, the primary key: `.addColumn("id", ...rowId(dialect))`. */
export const rowId = (dialect: Dialect): ["integer" | "bigint", Column] =>
  dialect === "sqlite" ? ["integer", (c) => c.primaryKey().autoIncrement()] : ["bigint", (c) => c.generatedAlwaysAsIdentity().primaryKey()];

/** `column` holds JSON text (or is null when `nullable`), for a column's `.check(...)`. */
export function jsonCheck(dialect: Dialect, column: string, nullable = false): Expression<SqlBool> {
  const valid = dialect === "sqlite" ? sql<boolean>`json_valid(${sql.ref(column)})` : sql<boolean>`(${sql.ref(column)}::jsonb) IS NOT NULL`;
  return nullable ? sql<boolean>`${sql.ref(column)} IS NULL OR ${valid}` : valid;
}

/** A JSON text column: `.addColumn(name, "text", json(dialect, name))`, null allowed unless `notNull`. */
export const json =
  (dialect: Dialect, column: string, options: { notNull?: boolean } = {}): Column =>
  (c) =>
    options.notNull ? c.notNull().check(jsonCheck(dialect, column)) : c.check(jsonCheck(dialect, column, true));

/** A floating-point number: SQLite's REAL, PostgreSQL's DOUBLE PRECISION. */
export const double = (dialect: Dialect): "real" | "double precision" => (dialect === "sqlite" ? "real" : "double precision");

/** Epoch milliseconds: SQLite's INTEGER holds 64 bits, PostgreSQL's needs BIGINT. */
export const epochMs = (dialect: Dialect): "integer" | "bigint" => (dialect === "sqlite" ? "integer" : "bigint");

/** An `IN (...)` check on a text column. */
export const oneOf = (column: string, values: readonly string[]): Expression<SqlBool> =>
  sql<boolean>`${sql.ref(column)} IN (${sql.join(values.map((value) => sql.lit(value)))})`;

/** PostgreSQL's insertion order (`seq`, after the columns it had then): `.$call(seq(dialect))`. */
export const seq =
  (dialect: Dialect) =>
  <T extends CreateTableBuilder<string, string>>(table: T): T =>
    dialect === "postgres" ? (table.addColumn("seq", "bigint", (c) => c.generatedAlwaysAsIdentity()) as T) : table;
