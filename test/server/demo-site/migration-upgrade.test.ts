// Databases made by the runner Kysely's Migrator replaced are upgraded in place, on SQLite and
// PostgreSQL: a database built with the frozen copy of that runner and its SQL
// (test/fixtures/migrations-2026-11-28) is adopted by the Migrator (its versions recorded in
// Kysely's table, no table created again, no row lost), ends with the very schema the Migrator
// builds from empty (tables, columns in order with type, nullability, default and identity,
// indexes, foreign keys, CHECK constraints), and carries on with later migrations.
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { describe, test } from "node:test";
import { sql } from "kysely";
import { connectDatabase, type AppDatabase } from "../../../server/db/database.ts";
import { migrate, MIGRATIONS, pendingMigrations, type MigrationDefinition } from "../../../server/db/migrations.ts";
import type { MigrationDb } from "../../../server/db/migrations/dialect-columns.ts";
import { openStores } from "../../../server/db/stores.ts";
import * as frozen from "../../fixtures/migrations-2026-11-28/migrations.ts";
import { LEGACY_CORE_STATEMENTS } from "../../fixtures/migrations-2026-11-28/legacy-schema.ts";
import { LEGACY_PAYMENT_STATEMENTS } from "../../fixtures/migrations-2026-11-28/payment-migrations.ts";
import { LEGACY_SERVMAN_STATEMENTS } from "../../fixtures/migrations-2026-11-28/servman-migrations.ts";
import { readRows, readSchema, tableIdentities } from "./database-schema.ts";
import { useTestDatabases } from "./postgres-server.ts";

const databases = await useTestDatabases("migration-upgrade");

const any = (database: AppDatabase): MigrationDb => database.db as MigrationDb;

/** The migrations written after the frozen runner (from 35): applied on top of an adopted database. */
const AFTER_FROZEN = MIGRATIONS.filter((m) => m.version > Math.max(...frozen.MIGRATIONS.map((f) => f.version)));

