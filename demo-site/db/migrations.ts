// The reference backend's schema, as plain idempotent statements run at every start-up.
// A later table (quotes, customers, orders, bookings) is one more entry here; there is no
// versioning because the demo store is disposable (delete demo-site/.data to start over).
export const MIGRATIONS: readonly string[] = [
  // One row per company bot. `config` is the raw fixture JSON, served as is: the widget
  // validates it and applies defaults itself, so the backend must not normalise it.
  `CREATE TABLE IF NOT EXISTS companies (
    company_id TEXT NOT NULL,
    bot_id     TEXT NOT NULL,
    config     TEXT NOT NULL CHECK (json_valid(config)),
    PRIMARY KEY (company_id, bot_id)
  )`,
];
