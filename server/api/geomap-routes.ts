// POST /v1/servman/geomap (SPEC §7): address suggestions for the widget's search box, from
// the address search port (server/ports/address-search.ts): the demo's address book, Google's
// Places API, or nothing when the port is off (the widget then offers the address typed by
// hand). The company's country (from its currency) keeps a provider's suggestions in it.
import { Hono } from "hono";
import { companyCountry } from "../../src/address/manual-address.ts";
import { GeomapBodySchema, GeomapSchema } from "../../src/contract/geomap.ts";
import type { CompanyStore } from "../db/company-store.ts";
import type { AddressSearchPort } from "../ports/address-search.ts";
import { jsonBody, sendParsed } from "./request-body.ts";

async function countryOf(companies: CompanyStore, companyId: string | undefined): Promise<string | undefined> {
  if (!companyId) return undefined;
  const bot = await companies.findFirstBot(companyId);
  if (!bot) return undefined;
  const config: unknown = JSON.parse(bot.config);
  const currency = typeof config === "object" && config !== null ? (config as { currency?: unknown }).currency : undefined;
  return companyCountry(typeof currency === "string" ? currency : undefined);
}

export function createGeomapRoutes(deps: { addressSearch: AddressSearchPort; companies: CompanyStore }): Hono {
  const routes = new Hono();

  routes.post("/v1/servman/geomap", jsonBody(GeomapBodySchema), async (c) => {
    const body = c.req.valid("json");
    if (!deps.addressSearch.live) return sendParsed(c, GeomapSchema, { items: [] });
    const country = await countryOf(deps.companies, body.companyId);
    const found = await deps.addressSearch.search({ queryTerm: body.queryTerm, ...(country ? { country } : {}) });
    return sendParsed(c, GeomapSchema, found.attribution ? found : { items: found.items });
  });

  return routes;
}
