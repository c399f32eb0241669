// The console's builder API (issue 25, part B) under /console/api/builder/*, mounted inside the
// console's routes (console-routes.ts) after its Origin, session and CSRF checks, so every
// call here has a session and is scoped to its company. Owners alone change prices, import the
// tax table, change webhook URLs and rotate the signing secret (403 for staff, nothing stored).
// Prices are checked with the admin API's own schema and rules (admin-documents.ts) and saved
// as a new version with who and when; a refusal lists every field at fault by its path.
import { randomBytes, randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as v from "valibot";
import { parseCompanyConfig, type CompanyConfig } from "../../../src/config/company-config.ts";
import { unitFor } from "../../../src/config/measurement.ts";
import { checkUrl, type UrlRules } from "../../../src/config/safe-url.ts";
import { checkPricingDocument } from "../../api/admin-documents.ts";
import { MAX_ADMIN_BODY_BYTES, MAX_TAX_TABLE_BYTES } from "../../api/admin-routes.ts";
import { apiError } from "../../api/api-error.ts";
import { readBody } from "../../api/request-body.ts";
import type { CompanyStore } from "../../db/company-store.ts";
import type { DocumentRef } from "../../db/document-store.ts";
import type { Stores } from "../../db/stores.ts";
import { PricingDocumentSchema, type PricingDocument, type PricingTable } from "../../pricing/pricing-table-schema.ts";
import { parseTaxRateCsv } from "../../pricing/tax-rate-csv.ts";
import { findTaxRate, UNKNOWN_TAX } from "../../pricing/tax-rates.ts";
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from "../../webhooks/signature.ts";
import type { ConsoleSession } from "../staff-store.ts";
import { calculatePrices } from "./price-calculator.ts";

export interface BuilderRoutesDeps {
  stores: Pick<Stores, "documents" | "taxRates" | "builder">;
  companies: CompanyStore;
  /** The rules configurations are read with, and webhook URLs must pass (https; this machine only in development). */
  urlRules?: UrlRules;
  /** The widget's origin as sites load it from (the snippet); default: the request's origin. */
  publicOrigin?: string;
  now?: () => Date;
  /** Sends the test event (default: the global fetch). */
  fetch?: typeof fetch;
}

type Env = { Variables: { session: ConsoleSession } };

/** A company's webhook URLs, as the fixtures allow. */
export const MAX_WEBHOOK_URLS = 5;
const TEST_EVENT_TIMEOUT_MS = 10_000;

const Size = v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100_000_000));
const PostalCode = v.pipe(v.string(), v.trim(), v.minLength(1, "a ZIP or postal code is needed"), v.maxLength(12), v.regex(/^[A-Za-z0-9 -]+$/, "must be letters, digits, spaces or dashes"));
const BotId = v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,99}$/));
const PricesBody = v.object({ document: v.record(v.string(), v.unknown()), baseVersion: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) });
const CalculateBody = v.object({
  botId: v.optional(BotId),
  size: Size,
  postalCode: PostalCode,
  /** An unsaved draft to price instead of the saved table. */
  document: v.optional(v.record(v.string(), v.unknown())),
});
const UrlsBody = v.object({ urls: v.pipe(v.array(v.pipe(v.string(), v.trim(), v.maxLength(2000))), v.maxLength(MAX_WEBHOOK_URLS, `at most ${MAX_WEBHOOK_URLS} URLs`)) });

export interface FieldIssue {
  /** The field's dot path in the document: "programs.0.price.perApplication.1". */
  path: string;
  message: string;
}

/** Every issue of a pricing document, each at its field. */
function pricingIssues(raw: unknown): FieldIssue[] {
  const result = v.safeParse(PricingDocumentSchema, raw);
  return result.success ? [] : result.issues.map((issue) => ({ path: v.getDotPath(issue) ?? "", message: issue.message }));
}

const tableOf = (document: PricingDocument, botId: string): PricingTable => {
  const { bots, ...table } = document;
  return bots[botId] ?? table;
};

