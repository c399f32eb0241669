// Versioned migrations: numbered, applied in order, each once and in its own transaction,
// and recorded in `schema_migrations`. The same numbered set runs on SQLite and PostgreSQL;
// where the two dialects spell a table differently (AUTOINCREMENT against IDENTITY, REAL
// against DOUBLE PRECISION, json_valid against a jsonb cast) a migration carries both.
// Migration 1 is the schema of the pre-versioning releases: on SQLite it is literally their
// `CREATE ... IF NOT EXISTS` statements, so an existing demo database is adopted with its rows.
// Append new migrations at the end; never edit one that has shipped. Over 300 lines on purpose:
// the numbered list is the schema's history, read top to bottom in one place.
import { sql, type Kysely, type Transaction } from "kysely";
import { LEGACY_SERVMAN_STATEMENTS } from "../servman/servman-migrations.ts";
import { LEGACY_CORE_STATEMENTS } from "./legacy-schema.ts";
import { LEGACY_PAYMENT_STATEMENTS } from "./payment-migrations.ts";
import type { Schema } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

export interface Migration {
  version: number;
  name: string;
  statements: Record<Dialect, readonly string[]>;
}

// PostgreSQL has no rowid: tables whose insertion order the stores read get a `seq` column.
const POSTGRES_INITIAL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS companies (
    company_id TEXT NOT NULL,
    bot_id     TEXT NOT NULL,
    config     TEXT NOT NULL CHECK ((config::jsonb) IS NOT NULL),
    seq        BIGINT GENERATED ALWAYS AS IDENTITY,
    PRIMARY KEY (company_id, bot_id)
  )`,
  `CREATE TABLE IF NOT EXISTS customers (
    company_id   TEXT NOT NULL,
    phone_number TEXT NOT NULL,
    first_name   TEXT NOT NULL,
    last_name    TEXT NOT NULL,
    email        TEXT,
    address      TEXT NOT NULL CHECK ((address::jsonb) IS NOT NULL),
    address_key  TEXT NOT NULL,
    lat          DOUBLE PRECISION,
    lng          DOUBLE PRECISION,
    estimate     TEXT CHECK (estimate IS NULL OR (estimate::jsonb) IS NOT NULL),
    quote_id     TEXT,
    crm_id       TEXT,
    crm_data     TEXT CHECK (crm_data IS NULL OR (crm_data::jsonb) IS NOT NULL),
    updated_at   TEXT NOT NULL,
    seq          BIGINT GENERATED ALWAYS AS IDENTITY,
    PRIMARY KEY (company_id, phone_number)
  )`,
  `CREATE INDEX IF NOT EXISTS customers_by_address ON customers (company_id, address_key)`,
  `CREATE TABLE IF NOT EXISTS quotes (
    id                     TEXT PRIMARY KEY,
    company_id             TEXT NOT NULL,
    bot_id                 TEXT NOT NULL,
    customer               TEXT NOT NULL CHECK ((customer::jsonb) IS NOT NULL),
    address_key            TEXT NOT NULL,
    crm_id                 TEXT,
    contact_id             TEXT,
    branch_id              TEXT,
    source                 TEXT CHECK (source IS NULL OR (source::jsonb) IS NOT NULL),
    referrer               TEXT,
    additional_source_info TEXT,
    sales_tax_rate         DOUBLE PRECISION,
    service_types          TEXT NOT NULL DEFAULT '[]' CHECK ((service_types::jsonb) IS NOT NULL),
    recommended_programs   TEXT NOT NULL DEFAULT '[]' CHECK ((recommended_programs::jsonb) IS NOT NULL),
    answers                TEXT NOT NULL DEFAULT '{}' CHECK ((answers::jsonb) IS NOT NULL),
    last_step_id           TEXT,
    converted_sale         INTEGER NOT NULL DEFAULT 0,
    has_price_blocks       INTEGER NOT NULL DEFAULT 0,
    estimate               TEXT CHECK (estimate IS NULL OR (estimate::jsonb) IS NOT NULL),
    adjusted_lot_size      DOUBLE PRECISION,
    crm_data               TEXT CHECK (crm_data IS NULL OR (crm_data::jsonb) IS NOT NULL),
    is_test                INTEGER NOT NULL DEFAULT 0,
    created_at             TEXT NOT NULL,
    seq                    BIGINT GENERATED ALWAYS AS IDENTITY
  )`,
  `CREATE INDEX IF NOT EXISTS quotes_by_address ON quotes (company_id, address_key, created_at)`,
  `CREATE TABLE IF NOT EXISTS payments (
    company_id      TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    fingerprint     TEXT NOT NULL,
    endpoint        TEXT NOT NULL CHECK (endpoint IN ('secure', 'device')),
    bot_id          TEXT NOT NULL,
    quote_id        TEXT NOT NULL,
    payment_method  TEXT NOT NULL,
    amount          TEXT NOT NULL,
    currency        TEXT NOT NULL,
    term            TEXT NOT NULL,
    token           TEXT,
    status          TEXT NOT NULL CHECK (status IN ('processing', 'succeeded', 'failed')),
    transaction_id  TEXT,
    response        TEXT CHECK (response IS NULL OR (response::jsonb) IS NOT NULL),
    body            TEXT NOT NULL CHECK ((body::jsonb) IS NOT NULL),
    is_test         INTEGER NOT NULL DEFAULT 0,
    created_at      TEXT NOT NULL,
    seq             BIGINT GENERATED ALWAYS AS IDENTITY,
    PRIMARY KEY (company_id, idempotency_key)
  )`,
  `CREATE INDEX IF NOT EXISTS payments_by_quote ON payments (company_id, quote_id)`,
  `CREATE TABLE IF NOT EXISTS payment_requests (
    id              BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    company_id      TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    quote_id        TEXT NOT NULL,
    endpoint        TEXT NOT NULL,
    outcome         TEXT NOT NULL CHECK (outcome IN ('charged', 'declined', 'replayed', 'in-progress', 'key-conflict')),
    created_at      TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS card_tokens (
    token      TEXT PRIMARY KEY,
    issuer     TEXT NOT NULL CHECK (issuer IN ('vault', 'crm')),
    scope      TEXT NOT NULL,
    outcome    TEXT NOT NULL,
    brand      TEXT NOT NULL,
    last4      TEXT NOT NULL,
    exp_month  INTEGER,
    exp_year   INTEGER,
    used       INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS realgreen_payment_sessions (
    token      TEXT PRIMARY KEY,
    id         TEXT NOT NULL UNIQUE,
    company_id TEXT NOT NULL,
    bot_id     TEXT NOT NULL,
    crm_id     TEXT NOT NULL,
    amount     TEXT NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS think_about_it_leads (
    company_id TEXT NOT NULL,
    bot_id     TEXT NOT NULL,
    quote_id   TEXT NOT NULL,
    rg_cust_id TEXT,
    reason     TEXT,
    comments   TEXT,
    is_test    INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    PRIMARY KEY (company_id, quote_id)
  )`,
  // Order numbers that look like a CRM's: the first order is 40001.
  `CREATE TABLE IF NOT EXISTS servman_orders (
    id          INTEGER GENERATED BY DEFAULT AS IDENTITY (START WITH 40001) PRIMARY KEY,
    company_id  TEXT NOT NULL,
    bot_id      TEXT NOT NULL,
    client_id   TEXT NOT NULL,
    contact_id  TEXT NOT NULL,
    question_id INTEGER NOT NULL,
    notes       TEXT,
    is_test     INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL
  )`,
  `CREATE TABLE IF NOT EXISTS servman_bookings (
    company_id        TEXT NOT NULL,
    date              TEXT NOT NULL,
    employee_id       INTEGER NOT NULL,
    service_window_id INTEGER NOT NULL,
    order_id          INTEGER NOT NULL UNIQUE REFERENCES servman_orders (id),
    datetime_ticks    TEXT NOT NULL,
    notes             TEXT NOT NULL,
    is_test           INTEGER NOT NULL DEFAULT 0,
    created_at        TEXT NOT NULL,
    PRIMARY KEY (company_id, date, employee_id, service_window_id)
  )`,
];

// One successful charge per quote, enforced by the database itself: with several server
// processes (or PostgreSQL's concurrent transactions) a check in code alone is not enough.
const ONE_CHARGE_PER_QUOTE =
  "CREATE UNIQUE INDEX IF NOT EXISTS payments_one_success_per_quote ON payments (company_id, quote_id) WHERE status = 'succeeded'";

// Leads and sales for the company (docs/api.md "Webhooks"): its server-only delivery settings,
// the outbox written in the transaction of the event it reports (one row per event and URL),
// and the log of every delivery attempt. Times are ISO strings, compared as text.
const deliveryStatements = (dialect: Dialect): string[] => {
  const id = dialect === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY";
  const json = (column: string) => (dialect === "sqlite" ? `json_valid(${column})` : `(${column}::jsonb) IS NOT NULL`);
  return [
    `CREATE TABLE company_delivery (
      company_id     TEXT PRIMARY KEY,
      webhook_urls   TEXT NOT NULL DEFAULT '[]' CHECK (${json("webhook_urls")}),
      webhook_secret TEXT,
      api_key        TEXT
    )`,
    `CREATE TABLE webhook_outbox (
      id              ${id},
      event_id        TEXT NOT NULL,
      event_type      TEXT NOT NULL CHECK (event_type IN ('lead', 'objection', 'purchase', 'booking')),
      company_id      TEXT NOT NULL,
      url             TEXT NOT NULL,
      payload         TEXT NOT NULL CHECK (${json("payload")}),
      state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'dead')),
      attempts        INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      claimed_until   TEXT,
      created_at      TEXT NOT NULL,
      delivered_at    TEXT,
      UNIQUE (event_id, url)
    )`,
    "CREATE INDEX webhook_outbox_due ON webhook_outbox (state, next_attempt_at)",
    `CREATE TABLE webhook_deliveries (
      id           ${id},
      outbox_id    BIGINT NOT NULL REFERENCES webhook_outbox (id),
      event_id     TEXT NOT NULL,
      url          TEXT NOT NULL,
      attempt      INTEGER NOT NULL,
      status_code  INTEGER,
      error        TEXT,
      duration_ms  INTEGER NOT NULL,
      attempted_at TEXT NOT NULL
    )`,
    "CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id)",
  ];
};

// Only the hash of a token is kept (demo-site/db/quote-token-store.ts).
// Migration 12 (issue 12, "No lead is lost"): the widget's outbox sends a quote start again
// with the same Idempotency-Key after a lost answer; the key names the quote it started.
const QUOTE_START_KEYS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS quote_start_keys (
    company_id      TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    quote_id        TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    PRIMARY KEY (company_id, idempotency_key)
  )`,
];

