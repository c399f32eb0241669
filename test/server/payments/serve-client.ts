// Raw HTTP answers for the production-entry tests, a quote start body, and a priced quote's
// payment body (priced-payment.ts). startTestServer composes the production entry in process
// (composeServer, no port); call() reaches it there, and anything else over the network (e2e).
import type { PaymentBody } from "../../../src/contract/payment-contract.ts";
import type { Fetch } from "../../../server/adapters/provider-call.ts";
import { composeServer, type ComposedServer, type ServeConfig, type StartOptions } from "../../../server/production/serve.ts";
import { routeByOrigin } from "../../../demo-site/route-by-origin.ts";
import { pricedPaymentBody } from "../demo-site/priced-payment.ts";
import { answerInProcess, siteFetch } from "../demo-site/http-client.ts";

export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
  json: unknown;
}

let servers = 0;

export interface TestServer extends Omit<ComposedServer, "close"> {
  /** Where call() and `fetch` reach it: a loopback origin nothing listens on. */
  url: string;
  /** Requests to `url` answered by the app in process; others go out as the server's own calls do. */
  fetch: Fetch;
  close(): Promise<void>;
}

/**
 * The production entry (startServer without its port): composeServer's app at a loopback
 * origin of its own. `options.fetch` is where the server's own calls go (provider fakes, a
 * fake Stripe, a webhook receiver), default the global fetch.
 */
export async function startTestServer(config: ServeConfig, options: StartOptions = {}): Promise<TestServer> {
  const url = `http://127.0.0.1:${48_080 + servers++}`;
  const outbound = options.fetch ?? ((input, init) => fetch(input, init));
  const composed = await composeServer(config, { ...options, fetch: outbound });
  const routed = routeByOrigin(new Map([[url, composed.app]]), outbound);
  const unroute = answerInProcess([url], routed);
  let closing: Promise<void> | undefined;
  return {
    ...composed,
    url,
    fetch: routed,
    close: () =>
      (closing ??= composed.close().finally(unroute)),
  };
}

export async function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers = { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...init.headers };
  const response = await siteFetch(url, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, ...(body === undefined ? {} : { body }), redirect: "manual" });
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  const flat: Record<string, string | undefined> = {};
  response.headers.forEach((value, name) => {
    flat[name] = value;
  });
  return { status: response.status, headers: flat, text, json };
}

export const VISITOR = {
  firstName: "Kimberly",
  lastName: "Novakowski",
  phoneNumber: "6145559321",
  email: "kim.novakowski@example.com",
  street: "5565 Muirfield Drive",
};

export function quoteStartBody(phoneNumber = VISITOR.phoneNumber) {
  return {
    companyId: "greenway-lawn",
    botId: "lawn",
    source: { code: "referral", description: "A friend or neighbor referred me" },
    referrer: "Jane Cooper",
    additionalSourceInfo: null,
    salesTaxRate: 7.5,
    customer: {
      firstName: VISITOR.firstName,
      lastName: VISITOR.lastName,
      phoneNumber,
      email: VISITOR.email,
      address: { street: VISITOR.street, city: "Dublin", state: "OH", postalCode: "43017", country: "US" },
    },
  };
}

/** demo-company pays through Stripe; its quotes are priced here as the widget prices them. */
export const STRIPE_COMPANY = { companyId: "demo-company", botId: "demo-bot" } as const;
const STRIPE_ADDRESS = { street: "1234 Oak Street", city: "Dublin", state: "OH", postalCode: "43016", country: "US" };
const priced = new Map<string, PaymentBody>();

/** The widget's payment body for a quote started (and priced) by startQuote, paid with a Stripe `token`. */
export function paymentBody(quoteId: string, token: string): PaymentBody {
  const body = priced.get(quoteId);
  if (!body) throw new Error(`quote ${quoteId} was not started by startQuote`);
  return { ...body, paymentInfo: { token } };
}

/** The amount GET STARTED TODAY shows for the quote ("45.50"). */
export const amountOf = (quoteId: string): string => paymentBody(quoteId, "tok_visa").amount;

/** Starts a demo-company quote and prices it (POST /v1/rtp/quote/services), as the widget does before the checkout. */
export async function startQuote(base: string, phoneNumber?: string): Promise<string> {
  const start = quoteStartBody(phoneNumber);
  const answer = await call(`${base}/v1/quote/start`, {
    body: { ...start, ...STRIPE_COMPANY, source: null, referrer: null, customer: { ...start.customer, address: STRIPE_ADDRESS } },
  });
  if (answer.status !== 200) throw new Error(`quote start: ${answer.status} ${answer.text}`);
  const { id: quoteId, quoteToken } = answer.json as { id: string; quoteToken: string };
  startedQuoteTokens.set(quoteId, quoteToken);
  const http = { getJson: (url: string) => call(url), postJson: (url: string, body: unknown) => call(url, { body }) };
  priced.set(quoteId, await pricedPaymentBody({ api: base, ...STRIPE_COMPANY, quoteId, address: STRIPE_ADDRESS, http }, { paymentMethod: "stripe", token: "tok_visa" }));
  return quoteId;
}

/** A payment body of the shape the API takes, for no priced quote: for requests refused before any pricing check. */
export function shapedPaymentBody(quoteId: string, token: string, amount = "50.00") {
  return {
    companyId: "greenway-lawn",
    botId: "lawn",
    quoteId,
    expire_month: 1,
    expire_year: 2029,
    programs: [
      {
        id: "fert-1",
        programName: "Fertilizer & Weed Control",
        serviceType: "Fertilizer & Weed Control",
        applications: 6,
        prePayPrice: "270.00",
        totalProgramCost: "300.00",
        firstAppPrice: amount,
        applicationPrice: amount,
        term: "application",
        salesTax: "3.49",
        prePayDiscount: 10,
        pricingMethod: null,
        pricingPeriods: null,
        services: [{ grossPrice: amount, netPrice: "46.51", taxes: "3.49", tooLateToDo: false }],
        offers: [],
      },
    ],
    term: "application",
    amount,
    currency: "USD",
    paymentMethod: "stripe",
    paymentInfo: { token },
  };
}

/** The token each quote started here came with: POST /v1/quote/details answers only with it. */
export const startedQuoteTokens = new Map<string, string>();
