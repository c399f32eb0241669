// Payments in the store: charges kept with their idempotency key (a repeated key gets
// the first answer), every request counted, the stand-in providers' card tokens, Real Green
// payment sessions and think-about-it leads. Tables: migration 1 (db/migrations/0001-initial.ts).
// Over 300 lines on purpose: the key claim, the quote lock and the charge record are one
// exactly-once protocol, read together; split, each half would hide what the other relies on.
import type { Kysely, Selectable } from "kysely";
import type { Dialect } from "./migrations.ts";
import { insertionOrder } from "./company-store.ts";
import type { CardTokensTable, LeadsTable, PaymentsTable, RealGreenSessionsTable, Schema } from "./schema.ts";

export type PaymentEndpoint = "secure" | "device";
export type PaymentRowStatus = "processing" | "succeeded" | "failed";
export type RequestOutcome = "charged" | "declined" | "replayed" | "in-progress" | "key-conflict";

export interface PaymentRow {
  companyId: string;
  idempotencyKey: string;
  /** A hash of the endpoint and body: the same key with another payment is refused. */
  fingerprint: string;
  endpoint: PaymentEndpoint;
  botId: string;
  quoteId: string;
  paymentMethod: string;
  /** Decimal major units, as sent. */
  amount: string;
  currency: string;
  term: string;
  token: string | null;
  status: PaymentRowStatus;
  transactionId: string | null;
  /** The JSON answer given (replayed for a repeated key); null while processing. */
  response: unknown;
  /** The request body as received (tokens only; the schema refuses card fields). */
  body: unknown;
  isTest: boolean;
  createdAt: string;
}

export interface PaymentRequestEntry {
  idempotencyKey: string;
  quoteId: string;
  endpoint: PaymentEndpoint;
  outcome: RequestOutcome;
  createdAt: string;
}

export interface CardTokenRow {
  token: string;
  issuer: "vault" | "crm";
  /** The vault's merchant id, or the CRM payment session's token. */
  scope: string;
  outcome: string;
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
  used: boolean;
  createdAt: string;
}

export interface RealGreenSessionRow {
  token: string;
  id: string;
  companyId: string;
  botId: string;
  crmId: string;
  amount: string;
  createdAt: string;
  expiresAt: string;
}

export interface LeadRow {
  companyId: string;
  botId: string;
  quoteId: string;
  rgCustId: string | null;
  reason: string | null;
  comments: string | null;
  isTest: boolean;
  createdAt: string;
  /** The widget's key for this lead's request: a retry with the same key is the same lead. */
  idempotencyKey?: string | null;
}

export interface PaymentStore {
  findPayment(companyId: string, idempotencyKey: string): Promise<PaymentRow | undefined>;
  /** Claims the key with a 'processing' row; false when the key is already taken. */
  beginPayment(row: Omit<PaymentRow, "status" | "transactionId" | "response">): Promise<boolean>;
  finishPayment(companyId: string, idempotencyKey: string, result: { status: "succeeded" | "failed"; transactionId: string | null; response: unknown }): Promise<void>;
  /** The quote's successful charge, if any: a paid quote is not charged again under a new key. */
  findPaidPayment(companyId: string, quoteId: string): Promise<PaymentRow | undefined>;
  listPayments(companyId: string, quoteId: string): Promise<PaymentRow[]>;
  /** The sale is the server's fact: the quote answers convertedSale: true from now on. */
  markQuoteConverted(companyId: string, quoteId: string): Promise<void>;
  logRequest(companyId: string, entry: PaymentRequestEntry): Promise<void>;
  listRequests(companyId: string, quoteId: string): Promise<PaymentRequestEntry[]>;
  /**
   * Locks the quote for the rest of the transaction (PostgreSQL: SELECT ... FOR UPDATE;
   * SQLite serialises transactions anyway): two charges of one quote under two keys then run
   * one after the other, and the second sees the first.
   */
  lockQuote(companyId: string, quoteId: string): Promise<void>;

  saveCardToken(row: CardTokenRow): Promise<void>;
  findCardToken(token: string): Promise<CardTokenRow | undefined>;
  /** Spends a token once; false when it was already spent or never issued. */
  spendCardToken(token: string): Promise<boolean>;

