// SPEC §7 configuration calls: GET /v1/company/{companyId}/bot/{botId} (also with
// preview=true) and GET /v1/company/{companyId}/onboarding. The stored JSON is sent as is
// (but for a need this server's ports cannot meet: server/ports/config-needs.ts); the widget
// validates it and fills in defaults with the shared schema.
import { Hono, type Context } from "hono";
import type { CompanyBotRow, CompanyStore } from "../db/company-store.ts";
import { MEASURE_TOOL_PATH } from "../measure/measure-routes.ts";
import { configForVisitors } from "../ports/config-needs.ts";
import type { Ports } from "../ports/ports.ts";
import { apiError } from "./api-error.ts";
import { isTestTraffic } from "./request-body.ts";

/** Where a bot's widget loads its configuration from (the console's Install page, issue 25). */
export interface SightingRecorder {
  recordSighting(companyId: string, botId: string, origin: string, at: string): Promise<void>;
}

/** An origin as a browser sends it: scheme, host and an optional port, nothing else. */
const SITE_ORIGIN = /^https?:\/\/[a-z0-9.-]{1,253}(:\d{1,5})?$/;

export function createCompanyConfigRoutes(store: CompanyStore, ports?: Pick<Ports, "propertyData" | "imagery" | "sms">, sightings?: SightingRecorder, publicOrigin?: string): Hono {
  const routes = new Hono();
  // Each process writes a sighting once; the store keeps the first (and caps a company's origins).
  const seen = new Set<string>();
  const recordSighting = async (c: Context, row: CompanyBotRow) => {
    const origin = c.req.header("Origin")?.toLowerCase();
    if (!sightings || !origin || !SITE_ORIGIN.test(origin) || isTestTraffic(c)) return;
    const key = `${row.companyId}\n${row.botId}\n${origin}`;
    if (seen.has(key) || seen.size > 10_000) return;
    seen.add(key);
    try {
      await sightings.recordSighting(row.companyId, row.botId, origin, new Date().toISOString());
    } catch (error) {
      seen.delete(key);
      console.error("[widget] recording where the widget was seen failed:", error);
    }
  };

  // Our measuring tool (issue 33) for a company that measures and has no tool of its own.
  const toolUrlFor = (c: Context) => (ports?.imagery.live ? `${publicOrigin ?? new URL(c.req.url).origin}${MEASURE_TOOL_PATH}` : undefined);
  const sendConfig = (c: Context, row: CompanyBotRow): Response =>
    c.body(ports ? configForVisitors(row.config, ports, toolUrlFor(c)) : row.config, 200, {
      "Content-Type": "application/json; charset=utf-8",
      // A company edits its configuration and expects the next visitor to see the change.
      "Cache-Control": "no-store",
    });

  // preview=true marks test traffic. A visitor's read records where the widget runs: the first
  // load per site origin (the browser's Origin header on this cross-origin request).
  routes.get("/v1/company/:companyId/bot/:botId", async (c) => {
    const { companyId, botId } = c.req.param();
    const row = await store.findBot(companyId, botId);
    if (row) {
      await recordSighting(c, row);
      return sendConfig(c, row);
    }
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
