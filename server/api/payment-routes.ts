// The payment calls (docs/api.md "Payment"): POST /v1/secure/payment and /v1/payment/device
// charge through a processor (payments/processor.ts: the test processor, or Stripe for a
// production server with STRIPE_SECRET_KEY), POST /v1/secure/payment/confirm finishes a 3-D
// Secure charge, keyed by Idempotency-Key (a repeated key gets the first
// answer, never a second charge); GET /v1/payment/status/{key} settles an unknown outcome;
// POST /v1/quote/crm/realgreen/payment opens a CRM payment session. A payment method with no
// processor on this server (no real one, and not in test mode) is refused with a 400 naming it.
// Over 300 lines on purpose: the key claim, the locked charge and the purchase webhook written
// in the charge's transaction are one exactly-once protocol, read together.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { DevicePaymentBodySchema } from "../../src/contract/payment-contract.ts";
import { IdempotencyKeySchema, PaymentStatusQuerySchema, PaymentStatusSchema } from "../../src/contract/payment-status.ts";
import { RealGreenPaymentBodySchema, RealGreenPaymentSchema } from "../../src/contract/realgreen-payment.ts";
import { PaymentResponseSchema, SecurePaymentBodySchema, type PaymentBody } from "../../src/contract/payment-contract.ts";
import { parseCompanyConfig, type CompanyConfig } from "../../src/config/company-config.ts";
import type { UrlRules } from "../../src/config/safe-url.ts";
import { PAYMENT_METHODS, processorOf, type PaymentMethod } from "../../src/contract/payment-processors.ts";
import type { CompanyStore } from "../db/company-store.ts";
import type { PaymentEndpoint, PaymentStore, RequestOutcome } from "../db/payment-store.ts";
import type { QuoteStore } from "../db/quote-store.ts";
import type { RunInTransaction } from "../db/stores.ts";
import { allowedMethods, checkAmount, checkAmountDue } from "../payments/server-amount.ts";
import { findTaxRate, UNKNOWN_TAX } from "../pricing/tax-rates.ts";
import type { TaxRateStore } from "../db/tax-rate-store.ts";
import type { StoredPricing } from "../db/quote-store.ts";
import { createTestProcessor, decimalToMinor, type ChargeRequest, type PaymentProcessor, type ProcessorDecision } from "../payments/processor.ts";
import { CHARGES, type ServedMethod } from "../payments/processor-table.ts";
import { purchaseData } from "../webhooks/events.ts";
import { apiError } from "./api-error.ts";
import { isTestTraffic, readBody, sendParsed } from "./request-body.ts";

/** POST /v1/secure/payment/confirm: the PaymentIntent the 3-D Secure answer named. */
const PaymentConfirmBodySchema = v.strictObject({
  companyId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  paymentIntentId: v.pipe(v.string(), v.regex(/^pi_[A-Za-z0-9]{1,100}$/, "must be a PaymentIntent id")),
});

export interface PaymentRoutesDeps {
  companies: CompanyStore;
  quotes: QuoteStore;
  payments: PaymentStore;
  /** Runs `work` atomically in the store, with stores bound to the transaction. */
  transaction: RunInTransaction;
  now?: () => Date;
  /** Charges stripe and device-wallet payments (Stripe, when STRIPE_SECRET_KEY is set). */
  processor?: PaymentProcessor;
  /** The companies' imported tax tables: the amount check uses GET /v1/tax's rate; default: none known. */
  taxRates?: Pick<TaxRateStore, "rateFor">;
  /**
   * The test processor (test cards, the demo's card vault and CRM frame tokens) charges every
   * method without a real processor: the demo, and PAYMENTS_TEST_MODE=1. Otherwise those
   * methods are refused.
   */
  testMode: boolean;
  /** The rules the stored configurations are read with (the demo's allow its stand-ins on this machine). */
  urlRules: UrlRules;
  /** After a test processor's successful charge, with the test card's outcome: a Response returned replaces the answer (the demo's dropped connection). */
  afterCharge?: (c: Context, outcome: string) => Response | undefined;
}

