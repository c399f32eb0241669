// The admin API (docs/admin.md): a company reads and replaces its bots' configurations and its
// pricing document without editing files, and lists every version. Bearer tokens per company
// (admin-token-store.ts); a token of one company never reads or writes another's documents.
// Mounted at /admin/v1 on the widget origin, with no CORS: it is called by the company's
// tools and scripts, never by a page on the company's site.
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import type { UrlRules } from "../../src/config/safe-url.ts";
import type { AdminTokenIdentity, AdminTokenStore } from "../db/admin-token-store.ts";
import type { CompanyStore } from "../db/company-store.ts";
import type { DocumentRef, DocumentStore, DocumentVersion, StoredDocument } from "../db/document-store.ts";
import { checkConfigDocument, checkPricingDocument, parseJsonDocument } from "./admin-documents.ts";
import { configurationErrors } from "../ports/config-needs.ts";
import type { Ports } from "../ports/ports.ts";
import { apiError } from "./api-error.ts";
import type { TaxRateStore } from "../db/tax-rate-store.ts";
import { parseTaxRateCsv } from "../pricing/tax-rate-csv.ts";

export interface AdminRoutesDeps {
  tokens: AdminTokenStore;
  documents: DocumentStore;
  companies: CompanyStore;
  /** The URL rules a configuration must pass: development origins only where the server runs locally. */
  urlRules: UrlRules;
  /** The server's ports: a configuration needing one that is off is answered with its configurationErrors. */
  ports?: Pick<Ports, "propertyData">;
  /** The companies' tax tables: PUT/GET /companies/{companyId}/tax-rates; without it those are not served. */
  taxRates?: TaxRateStore;
  /** What a configuration (JSON text) needs of the server that it does not have (a CRM connection): answered as configurationErrors. */
  configurationErrors?: (configJson: string) => string[];
}

/** A pricing document is the largest: the demo's is about 11 KB. */
export const MAX_ADMIN_BODY_BYTES = 256 * 1024;
/** A tax table: every US ZIP code is about 3 MB in the vendors' layout. */
export const MAX_TAX_TABLE_BYTES = 8 * 1024 * 1024;
const TAX_RATES_PATH = /^\/admin\/v1\/companies\/[^/]+\/tax-rates$/;

const ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

type Env = { Variables: { admin: AdminTokenIdentity } };

function unauthorized(c: Context, message: string): Response {
  c.header("WWW-Authenticate", 'Bearer realm="quote-assistant-admin"');
  return apiError(c, 401, message);
}

function sendDocument(c: Context, document: StoredDocument): Response {
  return c.body(document.body, 200, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Document-Version": String(document.version),
  });
}

const describeVersion = (version: DocumentVersion) => ({
  version: version.version,
  changedBy: version.changedBy,
  label: version.label,
  changedAt: version.changedAt,
});

