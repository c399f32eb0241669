// What a database's schema is, read from the database itself, in a form two databases can be
// compared by (migration-upgrade.test.ts): per table its columns in order (type, nullability,
// default, key, identity), indexes (columns, unique, partial and its condition), foreign keys
// and CHECK constraints. SQLite: sqlite_master and the table/index/foreign-key pragmas (CHECKs
// from the CREATE text, spacing, case and quotes set aside). PostgreSQL: information_schema's
// columns, pg_indexes and pg_constraint (whose definitions PostgreSQL prints in one canonical
// form). The migrations' own bookkeeping tables are left out: which runner recorded them differs.
import { sql } from "kysely";
import type { Dialect } from "../../../server/db/dialect.ts";
import type { MigrationDb as AnyDb } from "../../../server/db/migrations/dialect-columns.ts";

export const BOOKKEEPING_TABLES = ["schema_migrations", "kysely_migration", "kysely_migration_lock"];

export type DatabaseSchema = Record<string, unknown>;

/** Lower case, no identifier quotes, single spaces, none inside parentheses. */
const normalise = (text: string): string =>
  text.replace(/"/g, "").replace(/\s+/g, " ").replace(/\(\s+/g, "(").replace(/\s+\)/g, ")").trim().toLowerCase();

/** Every `CHECK (…)` in a CREATE TABLE statement, its expression normalised, sorted. */
export function checkConstraints(createSql: string): string[] {
  const found: string[] = [];
  const start = /\bcheck\s*\(/gi;
  for (let match = start.exec(createSql); match; match = start.exec(createSql)) {
    let depth = 1;
    let end = match.index + match[0].length;
    for (; end < createSql.length && depth > 0; end++) {
      if (createSql[end] === "(") depth++;
      else if (createSql[end] === ")") depth--;
    }
    found.push(normalise(createSql.slice(match.index + match[0].length, end - 1)));
    start.lastIndex = end;
  }
  return found.sort();
}

/** The application's tables (not SQLite's own, not the migrations' bookkeeping), sorted. */
export async function appTables(db: AnyDb, dialect: Dialect): Promise<string[]> {
  const { rows } =
    dialect === "sqlite"
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`.execute(db);
  return rows.map((row) => row.name).filter((name) => !BOOKKEEPING_TABLES.includes(name)).sort();
}

async function sqliteSchema(db: AnyDb): Promise<DatabaseSchema> {
  const schema: DatabaseSchema = {};
  const master = (await sql<{ type: string; name: string; tbl_name: string; sql: string | null }>`SELECT type, name, tbl_name, sql FROM sqlite_master`.execute(db)).rows;
  for (const table of await appTables(db, "sqlite")) {
    const createSql = master.find((row) => row.type === "table" && row.name === table)?.sql ?? "";
    const columns = (await sql<{ cid: number; name: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`SELECT * FROM pragma_table_info(${table})`.execute(db)).rows.map(
      (column) => ({ ...column, type: column.type.toUpperCase() }),
    );
    const indexes = [];
    for (const index of (await sql<{ name: string; unique: number; origin: string; partial: number }>`SELECT * FROM pragma_index_list(${table})`.execute(db)).rows) {
      const indexColumns = (await sql<{ name: string }>`SELECT name FROM pragma_index_info(${index.name}) ORDER BY seqno`.execute(db)).rows.map((row) => row.name);
      const indexSql = master.find((row) => row.type === "index" && row.name === index.name)?.sql ?? "";
      const where = index.partial ? normalise(indexSql.slice(indexSql.search(/\bwhere\b/i))) : null;
      indexes.push({ name: index.name, unique: index.unique, origin: index.origin, columns: indexColumns, where });
    }
    indexes.sort((a, b) => a.name.localeCompare(b.name));
    const foreignKeys = (await sql<Record<string, unknown>>`SELECT "table", "from", "to", on_update, on_delete, "match" FROM pragma_foreign_key_list(${table})`.execute(db)).rows;
    schema[table] = { columns, indexes, foreignKeys, checks: checkConstraints(createSql) };
  }
  return schema;
}

async function postgresSchema(db: AnyDb): Promise<DatabaseSchema> {
  const schema: DatabaseSchema = {};
  for (const table of await appTables(db, "postgres")) {
    const columns = (
      await sql`SELECT column_name, ordinal_position, data_type, is_nullable, column_default, is_identity, identity_generation, identity_start, identity_increment
        FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`.execute(db)
    ).rows;
    const indexes = (await sql`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = ${table} ORDER BY indexname`.execute(db)).rows;
    const constraints = (
      await sql`SELECT conname, contype, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace AND conrelid = ${table}::regclass ORDER BY conname`.execute(db)
    ).rows;
    schema[table] = { columns, indexes, constraints };
  }
  return schema;
}

/** The schema of the database `db`, for deepEqual against another's. */
export function readSchema(db: AnyDb, dialect: Dialect): Promise<DatabaseSchema> {
  return dialect === "sqlite" ? sqliteSchema(db) : postgresSchema(db);
}

/** Every row of every application table, each table's rows as sorted JSON text. */
export async function readRows(db: AnyDb, dialect: Dialect): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const table of await appTables(db, dialect)) {
    rows[table] = (await db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort();
  }
  return rows;
}

/**
 * Each table's storage identity: SQLite's root page, PostgreSQL's relation id. A table dropped
 * and created again (even under the same name) gets a new one.
 */
export async function tableIdentities(db: AnyDb, dialect: Dialect): Promise<Record<string, string>> {
  const { rows } =
    dialect === "sqlite"
      ? await sql<{ name: string; id: string }>`SELECT name, CAST(rootpage AS TEXT) AS id FROM sqlite_master WHERE type = 'table'`.execute(db)
      : await sql<{ name: string; id: string }>`SELECT relname AS name, oid::text AS id FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r'`.execute(db);
  return Object.fromEntries(rows.filter((row) => !BOOKKEEPING_TABLES.includes(row.name)).map((row) => [row.name, row.id]));
}