  saveRealGreenSession(row: RealGreenSessionRow): Promise<void>;
  findRealGreenSession(token: string): Promise<RealGreenSessionRow | undefined>;

  saveLead(row: LeadRow): Promise<void>;
  findLead(companyId: string, quoteId: string): Promise<LeadRow | undefined>;
}

function toPayment(row: Selectable<PaymentsTable>): PaymentRow {
  return {
    companyId: row.company_id,
    idempotencyKey: row.idempotency_key,
    fingerprint: row.fingerprint,
    endpoint: row.endpoint,
    botId: row.bot_id,
    quoteId: row.quote_id,
    paymentMethod: row.payment_method,
    amount: row.amount,
    currency: row.currency,
    term: row.term,
    token: row.token,
    status: row.status,
    transactionId: row.transaction_id,
    response: row.response === null ? null : (JSON.parse(row.response) as unknown),
    body: JSON.parse(row.body) as unknown,
    isTest: Number(row.is_test) === 1,
    createdAt: row.created_at,
  };
}

const toCardToken = (raw: Selectable<CardTokensTable>): CardTokenRow => ({
  token: raw.token,
  issuer: raw.issuer,
  scope: raw.scope,
  outcome: raw.outcome,
  brand: raw.brand,
  last4: raw.last4,
  expMonth: raw.exp_month === null ? null : Number(raw.exp_month),
  expYear: raw.exp_year === null ? null : Number(raw.exp_year),
  used: Number(raw.used) === 1,
  createdAt: raw.created_at,
});

const toSession = (raw: Selectable<RealGreenSessionsTable>): RealGreenSessionRow => ({
  token: raw.token,
  id: raw.id,
  companyId: raw.company_id,
  botId: raw.bot_id,
  crmId: raw.crm_id,
  amount: raw.amount,
  createdAt: raw.created_at,
  expiresAt: raw.expires_at,
});

const toLead = (raw: Selectable<LeadsTable>): LeadRow => ({
  companyId: raw.company_id,
  botId: raw.bot_id,
  quoteId: raw.quote_id,
  rgCustId: raw.rg_cust_id,
  reason: raw.reason,
  comments: raw.comments,
  isTest: Number(raw.is_test) === 1,
  createdAt: raw.created_at,
  idempotencyKey: raw.idempotency_key,
});