/** Which processor charges `method` on a server with this card processor (or none) and test mode: by name, or "off" (refused). */
export function chargedBy(method: PaymentMethod, processor: PaymentProcessor | undefined, testMode: boolean): PaymentProcessor["name"] | "off" {
  const { by } = CHARGES[method];
  if (by === "record") return "test";
  if (by === "card" && processor) return processor.name;
  return testMode ? "test" : "off";
}

/** Which processor charges each method a server may refuse, by name, or "off" where it is refused (the production entry logs it at start). */
export function paymentMethodsServed(processor: PaymentProcessor | undefined, testMode: boolean): Record<ServedMethod, PaymentProcessor["name"] | "off"> {
  const served = PAYMENT_METHODS.flatMap((method) => (CHARGES[method].by === "record" ? [] : [[method, chargedBy(method, processor, testMode)] as const]));
  return Object.fromEntries(served) as Record<ServedMethod, PaymentProcessor["name"] | "off">;
}

/** How long a request waits for another request's charge under the same key before answering 409. */
export const IN_PROGRESS_WAIT_MS = 5000;
const IN_PROGRESS_POLL_MS = 25;

/** How long a Real Green payment session (the frame's token) stays usable. */
export const REALGREEN_SESSION_MS = 30 * 60 * 1000;

type Found<T> = { ok: true; value: T } | { ok: false; response: Response };

async function findCompany(c: Context, companies: CompanyStore, companyId: string, botId: string, urlRules: UrlRules): Promise<Found<CompanyConfig>> {
  const row = await companies.findBot(companyId, botId);
  if (!row) {
    const message = await companies.findFirstBot(companyId) ? `Company "${companyId}" has no bot "${botId}"` : `Unknown company "${companyId}"`;
    return { ok: false, response: apiError(c, 404, message) };
  }
  const parsed = parseCompanyConfig(JSON.parse(row.config), urlRules);
  if (!parsed.ok) throw new Error(`stored configuration of ${companyId}/${botId} is invalid: ${parsed.reason}`);
  return { ok: true, value: parsed.config };
}

const isZero = (amount: string) => /^0+(\.0+)?$/.test(amount);

/** Unguessable, URL-safe, and never a long run of digits (PaymentTokenSchema). */
const newToken = (prefix: string) => `${prefix}_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x")}`;

function fingerprintOf(endpoint: PaymentEndpoint, body: PaymentBody): string {
  return createHash("sha256").update(JSON.stringify({ endpoint, body })).digest("hex");
}

const ALREADY_PAID = { ok: false, error: "This quote has already been paid.", code: "processing_error" } as const;

/** The 200 that asks the widget to finish 3-D Secure (stripe-js handleNextAction), then POST /v1/secure/payment/confirm. */
const actionAnswer = (decision: Extract<ProcessorDecision, { ok: "requires_action" }>) => ({
  status: "requires_action" as const,
  clientSecret: decision.clientSecret,
  paymentIntentId: decision.intentId,
});

