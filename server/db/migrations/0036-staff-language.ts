// Migration 36: a staff member's language, the console page's when they last asked for a sign-in
// link ('en', 'es'; null until then). Their alert e-mails and digests are written in it, as the
// sign-in link already was; before, an owner who runs the console in Spanish got alerts in English.
import type { MigrationDb } from "./dialect-columns.ts";

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable("staff").addColumn("lang", "text").execute();
}