/** Opens `location`, runs `work` on it, closes it. */
async function using<T>(location: string, work: (database: AppDatabase) => Promise<T>): Promise<T> {
  const database = connectDatabase(location);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

const ADDRESS = '{"street":"1 Oak St","city":"Columbus","state":"OH","postalCode":"43017","country":"US"}';

/** Rows in the tables of migration 1, as a deployed server of the day holds them. */
async function writeInitialRows(db: MigrationDb): Promise<void> {
  await sql`INSERT INTO companies (company_id, bot_id, config) VALUES ('acme', 'lawn', '{"id":"lawn"}'), ('acme', 'pest', '{"id": "pest" }')`.execute(db);
  await sql`INSERT INTO customers (company_id, phone_number, first_name, last_name, address, address_key, lat, updated_at)
    VALUES ('acme', '6145550101', 'Ann', 'Lee', ${ADDRESS}, '1 oak st|43017', 40.1, '2026-01-01T00:00:00.000Z')`.execute(db);
  await sql`INSERT INTO quotes (id, company_id, bot_id, customer, address_key, answers, sales_tax_rate, created_at)
    VALUES ('q-old-1', 'acme', 'lawn', ${`{"firstName":"Ann","lastName":"Lee","phoneNumber":"6145550101","address":${ADDRESS}}`}, '1 oak st|43017', '{"size":"big"}', 0.0575, '2026-01-01T00:00:00.000Z')`.execute(db);
  await sql`INSERT INTO payments (company_id, idempotency_key, fingerprint, endpoint, bot_id, quote_id, payment_method, amount, currency, term, status, response, body, created_at)
    VALUES ('acme', 'key-1', 'f', 'secure', 'lawn', 'q-old-1', 'stripe', '50.00', 'USD', 'application', 'succeeded', '{"status":"succeeded"}', '{}', '2026-01-01T00:00:00.000Z')`.execute(db);
  await sql`INSERT INTO payment_requests (company_id, idempotency_key, quote_id, endpoint, outcome, created_at)
    VALUES ('acme', 'key-1', 'q-old-1', 'secure', 'charged', '2026-01-01T00:00:00.000Z')`.execute(db);
  await sql`INSERT INTO servman_orders (company_id, bot_id, client_id, contact_id, question_id, created_at) VALUES ('acme', 'lawn', 'c', 'c1', 101, 't')`.execute(db);
  await sql`INSERT INTO servman_bookings (company_id, date, employee_id, service_window_id, order_id, datetime_ticks, notes, created_at)
    VALUES ('acme', '2026-02-01', 7, 2, 40001, '638000000000000000', '', 't')`.execute(db);
}

/** Rows in the tables of the later migrations (the webhook outbox and its log, the console, follow-ups). */
async function writeLaterRows(db: MigrationDb): Promise<void> {
  await sql`INSERT INTO webhook_outbox (event_id, event_type, company_id, url, payload, next_attempt_at, created_at)
    VALUES ('e-1', 'sign-in', 'acme', 'mailto:ann@example.com', '{}', 't', 't'),
      ('e-2', 'lead', 'acme', 'https://hooks.example.com/qa', '{}', 't', 't'),
      ('e-2', 'lead', 'acme', 'mailto:owner@example.com', '{}', 't', 't')`.execute(db);
  await sql`INSERT INTO webhook_deliveries (outbox_id, event_id, url, attempt, duration_ms, attempted_at)
    SELECT id, event_id, url, 1, 12, 't' FROM webhook_outbox`.execute(db);
  await sql`INSERT INTO staff (id, company_id, email, role, created_at) VALUES ('s-1', 'acme', 'ann@example.com', 'owner', 't')`.execute(db);
  await sql`INSERT INTO lead_notes (company_id, quote_id, author, body, created_at) VALUES ('acme', 'q-old-1', 's-1', 'called', 't')`.execute(db);
  await sql`INSERT INTO follow_ups (id, company_id, quote_id, step, channel, recipient, due_at, created_at) VALUES ('f-1', 'acme', 'q-old-1', 1, 'sms', '+16145550101', 't', 't')`.execute(db);
  await sql`INSERT INTO tax_rates (company_id, postal_code, state, region_name, rate) VALUES ('acme', '43017', 'OH', 'Dublin', 0.0725)`.execute(db);
}

/** Every row of `before` is in `after`, unchanged in the columns it had (later migrations add some). */
function assertRowsKept(before: Record<string, string[]>, after: Record<string, string[]>): void {
  for (const [table, rows] of Object.entries(before)) {
    const columns = Object.keys(JSON.parse(rows[0] ?? "{}") as object);
    const projected = (after[table] ?? []).map((row) => JSON.stringify(Object.fromEntries(columns.map((column) => [column, (JSON.parse(row) as Record<string, unknown>)[column]]))));
    assert.deepEqual(projected.sort(), rows, `${table} keeps its rows`);
  }
}

/** The schema the Migrator builds on an empty database of the kind. */
async function schemaFromEmpty(kind: "sqlite" | "postgres") {
  return using(await databases.newDatabase(kind), async (database) => {
    await migrate(database.db, database.dialect);
    return readSchema(any(database), database.dialect);
  });
}

for (const { kind, name, skip } of databases.kinds) {
  describe(`${name}: a database of the replaced migration runner`, { skip }, () => {
    test("today's database (migrations 1 to 34) is adopted: nothing re-created, the later migrations applied, every row kept, the schema a new database gets", async () => {
      const location = await databases.newDatabase(kind);
      const before = await using(location, async (database) => {
        await frozen.migrate(database.db, database.dialect);
        await writeInitialRows(any(database));
        await writeLaterRows(any(database));
        return { rows: await readRows(any(database), kind), tables: await tableIdentities(any(database), kind) };
      });

      const stores = await openStores(location);
      try {
        assert.deepEqual(
          stores.database.migrations.applied,
          AFTER_FROZEN.map(({ version, name }) => ({ version, name })),
          "the frozen runner's migrations were adopted, none applied again; the later ones applied",
        );
        const db = any(stores.database);
        // Adopting re-creates nothing; on SQLite, migration 37 rebuilds the outbox and its log by
        // design (its rows are checked as every table's are, just below).
        const rebuiltLater = kind === "sqlite" ? ["webhook_outbox", "webhook_deliveries"] : [];
        const identities = await tableIdentities(db, kind);
        const notRebuilt = (tables: Record<string, string>) => Object.fromEntries(Object.entries(tables).filter(([table]) => !rebuiltLater.includes(table)));
        assert.deepEqual(notRebuilt(identities), notRebuilt(before.tables), "no table was created again");
        for (const table of rebuiltLater) assert.notEqual(identities[table], before.tables[table], `${table} was rebuilt by migration 37`);
        assertRowsKept(before.rows, await readRows(db, kind));
        // Migration 35: each outbox row written before it has its lane, by the rule the claims used.
        const lanes = await db.selectFrom("webhook_outbox").select(["event_id", "url", "lane"]).orderBy("id").execute();
        assert.deepEqual(
          lanes.map((row: { url: string; lane: string }) => [row.url, row.lane]),
          [
            ["mailto:ann@example.com", "sign-in"],
            ["https://hooks.example.com/qa", "webhook"],
            ["mailto:owner@example.com", "alert"],
          ],
        );
        assert.deepEqual(await readSchema(db, kind), await schemaFromEmpty(kind));
        const adopted = await db.selectFrom("kysely_migration").select("name").orderBy("name").execute();
        assert.deepEqual(
          adopted.map((row: { name: string }) => row.name),
          MIGRATIONS.map((m) => m.name),
        );
        const old = await db.selectFrom("schema_migrations").select("version").orderBy("version").execute();
        assert.deepEqual(
          old.map((row: { version: number }) => Number(row.version)),
          frozen.MIGRATIONS.map((m) => m.version),
          "the old record is left as it was",
        );
        assert.deepEqual(await pendingMigrations(db, kind), []);
        // The stores work on it, and the generated ids carry on from the old rows.
        assert.deepEqual((await stores.quotes.find("acme", "q-old-1"))?.answers, { size: "big" });
        const order = await stores.servman.createOrder({ companyId: "acme", botId: "lawn", clientId: "d", contactId: "d1", questionId: 101, notes: null, isTest: false, createdAt: "t" });
        assert.equal(order.id, 40002);
        // Migration 37: the outbox's ids carry on after the largest without AUTOINCREMENT's
        // counter, an event's rows are written as before, and the delivery log still refers to
        // the outbox (a delivery of a row that is not there is refused).
        const largest = Number(((await db.selectFrom("webhook_outbox").select((eb: any) => eb.fn.max("id").as("id")).executeTakeFirstOrThrow()) as { id: number | string }).id);
        await stores.outbox.enqueueSignIn({ companyId: "acme", email: "new@example.com", link: "https://example.com/in", invitedBy: null, createdAt: "2026-11-29T00:00:00.000Z" });
        const added = await db.selectFrom("webhook_outbox").select(["id", "url"]).where("id", ">", largest).execute();
        assert.deepEqual(added.map((row: { id: number | string; url: string }) => [Number(row.id), row.url]), [[largest + 1, "mailto:new@example.com"]]);
        const orphan = { outbox_id: largest + 100, event_id: "e", url: "u", attempt: 1, status_code: 200, error: null, duration_ms: 1, attempted_at: "t" };
        await assert.rejects(db.insertInto("webhook_deliveries").values(orphan).execute(), /FOREIGN KEY|foreign key/);
      } finally {
        await stores.close();
      }
    });

    test("an older build's database (through migration 8) is adopted and gets the migrations after it", async () => {
      const location = await databases.newDatabase(kind);
      const rowsBefore = await using(location, async (database) => {
        await frozen.migrate(
          database.db,
          database.dialect,
          frozen.MIGRATIONS.filter((m) => m.version <= 8),
        );
        await writeInitialRows(any(database));
        return readRows(any(database), kind);
      });
      await using(location, async (database) => {
        const report = await migrate(database.db, database.dialect);
        assert.deepEqual(
          report.applied.map((m) => m.version),
          MIGRATIONS.filter((m) => m.version > 8).map((m) => m.version),
        );
        const db = any(database);
        assert.deepEqual(await readSchema(db, kind), await schemaFromEmpty(kind));
        assertRowsKept(rowsBefore, await readRows(db, kind));
      });
    });

    test("after the adoption a later migration applies, once", async () => {
      const location = await databases.newDatabase(kind);
      await using(location, (database) => frozen.migrate(database.db, database.dialect));
      const version = MIGRATIONS.at(-1)!.version + 1;
      const later: MigrationDefinition = {
        name: `${String(version).padStart(4, "0")}-test-later`,
        version,
        up: async (db) => {
          await db.schema.alterTable("quotes").addColumn("later_note", "text").execute();
        },
      };
      await using(location, async (database) => {
        assert.deepEqual((await migrate(database.db, database.dialect, [...MIGRATIONS, later])).applied, [...AFTER_FROZEN, later].map(({ version, name }) => ({ version, name })));
        assert.deepEqual((await migrate(database.db, database.dialect, [...MIGRATIONS, later])).applied, []);
        await sql`UPDATE quotes SET later_note = 'x'`.execute(database.db);
      });
    });

    test("a record that is not a prefix of this build's migrations is refused, and nothing changes", async () => {
      const location = await databases.newDatabase(kind);
      await using(location, async (database) => {
        await frozen.migrate(database.db, database.dialect);
        await sql`INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'from another branch', 't')`.execute(database.db);
        await assert.rejects(migrate(database.db, database.dialect), /schema_migrations holds versions .*99: not the first 20/);
        assert.equal((await pendingMigrations(any(database), kind)).length, MIGRATIONS.length, "no Kysely table was left behind");
      });
    });
  });
}

const postgresSkip = databases.kinds.find((k) => k.kind === "postgres")?.skip ?? false;
describe("PostgreSQL: two processes adopting one database at once", { skip: postgresSkip }, () => {
  test("both start; each migration is recorded once", async () => {
    const location = await databases.newDatabase("postgres");
    await using(location, (database) => frozen.migrate(database.db, database.dialect));
    const [a, b] = [connectDatabase(location), connectDatabase(location)];
    try {
      const reports = await Promise.all([migrate(a.db, a.dialect), migrate(b.db, b.dialect)]);
      // Each later migration applied by one of the two, once.
      assert.deepEqual(
        reports.flatMap((report) => report.applied.map((m) => m.version)).sort((x, y) => x - y),
        AFTER_FROZEN.map((m) => m.version),
      );
      const rows = await any(a).selectFrom("kysely_migration").select("name").execute();
      assert.equal(rows.length, MIGRATIONS.length);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe("SQLite: a demo database made before versioned migrations", () => {
  test("gets the schema a new database gets, its rows kept", async () => {
    const location = await databases.newDatabase("sqlite");
    const rowsBefore = await using(location, async (database) => {
      // What the releases before versioned migrations ran at every start.
      for (const statement of [...LEGACY_CORE_STATEMENTS, ...LEGACY_PAYMENT_STATEMENTS, ...LEGACY_SERVMAN_STATEMENTS]) await sql.raw(statement).execute(database.db);
      await writeInitialRows(any(database));
      return readRows(any(database), "sqlite");
    });
    await using(location, async (database) => {
      assert.equal((await migrate(database.db, database.dialect)).applied.length, MIGRATIONS.length);
      assert.deepEqual(await readSchema(any(database), "sqlite"), await schemaFromEmpty("sqlite"));
      assertRowsKept(rowsBefore, await readRows(any(database), "sqlite"));
    });
  });
});

test("every file in server/db/migrations/ is listed in MIGRATIONS, in name order, its number its version", () => {
  const files = readdirSync(new URL("../../../server/db/migrations/", import.meta.url))
    .filter((file) => /^\d{4}-.*\.ts$/.test(file))
    .map((file) => file.slice(0, -".ts".length));
  assert.deepEqual(
    MIGRATIONS.map((m) => m.name),
    [...files].sort(),
  );
  assert.deepEqual(
    MIGRATIONS.map((m) => m.version),
    files.sort().map((file) => Number(file.slice(0, 4))),
  );
});
