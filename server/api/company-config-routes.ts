// SPEC §7 configuration calls: GET /v1/company/{companyId}/bot/{botId} (also with
// preview=true) and GET /v1/company/{companyId}/onboarding. The stored JSON is sent as is
// (but for a need this server's ports cannot meet: server/ports/config-needs.ts); the widget
// validates it and fills in defaults with the shared schema.
import { Hono, type Context } from "hono";
import type { CompanyBotRow, CompanyStore } from "../db/company-store.ts";
import { configForVisitors } from "../ports/config-needs.ts";
import type { Ports } from "../ports/ports.ts";
import { apiError } from "./api-error.ts";

export function createCompanyConfigRoutes(store: CompanyStore, ports?: Pick<Ports, "propertyData">): Hono {
  const routes = new Hono();

  const sendConfig = (c: Context, row: CompanyBotRow): Response =>
    c.body(ports ? configForVisitors(row.config, ports) : row.config, 200, {
      "Content-Type": "application/json; charset=utf-8",
      // A company edits its configuration and expects the next visitor to see the change.
      "Cache-Control": "no-store",
    });

  // preview=true marks test traffic; reading a configuration records nothing either way.
  routes.get("/v1/company/:companyId/bot/:botId", async (c) => {
    const { companyId, botId } = c.req.param();
    const row = await store.findBot(companyId, botId);
    if (row) return sendConfig(c, row);
    return await store.findFirstBot(companyId)
      ? apiError(c, 404, `Company "${companyId}" has no bot "${botId}"`)
      : apiError(c, 404, `Unknown company "${companyId}"`);
  });

  routes.get("/v1/company/:companyId/onboarding", async (c) => {
    const { companyId } = c.req.param();
    const row = await store.findFirstBot(companyId);
    return row ? sendConfig(c, row) : apiError(c, 404, `Unknown company "${companyId}"`);
  });

  return routes;
}
