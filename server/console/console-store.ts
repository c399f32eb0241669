// What the console reads and the few things it writes (issue 24): the alert settings, the
// staff's own status and notes on a lead, the widget's 'opened the chat' beacons, and the read
// model of the inbox, a lead's page and the funnel. Every call takes the company: a session
// only ever passes its own, so no query here can reach another company's rows.
// Over 300 lines on purpose: one store, like the others in server/db/, its interface beside its
// queries; the funnel is computed from the inbox's own rows, so the two stay together.
import { sql, type Kysely } from "kysely";
import * as v from "valibot";
import { AttributionSchema } from "../../src/contract/quote-start-body.ts";
import type { Attribution } from "../../src/config/attribution.ts";
import type { Dialect } from "../db/migrations.ts";
import type { Schema, WebhookEventType } from "../db/schema.ts";
import { createLeadsStore, type LeadRecord } from "../db/leads-store.ts";
import { sumDecimalStrings } from "../../src/pricing/decimal.ts";
import {
  ALERT_EVENTS as ALERT_EVENT_TYPES,
  STAFF_LEAD_STATUSES,
  type AlertSettings,
  type Delivery,
  type FunnelRow,
  type Lead,
  type LeadPayment,
  type LeadStatus,
  type Note,
  type StaffLeadStatus,
} from "../../src/contract/console.ts";

/** The events an alert e-mail may be about: webhook events all. */
export const ALERT_EVENTS = ALERT_EVENT_TYPES satisfies readonly WebhookEventType[];
export type { AlertSettings };

export { STAFF_LEAD_STATUSES, type Delivery, type FunnelRow, type LeadStatus, type Note, type StaffLeadStatus };

/**
 * A lead as the server keeps it for the inbox: the wire's lead (src/contract/console.ts; its
 * `amount` is what was paid, else what the visitor was shown, decimal strings in major units)
 * without its resume link, with its bot, how far it got and the record the leads export writes.
 */
export interface InboxLead extends Omit<Lead, "resumeUrl" | "attribution"> {
  botId: string;
  /** The furthest the visitor got (never "stopped"): what the funnel counts. */
  reached: Exclude<LeadStatus, "stopped">;
  attribution: Attribution | null;
  /** The record the leads export writes (the CSV of what is shown). */
  record: LeadRecord;
}

/** A visitor who has not moved on after this long, short of a sale, has stopped (where they were). */
export const STOPPED_AFTER_MS = 30 * 60 * 1000;

/** Where a visitor came from, as one word: the UTM source, an ad click, the referring site, or direct. */
export function sourceOf(attribution: Attribution | null | undefined): string {
  if (!attribution) return "direct";
  if (attribution.utm_source) return attribution.utm_source.toLowerCase();
  if (attribution.gclid || attribution.gbraid || attribution.wbraid) return "google ads";
  if (attribution.fbclid) return "facebook ads";
  if (attribution.msclkid) return "microsoft ads";
  if (attribution.referrer) {
    try {
      return new URL(attribution.referrer).hostname.replace(/^www\./, "");
    } catch {
      return "direct";
    }
  }
  return "direct";
}

