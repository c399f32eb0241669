// Migration 34 (issue 34): follow-ups to a homeowner who left a quote: one row per quote and step
// of the bot's schedule (UNIQUE: each goes once, whichever server process plans it), claimed with
// a lease like the outbox's rows; the quote's last activity (the schedule counts from it) and why
// its follow-ups stopped (unsubscribed, handled); the addresses that unsubscribed from a company.
import { oneOf, type MigrationDb } from "./dialect-columns.ts";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("follow_ups")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("quote_id", "text", (c) => c.notNull())
    .addColumn("step", "integer", (c) => c.notNull())
    .addColumn("channel", "text", (c) => c.notNull().check(oneOf("channel", ["sms", "email"])))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull().defaultTo("pending").check(oneOf("state", ["pending", "sent", "stopped", "failed"])))
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("claimed_until", "text")
    .addColumn("provider_id", "text")
    .addColumn("delivery_status", "text")
    .addColumn("outcome", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addUniqueConstraint("follow_ups_quote_id_step_key", ["quote_id", "step"])
    .execute();
  await db.schema.createIndex("follow_ups_due").ifNotExists().on("follow_ups").columns(["state", "due_at"]).execute();
  await db.schema.createIndex("follow_ups_by_provider_id").ifNotExists().on("follow_ups").column("provider_id").execute();
  await db.schema
    .createTable("email_opt_outs")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("opted_out_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("email_opt_outs_pkey", ["company_id", "email"])
    .execute();
  await db.schema.alterTable("quotes").addColumn("last_activity_at", "text").execute();
  await db.schema.alterTable("quotes").addColumn("follow_ups_stopped", "text").execute();
  // When the worker need not look at the quote again: its next step's time, or never when its
  // schedule is done (a thousand quotes waiting for their 3-day e-mail must not hide a new one).
  await db.schema.alterTable("quotes").addColumn("follow_up_check_at", "text").execute();
}
