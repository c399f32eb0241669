// Migration 20: the company's console (issue 24). Staff of one company each (owner or staff),
// their one-time sign-in links and sessions kept as SHA-256 hashes, the console's alert
// settings, the staff's own status and notes on a lead, and the widget's 'opened the chat'
// beacon for the funnel. The outbox also carries e-mail: a row whose url is `mailto:<address>`
// is a message (an alert, or a sign-in link, event type 'sign-in'); so the event type's CHECK
// widens, which SQLite can only do by rebuilding the table (and its delivery log, which refers
// to it), copying every row with its id; PostgreSQL replaces the constraint.
import { json, oneOf, rowId, type MigrationDb } from "./dialect-columns.ts";
import type { Dialect } from "../dialect.ts";

const OUTBOX_EVENT_TYPES = ["lead", "objection", "purchase", "booking", "sign-in"];

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await consoleTables(db, dialect);
  if (dialect === "sqlite") await rebuildOutboxSqlite(db);
  else {
    await db.schema.alterTable("webhook_outbox").dropConstraint("webhook_outbox_event_type_check").execute();
    await db.schema.alterTable("webhook_outbox").addCheckConstraint("webhook_outbox_event_type_check", oneOf("event_type", OUTBOX_EVENT_TYPES)).execute();
  }
}

async function consoleTables(db: MigrationDb, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable("staff")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("role", "text", (c) => c.notNull().check(oneOf("role", ["owner", "staff"])))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .execute();
  await db.schema.createIndex("staff_by_company").on("staff").column("company_id").execute();
  await db.schema
    .createTable("staff_sign_in_links")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createTable("staff_sessions")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("staff_id", "text", (c) => c.notNull().references("staff.id").onDelete("cascade"))
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("csrf_token", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("staff_sessions_by_staff").on("staff_sessions").column("staff_id").execute();
  await db.schema
    .createTable("console_settings")
    .addColumn("company_id", "text", (c) => c.primaryKey())
    .addColumn("alert_emails", "text", json(dialect, "alert_emails", { notNull: true }))
    .addColumn("alert_events", "text", json(dialect, "alert_events", { notNull: true }))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("lead_status")
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("quote_id", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", ["new", "contacted", "won", "lost"])))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lead_status_pkey", ["company_id", "quote_id"])
    .execute();
  await db.schema
    .createTable("lead_notes")
    .addColumn("id", ...rowId(dialect))
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("quote_id", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("lead_notes_by_quote").on("lead_notes").columns(["company_id", "quote_id"]).execute();
  await db.schema
    .createTable("chat_opens")
    .addColumn("id", ...rowId(dialect))
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("attribution", "text", json(dialect, "attribution"))
    .addColumn("opened_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("chat_opens_by_company").on("chat_opens").columns(["company_id", "opened_at"]).execute();
  await db.schema.createIndex("quotes_by_company_created").on("quotes").columns(["company_id", "created_at"]).execute();
}

const OUTBOX_COLUMNS = ["id", "event_id", "event_type", "company_id", "url", "payload", "state", "attempts", "next_attempt_at", "claimed_until", "created_at", "delivered_at"];
const DELIVERY_COLUMNS = ["id", "outbox_id", "event_id", "url", "attempt", "status_code", "error", "duration_ms", "attempted_at"];

/** Migration 4's tables again, with the wider event types, every row copied with its id. */
async function rebuildOutboxSqlite(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("webhook_outbox_v20")
    .addColumn("id", ...rowId("sqlite"))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull().check(oneOf("event_type", OUTBOX_EVENT_TYPES)))
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("payload", "text", json("sqlite", "payload", { notNull: true }))
    .addColumn("state", "text", (c) => c.notNull().defaultTo("pending").check(oneOf("state", ["pending", "delivered", "dead"])))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("claimed_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("delivered_at", "text")
    .addUniqueConstraint("webhook_outbox_event_id_url_key", ["event_id", "url"])
    .execute();
  await db.insertInto("webhook_outbox_v20").columns(OUTBOX_COLUMNS).expression(db.selectFrom("webhook_outbox").select(OUTBOX_COLUMNS)).execute();
  await db.schema
    .createTable("webhook_deliveries_v20")
    .addColumn("id", ...rowId("sqlite"))
    .addColumn("outbox_id", "bigint", (c) => c.notNull().references("webhook_outbox_v20.id"))
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("status_code", "integer")
    .addColumn("error", "text")
    .addColumn("duration_ms", "integer", (c) => c.notNull())
    .addColumn("attempted_at", "text", (c) => c.notNull())
    .execute();
  await db.insertInto("webhook_deliveries_v20").columns(DELIVERY_COLUMNS).expression(db.selectFrom("webhook_deliveries").select(DELIVERY_COLUMNS)).execute();
  await db.schema.dropTable("webhook_deliveries").execute();
  await db.schema.dropTable("webhook_outbox").execute();
  // Renaming the parent rewrites the delivery log's reference to it.
  await db.schema.alterTable("webhook_outbox_v20").renameTo("webhook_outbox").execute();
  await db.schema.alterTable("webhook_deliveries_v20").renameTo("webhook_deliveries").execute();
  await db.schema.createIndex("webhook_outbox_due").on("webhook_outbox").columns(["state", "next_attempt_at"]).execute();
  await db.schema.createIndex("webhook_deliveries_by_event").on("webhook_deliveries").column("event_id").execute();
}
