// Versioned migrations, run by Kysely's Migrator: one file per migration in migrations/, named
// by the number it shipped with ("0020-console" is migration 20), each one definition for
// both dialects written with Kysely's schema builder (migrations/dialect-columns.ts holds
// what the two spell differently). The Migrator applies the pending ones in name order, in
// one transaction (SQLite too: database.ts lets its DDL run in a transaction), under its lock,
// and records each in `kysely_migration`.
//
// To add a migration: a new file migrations/NNNN-what.ts (the next number) exporting
// `up(db, dialect)`, and its line in MIGRATIONS below. Never edit one that has shipped.
//
// Databases made by the runner this replaced (versions in `schema_migrations`, through 34) are
// adopted in place before the Migrator first runs: see adoptVersionedDatabase.
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import type { Dialect } from "./dialect.ts";
import type { MigrationDb, MigrationUp } from "./migrations/dialect-columns.ts";
import * as m0001 from "./migrations/0001-initial.ts";
import * as m0002 from "./migrations/0002-one-charge-per-quote.ts";
import * as m0003 from "./migrations/0003-quote-attribution.ts";
import * as m0004 from "./migrations/0004-webhook-outbox.ts";
import * as m0005 from "./migrations/0005-quote-pricing.ts";
import * as m0006 from "./migrations/0006-quote-tokens.ts";
import * as m0007 from "./migrations/0007-rate-limits.ts";
import * as m0008 from "./migrations/0008-admin-documents.ts";
import * as m0009 from "./migrations/0009-conversations-and-secrets.ts";
import * as m0010 from "./migrations/0010-think-about-it-keys.ts";
import * as m0012 from "./migrations/0012-quote-start-keys.ts";
import * as m0013 from "./migrations/0013-bot-drafts.ts";
import * as m0017 from "./migrations/0017-widget-sightings.ts";
import * as m0020 from "./migrations/0020-console.ts";
import * as m0030 from "./migrations/0030-provider-cache.ts";
import * as m0031 from "./migrations/0031-tax-rates.ts";
import * as m0032 from "./migrations/0032-sms-opt-outs.ts";
import * as m0033 from "./migrations/0033-text-consent.ts";
import * as m0034 from "./migrations/0034-follow-ups.ts";
import * as m0035 from "./migrations/0035-outbox-lanes.ts";
import * as m0036 from "./migrations/0036-staff-language.ts";
import * as m0037 from "./migrations/0037-lean-outbox.ts";
import * as m0038 from "./migrations/0038-deliveries-by-outbox-row.ts";

export type { Dialect } from "./dialect.ts";

export interface MigrationDefinition {
  /** Kysely's name for it, its file's name: the number, then what it does. */
  name: string;
  /** The number it shipped with (the old runner recorded it in `schema_migrations`). */
  version: number;
  up: MigrationUp;
}

const define = (name: string, module: { up: MigrationUp }): MigrationDefinition => ({ name, version: Number(name.slice(0, 4)), up: module.up });

/** Every migration, in order. */
export const MIGRATIONS: readonly MigrationDefinition[] = [
  define("0001-initial", m0001),
  define("0002-one-charge-per-quote", m0002),
  define("0003-quote-attribution", m0003),
  define("0004-webhook-outbox", m0004),
  define("0005-quote-pricing", m0005),
  define("0006-quote-tokens", m0006),
  define("0007-rate-limits", m0007),
  define("0008-admin-documents", m0008),
  define("0009-conversations-and-secrets", m0009),
  define("0010-think-about-it-keys", m0010),
  define("0012-quote-start-keys", m0012),
  define("0013-bot-drafts", m0013),
  define("0017-widget-sightings", m0017),
  define("0020-console", m0020),
  define("0030-provider-cache", m0030),
  define("0031-tax-rates", m0031),
  define("0032-sms-opt-outs", m0032),
  define("0033-text-consent", m0033),
  define("0034-follow-ups", m0034),
  define("0035-outbox-lanes", m0035),
  define("0036-staff-language", m0036),
  define("0037-lean-outbox", m0037),
  define("0038-deliveries-by-outbox-row", m0038),
];

/** Kysely's own table of applied migrations (its default name). */
export const MIGRATION_TABLE = "kysely_migration";
/** The table the replaced runner kept; left as it was (rows included) once adopted. */
const LEGACY_MIGRATION_TABLE = "schema_migrations";
/** Any number that identifies the adoption among PostgreSQL advisory locks (the old runner's). */
const POSTGRES_ADOPTION_LOCK = 7_318_402_118;