// Issue 25: the console's builder keeps one draft of each bot's configuration, with who saved
// it and when; publishing it goes through the document store like the admin API.
const BOT_DRAFTS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS bot_drafts (
    company_id TEXT NOT NULL,
    bot_id     TEXT NOT NULL,
    body       TEXT NOT NULL,
    saved_by   TEXT NOT NULL,
    saved_at   TEXT NOT NULL,
    PRIMARY KEY (company_id, bot_id)
  )`,
];

// Migration 17 (issue 25): the console's Install page shows whether the widget has been seen on
// the company's site: the first configuration load per bot and site origin (its Origin header).
const WIDGET_SIGHTINGS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS widget_sightings (
    company_id    TEXT NOT NULL,
    bot_id        TEXT NOT NULL,
    origin        TEXT NOT NULL,
    first_seen_at TEXT NOT NULL,
    PRIMARY KEY (company_id, bot_id, origin)
  )`,
];

const QUOTE_TOKENS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS quote_tokens (
    token_hash TEXT PRIMARY KEY,
    company_id TEXT NOT NULL,
    quote_id   TEXT NOT NULL,
    created_at TEXT NOT NULL
  )`,
  "CREATE INDEX IF NOT EXISTS quote_tokens_by_quote ON quote_tokens (company_id, quote_id)",
];

// One row per (hashed bucket, window); times are epoch milliseconds.
const RATE_LIMITS = (integer: "INTEGER" | "BIGINT") => `CREATE TABLE IF NOT EXISTS rate_limits (
    bucket       TEXT NOT NULL,
    window_start ${integer} NOT NULL,
    hits         INTEGER NOT NULL,
    expires_at   ${integer} NOT NULL,
    PRIMARY KEY (bucket, window_start)
  )`;
const RATE_LIMITS_SWEEP = "CREATE INDEX IF NOT EXISTS rate_limits_by_expiry ON rate_limits (expires_at)";

const PROVIDER_CACHE = (integer: "INTEGER" | "BIGINT") => `CREATE TABLE IF NOT EXISTS provider_cache (
    provider   TEXT NOT NULL,
    cache_key  TEXT NOT NULL,
    value      TEXT NOT NULL,
    expires_at ${integer} NOT NULL,
    PRIMARY KEY (provider, cache_key)
  )`;
const PROVIDER_CACHE_SWEEP = "CREATE INDEX IF NOT EXISTS provider_cache_by_expiry ON provider_cache (expires_at)";

// Issue 34: follow-ups to a homeowner who left a quote: one row per quote and step of the bot's
// schedule (UNIQUE: each goes once, whichever server process plans it), claimed with a lease like
// the outbox's rows; the quote's last activity (the schedule counts from it) and why its
// follow-ups stopped (unsubscribed, handled); the addresses that unsubscribed from a company.
const FOLLOW_UPS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS follow_ups (
    id              TEXT PRIMARY KEY,
    company_id      TEXT NOT NULL,
    quote_id        TEXT NOT NULL,
    step            INTEGER NOT NULL,
    channel         TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
    recipient       TEXT NOT NULL,
    state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sent', 'stopped', 'failed')),
    due_at          TEXT NOT NULL,
    attempts        INTEGER NOT NULL DEFAULT 0,
    claimed_until   TEXT,
    provider_id     TEXT,
    delivery_status TEXT,
    outcome         TEXT,
    created_at      TEXT NOT NULL,
    sent_at         TEXT,
    UNIQUE (quote_id, step)
  )`,
  "CREATE INDEX IF NOT EXISTS follow_ups_due ON follow_ups (state, due_at)",
  "CREATE INDEX IF NOT EXISTS follow_ups_by_provider_id ON follow_ups (provider_id)",
  `CREATE TABLE IF NOT EXISTS email_opt_outs (
    company_id     TEXT NOT NULL,
    email          TEXT NOT NULL,
    opted_out_at   TEXT NOT NULL,
    PRIMARY KEY (company_id, email)
  )`,
  "ALTER TABLE quotes ADD COLUMN last_activity_at TEXT",
  "ALTER TABLE quotes ADD COLUMN follow_ups_stopped TEXT",
  // When the worker need not look at the quote again: its next step's time, or never when its
  // schedule is done (a thousand quotes waiting for their 3-day e-mail must not hide a new one).
  "ALTER TABLE quotes ADD COLUMN follow_up_check_at TEXT",
];

