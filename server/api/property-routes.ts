// The property calls of SPEC §7: GET /v1/property/estimate/{source}, /v1/property/aerial and
// /v1/property/street, answered from demo-site/property/property-data.ts with the schemas of
// src/api/. Pictures are the demo site's own drawings (/demo-assets/property/*.svg).
import { Hono, type Context } from "hono";
import * as v from "valibot";
import {
  EstimateSourceSchema,
  PropertyEstimateQuerySchema,
  PropertyEstimateResponseSchema,
} from "../../src/api/property-estimate.ts";
import { AerialQuerySchema, PropertyImageSchema, StreetQuerySchema } from "../../src/api/property-images.ts";
import type { CompanyStore } from "../db/company-store.ts";
import {
  estimatePropertySize,
  hasNoPropertyData,
  pictureNumberForAddress,
  pictureNumberForPosition,
} from "../../demo-site/property/property-data.ts";
import { apiError } from "./api-error.ts";
import { sendParsed } from "./request-body.ts";

export interface PropertyRoutesDeps {
  companies: CompanyStore;
  /** Where pictures are served; default: the origin the request came to. */
  publicOrigin?: string;
}

type QueryResult<T> = { ok: true; query: T } | { ok: false; response: Response };

/** The query through its schema: 400 naming the first bad parameter, like a bad body. */
function readQuery<S extends v.GenericSchema>(c: Context, schema: S): QueryResult<v.InferOutput<S>> {
  const result = v.safeParse(schema, c.req.query());
  if (result.success) return { ok: true, query: result.output };
  const issue = result.issues[0];
  const field = v.getDotPath(issue);
  return { ok: false, response: apiError(c, 400, field ? `Invalid ${field}: ${issue.message}` : `Invalid query: ${issue.message}`) };
}

function isMetricCompany(config: string): boolean {
  const parsed: unknown = JSON.parse(config);
  return typeof parsed === "object" && parsed !== null && (parsed as { isMetric?: unknown }).isMetric === true;
}

export function createPropertyRoutes(deps: PropertyRoutesDeps): Hono {
  const routes = new Hono();
  const pictureUrl = (c: Context, kind: "aerial" | "street", n: number) =>
    `${deps.publicOrigin ?? new URL(c.req.url).origin}/demo-assets/property/${kind}-${n}.svg`;

  routes.get("/v1/property/estimate/:source", async (c) => {
    const source = c.req.param("source");
    if (source === "measur-it") return apiError(c, 400, 'Invalid source: "measur-it" has no lookup; the widget opens the measuring tool');
    if (!v.is(EstimateSourceSchema, source)) return apiError(c, 400, `Invalid source: expected zillow, home or other but received "${source}"`);
    const read = readQuery(c, PropertyEstimateQuerySchema);
    if (!read.ok) return read.response;
    const { companyId, botId, address, zip } = read.query;
    const bot = botId ? await deps.companies.findBot(companyId, botId) : await deps.companies.findFirstBot(companyId);
    if (!bot) {
      return await deps.companies.findFirstBot(companyId)
        ? apiError(c, 404, `Company "${companyId}" has no bot "${botId ?? ""}"`)
        : apiError(c, 404, `Unknown company "${companyId}"`);
    }
    const size = estimatePropertySize(source, address, zip, isMetricCompany(bot.config));
    if (!size) return apiError(c, 404, `No property data for "${address}, ${zip}"`);
    const n = pictureNumberForAddress(address, zip);
    return sendParsed(c, PropertyEstimateResponseSchema, {
      ...size,
      aerialImg: pictureUrl(c, "aerial", n),
      streetImg: pictureUrl(c, "street", n),
    });
  });

  routes.get("/v1/property/aerial", async (c) => {
    const read = readQuery(c, AerialQuerySchema);
    if (!read.ok) return read.response;
    return sendParsed(c, PropertyImageSchema, { url: pictureUrl(c, "aerial", pictureNumberForPosition(read.query.lat, read.query.lng)) });
  });

  routes.get("/v1/property/street", async (c) => {
    const read = readQuery(c, StreetQuerySchema);
    if (!read.ok) return read.response;
    const { address, zip } = read.query;
    // The addresses without property data have no street view either.
    if (hasNoPropertyData(address)) return apiError(c, 404, `No street view for "${address}, ${zip}"`);
    return sendParsed(c, PropertyImageSchema, { url: pictureUrl(c, "street", pictureNumberForAddress(address, zip)) });
  });

  return routes;
}
