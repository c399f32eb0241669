// GET /readyz: the database answers and its schema is in place. One small function, so that
// the data-access layer's own check (migrations recorded and applied) can replace it.
import type { DemoDatabase } from "../db/database.ts";

export type Readiness = { ok: true } | { ok: false; reason: string };

/** Tables the API cannot run without; a database missing one has not been migrated. */
const REQUIRED_TABLES = ["companies", "quotes", "customers", "payments"];

export function checkDatabaseReady(db: DemoDatabase): Readiness {
  try {
    db.prepare("SELECT 1").get();
    const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
    const present = new Set(rows.map((row) => row.name));
    const missing = REQUIRED_TABLES.filter((table) => !present.has(table));
    return missing.length === 0 ? { ok: true } : { ok: false, reason: `migrations not applied: no table ${missing.join(", ")}` };
  } catch (error) {
    return { ok: false, reason: `database unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
}