const TAX_RATES = (real: "REAL" | "DOUBLE PRECISION"): readonly string[] => [
  `CREATE TABLE IF NOT EXISTS tax_rates (
    company_id  TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    state       TEXT NOT NULL,
    region_name TEXT NOT NULL,
    rate        ${real} NOT NULL CHECK (rate >= 0 AND rate <= 1),
    PRIMARY KEY (company_id, postal_code)
  )`,
  `CREATE TABLE IF NOT EXISTS tax_rate_imports (
    company_id  TEXT PRIMARY KEY,
    imported_at TEXT NOT NULL,
    source      TEXT NOT NULL,
    row_count   INTEGER NOT NULL
  )`,
];

const SMS_OPT_OUTS = `CREATE TABLE IF NOT EXISTS sms_opt_outs (
    phone        TEXT PRIMARY KEY,
    opted_out_at TEXT NOT NULL
  )`;

// The admin API (docs/admin.md): tokens by their public id, the pricing documents that were
// fixture files, and every version of a configuration or pricing document. The
// configurations already stored become their version 1, so a first change keeps them.
const ADMIN_DOCUMENTS = (json: (column: string) => string, now: string): readonly string[] => [
  `CREATE TABLE IF NOT EXISTS admin_tokens (
    token_id   TEXT PRIMARY KEY,
    company_id TEXT NOT NULL,
    label      TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    created_at TEXT NOT NULL,
    revoked_at TEXT
  )`,
  `CREATE TABLE IF NOT EXISTS company_pricing (
    company_id TEXT PRIMARY KEY,
    pricing    TEXT NOT NULL CHECK (${json("pricing")})
  )`,
  `CREATE TABLE IF NOT EXISTS document_versions (
    company_id       TEXT NOT NULL,
    kind             TEXT NOT NULL CHECK (kind IN ('config', 'pricing')),
    bot_id           TEXT NOT NULL,
    version          INTEGER NOT NULL,
    body             TEXT NOT NULL CHECK (${json("body")}),
    changed_by       TEXT NOT NULL,
    changed_by_label TEXT,
    changed_at       TEXT NOT NULL,
    PRIMARY KEY (company_id, kind, bot_id, version)
  )`,
  `INSERT INTO document_versions (company_id, kind, bot_id, version, body, changed_by, changed_by_label, changed_at)
    SELECT company_id, 'config', bot_id, 1, config, 'migration 8', NULL, ${now} FROM companies`,
];

