// Migration 4: leads and sales for the company (docs/api.md "Webhooks"): its server-only
// delivery settings, the outbox written in the transaction of the event it reports (one row per
// event and URL), and the log of every delivery attempt. Times are ISO strings, compared as text.
import { json, oneOf, rowId, type MigrationDb } from "./dialect-columns.ts";
import type { Dialect } from "../dialect.ts";

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("company_delivery")
    .addColumn("company_id", "text", (c) => c.primaryKey())
    .addColumn("webhook_urls", "text", (c) => json(dialect, "webhook_urls", { notNull: true })(c.defaultTo("[]")))
    .addColumn("webhook_secret", "text")
    .addColumn("api_key", "text")
    .execute();
  await db.schema
    .createTable("webhook_outbox")
    .addColumn("id", ...rowId(dialect))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull().check(oneOf("event_type", ["lead", "objection", "purchase", "booking"])))
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("payload", "text", json(dialect, "payload", { notNull: true }))
    .addColumn("state", "text", (c) => c.notNull().defaultTo("pending").check(oneOf("state", ["pending", "delivered", "dead"])))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .addUniqueConstraint("webhook_outbox_event_id_url_key", ["event_id", "url"])
    .execute();
  await db.schema.createIndex("webhook_outbox_due").on("webhook_outbox").columns(["state", "next_attempt_at"]).execute();
  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("id", ...rowId(dialect))
    .addColumn("outbox_id", "bigint", (c) => c.notNull().references("webhook_outbox.id"))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("webhook_deliveries_by_event").on("webhook_deliveries").column("event_id").execute();
}
