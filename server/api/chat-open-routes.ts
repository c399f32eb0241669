// POST /v1/chat/opened (docs/api.md "Chat opened"): the widget's one beacon when a visitor first
// opens the chat on a page, with where they came from; the console's funnel counts it (issue 24).
// Test traffic (preview, onboarding) and unknown companies are answered 204 and stored nowhere.
import { Hono } from "hono";
import * as v from "valibot";
import { AttributionSchema } from "../../src/contract/quote-start-body.ts";
import type { ConsoleStore } from "../console/console-store.ts";
import type { CompanyStore } from "../db/company-store.ts";
import { isTestTraffic, jsonBody } from "./request-body.ts";

const ChatOpenedBodySchema = v.object({
  companyId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  botId: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  attribution: v.optional(v.nullable(AttributionSchema)),
});

export function createChatOpenRoutes(deps: { companies: CompanyStore; console: Pick<ConsoleStore, "recordChatOpen">; now?: () => Date }): Hono {
  const routes = new Hono();
  const now = deps.now ?? (() => new Date());
  routes.post("/v1/chat/opened", jsonBody(ChatOpenedBodySchema), async (c) => {
    const { companyId, botId, attribution } = c.req.valid("json");
    if (!isTestTraffic(c) && (await deps.companies.findBot(companyId, botId))) {
      await deps.console.recordChatOpen({ companyId, botId, attribution: attribution ?? null, openedAt: now().toISOString() });
    }
    return c.body(null, 204);
  });
  return routes;
}
