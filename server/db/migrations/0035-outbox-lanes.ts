// Migration 35 (issue 34): each outbox row names its lane (sign-in, webhook or alert), and due
// rows are found through an index on (lane, state, next_attempt_at, id). Before, each lane's
// claim told its rows apart by the URL and the event type, so it read every pending row of the
// other lanes too: under a burst, with 10,000 rows waiting, each claim took 6-10 ms on the
// API's thread, once a second per lane, and grew with the backlog. The alert lane's count of an
// address's recent e-mails gets an index too. Rows already written are
// given their lane by the same rule the claims used; the index the claims used before goes.
import { oneOf, type MigrationDb } from "./dialect-columns.ts";
import { sql } from "kysely";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable("webhook_outbox")
    .addColumn("lane", "text", (c) => c.notNull().defaultTo("webhook").check(oneOf("lane", ["sign-in", "webhook", "alert"])))
    .execute();
  await db.updateTable("webhook_outbox").set({ lane: "sign-in" }).where("event_type", "=", "sign-in").execute();
  await db
    .updateTable("webhook_outbox")
    .set({ lane: "alert" })
    .where(sql<boolean>`url LIKE 'mailto:%'`)
    .where("event_type", "<>", "sign-in")
    .execute();
  // The old index served only the claims; one index less to keep up on every row written.
  await db.schema.dropIndex("webhook_outbox_due").execute();
  await db.schema.createIndex("webhook_outbox_lane_due").on("webhook_outbox").columns(["lane", "state", "next_attempt_at", "id"]).execute();
  // The alert lane asks each pass how many e-mails an address was sent in the last minute.
  await db.schema.createIndex("webhook_deliveries_by_url").on("webhook_deliveries").columns(["url", "attempted_at"]).execute();
}
