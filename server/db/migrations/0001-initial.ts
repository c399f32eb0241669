// Migration 1: the schema of the pre-versioning releases (companies, customers, quotes; the
// payment tables; the simulated ServMan account). Every table and index is created only if it
// is not there (IF NOT EXISTS), so a demo database made before versioned migrations is adopted
// with its rows. JSON columns hold shapes of src/contract/shared-schemas.ts, validated before
// they are written. Constraint names are PostgreSQL's own defaults (`<table>_pkey`), as the
// hand-written SQL of that time got them.
import { sql } from "kysely";
import { double, json, oneOf, rowId, seq, type MigrationDb } from "./dialect-columns.ts";
import type { Dialect } from "../dialect.ts";

export async function up(db: MigrationDb, dialect: Dialect): Promise<void> {
  await coreTables(db, dialect);
  await paymentTables(db, dialect);
  await servmanTables(db, dialect);
}

async function coreTables(db: MigrationDb, dialect: Dialect): Promise<void> {
  // One row per company bot. `config` is the raw fixture JSON, served as is: the widget
  // validates it and applies defaults itself, so the backend must not normalise it.
  await db.schema
    .createTable("companies")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("config", "text", json(dialect, "config", { notNull: true }))
    .$call(seq(dialect))
    .addPrimaryKeyConstraint("companies_pkey", ["company_id", "bot_id"])
    .execute();
  // A company's customers, known by phone (the returning-visitor lookup). `address_key` is
  // the normalised street and postal code, for the previous-quote check by address.
  await db.schema
    .createTable("customers")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("phone_number", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("address", "text", json(dialect, "address", { notNull: true }))
    .addColumn("address_key", "text", (c) => c.notNull())
    .addColumn("lat", double(dialect))
    .addColumn("lng", double(dialect))
    .addColumn("estimate", "text", json(dialect, "estimate"))
    .addColumn("quote_id", "text")
    .addColumn("crm_id", "text")
    .addColumn("crm_data", "text", json(dialect, "crm_data"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .$call(seq(dialect))
    .addPrimaryKeyConstraint("customers_pkey", ["company_id", "phone_number"])
    .execute();
  await db.schema.createIndex("customers_by_address").ifNotExists().on("customers").columns(["company_id", "address_key"]).execute();
  // One row per started quote (the chat record). `customer` is the visitor as sent to
  // POST /v1/quote/start, with the location recorded later.
  await db.schema
    .createTable("quotes")
    .ifNotExists()
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("customer", "text", json(dialect, "customer", { notNull: true }))
    .addColumn("address_key", "text", (c) => c.notNull())
    .addColumn("crm_id", "text")
    .addColumn("contact_id", "text")
    .addColumn("branch_id", "text")
    .addColumn("source", "text", json(dialect, "source"))
    .addColumn("referrer", "text")
    .addColumn("additional_source_info", "text")
    .addColumn("sales_tax_rate", double(dialect))
    .addColumn("service_types", "text", (c) => json(dialect, "service_types", { notNull: true })(c.defaultTo("[]")))
    .addColumn("recommended_programs", "text", (c) => json(dialect, "recommended_programs", { notNull: true })(c.defaultTo("[]")))
    .addColumn("answers", "text", (c) => json(dialect, "answers", { notNull: true })(c.defaultTo("{}")))
    .addColumn("last_step_id", "text")
    .addColumn("converted_sale", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("has_price_blocks", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("estimate", "text", json(dialect, "estimate"))
    .addColumn("adjusted_lot_size", double(dialect))
    .addColumn("crm_data", "text", json(dialect, "crm_data"))
    .addColumn("is_test", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .$call(seq(dialect))
    .execute();
  await db.schema.createIndex("quotes_by_address").ifNotExists().on("quotes").columns(["company_id", "address_key", "created_at"]).execute();
}

async function paymentTables(db: MigrationDb, dialect: Dialect): Promise<void> {
  // One row per payment action: the key the widget sent, a fingerprint of the body (the same
  // key with another body is refused), and the answer given, replayed for a repeated key.
  await db.schema
    .createTable("payments")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("fingerprint", "text", (c) => c.notNull())
    .addColumn("endpoint", "text", (c) => c.notNull().check(oneOf("endpoint", ["secure", "device"])))
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("quote_id", "text", (c) => c.notNull())
    .addColumn("payment_method", "text", (c) => c.notNull())
    .addColumn("amount", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("term", "text", (c) => c.notNull())
    .addColumn("token", "text")
    .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", ["processing", "succeeded", "failed"])))
    .addColumn("transaction_id", "text")
    .addColumn("response", "text", json(dialect, "response"))
    .addColumn("body", "text", json(dialect, "body", { notNull: true }))
    .addColumn("is_test", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .$call(seq(dialect))
    .addPrimaryKeyConstraint("payments_pkey", ["company_id", "idempotency_key"])
    .execute();
  await db.schema.createIndex("payments_by_quote").ifNotExists().on("payments").columns(["company_id", "quote_id"]).execute();
  // Every payment request that reached the backend, whatever became of it: tests count them.
  await db.schema
    .createTable("payment_requests")
    .ifNotExists()
    .addColumn("id", ...rowId(dialect))
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("quote_id", "text", (c) => c.notNull())
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull().check(oneOf("outcome", ["charged", "declined", "replayed", "in-progress", "key-conflict"])))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // Tokens the stand-in card vault and CRM payment frame issued, with what the test card will do.
  await db.schema
    .createTable("card_tokens")
    .ifNotExists()
    .addColumn("token", "text", (c) => c.primaryKey())
    .addColumn("issuer", "text", (c) => c.notNull().check(oneOf("issuer", ["vault", "crm"])))
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("brand", "text", (c) => c.notNull())
    .addColumn("last4", "text", (c) => c.notNull())
    .addColumn("exp_month", "integer")
    .addColumn("exp_year", "integer")
    .addColumn("used", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // Real Green payment sessions (POST /v1/quote/crm/realgreen/payment): the frame opens with one.
  await db.schema
    .createTable("realgreen_payment_sessions")
    .ifNotExists()
    .addColumn("token", "text", (c) => c.primaryKey())
    .addColumn("id", "text", (c) => c.notNull().unique())
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("crm_id", "text", (c) => c.notNull())
    .addColumn("amount", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  // 'I NEED TO THINK ABOUT IT' leads, one per quote (the latest reason and comments win).
  await db.schema
    .createTable("think_about_it_leads")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("quote_id", "text", (c) => c.notNull())
    .addColumn("rg_cust_id", "text")
    .addColumn("reason", "text")
    .addColumn("comments", "text")
    .addColumn("is_test", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("think_about_it_leads_pkey", ["company_id", "quote_id"])
    .execute();
}

// The simulated ServMan account: service orders (POST /v1/servman/order) and the time windows
// booked for them (POST /v1/servman/schedule/confirm).
async function servmanTables(db: MigrationDb, dialect: Dialect): Promise<void> {
  // Order numbers that look like a CRM's: the first order is 40001.
  await db.schema
    .createTable("servman_orders")
    .ifNotExists()
    .addColumn("id", "integer", (c) =>
      dialect === "sqlite" ? c.primaryKey().autoIncrement() : c.modifyFront(sql`GENERATED BY DEFAULT AS IDENTITY (START WITH 40001)`).primaryKey(),
    )
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("bot_id", "text", (c) => c.notNull())
    .addColumn("client_id", "text", (c) => c.notNull())
    .addColumn("contact_id", "text", (c) => c.notNull())
    .addColumn("question_id", "integer", (c) => c.notNull())
    .addColumn("notes", "text")
    .addColumn("is_test", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  if (dialect === "sqlite") {
    await sql`INSERT INTO sqlite_sequence (name, seq)
      SELECT 'servman_orders', 40000 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'servman_orders')`.execute(db);
  }
  // One booking per technician, day and window (two visitors cannot both have it) and one
  // per order (a confirmed window is not changed).
  await db.schema
    .createTable("servman_bookings")
    .ifNotExists()
    .addColumn("company_id", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("employee_id", "integer", (c) => c.notNull())
    .addColumn("service_window_id", "integer", (c) => c.notNull())
    .addColumn("order_id", "integer", (c) => c.notNull().unique().references("servman_orders.id"))
    .addColumn("datetime_ticks", "text", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull())
    .addColumn("is_test", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("servman_bookings_pkey", ["company_id", "date", "employee_id", "service_window_id"])
    .execute();
}
