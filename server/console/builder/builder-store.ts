// What the console's builder pages (issue 25) keep beyond the documents: where each bot's
// widget was first seen (migration 17), the company's own webhook URLs and signing secret (one
// company's row of company_delivery, which the demo's seed otherwise writes whole), and the
// webhook delivery log with a retry that makes a row due again for the worker.
import type { Kysely } from "kysely";
import * as v from "valibot";
import type { Dialect } from "../../db/migrations.ts";
import { MAILTO } from "../../db/outbox-store.ts";
import type { Schema } from "../../db/schema.ts";
import type { DeliveryAttempt, LoggedDelivery, Sighting } from "../../../src/contract/console-builder.ts";

export type { DeliveryAttempt, LoggedDelivery, Sighting };

export type RetryOutcome = "retrying" | "missing" | "in-flight";

export interface BuilderStore {
  /** Records the first sighting of a bot's widget on `origin`; later ones change nothing. */
  recordSighting(companyId: string, botId: string, origin: string, at: string): Promise<void>;
  sightings(companyId: string): Promise<Sighting[]>;
  /** The company's webhook URLs and whether it has a signing secret (never the secret). */
  webhookSettings(companyId: string): Promise<{ urls: string[]; hasSecret: boolean }>;
  /** The signing secret itself, for the console's test event only. */
  webhookSecret(companyId: string): Promise<string | undefined>;
  setWebhookUrls(companyId: string, urls: readonly string[]): Promise<void>;
  setWebhookSecret(companyId: string, secret: string): Promise<void>;
  /** The latest webhook deliveries (no e-mail), newest first, each with its attempts. */
  deliveries(companyId: string, limit: number): Promise<LoggedDelivery[]>;
  /** Makes one of the company's webhook deliveries due now (the worker sends it on its next pass). */
  retry(companyId: string, id: number, now: string): Promise<RetryOutcome>;
}

/** A company keeps at most this many site origins (anyone can send an Origin header). */
export const MAX_SIGHTINGS_PER_COMPANY = 200;

const UrlList = v.array(v.string());

export function createBuilderStore(db: Kysely<Schema>, _dialect: Dialect): BuilderStore {
  const delivery = (companyId: string) => db.selectFrom("company_delivery").selectAll().where("company_id", "=", companyId).executeTakeFirst();
  const upsertDelivery = async (companyId: string, set: { webhook_urls?: string; webhook_secret?: string }) => {
    const updated = await db.updateTable("company_delivery").set(set).where("company_id", "=", companyId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
    await db
      .insertInto("company_delivery")
      .values({ company_id: companyId, webhook_urls: set.webhook_urls ?? "[]", webhook_secret: set.webhook_secret ?? null, api_key: null })
      .execute();
  };
  return {
    async recordSighting(companyId, botId, origin, at) {
      const count = await db
        .selectFrom("widget_sightings")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("company_id", "=", companyId)
        .executeTakeFirst();
      if (Number(count?.n ?? 0) >= MAX_SIGHTINGS_PER_COMPANY) return;
      await db
        .insertInto("widget_sightings")
        .values({ company_id: companyId, bot_id: botId, origin, first_seen_at: at })
        .onConflict((oc) => oc.columns(["company_id", "bot_id", "origin"]).doNothing())
        .execute();
    },
    async sightings(companyId) {
      const rows = await db.selectFrom("widget_sightings").selectAll().where("company_id", "=", companyId).orderBy("first_seen_at").orderBy("origin").execute();
      return rows.map((row) => ({ botId: row.bot_id, origin: row.origin, firstSeenAt: row.first_seen_at }));
    },
    async webhookSettings(companyId) {
      const row = await delivery(companyId);
      return { urls: row ? v.parse(UrlList, JSON.parse(row.webhook_urls)) : [], hasSecret: Boolean(row?.webhook_secret) };
    },
    webhookSecret: async (companyId) => (await delivery(companyId))?.webhook_secret ?? undefined,
    setWebhookUrls: (companyId, urls) => upsertDelivery(companyId, { webhook_urls: JSON.stringify(urls) }),
    setWebhookSecret: (companyId, secret) => upsertDelivery(companyId, { webhook_secret: secret }),
    async deliveries(companyId, limit) {
      const rows = await db
        .selectFrom("webhook_outbox")
        .selectAll()
        .where("company_id", "=", companyId)
        .where("url", "not like", `${MAILTO}%`)
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      if (rows.length === 0) return [];
      const attempts = await db
        .selectFrom("webhook_deliveries")
        .selectAll()
        .where(
          "outbox_id",
          "in",
          rows.map((row) => Number(row.id)),
        )
        .orderBy("attempt")
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        eventId: row.event_id,
        eventType: row.event_type,
        url: row.url,
        state: row.state,
        createdAt: row.created_at,
        nextAttemptAt: row.next_attempt_at,
        attempts: attempts
          .filter((attempt) => Number(attempt.outbox_id) === Number(row.id))
          .map((attempt) => ({
            attempt: Number(attempt.attempt),
            statusCode: attempt.status_code === null ? null : Number(attempt.status_code),
            error: attempt.error,
            durationMs: Number(attempt.duration_ms),
            attemptedAt: attempt.attempted_at,
          })),
      }));
    },
    async retry(companyId, id, now) {
      const row = await db
        .selectFrom("webhook_outbox")
        .select(["id", "claimed_until"])
        .where("company_id", "=", companyId)
        .where("id", "=", id)
        .where("url", "not like", `${MAILTO}%`)
        .executeTakeFirst();
      if (!row) return "missing";
      if (row.claimed_until !== null && row.claimed_until >= now) return "in-flight";
      // Only while no worker holds it (the same condition the worker claims with).
      const updated = await db
        .updateTable("webhook_outbox")
        .set({ state: "pending", next_attempt_at: now, claimed_until: null, delivered_at: null })
        .where("id", "=", id)
        .where("company_id", "=", companyId)
        .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<", now)]))
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0 ? "retrying" : "in-flight";
    },
  };
}