export function formatAddress(address: { street: string; city: string; state: string; postalCode: string }): string {
  return [address.street, address.city, [address.state, address.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

export interface LeadFilter {
  /** Inclusive day, YYYY-MM-DD (UTC). */
  from?: string;
  /** Inclusive day, YYYY-MM-DD (UTC). */
  to?: string;
}

export interface ConsoleStore {
  settings(companyId: string): Promise<AlertSettings>;
  saveSettings(companyId: string, settings: { alertEmails: string[]; alertEvents: WebhookEventType[] }, now: Date): Promise<void>;
  /** The addresses an event of this type alerts (none when the company turned it off). */
  alertRecipients(companyId: string, type: WebhookEventType): Promise<string[]>;
  recordChatOpen(open: { companyId: string; botId: string; attribution: Attribution | null; openedAt: string }): Promise<void>;
  /** The inbox: the company's quotes, newest first, preview traffic left out. */
  inbox(companyId: string, filter: LeadFilter, now: Date, companyConfig: (botId: string) => Promise<AmountPricer | undefined>): Promise<InboxLead[]>;
  setStaffStatus(companyId: string, quoteId: string, status: StaffLeadStatus, by: string, now: Date): Promise<void>;
  addNote(companyId: string, quoteId: string, author: string, body: string, now: Date): Promise<Note>;
  notes(companyId: string, quoteId: string): Promise<Note[]>;
  /** The webhook and e-mail deliveries of events about this quote. */
  deliveries(companyId: string, quoteId: string): Promise<Delivery[]>;
  /** Every payment tried for the quote, oldest first (amounts as charged, decimal strings). */
  payments(companyId: string, quoteId: string): Promise<LeadPayment[]>;
  /** The quote a ServMan booking's CRM contact started, newest first. */
  findQuoteIdByContact(companyId: string, contactId: string): Promise<string | undefined>;
  funnel(companyId: string, filter: LeadFilter, inbox: readonly InboxLead[]): Promise<FunnelRow[]>;
}

/** Prices a stored quote as the visitor was shown it (server-amount.ts shownAmount, bound to the bot's configuration). */
export type AmountPricer = (pricing: string | null, serviceTypes: readonly string[]) => Promise<{ amount: string; currency: string } | undefined>;

const EmailListSchema = v.array(v.pipe(v.string(), v.email()));
const EventListSchema = v.array(v.picklist(ALERT_EVENTS));

function attributionOf(raw: string | null): Attribution | null {
  if (!raw) return null;
  try {
    const parsed = v.safeParse(AttributionSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

const dayStart = (day: string) => `${day}T00:00:00.000Z`;
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

export function createConsoleStore(db: Kysely<Schema>, dialect: Dialect): ConsoleStore {
  const leads = createLeadsStore(db, dialect);

  async function settings(companyId: string): Promise<AlertSettings> {
    const row = await db.selectFrom("console_settings").selectAll().where("company_id", "=", companyId).executeTakeFirst();
    if (row) {
      return {
        alertEmails: v.parse(EmailListSchema, JSON.parse(row.alert_emails)),
        alertEvents: v.parse(EventListSchema, JSON.parse(row.alert_events)),
        isDefault: false,
      };
    }
    const owners = await db.selectFrom("staff").select("email").where("company_id", "=", companyId).where("role", "=", "owner").orderBy("created_at").execute();
    return { alertEmails: owners.map((owner) => owner.email), alertEvents: [...ALERT_EVENTS], isDefault: true };
  }

  /** The company's currency: its first bot's configured one (the widget's default, USD, when none is set). */
  async function companyCurrency(companyId: string): Promise<string> {
    const bot = await db.selectFrom("companies").select("config").where("company_id", "=", companyId).orderBy("bot_id").executeTakeFirst();
    try {
      const currency = (JSON.parse(bot?.config ?? "{}") as { currency?: unknown }).currency;
      return typeof currency === "string" && /^[a-z]{3}$/i.test(currency) ? currency.toUpperCase() : "USD";
    } catch {
      return "USD";
    }
  }

  /**
   * The quotes sold after one of their follow-ups was sent, with the payments made after it:
   * a succeeded payment created after a sent follow-up, or a ServMan booking of the quote's CRM
   * contact created after one (a booking carries no amount). Test traffic is left out.
   */
  async function recoveredSales(companyId: string): Promise<Map<string, Array<{ amount: string; currency: string }>>> {
    const sentBefore = (quoteId: string, at: string) =>
      sql<boolean>`EXISTS (SELECT 1 FROM follow_ups f WHERE f.company_id = ${companyId} AND f.quote_id = ${sql.ref(quoteId)} AND f.state = 'sent' AND f.sent_at IS NOT NULL AND f.sent_at < ${sql.ref(at)})`;
    const payments = await db
      .selectFrom("payments")
      .select(["quote_id", "amount", "currency"])
      .where("company_id", "=", companyId)
      .where("status", "=", "succeeded")
      .where("is_test", "=", 0)
      .where(sentBefore("payments.quote_id", "payments.created_at"))
      .execute();
    const bookings = await db
      .selectFrom("servman_bookings")
      .innerJoin("servman_orders", "servman_orders.id", "servman_bookings.order_id")
      .innerJoin("quotes", (join) => join.onRef("quotes.crm_id", "=", "servman_orders.client_id").on("quotes.company_id", "=", companyId))
      .select("quotes.id as quote_id")
      .where("servman_bookings.company_id", "=", companyId)
      .where("servman_bookings.is_test", "=", 0)
      .where(sentBefore("quotes.id", "servman_bookings.created_at"))
      .execute();
    const sales = new Map<string, Array<{ amount: string; currency: string }>>();
    for (const booking of bookings) sales.set(booking.quote_id, sales.get(booking.quote_id) ?? []);
    for (const payment of payments) sales.set(payment.quote_id, [...(sales.get(payment.quote_id) ?? []), { amount: payment.amount, currency: payment.currency }]);
    return sales;
  }

  return {
    settings,
    async saveSettings(companyId, { alertEmails, alertEvents }, now) {
      const values = {
        company_id: companyId,
        alert_emails: JSON.stringify(v.parse(EmailListSchema, alertEmails)),
        alert_events: JSON.stringify(v.parse(EventListSchema, alertEvents)),
        updated_at: now.toISOString(),
      };
      const { company_id: _id, ...update } = values;
      await db.insertInto("console_settings").values(values).onConflict((oc) => oc.column("company_id").doUpdateSet(update)).execute();
    },
    async alertRecipients(companyId, type) {
      const current = await settings(companyId);
      return current.alertEvents.includes(type) ? [...new Set(current.alertEmails.map((email) => email.toLowerCase()))] : [];
    },
    async recordChatOpen({ companyId, botId, attribution, openedAt }) {
      await db
        .insertInto("chat_opens")
        .values({ company_id: companyId, bot_id: botId, source: sourceOf(attribution), attribution: attribution ? JSON.stringify(attribution) : null, opened_at: openedAt })
        .execute();
    },
    async inbox(companyId, filter, now, pricerFor) {
      let query = db
        .selectFrom("quotes")
        .select(["id", "bot_id", "last_step_id", "pricing"])
        .where("company_id", "=", companyId)
        .where("is_test", "=", 0);
      if (filter.from) query = query.where("created_at", ">=", dayStart(filter.from));
      if (filter.to) query = query.where("created_at", "<", dayAfter(filter.to));
      const quotes = await query.execute();
      const extra = new Map(quotes.map((quote) => [quote.id, quote]));
      // Checkout began: a payment was tried (stored, or refused before storing), or a CRM payment page opened.
      const tried = new Set([
        ...(await db.selectFrom("payments").select("quote_id").where("company_id", "=", companyId).execute()).map((row) => row.quote_id),
        ...(await db.selectFrom("payment_requests").select("quote_id").where("company_id", "=", companyId).execute()).map((row) => row.quote_id),
      ]);
      const staffStatuses = new Map(
        (await db.selectFrom("lead_status").select(["quote_id", "status"]).where("company_id", "=", companyId).execute()).map((row) => [row.quote_id, row.status]),
      );
      const pricers = new Map<string, AmountPricer | undefined>();
      const records = (await leads.list(companyId)).filter((record) => extra.has(record.quoteId));
      const result: InboxLead[] = [];
      for (const record of records) {
        const row = extra.get(record.quoteId)!;
        if (!pricers.has(record.botId)) pricers.set(record.botId, await pricerFor(record.botId));
        const shown = record.status === "priced" || record.status === "objection" ? await pricers.get(record.botId)?.(row.pricing, record.serviceTypes) : undefined;
        const reached: Exclude<LeadStatus, "stopped"> =
          record.status === "booked" ? "booked" : record.status === "paid" ? "paid" : record.status === "objection" ? "thinking" : tried.has(record.quoteId) ? "checkout" : record.status;
        const stale = now.getTime() - Date.parse(record.createdAt) > STOPPED_AFTER_MS;
        const status: LeadStatus = stale && (reached === "started" || reached === "priced" || reached === "checkout") ? "stopped" : reached;
        result.push({
          quoteId: record.quoteId,
          botId: record.botId,
          createdAt: record.createdAt,
          status,
          reached,
          lastStepId: row.last_step_id,
          firstName: record.customer.firstName,
          lastName: record.customer.lastName,
          phoneNumber: record.customer.phoneNumber,
          email: record.customer.email ?? null,
          address: formatAddress(record.customer.address),
          serviceTypes: record.serviceTypes,
          amount: record.payment
            ? { value: record.payment.amount, currency: record.payment.currency, paid: true }
            : shown
              ? { value: shown.amount, currency: shown.currency, paid: false }
              : null,
          source: sourceOf(record.attribution),
          attribution: record.attribution,
          staffStatus: staffStatuses.get(record.quoteId) ?? "new",
          record,
        });
      }
      return result.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
    },
    async setStaffStatus(companyId, quoteId, status, by, now) {
      const values = { company_id: companyId, quote_id: quoteId, status, updated_at: now.toISOString(), updated_by: by };
      await db
        .insertInto("lead_status")
        .values(values)
        .onConflict((oc) => oc.columns(["company_id", "quote_id"]).doUpdateSet({ status, updated_at: values.updated_at, updated_by: by }))
        .execute();
    },
    async addNote(companyId, quoteId, author, body, now) {
      const createdAt = now.toISOString();
      const row = await db
        .insertInto("lead_notes")
        .values({ company_id: companyId, quote_id: quoteId, author, body, created_at: createdAt })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: Number(row.id), author, body, createdAt };
    },
    async notes(companyId, quoteId) {
      const rows = await db.selectFrom("lead_notes").selectAll().where("company_id", "=", companyId).where("quote_id", "=", quoteId).orderBy("id").execute();
      return rows.map((row) => ({ id: Number(row.id), author: row.author, body: row.body, createdAt: row.created_at }));
    },
    async deliveries(companyId, quoteId) {
      // The events name the quote in their JSON payload; quote ids are UUIDs, so a text match is exact.
      const rows = await db
        .selectFrom("webhook_outbox")
        .selectAll()
        .where("company_id", "=", companyId)
        .where("event_type", "!=", "sign-in")
        .where("payload", "like", `%"quoteId":"${quoteId.replace(/[%_"\\]/g, "")}"%`)
        .orderBy("id")
        .execute();
      const errors = new Map<number, string | null>();
      if (rows.length > 0) {
        const attempts = await db
          .selectFrom("webhook_deliveries")
          .select(["outbox_id", "error"])
          .where("outbox_id", "in", rows.map((row) => Number(row.id)))
          .orderBy("id")
          .execute();
        for (const attempt of attempts) errors.set(Number(attempt.outbox_id), attempt.error);
      }
      return rows.map((row) => ({
        channel: row.url.startsWith("mailto:") ? "email" : "webhook",
        to: row.url.startsWith("mailto:") ? row.url.slice("mailto:".length) : row.url,
        eventType: row.event_type,
        state: row.state,
        attempts: Number(row.attempts),
        lastError: errors.get(Number(row.id)) ?? null,
        createdAt: row.created_at,
        deliveredAt: row.delivered_at,
      }));
    },
    async payments(companyId, quoteId) {
      const rows = await db
        .selectFrom("payments")
        .select(["status", "amount", "currency", "payment_method", "term", "created_at"])
        .where("company_id", "=", companyId)
        .where("quote_id", "=", quoteId)
        .orderBy("created_at")
        .execute();
      return rows.map((row) => ({ status: row.status, amount: row.amount, currency: row.currency, paymentMethod: row.payment_method, term: row.term, createdAt: row.created_at }));
    },
    async findQuoteIdByContact(companyId, contactId) {
      const row = await db
        .selectFrom("quotes")
        .select("id")
        .where("company_id", "=", companyId)
        .where((eb) => eb.or([eb("contact_id", "=", contactId), eb("crm_id", "=", contactId)]))
        .orderBy("created_at", "desc")
        .executeTakeFirst();
      return row?.id;
    },
    async funnel(companyId, filter, inbox) {
      let opensQuery = db
        .selectFrom("chat_opens")
        .select(["source", sql<number>`count(*)`.as("n")])
        .where("company_id", "=", companyId)
        .groupBy("source");
      if (filter.from) opensQuery = opensQuery.where("opened_at", ">=", dayStart(filter.from));
      if (filter.to) opensQuery = opensQuery.where("opened_at", "<", dayAfter(filter.to));
      const opens = await opensQuery.execute();
      const rows = new Map<string, FunnelRow & { stops: Map<string, number> }>();
      const rowFor = (source: string) => {
        let row = rows.get(source);
        if (!row) {
          row = { source, opened: 0, started: 0, priced: 0, checkout: 0, won: 0, stoppedAt: [], recovered: 0, recoveredAmount: "0", currency: "", stops: new Map() };
          rows.set(source, row);
        }
        return row;
      };
      for (const open of opens) rowFor(open.source).opened += Number(open.n);
      for (const lead of inbox) {
        const row = rowFor(lead.source);
        const won = lead.reached === "paid" || lead.reached === "booked";
        row.started += 1;
        if (lead.reached !== "started") row.priced += 1;
        if (won || lead.reached === "checkout") row.checkout += 1;
        if (won) row.won += 1;
        else {
          const step = lead.lastStepId ?? "start";
          row.stops.set(step, (row.stops.get(step) ?? 0) + 1);
        }
      }
      // Recovered: a sale after a follow-up of its quote was sent (issue 34), counted once per quote.
      const currency = await companyCurrency(companyId);
      const recovered = await recoveredSales(companyId);
      const leadOf = new Map(inbox.map((lead) => [lead.quoteId, lead]));
      const amounts = new Map<string, string[]>();
      for (const [quoteId, paid] of recovered) {
        const lead = leadOf.get(quoteId);
        if (!lead) continue;
        const row = rowFor(lead.source);
        row.recovered += 1;
        const mine = amounts.get(lead.source) ?? [];
        mine.push(...paid.filter((payment) => payment.currency.toUpperCase() === currency).map((payment) => payment.amount));
        amounts.set(lead.source, mine);
      }
      for (const row of rows.values()) row.recoveredAmount = sumDecimalStrings(amounts.get(row.source) ?? []);
      const all = [...rows.values()].map(({ stops, ...row }) => ({
        ...row,
        currency,
        // The chat was opened at least as often as a quote was started from it (a beacon lost, an older widget).
        opened: Math.max(row.opened, row.started),
        stoppedAt: [...stops.entries()].map(([stepId, count]) => ({ stepId, count })).sort((a, b) => b.count - a.count || a.stepId.localeCompare(b.stepId)),
      }));
      return all.sort((a, b) => b.opened - a.opened || a.source.localeCompare(b.source));
    },
  };
}