interface MigrationTables {
  kysely_migration: { name: string; timestamp: string };
  schema_migrations: { version: number; name: string; applied_at: string };
}
const bookkeeping = (db: MigrationDb) => db as Kysely<MigrationTables>;

export interface MigrationReport {
  applied: Array<{ version: number; name: string }>;
}

function provider(dialect: Dialect, migrations: readonly MigrationDefinition[]): MigrationProvider {
  return {
    getMigrations: async () => Object.fromEntries(migrations.map((m): [string, Migration] => [m.name, { up: (db) => m.up(db, dialect) }])),
  };
}

async function tableExists(db: MigrationDb, dialect: Dialect, table: string): Promise<boolean> {
  const found =
    dialect === "sqlite"
      ? await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name = ${table}`.execute(db)
      : await sql<{ name: string }>`SELECT to_regclass(${table})::text AS name`.execute(db);
  return found.rows.some((row) => row.name === table);
}

/**
 * Adopts a database the replaced runner migrated: when `schema_migrations` is there and
 * Kysely's table is not, creates Kysely's table (as its Migrator would) and records in it
 * every migration the old runner had applied, all in one transaction, under the lock the
 * old runner took on PostgreSQL. No table is re-created and no row touched; the Migrator then
 * applies only what is newer. The old runner only ever applied its list in order, so what it
 * recorded is a prefix of MIGRATIONS; anything else is refused rather than guessed at.
 * Returns how many migrations were adopted (0: nothing to adopt).
 */
export async function adoptVersionedDatabase(db: MigrationDb, dialect: Dialect, migrations: readonly MigrationDefinition[] = MIGRATIONS): Promise<number> {
  if (!(await tableExists(db, dialect, LEGACY_MIGRATION_TABLE))) return 0;
  return db.transaction().execute(async (trx) => {
    if (dialect === "postgres") await sql`SELECT pg_advisory_xact_lock(${POSTGRES_ADOPTION_LOCK})`.execute(trx);
    if (await tableExists(trx, dialect, MIGRATION_TABLE)) return 0;
    const rows = await bookkeeping(trx).selectFrom("schema_migrations").select("version").orderBy("version").execute();
    const recorded = rows.map((row) => Number(row.version));
    const adopted = migrations.slice(0, recorded.length);
    if (recorded.some((version, i) => adopted[i]?.version !== version)) {
      throw new Error(`schema_migrations holds versions ${recorded.join(", ")}: not the first ${recorded.length} of this build's migrations`);
    }
    // Exactly the table Kysely's Migrator creates when it finds none.
    await trx.schema
      .createTable(MIGRATION_TABLE)
      .addColumn("name", "varchar(255)", (c) => c.notNull().primaryKey())
      .addColumn("timestamp", "varchar(255)", (c) => c.notNull())
      .execute();
    // One time for all: the Migrator orders equal times by name, which is the right order.
    const timestamp = new Date().toISOString();
    if (adopted.length > 0) await bookkeeping(trx).insertInto("kysely_migration").values(adopted.map((m) => ({ name: m.name, timestamp }))).execute();
    return adopted.length;
  });
}

/**
 * Adopts a database of the replaced runner if need be, then applies every pending migration.
 * All of them commit together or none does: the error is thrown, and the database is as it was.
 * Several processes starting at once are safe: the Migrator holds its lock (PostgreSQL's
 * advisory lock; SQLite's one connection) while it reads what is applied and applies the rest.
 * `migrations`: a prefix of MIGRATIONS (tests build an older database with one).
 */
export async function migrate(db: MigrationDb, dialect: Dialect, migrations: readonly MigrationDefinition[] = MIGRATIONS): Promise<MigrationReport> {
  await adoptVersionedDatabase(db, dialect, migrations);
  const migrator = new Migrator({ db, provider: provider(dialect, migrations) });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  const version = new Map(migrations.map((m) => [m.name, m.version]));
  return {
    applied: results.filter((r) => r.status === "Success").map((r) => ({ version: version.get(r.migrationName) ?? 0, name: r.migrationName })),
  };
}

/** The migrations this build knows that the database has not recorded (empty: up to date). */
export async function pendingMigrations(db: MigrationDb, dialect: Dialect, migrations: readonly MigrationDefinition[] = MIGRATIONS): Promise<MigrationDefinition[]> {
  if (!(await tableExists(db, dialect, MIGRATION_TABLE))) return [...migrations];
  const applied = new Set((await bookkeeping(db).selectFrom("kysely_migration").select("name").execute()).map((row) => row.name));
  return migrations.filter((m) => !applied.has(m.name));
}