/** Migration 9: secrets the server generates once (the resume links' key without RESUME_SECRET). */
const SERVER_SECRETS = `CREATE TABLE server_secrets (
  name       TEXT PRIMARY KEY,
  value      TEXT NOT NULL,
  created_at TEXT NOT NULL
)`;

// Migration 20: the company's console (issue 24). Staff of one company each (owner or staff),
// their one-time sign-in links and sessions kept as SHA-256 hashes, the console's alert
// settings, the staff's own status and notes on a lead, and the widget's 'opened the chat'
// beacon for the funnel. The outbox also carries e-mail: a row whose url is `mailto:<address>`
// is a message (an alert, or a sign-in link, event type 'sign-in'); so the event type's CHECK
// widens, which SQLite can only do by rebuilding the table (and its delivery log, which
// refers to it), copying every row with its id.
const CONSOLE_TABLES = (dialect: Dialect): string[] => {
  const id = dialect === "sqlite" ? "INTEGER PRIMARY KEY AUTOINCREMENT" : "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY";
  const json = (column: string) => (dialect === "sqlite" ? `json_valid(${column})` : `(${column}::jsonb) IS NOT NULL`);
  return [
    `CREATE TABLE staff (
      id         TEXT PRIMARY KEY,
      company_id TEXT NOT NULL,
      email      TEXT NOT NULL UNIQUE,
      role       TEXT NOT NULL CHECK (role IN ('owner', 'staff')),
      created_at TEXT NOT NULL,
      created_by TEXT
    )`,
    "CREATE INDEX staff_by_company ON staff (company_id)",
    `CREATE TABLE staff_sign_in_links (
      token_hash TEXT PRIMARY KEY,
      staff_id   TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at    TEXT
    )`,
    `CREATE TABLE staff_sessions (
      id_hash      TEXT PRIMARY KEY,
      staff_id     TEXT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
      company_id   TEXT NOT NULL,
      csrf_token   TEXT NOT NULL,
      created_at   TEXT NOT NULL,
      expires_at   TEXT NOT NULL,
      revoked_at   TEXT
    )`,
    "CREATE INDEX staff_sessions_by_staff ON staff_sessions (staff_id)",
    `CREATE TABLE console_settings (
      company_id    TEXT PRIMARY KEY,
      alert_emails  TEXT NOT NULL CHECK (${json("alert_emails")}),
      alert_events  TEXT NOT NULL CHECK (${json("alert_events")}),
      updated_at    TEXT NOT NULL
    )`,
    `CREATE TABLE lead_status (
      company_id TEXT NOT NULL,
      quote_id   TEXT NOT NULL,
      status     TEXT NOT NULL CHECK (status IN ('new', 'contacted', 'won', 'lost')),
      updated_at TEXT NOT NULL,
      updated_by TEXT NOT NULL,
      PRIMARY KEY (company_id, quote_id)
    )`,
    `CREATE TABLE lead_notes (
      id         ${id},
      company_id TEXT NOT NULL,
      quote_id   TEXT NOT NULL,
      author     TEXT NOT NULL,
      body       TEXT NOT NULL,
      created_at TEXT NOT NULL
    )`,
    "CREATE INDEX lead_notes_by_quote ON lead_notes (company_id, quote_id)",
    `CREATE TABLE chat_opens (
      id          ${id},
      company_id  TEXT NOT NULL,
      bot_id      TEXT NOT NULL,
      source      TEXT NOT NULL,
      attribution TEXT CHECK (attribution IS NULL OR ${json("attribution")}),
      opened_at   TEXT NOT NULL
    )`,
    "CREATE INDEX chat_opens_by_company ON chat_opens (company_id, opened_at)",
    "CREATE INDEX quotes_by_company_created ON quotes (company_id, created_at)",
  ];
};

