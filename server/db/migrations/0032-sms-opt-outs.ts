// Migration 32 (issue 34): the phones that replied STOP (or another opt-out word) to our texts,
// in E.164; an opt-in word deletes the row. No follow-up text goes to a phone listed here.
import type { MigrationDb } from "./dialect-columns.ts";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable("sms_opt_outs")
    .ifNotExists()
    .addColumn("phone", "text", (c) => c.primaryKey())
    .addColumn("opted_out_at", "text", (c) => c.notNull())
    .execute();
}
