// The property calls of SPEC §7: GET /v1/property/estimate/{source}, /v1/property/aerial and
// /v1/property/street, answered through the property data and pictures ports
// (server/ports/): the demo's stand-ins, Regrid and Google, or nothing when a port is off. A
// size nobody measured is never invented: no data is a 404 (SPEC §8's estimate failure); a
// provider that did not answer is a 503 (the widget then opens the measuring tool or asks for
// the size). Pictures are served from this origin
// (`${port.pathPrefix}<name>`), so no provider key reaches the browser.
import { Hono, type Context } from "hono";
import { validator } from "hono/validator";
import * as v from "valibot";
import {
  EstimateSourceSchema,
  PropertyEstimateQuerySchema,
  PropertyEstimateResponseSchema,
} from "../../src/contract/property-estimate.ts";
import { AerialQuerySchema, PropertyImageSchema, StreetQuerySchema } from "../../src/contract/property-images.ts";
import type { CompanyStore } from "../db/company-store.ts";
import { PROPERTY_DATA_UNAVAILABLE, type PropertyDataPort, type PropertyPlace } from "../ports/property-data.ts";
import type { PropertyPicturesPort } from "../ports/property-pictures.ts";
import { apiError } from "./api-error.ts";
import { queryOf, sendParsed } from "./request-body.ts";

export interface PropertyRoutesDeps {
  companies: CompanyStore;
  propertyData: PropertyDataPort;
  pictures: PropertyPicturesPort;
  /** Where pictures are served; default: the origin the request came to. */
  publicOrigin?: string;
}

/** Square feet in a square metre (a metric company's sizes are in square metres). */
const SQUARE_FEET_PER_SQUARE_METRE = 10.7639104;

function isMetricCompany(config: string): boolean {
  const parsed: unknown = JSON.parse(config);
  return typeof parsed === "object" && parsed !== null && (parsed as { isMetric?: unknown }).isMetric === true;
}

/** Picture file names the ports give: letters, digits, dots and dashes only. */
const PICTURE_NAME = /^[A-Za-z0-9][A-Za-z0-9.-]{0,99}$/;

export function createPropertyRoutes(deps: PropertyRoutesDeps): Hono {
  const routes = new Hono();
  const { pictures } = deps;
  const pictureUrl = (c: Context, name: string) => `${deps.publicOrigin ?? new URL(c.req.url).origin}${pictures.pathPrefix}${name}`;

  // The source is checked before the query, so a bad source is the 400 a caller sees first.
  const sourceParam = validator("param", ({ source }, c) => {
    if (source === "measur-it") return apiError(c, 400, 'Invalid source: "measur-it" has no lookup; the widget opens the measuring tool');
    if (!v.is(EstimateSourceSchema, source)) return apiError(c, 400, `Invalid source: expected zillow, home or other but received "${source}"`);
    return { source };
  });
  routes.get("/v1/property/estimate/:source", sourceParam, queryOf(PropertyEstimateQuerySchema), async (c) => {
    const { source } = c.req.valid("param");
    const { companyId, botId, address, zip, city, state, lat, lng } = c.req.valid("query");
    const bot = botId ? await deps.companies.findBot(companyId, botId) : await deps.companies.findFirstBot(companyId);
    if (!bot) {
      return await deps.companies.findFirstBot(companyId)
        ? apiError(c, 404, `Company "${companyId}" has no bot "${botId ?? ""}"`)
        : apiError(c, 404, `Unknown company "${companyId}"`);
    }
    if (!deps.propertyData.sources.has(source)) return apiError(c, 404, `No property data: the "${source}" source is not configured on this server`);
    const place: PropertyPlace = {
      address,
      zip,
      ...(city ? { city } : {}),
      ...(state ? { state } : {}),
      ...(lat !== undefined && lng !== undefined ? { position: { lat, lng } } : {}),
    };
    const size = await deps.propertyData.estimate(source, place);
    if (size === PROPERTY_DATA_UNAVAILABLE) return apiError(c, 503, `Property data unavailable: the "${source}" source's provider did not answer`);
    if (!size || !(size.estimate > 0)) return apiError(c, 404, `No property data for "${address}, ${zip}"`);
    const metric = isMetricCompany(bot.config);
    const inUnit = (sqFt: number) => Math.round(metric ? sqFt / SQUARE_FEET_PER_SQUARE_METRE : sqFt);
    const [aerial, street] = await Promise.all([pictures.aerial(place), pictures.street(place)]);
    return sendParsed(c, PropertyEstimateResponseSchema, {
      estimate: inUnit(size.estimate),
      ...(size.lawnEstimate !== undefined ? { lawnEstimate: inUnit(size.lawnEstimate) } : {}),
      ...(aerial ? { aerialImg: pictureUrl(c, aerial) } : {}),
      ...(street ? { streetImg: pictureUrl(c, street) } : {}),
    });
  });

  routes.get("/v1/property/aerial", queryOf(AerialQuerySchema), async (c) => {
    const { lat, lng } = c.req.valid("query");
    const name = await pictures.aerial({ position: { lat, lng } });
    if (!name) return apiError(c, 404, "No aerial picture for this position");
    return sendParsed(c, PropertyImageSchema, { url: pictureUrl(c, name) });
  });

  routes.get("/v1/property/street", queryOf(StreetQuerySchema), async (c) => {
    const { address, zip, city, state } = c.req.valid("query");
    const name = await pictures.street({ address, zip, ...(city ? { city } : {}), ...(state ? { state } : {}) });
    if (!name) return apiError(c, 404, `No street view for "${address}, ${zip}"`);
    return sendParsed(c, PropertyImageSchema, { url: pictureUrl(c, name) });
  });

  // The pictures themselves, from this origin (public, like the widget's files).
  routes.get(`${pictures.pathPrefix}:name`, async (c) => {
    const name = c.req.param("name") ?? "";
    const picture = PICTURE_NAME.test(name) ? await pictures.image(name) : undefined;
    if (!picture) return c.text("not found", 404);
    return c.body(new Uint8Array(picture.body), 200, {
      "Content-Type": picture.contentType,
      "Cache-Control": "public, max-age=86400",
      "Access-Control-Allow-Origin": "*",
      "X-Content-Type-Options": "nosniff",
    });
  });

  return routes;
}