const OUTBOX_EVENT_TYPES = "'lead', 'objection', 'purchase', 'booking', 'sign-in'";

const WIDEN_OUTBOX_SQLITE: readonly string[] = [
  `CREATE TABLE webhook_outbox_v20 (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    event_id        TEXT NOT NULL,
    event_type      TEXT NOT NULL CHECK (event_type IN (${OUTBOX_EVENT_TYPES})),
    company_id      TEXT NOT NULL,
    url             TEXT NOT NULL,
    payload         TEXT NOT NULL CHECK (json_valid(payload)),
    state           TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'dead')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    claimed_until   TEXT,
    created_at      TEXT NOT NULL,
    delivered_at    TEXT,
    UNIQUE (event_id, url)
  )`,
  "INSERT INTO webhook_outbox_v20 SELECT id, event_id, event_type, company_id, url, payload, state, attempts, next_attempt_at, claimed_until, created_at, delivered_at FROM webhook_outbox",
  `CREATE TABLE webhook_deliveries_v20 (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    outbox_id    BIGINT NOT NULL REFERENCES webhook_outbox_v20 (id),
    event_id     TEXT NOT NULL,
    url          TEXT NOT NULL,
    attempt      INTEGER NOT NULL,
    status_code  INTEGER,
    error        TEXT,
    duration_ms  INTEGER NOT NULL,
    attempted_at TEXT NOT NULL
  )`,
  "INSERT INTO webhook_deliveries_v20 SELECT id, outbox_id, event_id, url, attempt, status_code, error, duration_ms, attempted_at FROM webhook_deliveries",
  "DROP TABLE webhook_deliveries",
  "DROP TABLE webhook_outbox",
  // Renaming the parent rewrites the delivery log's reference to it.
  "ALTER TABLE webhook_outbox_v20 RENAME TO webhook_outbox",
  "ALTER TABLE webhook_deliveries_v20 RENAME TO webhook_deliveries",
  "CREATE INDEX webhook_outbox_due ON webhook_outbox (state, next_attempt_at)",
  "CREATE INDEX webhook_deliveries_by_event ON webhook_deliveries (event_id)",
];

