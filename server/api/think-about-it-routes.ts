// POST /v1/company/{companyId}/{botId}/thinkaboutit (SPEC §7, docs/api.md): the visitor chose
// 'I NEED TO THINK ABOUT IT'; the lead is stored for the company to follow up (one per quote),
// with an `objection` webhook in the same transaction. The widget retries a lead it could not
// deliver with the same Idempotency-Key: a repeat of a stored key is answered ok and changes
// nothing (no second webhook). POST /v1/sales-center/lead takes the same lead for a company
// whose crmLeadSolution is sales-center (its webhook says `salesCenter: true`).
import { Hono, type Context } from "hono";
import { SalesCenterLeadBodySchema, ThinkAboutItBodySchema, type ThinkAboutItBody } from "../../src/contract/think-about-it.ts";
import { OkSchema } from "../../src/contract/quote-record.ts";
import type { CompanyStore } from "../db/company-store.ts";
import type { PaymentStore } from "../db/payment-store.ts";
import type { QuoteStore } from "../db/quote-store.ts";
import type { RunInTransaction } from "../db/stores.ts";
import { objectionData } from "../webhooks/events.ts";
import { apiError } from "./api-error.ts";
import { isTestTraffic, jsonBody, readIdempotencyKey, sendParsed } from "./request-body.ts";

export interface ThinkAboutItRoutesDeps {
  companies: CompanyStore;
  quotes: QuoteStore;
  leads: Pick<PaymentStore, "saveLead" | "findLead">;
  /** The lead and its webhook are stored together. */
  transaction: RunInTransaction;
  now?: () => Date;
}

function usesSalesCenter(config: string): boolean {
  const parsed: unknown = JSON.parse(config);
  return typeof parsed === "object" && parsed !== null && (parsed as { crmLeadSolution?: unknown }).crmLeadSolution === "sales-center";
}

export function createThinkAboutItRoutes(deps: ThinkAboutItRoutesDeps): Hono {
  const routes = new Hono();
  const now = deps.now ?? (() => new Date());

  /** Stores the lead (one per quote) and its webhook; a repeated Idempotency-Key changes nothing. */
  async function acceptLead(c: Context, companyId: string, botId: string, body: ThinkAboutItBody, salesCenter: boolean) {
    const key = readIdempotencyKey(c);
    if (!key.ok) return key.response;
    const idempotencyKey = key.key;
    const bot = await deps.companies.findBot(companyId, botId);
    if (!bot) {
      const message = await deps.companies.findFirstBot(companyId) ? `Company "${companyId}" has no bot "${botId}"` : `Unknown company "${companyId}"`;
      return apiError(c, 404, message);
    }
    // The sales center takes the leads of the companies that use it, and only theirs.
    if (salesCenter && !usesSalesCenter(bot.config)) {
      return apiError(c, 404, `Bot "${botId}" of company "${companyId}" does not send its leads to the sales center`);
    }
    const { chatId, rg_cust_id, reason, comments } = body;
    const quote = await deps.quotes.find(companyId, chatId);
    if (!quote) return apiError(c, 404, `No quote "${chatId}" for company "${companyId}"`);
    if (idempotencyKey && (await deps.leads.findLead(companyId, chatId))?.idempotencyKey === idempotencyKey) {
      return sendParsed(c, OkSchema, { ok: true });
    }
    const lead = {
      companyId,
      botId,
      quoteId: chatId,
      rgCustId: rg_cust_id ?? null,
      reason: reason ?? null,
      comments: comments ?? null,
      isTest: isTestTraffic(c),
      createdAt: now().toISOString(),
      idempotencyKey,
    };
    const data = { ...objectionData(quote, botId, lead), ...(salesCenter ? { salesCenter: true } : {}) };
    await deps.transaction(async (tx) => {
      await tx.payments.saveLead(lead);
      if (!lead.isTest) await tx.outbox.enqueue({ type: "objection", companyId, createdAt: lead.createdAt, data });
    });
    return sendParsed(c, OkSchema, { ok: true });
  }

  routes.post("/v1/company/:companyId/:botId/thinkaboutit", jsonBody(ThinkAboutItBodySchema), async (c) => {
    const { companyId, botId } = c.req.param();
    return acceptLead(c, companyId, botId, c.req.valid("json"), false);
  });

  routes.post("/v1/sales-center/lead", jsonBody(SalesCenterLeadBodySchema), async (c) => {
    const { companyId, botId, ...body } = c.req.valid("json");
    return acceptLead(c, companyId, botId, body, true);
  });

  return routes;
}
