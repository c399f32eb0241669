// Payments in the demo store: charges kept with their idempotency key (a repeated key gets
// the first answer), every request counted, the stand-in providers' card tokens, Real Green
// payment sessions and think-about-it leads. Tables: payment-migrations.ts.
import type { DemoDatabase } from "./database.ts";

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
}

export interface PaymentStore {
  findPayment(companyId: string, idempotencyKey: string): PaymentRow | undefined;
  /** Claims the key with a 'processing' row; false when the key is already taken. */
  beginPayment(row: Omit<PaymentRow, "status" | "transactionId" | "response">): boolean;
  finishPayment(companyId: string, idempotencyKey: string, result: { status: "succeeded" | "failed"; transactionId: string | null; response: unknown }): void;
  /** The quote's successful charge, if any: a paid quote is not charged again under a new key. */
  findPaidPayment(companyId: string, quoteId: string): PaymentRow | undefined;
  listPayments(companyId: string, quoteId: string): PaymentRow[];
  /** The sale is the server's fact: the quote answers convertedSale: true from now on. */
  markQuoteConverted(companyId: string, quoteId: string): void;
  logRequest(companyId: string, entry: PaymentRequestEntry): void;
  listRequests(companyId: string, quoteId: string): PaymentRequestEntry[];

  saveCardToken(row: CardTokenRow): void;
  findCardToken(token: string): CardTokenRow | undefined;
  /** Spends a token once; false when it was already spent or never issued. */
  spendCardToken(token: string): boolean;

  saveRealGreenSession(row: RealGreenSessionRow): void;
  findRealGreenSession(token: string): RealGreenSessionRow | undefined;

  saveLead(row: LeadRow): void;
  findLead(companyId: string, quoteId: string): LeadRow | undefined;
}

interface RawPayment {
  company_id: string;
  idempotency_key: string;
  fingerprint: string;
  endpoint: PaymentEndpoint;
  bot_id: string;
  quote_id: string;
  payment_method: string;
  amount: string;
  currency: string;
  term: string;
  token: string | null;
  status: PaymentRowStatus;
  transaction_id: string | null;
  response: string | null;
  body: string;
  is_test: number;
  created_at: string;
}

function toPayment(raw: unknown): PaymentRow {
  const row = raw as RawPayment;
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
    isTest: row.is_test === 1,
    createdAt: row.created_at,
  };
}

interface RawCardToken {
  token: string;
  issuer: "vault" | "crm";
  scope: string;
  outcome: string;
  brand: string;
  last4: string;
  exp_month: number | null;
  exp_year: number | null;
  used: number;
  created_at: string;
}

interface RawSession {
  token: string;
  id: string;
  company_id: string;
  bot_id: string;
  crm_id: string;
  amount: string;
  created_at: string;
  expires_at: string;
}

interface RawLead {
  company_id: string;
  bot_id: string;
  quote_id: string;
  rg_cust_id: string | null;
  reason: string | null;
  comments: string | null;
  is_test: number;
  created_at: string;
}