const WIDEN_OUTBOX_POSTGRES: readonly string[] = [
  "ALTER TABLE webhook_outbox DROP CONSTRAINT webhook_outbox_event_type_check",
  `ALTER TABLE webhook_outbox ADD CONSTRAINT webhook_outbox_event_type_check CHECK (event_type IN (${OUTBOX_EVENT_TYPES}))`,
];

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: "initial schema (adopts a pre-versioning demo database)",
    statements: {
      sqlite: [...LEGACY_CORE_STATEMENTS, ...LEGACY_PAYMENT_STATEMENTS, ...LEGACY_SERVMAN_STATEMENTS],
      postgres: POSTGRES_INITIAL,
    },
  },
  {
    version: 2,
    name: "one successful charge per quote",
    statements: { sqlite: [ONE_CHARGE_PER_QUOTE], postgres: [ONE_CHARGE_PER_QUOTE] },
  },
  {
    version: 3,
    name: "ad attribution on quotes",
    statements: {
      sqlite: ["ALTER TABLE quotes ADD COLUMN attribution TEXT NULL CHECK (attribution IS NULL OR json_valid(attribution))"],
      postgres: ["ALTER TABLE quotes ADD COLUMN attribution TEXT NULL CHECK (attribution IS NULL OR (attribution::jsonb) IS NOT NULL)"],
    },
  },
  {
    version: 4,
    name: "webhook outbox, delivery log and company delivery settings",
    statements: { sqlite: deliveryStatements("sqlite"), postgres: deliveryStatements("postgres") },
  },
  {
    // The prices the visitor was last shown (POST /v1/rtp/quote/services): the payment routes
    // recompute the amount from them (docs/api.md "Money is decided by the server").
    version: 5,
    name: "the quote's last priced blocks",
    statements: {
      sqlite: ["ALTER TABLE quotes ADD COLUMN pricing TEXT CHECK (pricing IS NULL OR json_valid(pricing))"],
      postgres: ["ALTER TABLE quotes ADD COLUMN pricing TEXT CHECK (pricing IS NULL OR (pricing::jsonb) IS NOT NULL)"],
    },
  },
  {
    version: 6,
    name: "quote tokens: POST /v1/quote/details only with the quote's own capability",
    statements: { sqlite: QUOTE_TOKENS, postgres: QUOTE_TOKENS },
  },
  {
    version: 7,
    name: "rate limit counters shared by every server process",
    statements: {
      sqlite: [RATE_LIMITS("INTEGER"), RATE_LIMITS_SWEEP],
      postgres: [RATE_LIMITS("BIGINT"), RATE_LIMITS_SWEEP],
    },
  },
  {
    version: 8,
    name: "admin API: tokens, pricing documents and document versions",
    statements: {
      sqlite: ADMIN_DOCUMENTS((column) => `json_valid(${column})`, "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"),
      postgres: ADMIN_DOCUMENTS((column) => `(${column}::jsonb) IS NOT NULL`, `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
    },
  },
  {
    // Resume links and the browser keeping no personal data (issue 14 §5, issue 12): the
    // server keeps each quote's conversation, and the resume links' secret when the
    // environment gives none.
    version: 9,
    name: "saved conversations and server secrets",
    statements: {
      sqlite: ["ALTER TABLE quotes ADD COLUMN conversation TEXT CHECK (conversation IS NULL OR json_valid(conversation))", SERVER_SECRETS],
      postgres: ["ALTER TABLE quotes ADD COLUMN conversation TEXT CHECK (conversation IS NULL OR (conversation::jsonb) IS NOT NULL)", SERVER_SECRETS],
    },
  },
  {
    version: 10,
    name: "think-about-it leads keep the widget's Idempotency-Key: a retried lead is stored once",
    statements: {
      sqlite: ["ALTER TABLE think_about_it_leads ADD COLUMN idempotency_key TEXT"],
      postgres: ["ALTER TABLE think_about_it_leads ADD COLUMN idempotency_key TEXT"],
    },
  },
  {
    version: 12,
    name: "quote starts keep the widget's Idempotency-Key: a retried start answers the same quote",
    statements: { sqlite: QUOTE_START_KEYS, postgres: QUOTE_START_KEYS },
  },
  {
    version: 13,
    name: "the console's draft of each bot's configuration",
    statements: { sqlite: BOT_DRAFTS, postgres: BOT_DRAFTS },
  },
  {
    version: 17,
    name: "the first configuration load of each bot per site origin (the console's Install page)",
    statements: { sqlite: WIDGET_SIGHTINGS, postgres: WIDGET_SIGHTINGS },
  },
  {
    version: 20,
    name: "the company's console: staff, sign-in links, sessions, alert settings, lead status and notes, chat opens; e-mail in the outbox",
    statements: {
      sqlite: [...CONSOLE_TABLES("sqlite"), ...WIDEN_OUTBOX_SQLITE],
      postgres: [...CONSOLE_TABLES("postgres"), ...WIDEN_OUTBOX_POSTGRES],
    },
  },
  {
    // Issue 28: providers bill per call, so their answers (address details, lot sizes,
    // pictures) are kept a day per address; expired rows are swept as they are read.
    version: 30,
    name: "provider answers cached a day per address",
    statements: { sqlite: [PROVIDER_CACHE("INTEGER"), PROVIDER_CACHE_SWEEP], postgres: [PROVIDER_CACHE("BIGINT"), PROVIDER_CACHE_SWEEP] },
  },
  {
    // Issue 28: sales tax by postal code from the rate table each company imports (a CSV of
    // state, postal code and combined rate), with the date of the import.
    version: 31,
    name: "tax rate tables imported per company",
    statements: { sqlite: TAX_RATES("REAL"), postgres: TAX_RATES("DOUBLE PRECISION") },
  },
  {
    // Issue 34: the phones that replied STOP (or another opt-out word) to our texts, in E.164;
    // an opt-in word deletes the row. No follow-up text goes to a phone listed here.
    version: 32,
    name: "phones opted out of texts",
    statements: { sqlite: [SMS_OPT_OUTS], postgres: [SMS_OPT_OUTS] },
  },
  {
    // Issue 34: the texts consent box as the visitor left it (JSON {given, at, ip, version,
    // text}; null when no box was shown), and the visitor's time zone for quiet hours.
    version: 33,
    name: "quotes keep the texts consent and the visitor's time zone",
    statements: {
      sqlite: ["ALTER TABLE quotes ADD COLUMN text_consent TEXT CHECK (text_consent IS NULL OR json_valid(text_consent))", "ALTER TABLE quotes ADD COLUMN time_zone TEXT"],
      postgres: ["ALTER TABLE quotes ADD COLUMN text_consent TEXT CHECK (text_consent IS NULL OR (text_consent::jsonb) IS NOT NULL)", "ALTER TABLE quotes ADD COLUMN time_zone TEXT"],
    },
  },
  {
    version: 34,
    name: "follow-ups to homeowners who left a quote, and e-mail opt-outs",
    statements: { sqlite: FOLLOW_UPS, postgres: FOLLOW_UPS },
  },
];

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version    INTEGER PRIMARY KEY,
  name       TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;

/** Any number that identifies this application's migration lock among PostgreSQL advisory locks. */
const POSTGRES_MIGRATION_LOCK = 7_318_402_118;

export interface MigrationReport {
  applied: Array<{ version: number; name: string }>;
}

async function appliedVersions(db: Kysely<Schema> | Transaction<Schema>): Promise<Set<number>> {
  const rows = await db.selectFrom("schema_migrations").select("version").execute();
  return new Set(rows.map((row) => Number(row.version)));
}

/**
 * Applies every migration not yet recorded, in order, each in a transaction with its record:
 * a migration that fails leaves neither its changes nor its record. Several processes starting
 * at once are safe: on PostgreSQL each migration takes an advisory lock and checks again.
 */
export async function migrate(db: Kysely<Schema>, dialect: Dialect, migrations: readonly Migration[] = MIGRATIONS): Promise<MigrationReport> {
  await sql.raw(CREATE_MIGRATIONS_TABLE).execute(db);
  const report: MigrationReport = { applied: [] };
  for (const migration of migrations) {
    if ((await appliedVersions(db)).has(migration.version)) continue;
    const applied = await db.transaction().execute(async (trx) => {
      if (dialect === "postgres") await sql`SELECT pg_advisory_xact_lock(${POSTGRES_MIGRATION_LOCK})`.execute(trx);
      if ((await appliedVersions(trx)).has(migration.version)) return false;
      for (const statement of migration.statements[dialect]) await sql.raw(statement).execute(trx);
      await trx
        .insertInto("schema_migrations")
        .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
        .execute();
      return true;
    });
    if (applied) report.applied.push({ version: migration.version, name: migration.name });
  }
  return report;
}

/** The migrations this build knows that the database has not recorded (empty: up to date). */
export async function pendingMigrations(db: Kysely<Schema>, migrations: readonly Migration[] = MIGRATIONS): Promise<Migration[]> {
  const applied = await appliedVersions(db);
  return migrations.filter((migration) => !applied.has(migration.version));
}
