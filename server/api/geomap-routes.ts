// POST /v1/servman/geomap (SPEC §7): address suggestions for the widget's search box, from
// the demo's own address list (no geocoding service is called).
import { Hono } from "hono";
import { GeomapBodySchema, GeomapSchema, type GeomapItem } from "../../src/api/geomap.ts";
import { readBody, sendParsed } from "./request-body.ts";

export function createGeomapRoutes(deps: { searchAddresses: (queryTerm: string) => GeomapItem[] }): Hono {
  const routes = new Hono();

  routes.post("/v1/servman/geomap", async (c) => {
    const read = await readBody(c, GeomapBodySchema);
    if (!read.ok) return read.response;
    return sendParsed(c, GeomapSchema, { items: deps.searchAddresses(read.body.queryTerm) });
  });

  return routes;
}
