// The follow-ups' rows (issue 34, migration 34): which quotes were left, what each was sent, and
// what stops them. Planning inserts one row per quote and step (UNIQUE (quote_id, step): two
// server processes planning the same step write it once); sending claims due rows with a
// lease, as the outbox does (FOR UPDATE SKIP LOCKED on PostgreSQL; one atomic UPDATE on SQLite).
// The consent (migration 33), the time zone and the STOP list (migration 32) are read with raw
// SQL here, as their columns belong to the widget's and the texts' own stores.
import { randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Dialect } from "../db/migrations.ts";
import type { FollowUpsTable, Schema } from "../db/schema.ts";

export interface LeftQuote {
  companyId: string;
  quoteId: string;
  botId: string;
  addressKey: string;
  lastActivityAt: string;
  phoneNumber: string | null;
  email: string | null;
  textConsent: boolean;
  timeZone: string | null;
  /** Steps planned so far (any state). */
  planned: number;
}

/** checkAgainAt's "never": the quote's schedule is done. */
export const NEVER = "9999-12-31T00:00:00.000Z";

export interface FollowUpRow {
  id: string;
  companyId: string;
  quoteId: string;
  step: number;
  channel: "sms" | "email";
  recipient: string;
  state: "pending" | "sent" | "stopped" | "failed";
  dueAt: string;
  attempts: number;
  providerId: string | null;
  deliveryStatus: string | null;
  outcome: string | null;
  createdAt: string;
  sentAt: string | null;
}

export interface FollowUpStore {
  /**
   * Quotes left with contact details and no sale, booking, objection lead, staff handling or
   * stop, idle since `idleSince` at least, started after `startedAfter`, with no follow-up pending.
   */
  leftQuotes(now: string, idleSince: string, startedAfter: string, limit: number): Promise<LeftQuote[]>;
  /** Not looked at again before `until` (its next step's time; NEVER when the schedule is done), unless the visitor comes back. */
  checkAgainAt(companyId: string, quoteId: string, until: string): Promise<void>;
  /** Writes a step's row; false when that step of the quote was already planned (by any process). */
  plan(row: { companyId: string; quoteId: string; step: number; channel: "sms" | "email"; recipient: string; dueAt: string; now: string; state?: "pending" | "stopped"; outcome?: string }): Promise<boolean>;
  /** Claims due pending rows until `leaseUntil`. */
  claimDue(now: string, leaseUntil: string, limit: number): Promise<FollowUpRow[]>;
  /** Why the quote's follow-ups must stop now, or null: a sale, a booking, an objection lead, staff handling, an unsubscribe. */
  stopReason(companyId: string, quoteId: string): Promise<string | null>;
  /** A follow-up of another quote of the household (same address) sent since `since`; the quote's own steps keep their schedule. */
  householdSentSince(companyId: string, quoteId: string, since: string, exceptId: string): Promise<boolean>;
  finish(id: string, outcome: { state: "sent" | "stopped" | "failed"; at: string; providerId?: string; outcome?: string }): Promise<void>;
  /** Pending again at `dueAt` after a failed try (the attempt counted). */
  retry(id: string, dueAt: string, error: string): Promise<void>;
  /** Gives a claimed row back, due at `dueAt` (no attempt counted). */
  postpone(id: string, dueAt: string): Promise<void>;
  setDeliveryStatus(providerId: string, status: string): Promise<boolean>;
  isPhoneOptedOut(phoneE164: string): Promise<boolean>;
  isEmailOptedOut(companyId: string, email: string): Promise<boolean>;
  /** The unsubscribe link: no more follow-ups for the quote, nor any e-mail to the address from the company. */
  unsubscribe(companyId: string, quoteId: string, at: string): Promise<boolean>;
  forQuote(companyId: string, quoteId: string): Promise<FollowUpRow[]>;
  /** The quote's bot. */
  botOf(companyId: string, quoteId: string): Promise<string | undefined>;
}

const toRow = (row: Selectable<FollowUpsTable>): FollowUpRow => ({
  id: row.id,
  companyId: row.company_id,
  quoteId: row.quote_id,
  step: Number(row.step),
  channel: row.channel,
  recipient: row.recipient,
  state: row.state,
  dueAt: row.due_at,
  attempts: Number(row.attempts),
  providerId: row.provider_id,
  deliveryStatus: row.delivery_status,
  outcome: row.outcome,
  createdAt: row.created_at,
  sentAt: row.sent_at,
});

