// The pricing calls of SPEC §7: GET /v2/program-types, POST /v1/rtp/quote/services and
// GET /v1/tax (docs/api.md), answered from the company's current pricing document (the
// store's, which the admin API replaces) and the company's imported tax table with the schemas of src/api/. A real visitor's priced quote is marked as such (resume rule 2); nothing
// else is stored.
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { ProgramTypesQuerySchema, ProgramTypesSchema } from "../../src/contract/program-types.ts";
import { PriceBlocksSchema, ServicesBodySchema } from "../../src/contract/quote-services.ts";
import { TaxQuerySchema, TaxResponseSchema } from "../../src/contract/tax.ts";
import { parseCompanyConfig } from "../../src/config/company-config.ts";
import type { UrlRules } from "../../src/config/safe-url.ts";
import { unitFor } from "../../src/config/measurement.ts";
import type { CompanyBotRow, CompanyStore } from "../db/company-store.ts";
import type { QuoteStore } from "../db/quote-store.ts";
import { priceQuote } from "../pricing/price-blocks.ts";
import type { PricingTable } from "../pricing/pricing-table-schema.ts";
import { loadPricingTables, type PricingTables } from "../pricing/pricing-tables.ts";
import { listProgramTypes } from "../pricing/program-types.ts";
import { findTaxRate } from "../pricing/tax-rates.ts";
import type { TaxRateStore } from "../db/tax-rate-store.ts";
import { apiError } from "./api-error.ts";
import { isTestTraffic, jsonBody, queryOf, sendParsed } from "./request-body.ts";

export interface PricingRoutesDeps {
  companies: CompanyStore;
  quotes: QuoteStore;
  /** The companies' current tables (the store's, storedPricingTables); default: the fixtures in demo-site/fixtures/pricing/. */
  tables?: PricingTables;
  /** Where icons are served; default: the origin the request came to. */
  publicOrigin?: string;
  /** The companies' imported tax tables (GET /v1/tax); default: none known (-1). */
  taxRates?: Pick<TaxRateStore, "rateFor">;
  /** The rules the stored configurations are read with (the demo's allow its stand-ins on this machine). */
  urlRules: UrlRules;
}

async function describeMissingBot(companies: CompanyStore, companyId: string, botId: string): Promise<string> {
  return (await companies.findFirstBot(companyId)) ? `Company "${companyId}" has no bot "${botId}"` : `Unknown company "${companyId}"`;
}

/**
 * A table in another currency or unit than the bot would be priced wrongly without an
 * error anywhere; better a 500 that names the mismatch (the fixture test checks it too).
 */
function assertTableFits(bot: CompanyBotRow, table: PricingTable, urlRules: UrlRules): void {
  const parsed = parseCompanyConfig(JSON.parse(bot.config), urlRules);
  if (!parsed.ok) throw new Error(`bot ${bot.companyId}/${bot.botId} has an invalid configuration: ${parsed.reason}`);
  const { currency, measurementMode, isMetric } = parsed.config;
  const unit = unitFor(measurementMode, isMetric);
  if (table.currency !== currency || table.unit !== unit) {
    throw new Error(`pricing table of ${bot.companyId}/${bot.botId} is in ${table.currency} by ${table.unit}; the bot uses ${currency} by ${unit}`);
  }
}

export function createPricingRoutes(deps: PricingRoutesDeps): Hono {
  const routes = new Hono();
  const tables = deps.tables ?? loadPricingTables();
  const originOf = (c: Context) => deps.publicOrigin ?? new URL(c.req.url).origin;

  routes.get("/v2/program-types", queryOf(ProgramTypesQuerySchema), async (c) => {
    const { companyId, botId } = c.req.valid("query");
    const bot = botId ? await deps.companies.findBot(companyId, botId) : await deps.companies.findFirstBot(companyId);
    if (!bot) return apiError(c, 404, await describeMissingBot(deps.companies, companyId, botId ?? ""));
    const table = await tables.find(companyId, bot.botId);
    // A company without a table sells nothing online: an empty picker, not an error.
    if (!table) return sendParsed(c, ProgramTypesSchema, []);
    assertTableFits(bot, table, deps.urlRules);
    return sendParsed(c, ProgramTypesSchema, listProgramTypes(table, originOf(c)));
  });

  // SPEC §7/§8: the widget reads 404 here as 'sqft-too-big', so 404 means only that the lawn
  // cannot be priced. Anything the request gets wrong (an unknown company, bot or quote) is a 400.
  routes.post("/v1/rtp/quote/services", jsonBody(ServicesBodySchema), async (c) => {
    const body = c.req.valid("json");
    const bot = await deps.companies.findBot(body.companyId, body.botId);
    if (!bot) return apiError(c, 400, `Invalid companyId/botId: ${await describeMissingBot(deps.companies, body.companyId, body.botId)}`);
    if (!await deps.quotes.find(body.companyId, body.quoteId)) {
      return apiError(c, 400, `Invalid quoteId: no quote "${body.quoteId}" for company "${body.companyId}"`);
    }
    const table = await tables.find(body.companyId, body.botId);
    if (!table) return sendParsed(c, PriceBlocksSchema, []);
    assertTableFits(bot, table, deps.urlRules);
    const priced = priceQuote(table, {
      estimate: body.estimate,
      serviceTypes: body.serviceTypes,
      answers: body.answers,
      widgetOrigin: originOf(c),
    });
    if (priced.status === "too-big") {
      return apiError(c, 404, `A lawn of ${body.estimate} ${table.unit} is above the largest pricing bracket (${priced.largestBracket} ${table.unit})`);
    }
    // Parsed first: an answer that fails its schema (a 500) marks nothing.
    const response = sendParsed(c, PriceBlocksSchema, priced.blocks);
    // What the visitor is shown is what a payment may charge (demo-site/payments/server-amount.ts).
    await deps.quotes.setPricing(body.companyId, body.quoteId, {
      blocks: v.parse(PriceBlocksSchema, priced.blocks),
      postalCode: body.postalCode,
      country: body.country,
    });
    // SPEC §4 resume rule 2: a visitor shown prices comes back to them (a company without a
    // table, above, showed none). Preview and onboarding visits are not real quotes.
    if (!isTestTraffic(c)) await deps.quotes.markPriced(body.companyId, body.quoteId, body.serviceTypes);
    return response;
  });

  routes.get("/v1/tax", queryOf(TaxQuerySchema), async (c) => {
    const query = c.req.valid("query");
    const rates = deps.taxRates ?? { rateFor: async () => undefined };
    return sendParsed(c, TaxResponseSchema, { tax: await findTaxRate(rates, query.companyId, query.postalCode) });
  });

  return routes;
}
