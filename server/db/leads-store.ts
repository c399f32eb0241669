// The company's leads (GET /v1/company/{companyId}/leads.csv and .json, docs/api.md "Leads
// export"): every quote with contact details, with what became of it. Status, most advanced
// first: booked (a ServMan window confirmed for the quote's CRM client), paid (a successful
// charge), objection (think-about-it), priced (prices shown), started.
import { measurementOf, type StoredMeasurement } from "./measurement.ts";
import type { Kysely } from "kysely";
import * as v from "valibot";
import { AttributionSchema } from "../../src/contract/quote-start-body.ts";
import { CustomerSchema } from "../../src/contract/shared-schemas.ts";
import type { Attribution } from "../../src/config/attribution.ts";
import { insertionOrder } from "./company-store.ts";
import type { Dialect } from "./migrations.ts";
import type { Schema } from "./schema.ts";

export type LeadStatus = "started" | "priced" | "objection" | "paid" | "booked";

export interface LeadRecord {
  quoteId: string;
  botId: string;
  createdAt: string;
  status: LeadStatus;
  customer: v.InferOutput<typeof CustomerSchema>;
  serviceTypes: string[];
  isTest: boolean;
  payment: { amount: string; currency: string; paymentMethod: string; term: string; transactionId: string | null; paidAt: string } | null;
  objection: { reason: string | null; comments: string | null } | null;
  booking: { date: string; orderId: number } | null;
  /** Where the visitor came from (UTM tags, ad click ids, referrer, landing page), as the quote stored it. */
  attribution: Attribution | null;
  /** The lawn as drawn in the measuring tool; null when the size was typed or looked up. */
  measurement: StoredMeasurement | null;
}

/** The stored attribution, or null (none stored, or a row this version cannot read). */
function attributionOf(raw: string | null): Attribution | null {
  if (!raw) return null;
  try {
    const parsed = v.safeParse(AttributionSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

export interface LeadsStore {
  /** Every quote of the company, oldest first. */
  list(companyId: string): Promise<LeadRecord[]>;
}

const StringListSchema = v.array(v.string());

export function createLeadsStore(db: Kysely<Schema>, dialect: Dialect): LeadsStore {
  return {
    list: async (companyId) => {
      const quotes = await db
        .selectFrom("quotes")
        .select(["id", "bot_id", "created_at", "customer", "service_types", "has_price_blocks", "crm_id", "is_test", "attribution", "estimate"])
        .where("company_id", "=", companyId)
        // Preview and onboarding visits are test traffic, not leads (docs/api.md "Test traffic").
        .where("is_test", "=", 0)
        .orderBy("created_at")
        .orderBy(insertionOrder(dialect))
        .execute();
      const paid = await db
        .selectFrom("payments")
        .select(["quote_id", "amount", "currency", "payment_method", "term", "transaction_id", "created_at"])
        .where("company_id", "=", companyId)
        .where("status", "=", "succeeded")
        .execute();
      const objections = await db.selectFrom("think_about_it_leads").select(["quote_id", "reason", "comments"]).where("company_id", "=", companyId).execute();
      const bookings = await db
        .selectFrom("servman_bookings")
        .innerJoin("servman_orders", "servman_orders.id", "servman_bookings.order_id")
        .select(["servman_orders.client_id", "servman_bookings.date", "servman_bookings.order_id"])
        .where("servman_bookings.company_id", "=", companyId)
        .orderBy("servman_bookings.created_at")
        .execute();
      const paymentOf = new Map(paid.map((p) => [p.quote_id, p]));
      const objectionOf = new Map(objections.map((o) => [o.quote_id, o]));
      const bookingOf = new Map(bookings.map((b) => [b.client_id, b]));
      return quotes.map((quote): LeadRecord => {
        const payment = paymentOf.get(quote.id);
        const objection = objectionOf.get(quote.id);
        const booking = quote.crm_id === null ? undefined : bookingOf.get(quote.crm_id);
        const priced = Number(quote.has_price_blocks) === 1;
        const status: LeadStatus = booking ? "booked" : payment ? "paid" : objection ? "objection" : priced ? "priced" : "started";
        return {
          quoteId: quote.id,
          botId: quote.bot_id,
          createdAt: quote.created_at,
          status,
          customer: v.parse(CustomerSchema, JSON.parse(quote.customer)),
          serviceTypes: v.parse(StringListSchema, JSON.parse(quote.service_types)),
          isTest: Number(quote.is_test) === 1,
          payment: payment
            ? { amount: payment.amount, currency: payment.currency, paymentMethod: payment.payment_method, term: payment.term, transactionId: payment.transaction_id, paidAt: payment.created_at }
            : null,
          objection: objection ? { reason: objection.reason, comments: objection.comments } : null,
          booking: booking ? { date: booking.date, orderId: Number(booking.order_id) } : null,
          attribution: attributionOf(quote.attribution),
          measurement: measurementOf(quote.estimate),
        };
      });
    },
  };
}
