// The reference backend's SQLite schema as it stood before versioned migrations: idempotent
// `CREATE ... IF NOT EXISTS` statements that used to run at every start-up. Migration 1
// (migrations.ts) runs exactly these on SQLite, so a demo database file made by an older
// version is adopted with its rows; every later change is a new numbered migration.
export const LEGACY_CORE_STATEMENTS: readonly string[] = [
  // One row per company bot. `config` is the raw fixture JSON, served as is: the widget
  // validates it and applies defaults itself, so the backend must not normalise it.
  `CREATE TABLE IF NOT EXISTS companies (
    company_id TEXT NOT NULL,
    bot_id     TEXT NOT NULL,
    config     TEXT NOT NULL CHECK (json_valid(config)),
    PRIMARY KEY (company_id, bot_id)
  )`,
  // A company's customers, known by phone (the returning-visitor lookup). `address_key` is
  // the normalised street and postal code, for the previous-quote check by address.
  // JSON columns hold shapes of src/contract/shared-schemas.ts, validated before they are written.
  `CREATE TABLE IF NOT EXISTS customers (
    company_id   TEXT NOT NULL,
    phone_number TEXT NOT NULL,
    first_name   TEXT NOT NULL,
    last_name    TEXT NOT NULL,
    email        TEXT,
    address      TEXT NOT NULL CHECK (json_valid(address)),
    address_key  TEXT NOT NULL,
    lat          REAL,
    lng          REAL,
    estimate     TEXT CHECK (estimate IS NULL OR json_valid(estimate)),
    quote_id     TEXT,
    crm_id       TEXT,
    crm_data     TEXT CHECK (crm_data IS NULL OR json_valid(crm_data)),
    updated_at   TEXT NOT NULL,
    PRIMARY KEY (company_id, phone_number)
  )`,
  `CREATE INDEX IF NOT EXISTS customers_by_address ON customers (company_id, address_key)`,
  // One row per started quote (the chat record). `customer` is the visitor as sent to
  // POST /v1/quote/start, with the location recorded later.
  `CREATE TABLE IF NOT EXISTS quotes (
    id                     TEXT PRIMARY KEY,
    company_id             TEXT NOT NULL,
    bot_id                 TEXT NOT NULL,
    customer               TEXT NOT NULL CHECK (json_valid(customer)),
    address_key            TEXT NOT NULL,
    crm_id                 TEXT,
    contact_id             TEXT,
    branch_id              TEXT,
    source                 TEXT CHECK (source IS NULL OR json_valid(source)),
    referrer               TEXT,
    additional_source_info TEXT,
    sales_tax_rate         REAL,
    service_types          TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(service_types)),
    recommended_programs   TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(recommended_programs)),
    answers                TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(answers)),
    last_step_id           TEXT,
    converted_sale         INTEGER NOT NULL DEFAULT 0,
    has_price_blocks       INTEGER NOT NULL DEFAULT 0,
    estimate               TEXT CHECK (estimate IS NULL OR json_valid(estimate)),
    adjusted_lot_size      REAL,
    crm_data               TEXT CHECK (crm_data IS NULL OR json_valid(crm_data)),
    is_test                INTEGER NOT NULL DEFAULT 0,
    created_at             TEXT NOT NULL
  )`,
  `CREATE INDEX IF NOT EXISTS quotes_by_address ON quotes (company_id, address_key, created_at)`,
];
