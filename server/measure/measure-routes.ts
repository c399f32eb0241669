// Our own measuring tool (issue 33), served from this server's origin: GET /measure/ is the
// page the widget frames (`?address=…&mode=area|perimeter&units=imperial|metric&parent=…`, the
// same query a third-party tool gets, src/contract/measure-messages.ts, and optionally the
// address's `lat`/`lng` and the visitor's `lang`, English when absent or unknown), centred on
// the address; its script is dist/measure-tool.js (a row of shipped-files.mjs, served at
// /dist/) and its stylesheet /measure/measure-tool.css. The satellite tiles come from the
// imagery port's provider, requested by the browser (server/ports/imagery.ts).
// Not served when imagery is off.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { Hono, type Context } from "hono";
import { parseParentOrigin } from "../../src/config/measurement.ts";
import { measureToolLanguage } from "../../src/i18n/measure-tool-words.ts";
import type { AddressSearchPort } from "../ports/address-search.ts";
import type { ImageryPort } from "../ports/imagery.ts";
import type { PropertyDataPort } from "../ports/property-data.ts";
import { MEASURE_TOOL_CSP, renderMeasureToolPage } from "./measure-page.ts";

export const MEASURE_TOOL_PATH = "/measure/";
/** Where a yard fills a phone's screen (about 40 m across at 390 px). */
export const START_ZOOM = 20;

/** The tool page's CSP: the helper's strict policy, with the imagery provider's origin for images. */
export function measureToolCsp(tileOrigin: string): string {
  return MEASURE_TOOL_CSP.split("; ")
    .map((directive) => (directive.startsWith("img-src ") && tileOrigin ? `${directive} ${tileOrigin}` : directive))
    .join("; ");
}

/** A `lat`/`lng` pair from the query, when both are numbers on the globe. */
export function parsePosition(lat: string | undefined, lng: string | undefined): { lat: number; lng: number } | undefined {
  if (!lat || !lng) return undefined;
  const position = { lat: Number(lat), lng: Number(lng) };
  const ok = Number.isFinite(position.lat) && Number.isFinite(position.lng) && Math.abs(position.lat) <= 85 && Math.abs(position.lng) <= 180;
  return ok ? position : undefined;
}

export interface MeasureRoutesOptions {
  imagery: ImageryPort;
  addressSearch: AddressSearchPort;
  /** The lot's outline at the address, where the provider knows it: a faint guide in the tool. */
  propertyData?: Pick<PropertyDataPort, "outline">;
  /** dist/ at the repository root (the stylesheet). */
  distDir: string;
}

export function createMeasureRoutes(options: MeasureRoutesOptions): Hono {
  const routes = new Hono();
  const { imagery } = options;
  if (!imagery.live) return routes;

  const page = async (c: Context) => {
    const query = (name: string) => c.req.query(name)?.trim();
    const address = (query("address") ?? "").slice(0, 300);
    // The widget's geocoded point when it has one; otherwise the address search's first answer.
    const centre =
      parsePosition(query("lat"), query("lng")) ??
      (address ? (await options.addressSearch.search({ queryTerm: address }).catch(() => ({ items: [] }))).items[0]?.position : undefined);
    const outline = centre ? await options.propertyData?.outline?.(centre).catch(() => undefined) : undefined;
    const body = renderMeasureToolPage({
      address,
      mode: query("mode") === "perimeter" ? "perimeter" : "area",
      lang: measureToolLanguage(query("lang")),
      metric: query("units") === "metric",
      parentOrigin: parseParentOrigin(query("parent")),
      centre,
      zoom: Math.min(START_ZOOM, imagery.maxZoom),
      maxZoom: imagery.maxZoom,
      tileTemplate: imagery.tileTemplate,
      attribution: imagery.attribution,
      ...(imagery.attributionUrl ? { attributionUrl: imagery.attributionUrl } : {}),
      ...(outline ? { outline } : {}),
      scriptUrl: "/dist/measure-tool.js",
      styleUrl: "/measure/measure-tool.css",
    });
    return c.html(body.toString(), 200, {
      "Content-Security-Policy": measureToolCsp(imagery.tileOrigin),
      "Cache-Control": "no-store",
      "Referrer-Policy": "strict-origin",
    });
  };
  routes.get("/measure", (c) => c.redirect(`${MEASURE_TOOL_PATH}${new URL(c.req.url).search}`, 301));
  routes.get(MEASURE_TOOL_PATH, page);
  routes.get("/measure/measure-tool.css", async (c) =>
    c.body(await readFile(join(options.distDir, "measure-tool.css"), "utf8"), 200, { "Content-Type": "text/css; charset=utf-8", "Cache-Control": "no-cache" }),
  );
  return routes;
}