export function createPaymentRoutes(deps: PaymentRoutesDeps): Hono {
  const routes = new Hono();
  const now = deps.now ?? (() => new Date());
  const taxRates = deps.taxRates ?? { rateFor: async () => undefined };
  /** GET /v1/tax's answer for the priced address, when the company looks its tax up. */
  const taxRateOf = async (config: CompanyConfig, companyId: string, pricing: StoredPricing | undefined): Promise<number> =>
    config.lookupZipCodeTax && pricing ? findTaxRate(taxRates, companyId, pricing.postalCode) : UNKNOWN_TAX;
  const testProcessor = (payments: PaymentStore) => createTestProcessor(payments, now, () => `txn_${randomUUID()}`);
  // The method's row of CHARGES (server/payments/processor-table.ts): a bypass charges no card
  // (the test processor only records it); card-vault and Real Green tokens have no real
  // processor yet: the test processor's (on the transaction's store) in test mode, otherwise
  // none, never a real token sent to the test processor.
  const processorFor = (method: PaymentMethod, payments: PaymentStore): PaymentProcessor | undefined => {
    const by = chargedBy(method, deps.processor, deps.testMode);
    return by === "off" ? undefined : by === "test" ? testProcessor(payments) : deps.processor;
  };
  const noProcessor = (c: Context, method: PaymentMethod) =>
    apiError(c, 400, `Invalid paymentMethod: this server has no payment processor for ${method}`);

  /**
   * Charges (or finishes a 3-D Secure charge) with the quote locked: two keys for one quote run
   * one after the other, and the second finds the first's charge (a unique index on successful
   * charges per quote backs it, across processes). requires_action leaves the payment processing.
   */
  async function chargeLocked(
    c: Context,
    request: ChargeRequest,
    endpoint: PaymentEndpoint,
    charge: (processor: PaymentProcessor) => Promise<ProcessorDecision>,
  ): Promise<Response> {
    const { body, idempotencyKey } = request;
    const log = (payments: PaymentStore, outcome: RequestOutcome) =>
      payments.logRequest(body.companyId, { idempotencyKey, quoteId: body.quoteId, endpoint, outcome, createdAt: now().toISOString() });
    const result = await deps.transaction(async (tx) => {
      await tx.payments.lockQuote(body.companyId, body.quoteId);
      const paid = await tx.payments.findPaidPayment(body.companyId, body.quoteId);
      const processor = processorFor(body.paymentMethod, tx.payments);
      if (!processor) throw new Error(`no processor for ${body.paymentMethod}: refused before the charge`);
      const decision: ProcessorDecision = paid ? ALREADY_PAID : await charge(processor);
      if (decision.ok === "requires_action") return { action: actionAnswer(decision) } as const;
      if (decision.ok) {
        const answer: v.InferInput<typeof PaymentResponseSchema> = {
          status: "succeeded",
          transactionId: decision.transactionId,
          amount: body.amount,
          currency: body.currency,
        };
        await tx.payments.finishPayment(body.companyId, idempotencyKey, { status: "succeeded", transactionId: decision.transactionId, response: answer });
        await tx.payments.markQuoteConverted(body.companyId, body.quoteId);
        await log(tx.payments, "charged");
        // The `purchase` webhook is written with the charge: both are stored, or neither.
        const quote = await tx.quotes.find(body.companyId, body.quoteId);
        if (quote && !isTestTraffic(c)) {
          const payment = { transactionId: decision.transactionId, amount: body.amount, currency: body.currency, paymentMethod: body.paymentMethod, term: body.term };
          await tx.outbox.enqueue({ type: "purchase", companyId: body.companyId, createdAt: now().toISOString(), data: purchaseData(quote, payment) });
        }
        return { answer, outcome: decision.outcome as string | undefined } as const;
      }
      const answer: v.InferInput<typeof PaymentResponseSchema> = { error: decision.error, code: decision.code };
      await tx.payments.finishPayment(body.companyId, idempotencyKey, { status: "failed", transactionId: null, response: answer });
      await log(tx.payments, "declined");
      return { answer, outcome: undefined } as const;
    });
    if ("action" in result) return c.json(result.action);
    const hooked = result.outcome !== undefined && processorFor(body.paymentMethod, deps.payments)?.name === "test" ? deps.afterCharge?.(c, result.outcome) : undefined;
    if (hooked) return hooked;
    return sendParsed(c, PaymentResponseSchema, result.answer);
  }

  async function pay(c: Context, endpoint: PaymentEndpoint): Promise<Response> {
    const key = v.safeParse(IdempotencyKeySchema, c.req.header("Idempotency-Key") ?? "");
    if (!key.success) return apiError(c, 400, `Invalid Idempotency-Key header: ${key.issues[0].message}`);
    const idempotencyKey = key.output;
    const read = await readBody(c, endpoint === "secure" ? SecurePaymentBodySchema : DevicePaymentBodySchema);
    if (!read.ok) return read.response;
    const body: PaymentBody = read.body;
    const company = await findCompany(c, deps.companies, body.companyId, body.botId, deps.urlRules);
    if (!company.ok) return company.response;
    if (body.currency !== company.value.currency) {
      return apiError(c, 400, `Invalid currency: company "${body.companyId}" charges in ${company.value.currency}`);
    }
    // The company's processor, not the browser's choice: bypass only where bypassPayment is set.
    const allowed = allowedMethods(company.value, endpoint);
    if (!allowed.includes(body.paymentMethod)) {
      const pays = allowed.length === 0 ? "takes no device wallet payments" : `pays through ${allowed.join(", ")}`;
      return apiError(c, 400, `Invalid paymentMethod: company "${body.companyId}" ${pays}, not ${body.paymentMethod}`);
    }
    if (!processorFor(body.paymentMethod, deps.payments)) return noProcessor(c, body.paymentMethod);
    if (processorOf(body.paymentMethod).token === "card" && isZero(body.amount)) return apiError(c, 400, "Invalid amount: a card payment must be above 0");
    // The company's currency and its digits, not the browser's say.
    const amountMinor = decimalToMinor(body.amount, company.value.currency);
    if (amountMinor === undefined) return apiError(c, 400, `Invalid amount: ${company.value.currency} has fewer decimal digits than "${body.amount}"`);
    if (!await deps.quotes.find(body.companyId, body.quoteId)) return apiError(c, 404, `No quote "${body.quoteId}" for company "${body.companyId}"`);
    // The amount from the quote's stored prices (server-amount.ts). A key already claimed is
    // answered below from the store (replay, 422), whatever the prices are now.
    if (!await deps.payments.findPayment(body.companyId, idempotencyKey)) {
      const pricing = await deps.quotes.findPricing(body.companyId, body.quoteId);
      const checked = checkAmount(company.value, pricing, body, await taxRateOf(company.value, body.companyId, pricing));
      if (!checked.ok) return c.json({ message: checked.message, ...(checked.code ? { code: checked.code } : {}) }, checked.status);
    }

    const fingerprint = fingerprintOf(endpoint, body);
    const createdAt = now().toISOString();
    const entry = (outcome: RequestOutcome) => ({ idempotencyKey, quoteId: body.quoteId, endpoint, outcome, createdAt });
    const log = (payments: PaymentStore, outcome: RequestOutcome) => payments.logRequest(body.companyId, entry(outcome));

    // Claim the key: the primary key (company, key) lets exactly one request insert it, on
    // SQLite and PostgreSQL alike, across processes. A request that finds the key taken by
    // the same payment still in progress waits (bounded) for its answer and replays it.
    const claimed = await deps.payments.beginPayment({
      companyId: body.companyId,
      idempotencyKey,
      fingerprint,
      endpoint,
      botId: body.botId,
      quoteId: body.quoteId,
      paymentMethod: body.paymentMethod,
      amount: body.amount,
      currency: body.currency,
      term: body.term,
      token: body.paymentInfo.token,
      body,
      isTest: isTestTraffic(c),
      createdAt,
    });
    if (!claimed) {
      const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
      for (;;) {
        const existing = await deps.payments.findPayment(body.companyId, idempotencyKey);
        if (!existing) throw new Error(`payment ${idempotencyKey} vanished while claimed`);
        if (existing.fingerprint !== fingerprint) {
          await log(deps.payments, "key-conflict");
          return apiError(c, 422, "Idempotency-Key was already used for another payment: send a new key for a new payment");
        }
        if (existing.status !== "processing") {
          await log(deps.payments, "replayed");
          return c.json(existing.response as object);
        }
        if (Date.now() >= deadline) {
          await log(deps.payments, "in-progress");
          return apiError(c, 409, "A payment with this Idempotency-Key is in progress: ask GET /v1/payment/status/{key}");
        }
        await new Promise((resolve) => setTimeout(resolve, IN_PROGRESS_POLL_MS));
      }
    }

    const request: ChargeRequest = {
      companyId: body.companyId,
      botId: body.botId,
      quoteId: body.quoteId,
      idempotencyKey,
      amountMinor,
      currency: company.value.currency,
      body,
    };
    return chargeLocked(c, request, endpoint, (processor) => processor.charge(request));
  }

  /** After stripe-js handleNextAction: what the pending PaymentIntent of this key came to. */
  async function confirm(c: Context): Promise<Response> {
    const key = v.safeParse(IdempotencyKeySchema, c.req.header("Idempotency-Key") ?? "");
    if (!key.success) return apiError(c, 400, `Invalid Idempotency-Key header: ${key.issues[0].message}`);
    const read = await readBody(c, PaymentConfirmBodySchema);
    if (!read.ok) return read.response;
    const { companyId, paymentIntentId } = read.body;
    const payment = await deps.payments.findPayment(companyId, key.output);
    if (!payment) return apiError(c, 404, `No payment with this Idempotency-Key for company "${companyId}"`);
    if (payment.status !== "processing") return c.json(payment.response as object);
    const body = payment.body as PaymentBody;
    const company = await findCompany(c, deps.companies, body.companyId, body.botId, deps.urlRules);
    if (!company.ok) return company.response;
    const amountMinor = decimalToMinor(payment.amount, company.value.currency);
    if (amountMinor === undefined || !processorFor(body.paymentMethod, deps.payments)?.finish) return apiError(c, 400, "This payment has no action to confirm");
    const request: ChargeRequest = {
      companyId,
      botId: body.botId,
      quoteId: body.quoteId,
      idempotencyKey: key.output,
      amountMinor,
      currency: company.value.currency,
      body,
    };
    return chargeLocked(c, request, payment.endpoint, (processor) => processor.finish!(request, paymentIntentId));
  }

  routes.post("/v1/secure/payment", async (c) => pay(c, "secure"));
  routes.post("/v1/payment/device", async (c) => pay(c, "device"));
  routes.post("/v1/secure/payment/confirm", async (c) => confirm(c));

  routes.get("/v1/payment/status/:key", async (c) => {
    const key = v.safeParse(IdempotencyKeySchema, c.req.param("key"));
    if (!key.success) return apiError(c, 400, `Invalid key: ${key.issues[0].message}`);
    const query = v.safeParse(PaymentStatusQuerySchema, { companyId: c.req.query("companyId") });
    if (!query.success) return apiError(c, 400, "Invalid companyId: required");
    const payment = await deps.payments.findPayment(query.output.companyId, key.output);
    if (!payment) return sendParsed(c, PaymentStatusSchema, { status: "not-found" });
    if (payment.status === "processing") return sendParsed(c, PaymentStatusSchema, { status: "processing" });
    const response = v.parse(PaymentResponseSchema, payment.response);
    return sendParsed(c, PaymentStatusSchema, "error" in response ? { status: "failed", error: response.error } : response);
  });

  routes.post("/v1/quote/crm/realgreen/payment", async (c) => {
    const read = await readBody(c, RealGreenPaymentBodySchema);
    if (!read.ok) return read.response;
    const body = read.body;
    const company = await findCompany(c, deps.companies, body.companyId, body.botId, deps.urlRules);
    if (!company.ok) return company.response;
    if (company.value.crmSolution !== "real-green") return apiError(c, 400, `Company "${body.companyId}" does not use Real Green`);
    // The session's card is charged by the real-green method: no session where nothing would charge it.
    if (!processorFor("real-green", deps.payments)) return noProcessor(c, "real-green");
    if (isZero(body.amount)) return apiError(c, 400, "Invalid amount: must be above 0");
    // The session is for the amount the server works out for the quote, never one taken on trust,
    // and for the quote's own CRM customer.
    const quote = await deps.quotes.find(body.companyId, body.quoteId);
    if (!quote) return apiError(c, 404, `No quote "${body.quoteId}" for company "${body.companyId}"`);
    if (quote.crmId !== null && quote.crmId !== body.crmId) return apiError(c, 400, "Invalid crmId: not the quote's customer");
    const pricing = await deps.quotes.findPricing(body.companyId, body.quoteId);
    const due = checkAmountDue(company.value, pricing, body.term, body.programIds, body.amount, await taxRateOf(company.value, body.companyId, pricing));
    if (!due.ok) return c.json({ message: due.message, ...(due.code ? { code: due.code } : {}) }, due.status);
    const created = now();
    const session = {
      token: newToken("rgp"),
      id: `RGP-${randomUUID().slice(0, 8).toUpperCase()}`,
      companyId: body.companyId,
      botId: body.botId,
      crmId: body.crmId,
      amount: body.amount,
      createdAt: created.toISOString(),
      expiresAt: new Date(created.getTime() + REALGREEN_SESSION_MS).toISOString(),
    };
    await deps.payments.saveRealGreenSession(session);
    return sendParsed(c, RealGreenPaymentSchema, { token: session.token, id: session.id });
  });

  return routes;
}