export function createAdminRoutes(deps: AdminRoutesDeps): Hono<Env> {
  const routes = new Hono<Env>();
  const limit = (maxSize: number) => bodyLimit({ maxSize, onError: (c) => apiError(c, 413, `Request body larger than ${maxSize} bytes`) });
  const documentLimit = limit(MAX_ADMIN_BODY_BYTES);
  const taxTableLimit = limit(MAX_TAX_TABLE_BYTES);
  routes.use("*", (c, next) => (TAX_RATES_PATH.test(c.req.path) ? taxTableLimit : documentLimit)(c, next));

  // Every admin route: a valid token (401), for the company in the path (403).
  const authenticate = createMiddleware<Env>(async (c, next) => {
    const header = c.req.header("Authorization");
    if (!header) return unauthorized(c, "Missing admin token: send Authorization: Bearer <token>");
    const match = /^Bearer +(\S+)$/i.exec(header);
    const identity = match ? await deps.tokens.verify(match[1]) : undefined;
    if (!identity) return unauthorized(c, "Invalid or revoked admin token");
    // Checked before anything is looked up, so a token learns nothing of other companies.
    if (identity.companyId !== c.req.param("companyId")) return apiError(c, 403, "This token is not for this company");
    c.set("admin", identity);
    await next();
  });
  routes.use("/companies/:companyId", authenticate);
  routes.use("/companies/:companyId/*", authenticate);

  const ports = deps.ports;
  // What this server lacks for a configuration: a port that is off (property data), a CRM connection.
  const errorsOf = (config: string): string[] => [
    ...(ports ? configurationErrors(JSON.parse(config), ports) : []),
    ...(deps.configurationErrors?.(config) ?? []),
  ];
  const companyBots = async (companyId: string) => (await deps.companies.listAll()).filter((row) => row.companyId === companyId);
  const unknownCompany = (c: Context, companyId: string) => apiError(c, 404, `Unknown company "${companyId}"`);

  routes.get("/companies/:companyId", async (c) => {
    const { companyId } = c.req.param();
    const bots = await companyBots(companyId);
    const pricing = await deps.documents.current({ companyId, kind: "pricing", botId: "" });
    if (bots.length === 0 && !pricing) return unknownCompany(c, companyId);
    const errors = bots.flatMap((row) => errorsOf(row.config).map((message) => ({ botId: row.botId, message })));
    return c.json({ companyId, bots: bots.map((row) => row.botId), pricing: pricing !== undefined, ...(errors.length > 0 ? { configurationErrors: errors } : {}) });
  });

  /** 404 naming what is missing: the company, or its bot / pricing document. */
  const missing = async (c: Context, ref: DocumentRef) => {
    if ((await companyBots(ref.companyId)).length === 0 && !(await deps.documents.pricing(ref.companyId))) return unknownCompany(c, ref.companyId);
    return apiError(c, 404, ref.kind === "config" ? `Company "${ref.companyId}" has no bot "${ref.botId}"` : `Company "${ref.companyId}" has no pricing document`);
  };

  const readRoutes = (path: string, refOf: (c: Context) => DocumentRef) => {
    routes.get(path, async (c) => {
      const ref = refOf(c);
      const document = await deps.documents.current(ref);
      return document ? sendDocument(c, document) : missing(c, ref);
    });
    routes.get(`${path}/versions`, async (c) => {
      const ref = refOf(c);
      const versions = await deps.documents.versions(ref);
      if (versions.length === 0 && !(await deps.documents.current(ref))) return missing(c, ref);
      return c.json({ versions: versions.map(describeVersion) }, 200, { "Cache-Control": "no-store" });
    });
    routes.get(`${path}/versions/:version`, async (c) => {
      const ref = refOf(c);
      const raw = c.req.param("version");
      const number = /^[1-9][0-9]{0,8}$/.test(raw) ? Number(raw) : undefined;
      if (number === undefined) return apiError(c, 400, "Invalid version: must be a whole number from 1");
      const document = await deps.documents.version(ref, number);
      return document ? sendDocument(c, document) : apiError(c, 404, `No version ${number} of this document`);
    });
  };

  const configRef = (c: Context): DocumentRef => ({ companyId: c.req.param("companyId")!, kind: "config", botId: c.req.param("botId")! });
  const pricingRef = (c: Context): DocumentRef => ({ companyId: c.req.param("companyId")!, kind: "pricing", botId: "" });
  readRoutes("/companies/:companyId/bots/:botId/config", configRef);
  readRoutes("/companies/:companyId/pricing", pricingRef);

  const replaced = (c: Context, ref: DocumentRef, saved: DocumentVersion & { created: boolean }, warnings: readonly string[] = [], errors: readonly string[] = []) =>
    c.json(
      {
        companyId: ref.companyId,
        ...(ref.kind === "config" ? { botId: ref.botId } : {}),
        document: ref.kind,
        ...describeVersion(saved),
        ...(warnings.length > 0 ? { warnings } : {}),
        // Saved, but this server cannot serve it as written: its visitors get the fallbacks.
        ...(errors.length > 0 ? { configurationErrors: errors } : {}),
      },
      saved.created ? 201 : 200,
    );

  routes.put("/companies/:companyId/bots/:botId/config", async (c) => {
    const ref = configRef(c);
    if (!ID.test(ref.botId)) return apiError(c, 400, "Invalid botId: must be lower-case letters, digits and dashes");
    const json = parseJsonDocument(await c.req.text());
    if (!json.ok) return apiError(c, 400, json.message);
    const current = await deps.documents.current(ref);
    const check = checkConfigDocument(json.raw, ref.botId, deps.urlRules, current && JSON.parse(current.body));
    if (!check.ok) return apiError(c, 400, check.message);
    const admin = c.get("admin");
    const saved = await deps.documents.replace(ref, check.body, { changedBy: `token:${admin.tokenId}`, label: admin.label });
    return replaced(c, ref, saved, check.warnings, errorsOf(check.body));
  });

  routes.put("/companies/:companyId/pricing", async (c) => {
    const ref = pricingRef(c);
    const json = parseJsonDocument(await c.req.text());
    if (!json.ok) return apiError(c, 400, json.message);
    const bots = new Map((await companyBots(ref.companyId)).map((row) => [row.botId, row.config]));
    const check = checkPricingDocument(json.raw, bots, deps.urlRules);
    if (!check.ok) return apiError(c, 400, check.message);
    const admin = c.get("admin");
    return replaced(c, ref, await deps.documents.replace(ref, check.body, { changedBy: `token:${admin.tokenId}`, label: admin.label }));
  });

  // The company's sales-tax table (issue 28): a CSV in the vendors' layout replaces it whole.
  const taxRates = deps.taxRates;
  if (taxRates) {
    routes.get("/companies/:companyId/tax-rates", async (c) => {
      const { companyId } = c.req.param();
      const last = await taxRates.lastImport(companyId);
      return c.json(last ? { companyId, ...last } : { companyId, importedAt: null, source: null, rowCount: 0 }, 200, { "Cache-Control": "no-store" });
    });
    routes.put("/companies/:companyId/tax-rates", async (c) => {
      const { companyId } = c.req.param();
      if ((await companyBots(companyId)).length === 0) return unknownCompany(c, companyId);
      const parsed = parseTaxRateCsv(await c.req.text());
      if (!parsed.ok) return apiError(c, 400, parsed.message);
      const source = (c.req.header("X-File-Name") ?? "").trim().slice(0, 200) || `admin:${c.get("admin").tokenId}`;
      return c.json({ companyId, ...(await taxRates.replace(companyId, parsed.rows, source)) }, 200);
    });
  }

  return routes;
}
