// The data-access layer's connection: one Kysely instance over SQLite (libsql's embedded,
// better-sqlite3-style driver: a file, or ":memory:") or PostgreSQL (`pg`), chosen by the
// URL alone. Everything above this file is the same code for both.
import Database from "libsql";
import { CompiledQuery, Kysely, PostgresDialect, sql, SqliteAdapter, SqliteDialect, SqliteDriver, type DatabaseConnection, type SqliteDatabase, type SqliteDialectConfig, type SqliteStatement } from "kysely";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import pg from "pg";
import { migrate, pendingMigrations, type Dialect, type MigrationReport } from "./migrations.ts";
import type { Schema } from "./schema.ts";

export type { Dialect } from "./migrations.ts";

/** A raw SQLite handle (libsql's synchronous API): tests and debugging read a store file with it. */
export type DemoDatabase = Database.Database;

export interface AppDatabase {
  db: Kysely<Schema>;
  dialect: Dialect;
  close(): Promise<void>;
}

/**
 * SQLite runs DDL in transactions as well as PostgreSQL does; Kysely's adapter says it does not
 * only to stay safe for every SQLite driver. Saying so lets its Migrator apply the pending
 * migrations in one transaction here too, as on PostgreSQL (migrations.ts).
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}
/**
 * Transactions begin IMMEDIATE: with the write lock taken at BEGIN, a second connection to the
 * file (a second server process, the migrate or tax-rates commands) makes a transaction wait
 * for its turn (busy_timeout). A plain (deferred) BEGIN reads first and then asks for the lock,
 * and SQLite fails that at once with "database is locked" when the other connection wrote in
 * between (tried with the outbox worker on a second connection: 1,012 of 12,000 bench:load
 * requests failed so). Within this process Kysely runs one transaction at a time on the one
 * connection, so nothing here waits longer.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}
class AppSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//.test(url);

function sqlitePath(location: string): string {
  return location.startsWith("file:") ? location.slice("file:".length) : location;
}

/**
 * Connects to `location`: `postgres://…` (or `postgresql://…`) for PostgreSQL; otherwise a
 * SQLite file path (`file:` prefix allowed), or ":memory:" for a private store that vanishes
 * on close. Does not migrate: see openAppDatabase.
 */
export function connectDatabase(location: string): AppDatabase {
  if (isPostgresUrl(location)) {
    const pool = new pg.Pool({ connectionString: location, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }
  const path = sqlitePath(location);
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const file = new Database(path);
  if (path !== ":memory:") {
    // WAL lets a second reader (a test, the sqlite3 CLI) look in without blocking us; a
    // second process writing waits for the lock instead of failing at once.
    file.pragma("journal_mode = WAL");
    file.pragma("busy_timeout = 5000");
    // A server's page cache, not SQLite's 2 MB default (pages are allocated as they are used):
    // under bench:load the outbox's rows evicted the quotes' pages, and every other statement
    // of a request got 7-26 % slower on the API's thread (issue 34); with 64 MB, none did.
    file.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  }
  file.pragma("foreign_keys = ON");
  // Kysely runs one statement at a time on this single connection and holds it for a whole
  // transaction, so transactions on SQLite are serialised within the process.
  const db = new Kysely<Schema>({ dialect: new AppSqliteDialect({ database: withStatementCache(file) }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/** SQLite's page cache per connection, in KiB (a negative cache_size is KiB, not pages). */
const SQLITE_CACHE_KIB = 65_536;

/** Prepared statements kept, by their SQL text, the most recently used first. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The file as Kysely's SQLite driver uses it (prepare, close), each SQL text prepared once:
 * the driver prepares every statement it runs, and preparing took about a tenth of the
 * server's CPU under bench:load. Kysely runs one statement at a time on this connection
 * (nothing here streams), so a statement is never in use twice; SQLite re-prepares a kept one
 * by itself when the schema changes (a migration).
 */
function withStatementCache(file: Database.Database): SqliteDatabase {
  const kept = new Map<string, SqliteStatement>();
  return {
    prepare(source: string) {
      let statement = kept.get(source);
      if (statement) kept.delete(source);
      else {
        statement = file.prepare(source);
        if (kept.size >= STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value!);
      }
      kept.set(source, statement);
      return statement;
    },
    close() {
      kept.clear();
      return file.close();
    },
  };
}

/** Connects and applies every pending migration (what a server does at start). */
export async function openAppDatabase(location: string): Promise<AppDatabase & { migrations: MigrationReport }> {
  const database = connectDatabase(location);
  try {
    const migrations = await migrate(database.db, database.dialect);
    return { ...database, migrations };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Readiness (GET /readyz): the database answers and every migration this build knows is
 * applied. Never throws; `reason` says what is wrong, without connection details.
 */
export async function checkReady(database: Pick<AppDatabase, "db" | "dialect">): Promise<{ ok: boolean; reason?: string }> {
  try {
    await sql`SELECT 1`.execute(database.db);
  } catch {
    return { ok: false, reason: "database unreachable" };
  }
  try {
    const pending = await pendingMigrations(database.db, database.dialect);
    if (pending.length > 0) return { ok: false, reason: `migrations pending: ${pending.map((m) => m.name).join(", ")}` };
  } catch {
    return { ok: false, reason: "migrations not applied" };
  }
  return { ok: true };
}

/** Opens a SQLite store file with libsql's synchronous API, without migrating (tests read with it). */
export function openDatabase(path: string): DemoDatabase {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  if (path !== ":memory:") db.pragma("journal_mode = WAL");
  return db;
}
