// Migration 38: the delivery log indexed by its outbox row. The outbox now deletes what it sent
// after OUTBOX_KEEP_DAYS (webhooks/outbox-retention.ts), and deleting an outbox row makes the
// database look for log lines that still refer to it (the foreign key): without this index that
// is a read of the whole log for every row deleted (500 rows took 1.3 s against a log of
// 40,000 lines on SQLite). The console's lead page reads a lead's tries by the same column.
// The log is written by the worker, not by a request, so the index costs the API nothing.
import type { MigrationDb } from "./dialect-columns.ts";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.createIndex("webhook_deliveries_by_outbox").on("webhook_deliveries").column("outbox_id").execute();
}
