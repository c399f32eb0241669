// Migration 37 (issue 34): the outbox row that a quote start or a payment writes in its own
// transaction costs the API less. Two things it kept up on every insert are read by nothing:
// the unique index on (event_id, url) (each event's rows are written once, by one INSERT), and
// on SQLite AUTOINCREMENT's counter in sqlite_sequence (row ids here are only ever added: no
// outbox row is deleted, so the largest id is never reused without it). Each was a page more
// in every event's commit. SQLite measured the CPU of a write transaction with an event's
// two rows at 0.204 ms against 0.169 ms without both, and 0.106 ms with no outbox row at all.
// SQLite drops neither without rebuilding the table (and its delivery log, which refers to it),
// copying every row with its id, as migration 20 did; PostgreSQL drops the constraint.
import { json, oneOf, rowId, type MigrationDb } from "./dialect-columns.ts";
import type { Dialect } from "../dialect.ts";

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") {
    await db.schema.alterTable("webhook_outbox").dropConstraint("webhook_outbox_event_id_url_key").execute();
    return;
  }
  await db.schema
    .createTable("webhook_outbox_v37")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull().check(oneOf("event_type", ["lead", "objection", "purchase", "booking", "sign-in"])))
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("payload", "text", json("sqlite", "payload", { notNull: true }))
    .addColumn("state", "text", (c) => c.notNull().defaultTo("pending").check(oneOf("state", ["pending", "delivered", "dead"])))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .addColumn("lane", "text", (c) => c.notNull().defaultTo("webhook").check(oneOf("lane", ["sign-in", "webhook", "alert"])))
    .execute();
  await db.insertInto("webhook_outbox_v37").columns(OUTBOX_COLUMNS).expression(db.selectFrom("webhook_outbox").select(OUTBOX_COLUMNS)).execute();
  await db.schema
    .createTable("webhook_deliveries_v37")
    .addColumn("id", ...rowId("sqlite"))
    .addColumn("outbox_id", "bigint", (c) => c.notNull().references("webhook_outbox_v37.id"))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .execute();
  await db.insertInto("webhook_deliveries_v37").columns(DELIVERY_COLUMNS).expression(db.selectFrom("webhook_deliveries").select(DELIVERY_COLUMNS)).execute();
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhook_outbox").execute();
  // Renaming the parent rewrites the delivery log's reference to it.
  await db.schema.alterTable("webhook_outbox_v37").renameTo("webhook_outbox").execute();
  await db.schema.alterTable("webhook_deliveries_v37").renameTo("webhook_deliveries").execute();
  await db.schema.createIndex("webhook_outbox_lane_due").on("webhook_outbox").columns(["lane", "state", "next_attempt_at", "id"]).execute();
  await db.schema.createIndex("webhook_deliveries_by_event").on("webhook_deliveries").column("event_id").execute();
  await db.schema.createIndex("webhook_deliveries_by_url").on("webhook_deliveries").columns(["url", "attempted_at"]).execute();
}

const OUTBOX_COLUMNS = ["id", "event_id", "event_type", "company_id", "url", "payload", "state", "attempts", "next_attempt_at", "claimed_until", "created_at", "delivered_at", "lane"];
const DELIVERY_COLUMNS = ["id", "outbox_id", "event_id", "url", "attempt", "status_code", "error", "duration_ms", "attempted_at"];
