// Raw HTTP for the production-entry tests (the unit setup's global fetch applies browser CORS
// rules), a quote start body, and a priced quote's payment body (priced-payment.ts).
import { request } from "node:http";
import type { PaymentBody } from "../../../src/contract/payment-contract.ts";
import { pricedPaymentBody } from "../demo-site/priced-payment.ts";

export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
  json: unknown;
}

export function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const headers = { ...(body === undefined ? {} : { "Content-Type": "application/json" }), ...init.headers };
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        let json: unknown = undefined;
        try {
          json = JSON.parse(text);
        } catch {
          // not JSON
        }
        const flat: Record<string, string | undefined> = {};
        for (const [name, value] of Object.entries(res.headers)) flat[name] = Array.isArray(value) ? value.join(", ") : value;
        resolve({ status: res.statusCode ?? 0, headers: flat, text, json });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
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
  priced.set(quoteId, await pricedPaymentBody({ api: base, ...STRIPE_COMPANY, quoteId, address: STRIPE_ADDRESS }, { paymentMethod: "stripe", token: "tok_visa" }));
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
