// The simulated ServMan account's tables: service orders (POST /v1/servman/order) and the
// time windows booked for them (POST /v1/servman/schedule/confirm). Part of the
// pre-versioning SQLite schema (legacy-schema.ts), run by migration 1.
export const LEGACY_SERVMAN_STATEMENTS: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS servman_orders (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id  TEXT NOT NULL,
    bot_id      TEXT NOT NULL,
    client_id   TEXT NOT NULL,
    contact_id  TEXT NOT NULL,
    question_id INTEGER NOT NULL,
    notes       TEXT,
    is_test     INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL
  )`,
  // Order numbers that look like a CRM's: the first order is 40001.
  `INSERT INTO sqlite_sequence (name, seq)
    SELECT 'servman_orders', 40000 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'servman_orders')`,
  // One booking per technician, day and window (two visitors cannot both have it) and one
  // per order (a confirmed window is not changed).
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
