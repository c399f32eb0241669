// A payment body as the widget would send it: the quote priced through the API
// (POST /v1/rtp/quote/services, GET /v1/tax, the company's configuration), then the widget's
// own pricing engine and payment body builder. The backend must accept exactly this.
import { pricingSettingsFor } from "../../../src/config/pricing-settings.ts";
import assert from "node:assert/strict";
import * as v from "valibot";
import { PriceBlocksSchema } from "../../../src/contract/quote-services.ts";
import { parseCompanyConfig } from "../../../src/config/company-config.ts";
import { taxPercentFor } from "../../../src/config/tax-rate.ts";
import { buildPaymentBody } from "../../../src/contract/payment-body.ts";
import { priceQuote } from "../../../src/pricing/price-quote.ts";
import type { Term } from "../../../src/pricing/types.ts";
import type { PaymentBody, PaymentMethod } from "../../../src/contract/payment-contract.ts";
import { DEMO_URL_RULES } from "../../../server/company-files.ts";
import * as HTTP from "./http-client.ts";
import { newVisitorStart } from "./api-test-data.ts";

export interface PricedAddress {
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface PriceOptions {
  api: string;
  companyId: string;
  botId: string;
  quoteId: string;
  address: PricedAddress;
  serviceTypes?: string[];
  estimate?: number;
  /** The visitor's plan choice; default: the company's default term. */
  term?: Term;
  /** Appended to each call's URL, e.g. "?preview=true". */
  query?: string;
  /** How the calls are made; default: over HTTP to `api` (an in-process app can answer them instead). */
  http?: JsonHttp;
}

export interface JsonHttp {
  getJson(url: string): Promise<{ status: number; json: unknown }>;
  postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }>;
}

/** Prices the quote through the API and returns the widget's payment body for it. */
export async function pricedPaymentBody(
  options: PriceOptions,
  payment: { paymentMethod: PaymentMethod; token: string | null; paymentToken?: string; crmId?: string },
): Promise<PaymentBody> {
  const query = options.query ?? "";
  const { api, companyId, botId, quoteId, address } = options;
  const { getJson, postJson } = options.http ?? HTTP;
  const config = await getJson(`${api}/v1/company/${companyId}/bot/${botId}${query}`);
  assert.equal(config.status, 200, JSON.stringify(config.json));
  const parsed = parseCompanyConfig(config.json, DEMO_URL_RULES);
  assert.ok(parsed.ok);
  const services = await postJson(`${api}/v1/rtp/quote/services${query}`, {
    serviceTypes: options.serviceTypes ?? ["Fertilizer & Weed Control"],
    companyId,
    botId,
    quoteId,
    estimate: options.estimate ?? 6000,
    answers: {},
    ...address,
  });
  assert.equal(services.status, 200, JSON.stringify(services.json));
  const chosen = new Set(options.serviceTypes ?? ["Fertilizer & Weed Control"]);
  const blocks = v.parse(PriceBlocksSchema, services.json).filter((b) => b.isUpsell).map((b) => ({ ...b, selected: chosen.has(b.serviceType) }));
  let lookedUp: number | undefined;
  if (parsed.config.lookupZipCodeTax) {
    const tax = await getJson(`${api}/v1/tax?postalCode=${encodeURIComponent(address.postalCode)}&country=${address.country}`);
    const rate = (tax.json as { tax: number }).tax;
    if (rate >= 0) lookedUp = Math.round(rate * 100 * 10_000) / 10_000;
  }
  const c = parsed.config;
  const quote = priceQuote(blocks, pricingSettingsFor(c, taxPercentFor(c, address.postalCode, lookedUp), options.term ?? null));
  return buildPaymentBody(quote, {
    companyId,
    botId,
    quoteId,
    paymentMethod: payment.paymentMethod,
    token: payment.token,
    ...(payment.paymentToken === undefined ? {} : { paymentToken: payment.paymentToken }),
    ...(payment.crmId === undefined ? {} : { crmId: payment.crmId }),
    expiry: { month: 1, year: 2029 },
  });
}

/**
 * A Greenway quote started and priced through the API, with what the widget sends for its
 * Real Green payment session (the server prices the session from the quote, the term and the
 * programs, and refuses another amount): `session` is the request body, `payment` the body
 * of the payment that follows.
 */
export async function pricedRealGreenQuote(api: string): Promise<{ quoteId: string; crmId: string; session: Record<string, unknown>; payment: PaymentBody }> {
  const address = { street: "5565 Muirfield Drive", city: "Dublin", state: "OH", postalCode: "43017", country: "US" };
  const phone = `61455${String(Math.floor(Math.random() * 1e5)).padStart(5, "0")}`;
  const start = newVisitorStart({ phoneNumber: phone, street: address.street, postalCode: address.postalCode });
  const started = await HTTP.postJson(`${api}/v1/quote/start`, { ...start, customer: { ...start.customer, address } });
  assert.equal(started.status, 200, JSON.stringify(started.json));
  const { id: quoteId, crmId } = started.json as { id: string; crmId: string };
  const payment = await pricedPaymentBody(
    { api, companyId: "greenway-lawn", botId: "lawn", quoteId, address, estimate: 6000 },
    { paymentMethod: "real-green", token: "crm_x", paymentToken: "rgp_x", crmId },
  );
  const session = { companyId: "greenway-lawn", botId: "lawn", amount: payment.amount, crmId, quoteId, term: payment.term, programIds: payment.programs.map((program) => program.id) };
  return { quoteId, crmId, session, payment };
}
