// `npm run migrate`: applies the pending database migrations and says which. The database is
// $DATABASE_URL (postgres://…, or a SQLite file path), else the demo's SQLite file.
import { openAppDatabase } from "./database.ts";
import { DEFAULT_DB_FILE } from "./default-database.ts";

const location = process.env.DATABASE_URL || DEFAULT_DB_FILE;
try {
  const database = await openAppDatabase(location);
  await database.close();
  const { applied } = database.migrations;
  const where = database.dialect === "postgres" ? "PostgreSQL" : `SQLite ${location}`;
  if (applied.length === 0) console.log(`${where}: up to date`);
  for (const migration of applied) console.log(`${where}: applied ${migration.name}`);
} catch (error) {
  console.error(`migration failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