export function createPaymentStore(db: DemoDatabase): PaymentStore {
  const selectPayment = db.prepare("SELECT * FROM payments WHERE company_id = ? AND idempotency_key = ?");
  const insertPayment = db.prepare(
    `INSERT OR IGNORE INTO payments (company_id, idempotency_key, fingerprint, endpoint, bot_id, quote_id, payment_method,
       amount, currency, term, token, status, transaction_id, response, body, is_test, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'processing', NULL, NULL, ?, ?, ?)`,
  );
  const updatePayment = db.prepare(
    "UPDATE payments SET status = ?, transaction_id = ?, response = ? WHERE company_id = ? AND idempotency_key = ?",
  );
  const selectPaid = db.prepare(
    "SELECT * FROM payments WHERE company_id = ? AND quote_id = ? AND status = 'succeeded' ORDER BY created_at LIMIT 1",
  );
  const selectForQuote = db.prepare("SELECT * FROM payments WHERE company_id = ? AND quote_id = ? ORDER BY rowid");
  const updateQuote = db.prepare("UPDATE quotes SET converted_sale = 1 WHERE company_id = ? AND id = ?");
  const insertRequest = db.prepare(
    "INSERT INTO payment_requests (company_id, idempotency_key, quote_id, endpoint, outcome, created_at) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const selectRequests = db.prepare(
    "SELECT idempotency_key, quote_id, endpoint, outcome, created_at FROM payment_requests WHERE company_id = ? AND quote_id = ? ORDER BY id",
  );

  const insertToken = db.prepare(
    `INSERT INTO card_tokens (token, issuer, scope, outcome, brand, last4, exp_month, exp_year, used, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const selectToken = db.prepare("SELECT * FROM card_tokens WHERE token = ?");
  const spendToken = db.prepare("UPDATE card_tokens SET used = 1 WHERE token = ? AND used = 0");

  const insertSession = db.prepare(
    `INSERT INTO realgreen_payment_sessions (token, id, company_id, bot_id, crm_id, amount, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const selectSession = db.prepare("SELECT * FROM realgreen_payment_sessions WHERE token = ?");

  const upsertLead = db.prepare(
    `INSERT OR REPLACE INTO think_about_it_leads (company_id, bot_id, quote_id, rg_cust_id, reason, comments, is_test, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const selectLead = db.prepare("SELECT * FROM think_about_it_leads WHERE company_id = ? AND quote_id = ?");

  return {
    findPayment: (companyId, key) => {
      const raw = selectPayment.get(companyId, key);
      return raw === undefined ? undefined : toPayment(raw);
    },
    beginPayment: (row) =>
      insertPayment.run(
        row.companyId,
        row.idempotencyKey,
        row.fingerprint,
        row.endpoint,
        row.botId,
        row.quoteId,
        row.paymentMethod,
        row.amount,
        row.currency,
        row.term,
        row.token,
        JSON.stringify(row.body),
        row.isTest ? 1 : 0,
        row.createdAt,
      ).changes > 0,
    finishPayment: (companyId, key, result) => {
      updatePayment.run(result.status, result.transactionId, JSON.stringify(result.response), companyId, key);
    },
    findPaidPayment: (companyId, quoteId) => {
      const raw = selectPaid.get(companyId, quoteId);
      return raw === undefined ? undefined : toPayment(raw);
    },
    listPayments: (companyId, quoteId) => selectForQuote.all(companyId, quoteId).map(toPayment),
    markQuoteConverted: (companyId, quoteId) => {
      updateQuote.run(companyId, quoteId);
    },
    logRequest: (companyId, entry) => {
      insertRequest.run(companyId, entry.idempotencyKey, entry.quoteId, entry.endpoint, entry.outcome, entry.createdAt);
    },
    listRequests: (companyId, quoteId) =>
      selectRequests.all(companyId, quoteId).map((raw) => {
        const row = raw as { idempotency_key: string; quote_id: string; endpoint: PaymentEndpoint; outcome: RequestOutcome; created_at: string };
        return { idempotencyKey: row.idempotency_key, quoteId: row.quote_id, endpoint: row.endpoint, outcome: row.outcome, createdAt: row.created_at };
      }),

    saveCardToken: (row) => {
      insertToken.run(row.token, row.issuer, row.scope, row.outcome, row.brand, row.last4, row.expMonth, row.expYear, row.used ? 1 : 0, row.createdAt);
    },
    findCardToken: (token) => {
      const raw = selectToken.get(token) as RawCardToken | undefined;
      if (!raw) return undefined;
      return {
        token: raw.token,
        issuer: raw.issuer,
        scope: raw.scope,
        outcome: raw.outcome,
        brand: raw.brand,
        last4: raw.last4,
        expMonth: raw.exp_month,
        expYear: raw.exp_year,
        used: raw.used === 1,
        createdAt: raw.created_at,
      };
    },
    spendCardToken: (token) => spendToken.run(token).changes > 0,

    saveRealGreenSession: (row) => {
      insertSession.run(row.token, row.id, row.companyId, row.botId, row.crmId, row.amount, row.createdAt, row.expiresAt);
    },
    findRealGreenSession: (token) => {
      const raw = selectSession.get(token) as RawSession | undefined;
      if (!raw) return undefined;
      return {
        token: raw.token,
        id: raw.id,
        companyId: raw.company_id,
        botId: raw.bot_id,
        crmId: raw.crm_id,
        amount: raw.amount,
        createdAt: raw.created_at,
        expiresAt: raw.expires_at,
      };
    },

    saveLead: (row) => {
      upsertLead.run(row.companyId, row.botId, row.quoteId, row.rgCustId, row.reason, row.comments, row.isTest ? 1 : 0, row.createdAt);
    },
    findLead: (companyId, quoteId) => {
      const raw = selectLead.get(companyId, quoteId) as RawLead | undefined;
      if (!raw) return undefined;
      return {
        companyId: raw.company_id,
        botId: raw.bot_id,
        quoteId: raw.quote_id,
        rgCustId: raw.rg_cust_id,
        reason: raw.reason,
        comments: raw.comments,
        isTest: raw.is_test === 1,
        createdAt: raw.created_at,
      };
    },
  };
}
