// GET /v1/company/{companyId}/customer/lookup?phonenumber= (SPEC §7): a returning visitor,
// known by phone, with the property's size and pictures when the company holds them, and a
// token to read their latest quote back. Rate-limited per client, per network and per phone
// (429). The e-mail address stays on the server: the answer says only whether there is one.
import { Hono } from "hono";
import { CustomerLookupSchema, NOT_FOUND } from "../../src/contract/customer-lookup.ts";
import type { CompanyStore } from "../db/company-store.ts";
import type { CustomerStore } from "../db/customer-store.ts";
import type { QuoteTokenStore } from "../db/quote-token-store.ts";
import type { Limiter } from "./rate-limits.ts";
import { apiError } from "./api-error.ts";
import { sendParsed } from "./request-body.ts";

export interface CustomerRoutesDeps {
  companies: CompanyStore;
  customers: CustomerStore;
  quoteTokens: QuoteTokenStore;
  limiter: Limiter;
}

export function createCustomerRoutes(deps: CustomerRoutesDeps): Hono {
  const routes = new Hono();

  routes.get("/v1/company/:companyId/customer/lookup", async (c) => {
    const { companyId } = c.req.param();
    if (!await deps.companies.findFirstBot(companyId)) return apiError(c, 404, `Unknown company "${companyId}"`);
    const raw = c.req.query("phonenumber");
    if (raw === undefined || raw.trim() === "") return apiError(c, 400, "Invalid phonenumber: required");
    // Visitors and query strings write phones as "(614) 555-0100"; the store keeps digits.
    const phoneNumber = raw.replace(/\D/g, "");
    if (!/^\d{10,11}$/.test(phoneNumber)) return apiError(c, 400, "Invalid phonenumber: must have 10 or 11 digits");

    const limited = await deps.limiter.check(c, "lookup", [`phone:${companyId}:${phoneNumber}`]);
    if (limited) return limited;

    const found = await deps.customers.findByPhone(companyId, phoneNumber);
    if (!found) return sendParsed(c, CustomerLookupSchema, NOT_FOUND);
    const quoteToken = found.quoteId ? await deps.quoteTokens.issue(companyId, found.quoteId) : null;
    const { email, ...shown } = found.customer;
    return sendParsed(c, CustomerLookupSchema, {
      status: "found",
      record: { ...shown, hasEmail: email !== undefined, quoteId: found.quoteId, crmData: found.crmData, quoteToken },
      estimate: found.estimate,
    });
  });

  return routes;
}
