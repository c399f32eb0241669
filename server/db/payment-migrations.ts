// The payment tables of the reference backend (charges with their idempotency keys, every
// payment request received, stand-in card tokens, CRM payment sessions, think-about-it leads).
// Part of the pre-versioning SQLite schema (legacy-schema.ts), run by migration 1.
export const LEGACY_PAYMENT_STATEMENTS: readonly string[] = [
  // One row per payment action: the key the widget sent, a fingerprint of the body (the same
  // key with another body is refused), and the answer given, replayed for a repeated key.
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
    response        TEXT CHECK (response IS NULL OR json_valid(response)),
    body            TEXT NOT NULL CHECK (json_valid(body)),
    is_test         INTEGER NOT NULL DEFAULT 0,
    created_at      TEXT NOT NULL,
    PRIMARY KEY (company_id, idempotency_key)
  )`,
  `CREATE INDEX IF NOT EXISTS payments_by_quote ON payments (company_id, quote_id)`,
  // Every payment request that reached the backend, whatever became of it: tests count them.
  `CREATE TABLE IF NOT EXISTS payment_requests (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id      TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    quote_id        TEXT NOT NULL,
    endpoint        TEXT NOT NULL,
    outcome         TEXT NOT NULL CHECK (outcome IN ('charged', 'declined', 'replayed', 'in-progress', 'key-conflict')),
    created_at      TEXT NOT NULL
  )`,
  // Tokens the stand-in card vault and CRM payment frame issued, with what the test card will do.
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
  // Real Green payment sessions (POST /v1/quote/crm/realgreen/payment): the frame opens with one.
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
  // 'I NEED TO THINK ABOUT IT' leads, one per quote (the latest reason and comments win).
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
];