/** `db` may be a transaction: the store's calls then belong to it. */
export function createPaymentStore(db: Kysely<Schema>, dialect: Dialect): PaymentStore {
  const payments = (companyId: string) => db.selectFrom("payments").selectAll().where("company_id", "=", companyId);

  return {
    findPayment: async (companyId, key) => {
      const row = await payments(companyId).where("idempotency_key", "=", key).executeTakeFirst();
      return row && toPayment(row);
    },
    // The primary key (company, key) decides: of two requests claiming one key at once,
    // exactly one inserts, on both databases.
    beginPayment: async (row) => {
      const inserted = await db
        .insertInto("payments")
        .values({
          company_id: row.companyId,
          idempotency_key: row.idempotencyKey,
          fingerprint: row.fingerprint,
          endpoint: row.endpoint,
          bot_id: row.botId,
          quote_id: row.quoteId,
          payment_method: row.paymentMethod,
          amount: row.amount,
          currency: row.currency,
          term: row.term,
          token: row.token,
          status: "processing",
          transaction_id: null,
          response: null,
          body: JSON.stringify(row.body),
          is_test: row.isTest ? 1 : 0,
          created_at: row.createdAt,
        })
        .onConflict((oc) => oc.columns(["company_id", "idempotency_key"]).doNothing())
        .returning("idempotency_key")
        .executeTakeFirst();
      return inserted !== undefined;
    },
    finishPayment: async (companyId, key, result) => {
      await db
        .updateTable("payments")
        .set({ status: result.status, transaction_id: result.transactionId, response: JSON.stringify(result.response) })
        .where("company_id", "=", companyId)
        .where("idempotency_key", "=", key)
        .execute();
    },
    findPaidPayment: async (companyId, quoteId) => {
      const row = await payments(companyId).where("quote_id", "=", quoteId).where("status", "=", "succeeded").orderBy("created_at").limit(1).executeTakeFirst();
      return row && toPayment(row);
    },
    listPayments: async (companyId, quoteId) =>
      (await payments(companyId).where("quote_id", "=", quoteId).orderBy(insertionOrder(dialect)).execute()).map(toPayment),
    markQuoteConverted: async (companyId, quoteId) => {
      await db.updateTable("quotes").set({ converted_sale: 1 }).where("company_id", "=", companyId).where("id", "=", quoteId).execute();
    },
    logRequest: async (companyId, entry) => {
      await db
        .insertInto("payment_requests")
        .values({
          company_id: companyId,
          idempotency_key: entry.idempotencyKey,
          quote_id: entry.quoteId,
          endpoint: entry.endpoint,
          outcome: entry.outcome,
          created_at: entry.createdAt,
        })
        .execute();
    },
    listRequests: async (companyId, quoteId) =>
      (
        await db
          .selectFrom("payment_requests")
          .select(["idempotency_key", "quote_id", "endpoint", "outcome", "created_at"])
          .where("company_id", "=", companyId)
          .where("quote_id", "=", quoteId)
          .orderBy("id")
          .execute()
      ).map((row) => ({
        idempotencyKey: row.idempotency_key,
        quoteId: row.quote_id,
        endpoint: row.endpoint as PaymentEndpoint,
        outcome: row.outcome,
        createdAt: row.created_at,
      })),
    lockQuote: async (companyId, quoteId) => {
      if (dialect !== "postgres") return;
      await db.selectFrom("quotes").select("id").where("company_id", "=", companyId).where("id", "=", quoteId).forUpdate().execute();
    },

    saveCardToken: async (row) => {
      await db
        .insertInto("card_tokens")
        .values({
          token: row.token,
          issuer: row.issuer,
          scope: row.scope,
          outcome: row.outcome,
          brand: row.brand,
          last4: row.last4,
          exp_month: row.expMonth,
          exp_year: row.expYear,
          used: row.used ? 1 : 0,
          created_at: row.createdAt,
        })
        .execute();
    },
    findCardToken: async (token) => {
      const row = await db.selectFrom("card_tokens").selectAll().where("token", "=", token).executeTakeFirst();
      return row && toCardToken(row);
    },
    // One UPDATE with the condition in it: of two spends at once, one changes the row.
    spendCardToken: async (token) => {
      const result = await db.updateTable("card_tokens").set({ used: 1 }).where("token", "=", token).where("used", "=", 0).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    saveRealGreenSession: async (row) => {
      await db
        .insertInto("realgreen_payment_sessions")
        .values({
          token: row.token,
          id: row.id,
          company_id: row.companyId,
          bot_id: row.botId,
          crm_id: row.crmId,
          amount: row.amount,
          created_at: row.createdAt,
          expires_at: row.expiresAt,
        })
        .execute();
    },
    findRealGreenSession: async (token) => {
      const row = await db.selectFrom("realgreen_payment_sessions").selectAll().where("token", "=", token).executeTakeFirst();
      return row && toSession(row);
    },

    saveLead: async (row) => {
      const values = {
        company_id: row.companyId,
        bot_id: row.botId,
        quote_id: row.quoteId,
        rg_cust_id: row.rgCustId,
        reason: row.reason,
        comments: row.comments,
        is_test: row.isTest ? 1 : 0,
        created_at: row.createdAt,
        idempotency_key: row.idempotencyKey ?? null,
      };
      const { company_id: _company, quote_id: _quote, ...update } = values;
      await db
        .insertInto("think_about_it_leads")
        .values(values)
        .onConflict((oc) => oc.columns(["company_id", "quote_id"]).doUpdateSet(update))
        .execute();
    },
    findLead: async (companyId, quoteId) => {
      const row = await db.selectFrom("think_about_it_leads").selectAll().where("company_id", "=", companyId).where("quote_id", "=", quoteId).executeTakeFirst();
      return row && toLead(row);
    },
  };
}