export function createBuilderRoutes(deps: BuilderRoutesDeps): Hono<Env> {
  const app = new Hono<Env>();
  const now = deps.now ?? (() => new Date());
  const urlRules = deps.urlRules ?? { devOrigins: false };
  const send = deps.fetch ?? ((input: string | URL | Request, init?: RequestInit) => fetch(input, init));
  const companyOf = (c: Context<Env>) => c.get("session").staff.companyId;
  const ownersOnly = (c: Context<Env>, what: string) => (c.get("session").staff.role === "owner" ? undefined : apiError(c, 403, `Only an owner can ${what}`));
  // As the Bot page's publish records it (bot-routes.ts): who by e-mail, what by label.
  const author = (c: Context<Env>) => ({ changedBy: `console:${c.get("session").staff.email}`, label: "prices saved in the console" });
  const who = (changedBy: string) => changedBy.replace(/^console:/, "");
  const limit = (maxSize: number) => bodyLimit({ maxSize, onError: (c) => apiError(c, 413, `Request body larger than ${maxSize} bytes`) });
  app.use("/console/api/builder/*", (c, next) => (c.req.path === "/console/api/builder/tax-rates" ? limit(MAX_TAX_TABLE_BYTES) : limit(MAX_ADMIN_BODY_BYTES))(c, next));

  /** The company's bots with their parsed configurations, in their order. */
  const botsOf = async (companyId: string) => {
    const rows = (await deps.companies.listAll()).filter((row) => row.companyId === companyId);
    return rows.flatMap((row) => {
      const parsed = parseCompanyConfig(JSON.parse(row.config), urlRules);
      return parsed.ok ? [{ row, config: parsed.config }] : [];
    });
  };
  const describeBot = ({ row, config }: { row: { botId: string }; config: CompanyConfig }) => ({
    botId: row.botId,
    companyName: config.companyName,
    currency: config.currency,
    unit: unitFor(config.measurementMode, config.isMetric),
  });
  const pricingRef = (companyId: string): DocumentRef => ({ companyId, kind: "pricing", botId: "" });

  // ---- Prices ----
  app.get("/console/api/builder/prices", async (c) => {
    const companyId = companyOf(c);
    const ref = pricingRef(companyId);
    const current = await deps.stores.documents.current(ref);
    const versions = await deps.stores.documents.versions(ref);
    return c.json({
      document: current ? JSON.parse(current.body) : null,
      version: current?.version ?? 0,
      versions: versions.slice(0, 20).map((version) => ({ version: version.version, changedBy: who(version.changedBy), changedAt: version.changedAt })),
      bots: (await botsOf(companyId)).map(describeBot),
      canEdit: c.get("session").staff.role === "owner",
    });
  });

  app.put("/console/api/builder/prices", async (c) => {
    const refused = ownersOnly(c, "change prices");
    if (refused) return refused;
    const read = await readBody(c, PricesBody);
    if (!read.ok) return read.response;
    const companyId = companyOf(c);
    const issues = pricingIssues(read.body.document);
    if (issues.length > 0) return c.json({ message: `Invalid ${issues[0]!.path || "document"}: ${issues[0]!.message}`, issues }, 400);
    const bots = new Map((await deps.companies.listAll()).filter((row) => row.companyId === companyId).map((row) => [row.botId, row.config]));
    const check = checkPricingDocument(read.body.document, bots, urlRules);
    if (!check.ok) {
      const path = /^Invalid (\S+):/.exec(check.message)?.[1] ?? "";
      return c.json({ message: check.message, issues: [{ path, message: check.message.replace(/^Invalid \S+: /, "") }] }, 400);
    }
    const ref = pricingRef(companyId);
    const current = await deps.stores.documents.current(ref);
    // Two owners editing at once: the second save does not silently undo the first.
    if (read.body.baseVersion !== undefined && (current?.version ?? 0) !== read.body.baseVersion) {
      return apiError(c, 409, `The prices were changed meanwhile (now version ${current?.version ?? 0}): reload them before saving`);
    }
    const saved = await deps.stores.documents.replace(ref, check.body, author(c));
    return c.json({ version: saved.version, changedBy: who(saved.changedBy), changedAt: saved.changedAt });
  });

  app.post("/console/api/builder/prices/calculate", async (c) => {
    const read = await readBody(c, CalculateBody);
    if (!read.ok) return read.response;
    const companyId = companyOf(c);
    const bots = await botsOf(companyId);
    const bot = read.body.botId ? bots.find((entry) => entry.row.botId === read.body.botId) : bots[0];
    if (!bot) return apiError(c, 404, read.body.botId ? `No bot "${read.body.botId}"` : "This company has no bot");
    let document: unknown = read.body.document;
    if (document === undefined) {
      const text = await deps.stores.documents.pricing(companyId);
      if (!text) return apiError(c, 404, "This company has no prices yet");
      document = JSON.parse(text);
    }
    const parsed = v.safeParse(PricingDocumentSchema, document);
    if (!parsed.success) {
      const issues = parsed.issues.map((issue) => ({ path: v.getDotPath(issue) ?? "", message: issue.message }));
      return c.json({ message: `Invalid ${issues[0]!.path || "document"}: ${issues[0]!.message}`, issues }, 400);
    }
    const table = tableOf(parsed.output, bot.row.botId);
    const unit = unitFor(bot.config.measurementMode, bot.config.isMetric);
    if (table.currency !== bot.config.currency || table.unit !== unit) {
      return apiError(c, 400, `The prices for "${bot.row.botId}" must be in ${bot.config.currency} by ${unit}`);
    }
    // The same rate the quote's payment check uses (payment-routes.ts, lead-summary.ts).
    const taxRate = bot.config.lookupZipCodeTax ? await findTaxRate(deps.stores.taxRates, companyId, read.body.postalCode) : UNKNOWN_TAX;
    return c.json({
      botId: bot.row.botId,
      ...calculatePrices(bot.config, table, {
        size: read.body.size,
        postalCode: read.body.postalCode,
        country: "",
        taxRate,
        widgetOrigin: deps.publicOrigin ?? new URL(c.req.url).origin,
      }),
    });
  });

  // ---- Tax table (issue 28's CSV, the same parser as the admin API and `npm run tax-rates`) ----
  app.get("/console/api/builder/tax-rates", async (c) => {
    const last = await deps.stores.taxRates.lastImport(companyOf(c));
    return c.json(last ?? { importedAt: null, source: null, rowCount: 0 });
  });

  app.put("/console/api/builder/tax-rates", async (c) => {
    const refused = ownersOnly(c, "import the tax table");
    if (refused) return refused;
    const parsed = parseTaxRateCsv(await c.req.text());
    if (!parsed.ok) return apiError(c, 400, parsed.message);
    if (parsed.rows.length === 0) return apiError(c, 400, "The file has a header but no rates");
    const name = (c.req.header("X-File-Name") ?? "").replace(/[^\w .()-]/g, "").trim().slice(0, 200);
    const source = name || `console:${c.get("session").staff.email}`;
    return c.json(await deps.stores.taxRates.replace(companyOf(c), parsed.rows, source, now().toISOString()));
  });

  // ---- Install ----
  app.get("/console/api/builder/install", async (c) => {
    const companyId = companyOf(c);
    return c.json({
      widgetOrigin: deps.publicOrigin ?? new URL(c.req.url).origin,
      companyId,
      bots: (await botsOf(companyId)).map(({ row, config }) => ({ botId: row.botId, companyName: config.companyName, brandColor: config.brandColor ?? null })),
      sightings: await deps.stores.builder.sightings(companyId),
    });
  });

  // ---- Webhooks ----
  app.get("/console/api/builder/webhooks", async (c) => {
    const companyId = companyOf(c);
    return c.json({ ...(await deps.stores.builder.webhookSettings(companyId)), deliveries: await deps.stores.builder.deliveries(companyId, 50), canEdit: c.get("session").staff.role === "owner" });
  });

  app.put("/console/api/builder/webhooks/urls", async (c) => {
    const refused = ownersOnly(c, "change the webhook URLs");
    if (refused) return refused;
    const read = await readBody(c, UrlsBody);
    if (!read.ok) return read.response;
    const urls: string[] = [];
    for (const [i, raw] of read.body.urls.entries()) {
      const checked = checkUrl(raw, { kind: "https" }, urlRules);
      if (!checked.ok) return c.json({ message: `Invalid urls.${i}: ${checked.reason}`, issues: [{ path: `urls.${i}`, message: checked.reason }] }, 400);
      if (urls.includes(checked.url)) return c.json({ message: `Invalid urls.${i}: is listed twice`, issues: [{ path: `urls.${i}`, message: "is listed twice" }] }, 400);
      urls.push(checked.url);
    }
    await deps.stores.builder.setWebhookUrls(companyOf(c), urls);
    return c.json(await deps.stores.builder.webhookSettings(companyOf(c)));
  });

  // The new secret is in this answer only: the console shows it once; the server keeps it to sign.
  app.post("/console/api/builder/webhooks/secret", async (c) => {
    const refused = ownersOnly(c, "rotate the signing secret");
    if (refused) return refused;
    const secret = `whsec_${randomBytes(32).toString("base64url")}`;
    await deps.stores.builder.setWebhookSecret(companyOf(c), secret);
    return c.json({ secret });
  });

  // A signed 'test' event to each URL now, answered with what each receiver said (not queued).
  app.post("/console/api/builder/webhooks/test", async (c) => {
    const companyId = companyOf(c);
    const settings = await deps.stores.builder.webhookSettings(companyId);
    if (settings.urls.length === 0) return apiError(c, 409, "Add a webhook URL first");
    const secret = await deps.stores.builder.webhookSecret(companyId);
    if (!secret) return apiError(c, 409, "Create a signing secret first");
    const at = now();
    const eventId = randomUUID();
    const payload = JSON.stringify({ id: eventId, type: "test", createdAt: at.toISOString(), companyId, data: { message: "A test event from the Quote Assistant console", sentBy: c.get("session").staff.email } });
    const timestamp = Math.floor(at.getTime() / 1000);
    const results = await Promise.all(
      settings.urls.map(async (url) => {
        const started = performance.now();
        try {
          const response = await send(url, {
            method: "POST",
            headers: {
              "Content-Type": "application/json",
              "User-Agent": "QuoteAssistant-Webhooks/1",
              [EVENT_ID_HEADER]: eventId,
              [EVENT_TYPE_HEADER]: "test",
              [TIMESTAMP_HEADER]: String(timestamp),
              [SIGNATURE_HEADER]: signWebhook(secret, timestamp, payload),
            },
            body: payload,
            redirect: "manual",
            signal: AbortSignal.timeout(TEST_EVENT_TIMEOUT_MS),
          });
          await response.body?.cancel().catch(() => undefined);
          const ok = response.status >= 200 && response.status <= 299;
          return { url, ok, statusCode: response.status, error: ok ? null : `HTTP ${response.status}`, durationMs: Math.round(performance.now() - started) };
        } catch (error) {
          return { url, ok: false, statusCode: null, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error), durationMs: Math.round(performance.now() - started) };
        }
      }),
    );
    return c.json({ eventId, results });
  });

  app.post("/console/api/builder/webhooks/deliveries/:id/retry", async (c) => {
    const raw = c.req.param("id");
    if (!/^[1-9][0-9]{0,15}$/.test(raw)) return apiError(c, 400, "Invalid delivery id");
    const outcome = await deps.stores.builder.retry(companyOf(c), Number(raw), now().toISOString());
    if (outcome === "missing") return apiError(c, 404, "No such delivery");
    if (outcome === "in-flight") return apiError(c, 409, "This delivery is being sent right now");
    return c.json({ ok: true, state: "pending" });
  });

  return app;
}
