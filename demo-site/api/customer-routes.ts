// GET /v1/company/{companyId}/customer/lookup?phonenumber= (SPEC §7): a returning visitor,
// known by phone, with the property's size and pictures when the company holds them.
import { Hono } from "hono";
import { CustomerLookupSchema, NOT_FOUND } from "../../src/api/customer-lookup.ts";
import type { CompanyStore } from "../db/company-store.ts";
import type { CustomerStore } from "../db/customer-store.ts";
import { apiError } from "./api-error.ts";
import { sendParsed } from "./request-body.ts";

export function createCustomerRoutes(deps: { companies: CompanyStore; customers: CustomerStore }): Hono {
  const routes = new Hono();

  routes.get("/v1/company/:companyId/customer/lookup", async (c) => {
    const { companyId } = c.req.param();
    if (!await deps.companies.findFirstBot(companyId)) return apiError(c, 404, `Unknown company "${companyId}"`);
    const raw = c.req.query("phonenumber");
    if (raw === undefined || raw.trim() === "") return apiError(c, 400, "Invalid phonenumber: required");
    // Visitors and query strings write phones as "(614) 555-0100"; the store keeps digits.
    const phoneNumber = raw.replace(/\D/g, "");
    if (!/^\d{10,11}$/.test(phoneNumber)) return apiError(c, 400, "Invalid phonenumber: must have 10 or 11 digits");

    const found = await deps.customers.findByPhone(companyId, phoneNumber);
    if (!found) return sendParsed(c, CustomerLookupSchema, NOT_FOUND);
    return sendParsed(c, CustomerLookupSchema, {
      status: "found",
      record: { ...found.customer, quoteId: found.quoteId, crmData: found.crmData },
      estimate: found.estimate,
    });
  });

  return routes;
}
