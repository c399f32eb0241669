// POST /v1/company/{companyId}/{botId}/thinkaboutit (SPEC §7, docs/api.md): the visitor chose
// 'I NEED TO THINK ABOUT IT'; the lead is stored for the company to follow up (one per quote),
// with an `objection` webhook in the same transaction. The widget retries a lead it could not
// deliver with the same Idempotency-Key: a repeat of a stored key is answered ok and changes
// nothing (no second webhook).
import { Hono } from "hono";
import * as v from "valibot";
import { IdempotencyKeySchema } from "../../src/api/payment-status.ts";
import { ThinkAboutItBodySchema } from "../../src/api/think-about-it.ts";
import { OkSchema } from "../../src/api/quote-record.ts";
import type { CompanyStore } from "../db/company-store.ts";
import type { PaymentStore } from "../db/payment-store.ts";
import type { QuoteStore } from "../db/quote-store.ts";
import type { RunInTransaction } from "../db/stores.ts";
import { objectionData } from "../webhooks/events.ts";
import { apiError } from "./api-error.ts";
import { isTestTraffic, readBody, sendParsed } from "./request-body.ts";

export interface ThinkAboutItRoutesDeps {
  companies: CompanyStore;
  quotes: QuoteStore;
  leads: Pick<PaymentStore, "saveLead" | "findLead">;
  /** The lead and its webhook are stored together. */
  transaction: RunInTransaction;
  now?: () => Date;
}

export function createThinkAboutItRoutes(deps: ThinkAboutItRoutesDeps): Hono {
  const routes = new Hono();
  const now = deps.now ?? (() => new Date());

  routes.post("/v1/company/:companyId/:botId/thinkaboutit", async (c) => {
    const { companyId, botId } = c.req.param();
    const read = await readBody(c, ThinkAboutItBodySchema);
    if (!read.ok) return read.response;
    const keyHeader = c.req.header("Idempotency-Key");
    const key = keyHeader === undefined ? undefined : v.safeParse(IdempotencyKeySchema, keyHeader);
    if (key && !key.success) return apiError(c, 400, `Invalid Idempotency-Key header: ${key.issues[0].message}`);
    const idempotencyKey = key?.output ?? null;
    if (!await deps.companies.findBot(companyId, botId)) {
      const message = await deps.companies.findFirstBot(companyId) ? `Company "${companyId}" has no bot "${botId}"` : `Unknown company "${companyId}"`;
      return apiError(c, 404, message);
    }
    const { chatId, rg_cust_id, reason, comments } = read.body;
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
    await deps.transaction(async (tx) => {
      await tx.payments.saveLead(lead);
      if (!lead.isTest) await tx.outbox.enqueue({ type: "objection", companyId, createdAt: lead.createdAt, data: objectionData(quote, botId, lead) });
    });
    return sendParsed(c, OkSchema, { ok: true });
  });

  return routes;
}