interface LeftRow {
  company_id: string;
  id: string;
  bot_id: string;
  address_key: string;
  customer: string;
  last_activity: string;
  text_consent: string | null;
  time_zone: string | null;
  planned: number | string;
}

/** The staff's statuses that mean a person has the lead in hand. */
const HANDLED = ["contacted", "won", "lost"];

export function createFollowUpStore(db: Kysely<Schema>, dialect: Dialect): FollowUpStore {
  const stopConditions = sql`
    q.is_test = 0 AND q.converted_sale = 0 AND q.follow_ups_stopped IS NULL
    AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.company_id = q.company_id AND p.quote_id = q.id AND p.status = 'succeeded')
    AND NOT EXISTS (SELECT 1 FROM think_about_it_leads t WHERE t.company_id = q.company_id AND t.quote_id = q.id)
    AND NOT EXISTS (SELECT 1 FROM lead_status s WHERE s.company_id = q.company_id AND s.quote_id = q.id AND s.status IN (${sql.join(HANDLED)}))
    AND NOT EXISTS (
      SELECT 1 FROM servman_bookings b JOIN servman_orders o ON o.id = b.order_id
      WHERE b.company_id = q.company_id AND q.crm_id IS NOT NULL AND o.client_id = q.crm_id
    )`;
  return {
    async leftQuotes(now, idleSince, startedAfter, limit) {
      const result = await sql<LeftRow>`
        SELECT q.company_id, q.id, q.bot_id, q.address_key, q.customer,
          COALESCE(q.last_activity_at, q.created_at) AS last_activity, q.text_consent, q.time_zone,
          (SELECT COUNT(*) FROM follow_ups f WHERE f.quote_id = q.id) AS planned
        FROM quotes q
        WHERE COALESCE(q.last_activity_at, q.created_at) <= ${idleSince} AND q.created_at > ${startedAfter}
          AND (q.follow_up_check_at IS NULL OR q.follow_up_check_at <= ${now})
          AND ${stopConditions}
          AND NOT EXISTS (SELECT 1 FROM follow_ups f WHERE f.quote_id = q.id AND f.state = 'pending')
        ORDER BY COALESCE(q.last_activity_at, q.created_at)
        LIMIT ${limit}`.execute(db);
      return result.rows.map((row) => {
        const customer = JSON.parse(row.customer) as { phoneNumber?: string; email?: string | null };
        let consent = false;
        try {
          consent = row.text_consent !== null && (JSON.parse(row.text_consent) as { given?: unknown }).given === true;
        } catch {
          consent = false;
        }
        return {
          companyId: row.company_id,
          quoteId: row.id,
          botId: row.bot_id,
          addressKey: row.address_key,
          lastActivityAt: row.last_activity,
          phoneNumber: customer.phoneNumber ?? null,
          email: customer.email || null,
          textConsent: consent,
          timeZone: row.time_zone,
          planned: Number(row.planned),
        };
      });
    },
    async checkAgainAt(companyId, quoteId, until) {
      await db.updateTable("quotes").set({ follow_up_check_at: until }).where("company_id", "=", companyId).where("id", "=", quoteId).execute();
    },
    async plan(row) {
      const result = await db
        .insertInto("follow_ups")
        .values({
          id: randomUUID(),
          company_id: row.companyId,
          quote_id: row.quoteId,
          step: row.step,
          channel: row.channel,
          recipient: row.recipient,
          state: row.state ?? "pending",
          due_at: row.dueAt,
          outcome: row.outcome ?? null,
          created_at: row.now,
          claimed_until: null,
          provider_id: null,
          delivery_status: null,
          sent_at: null,
        })
        .onConflict((oc) => oc.columns(["quote_id", "step"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    async claimDue(now, leaseUntil, limit) {
      const skipLocked = dialect === "postgres" ? sql`FOR UPDATE SKIP LOCKED` : sql``;
      const result = await sql<Selectable<FollowUpsTable>>`
        UPDATE follow_ups SET claimed_until = ${leaseUntil}
        WHERE id IN (
          SELECT id FROM follow_ups
          WHERE state = 'pending' AND due_at <= ${now} AND (claimed_until IS NULL OR claimed_until < ${now})
          ORDER BY due_at LIMIT ${limit} ${skipLocked}
        )
        AND state = 'pending' AND (claimed_until IS NULL OR claimed_until < ${now})
        RETURNING *`.execute(db);
      return result.rows.map(toRow);
    },
    async stopReason(companyId, quoteId) {
      const row = await sql<{ stopped: string | null; live: number | string }>`
        SELECT q.follow_ups_stopped AS stopped, CASE WHEN ${stopConditions} THEN 1 ELSE 0 END AS live
        FROM quotes q WHERE q.company_id = ${companyId} AND q.id = ${quoteId}`.execute(db);
      const quote = row.rows[0];
      if (!quote) return "the quote is gone";
      if (quote.stopped) return quote.stopped;
      return Number(quote.live) === 1 ? null : "sold, booked, objection or handled";
    },
    async householdSentSince(companyId, quoteId, since, exceptId) {
      const row = await sql<{ n: number | string }>`
        SELECT COUNT(*) AS n FROM follow_ups f JOIN quotes q ON q.id = f.quote_id
        WHERE f.company_id = ${companyId} AND f.id <> ${exceptId} AND f.quote_id <> ${quoteId} AND f.state = 'sent' AND f.sent_at >= ${since}
          AND q.address_key = (SELECT address_key FROM quotes WHERE company_id = ${companyId} AND id = ${quoteId})`.execute(db);
      return Number(row.rows[0]?.n ?? 0) > 0;
    },
    async finish(id, outcome) {
      await db
        .updateTable("follow_ups")
        .set({
          state: outcome.state,
          claimed_until: null,
          outcome: outcome.outcome ?? null,
          ...(outcome.state === "sent" ? { sent_at: outcome.at, provider_id: outcome.providerId ?? null } : {}),
        })
        .where("id", "=", id)
        .execute();
    },
    async retry(id, dueAt, error) {
      await db
        .updateTable("follow_ups")
        .set((eb) => ({ due_at: dueAt, claimed_until: null, outcome: error.slice(0, 500), attempts: eb("attempts", "+", 1) }))
        .where("id", "=", id)
        .execute();
    },
    async postpone(id, dueAt) {
      await db.updateTable("follow_ups").set({ due_at: dueAt, claimed_until: null }).where("id", "=", id).execute();
    },
    async setDeliveryStatus(providerId, status) {
      const result = await db.updateTable("follow_ups").set({ delivery_status: status.slice(0, 40) }).where("provider_id", "=", providerId).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async isPhoneOptedOut(phoneE164) {
      const row = await sql<{ n: number | string }>`SELECT COUNT(*) AS n FROM sms_opt_outs WHERE phone = ${phoneE164}`.execute(db);
      return Number(row.rows[0]?.n ?? 0) > 0;
    },
    async isEmailOptedOut(companyId, email) {
      const row = await db.selectFrom("email_opt_outs").select("email").where("company_id", "=", companyId).where("email", "=", email.toLowerCase()).executeTakeFirst();
      return row !== undefined;
    },
    async unsubscribe(companyId, quoteId, at) {
      const quote = await db.selectFrom("quotes").select("customer").where("company_id", "=", companyId).where("id", "=", quoteId).executeTakeFirst();
      if (!quote) return false;
      await db.updateTable("quotes").set({ follow_ups_stopped: "unsubscribed" }).where("company_id", "=", companyId).where("id", "=", quoteId).execute();
      const email = (JSON.parse(quote.customer) as { email?: string | null }).email;
      if (email) {
        await db
          .insertInto("email_opt_outs")
          .values({ company_id: companyId, email: email.toLowerCase(), opted_out_at: at })
          .onConflict((oc) => oc.columns(["company_id", "email"]).doNothing())
          .execute();
      }
      await db.updateTable("follow_ups").set({ state: "stopped", outcome: "unsubscribed", claimed_until: null }).where("quote_id", "=", quoteId).where("state", "=", "pending").execute();
      return true;
    },
    async botOf(companyId, quoteId) {
      const row = await db.selectFrom("quotes").select("bot_id").where("company_id", "=", companyId).where("id", "=", quoteId).executeTakeFirst();
      return row?.bot_id;
    },
    async forQuote(companyId, quoteId) {
      const rows = await db.selectFrom("follow_ups").selectAll().where("company_id", "=", companyId).where("quote_id", "=", quoteId).orderBy("step").execute();
      return rows.map(toRow);
    },
  };
}
