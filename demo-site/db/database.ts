// Opens the demo store (SQLite through libsql's synchronous, better-sqlite3-style API) and
// brings its schema up to date.
import Database from "libsql";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS } from "./migrations.ts";
import { PAYMENT_MIGRATIONS } from "./payment-migrations.ts";

export type DemoDatabase = Database.Database;

/** `:memory:` gives a private store that vanishes on close (tests); a path persists. */
export function openDatabase(path: string): DemoDatabase {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  // WAL lets a second reader (sqlite3 CLI while debugging) look in without blocking us.
  if (path !== ":memory:") db.pragma("journal_mode = WAL");
  for (const statement of [...MIGRATIONS, ...PAYMENT_MIGRATIONS]) db.exec(statement);
  return db;
}
