// The widget/API origin: what a company's visitors download (dist/), the reference backend
// of SPEC §7, the hosted full-page widget of SPEC §2 'Route', and the demo companies' assets.
// Over 300 lines on purpose: it composes the origin (assets, API routes, hosted page, readiness) in the order its routes must match; each route's work is its own module.
import { existsSync } from "node:fs";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { cors } from "hono/cors";
import { apiError } from "./api/api-error.ts";
import { createAdminRoutes } from "./api/admin-routes.ts";
import { createCompanyConfigRoutes } from "./api/company-config-routes.ts";
import { createMeasureRoutes } from "./measure/measure-routes.ts";
import { createCustomerRoutes } from "./api/customer-routes.ts";
import { createGeomapRoutes } from "./api/geomap-routes.ts";
import { createPaymentRoutes } from "./api/payment-routes.ts";
import { createPricingRoutes } from "./api/pricing-routes.ts";
import { createPropertyRoutes } from "./api/property-routes.ts";
import { createQuoteRoutes } from "./api/quote-routes.ts";
import { createThinkAboutItRoutes } from "./api/think-about-it-routes.ts";
import { createServmanRoutes } from "./api/servman-routes.ts";
import { createLeadsRoutes } from "./api/leads-routes.ts";
import { createSmsRoutes, type SmsRoutesDeps } from "./sms/sms-routes.ts";
import { createResumeRoutes } from "./api/resume-routes.ts";
import { createChatOpenRoutes } from "./api/chat-open-routes.ts";
import { createConsoleRoutes, type ConsoleRoutesDeps } from "./console/console-routes.ts";
import { mountPreview, previewKeyOf } from "./console/bot-preview.ts";
import { configForVisitors, configurationErrors } from "./ports/config-needs.ts";
import { keptSecret, type ResumeStore } from "./db/resume-store.ts";
import type { ServmanStore } from "./servman/servman-store.ts";
import type { AdminTokenStore } from "./db/admin-token-store.ts";
import type { DocumentStore } from "./db/document-store.ts";
import type { UrlRules } from "../src/config/safe-url.ts";
import type { TestHooks } from "./api/test-hooks.ts";
import { CRM_OFF, crmConfigurationErrors, type CrmPort } from "./ports/crm.ts";
import { storedPricingTables } from "./pricing/pricing-tables.ts";
import type { CompanyStore } from "./db/company-store.ts";
import type { CustomerStore } from "./db/customer-store.ts";
import type { PaymentStore } from "./db/payment-store.ts";
import type { QuoteStore } from "./db/quote-store.ts";
import type { QuoteTokenStore } from "./db/quote-token-store.ts";
import type { RateLimitStore } from "./db/rate-limit-store.ts";
import { createLimiter, type RateLimitOptions } from "./api/rate-limits.ts";
import type { RunInTransaction } from "./db/stores.ts";
import { PORTS_OFF, type Ports } from "./ports/ports.ts";
import type { TaxRateStore } from "./db/tax-rate-store.ts";
import { renderHostedPage } from "./pages/hosted-page.ts";
import { encodingHeaders, readStaticFile } from "./static-files.ts";
import type { PaymentProcessor } from "./payments/processor.ts";
import type { Logger } from "./production/logger.ts";
import type { Readiness } from "./production/readiness.ts";
import { requestLog } from "./production/request-log.ts";
import { SHIPPED_NAMES } from "../shipped-files.mjs";

export interface WidgetOriginOptions {
  /** Follow-ups (issue 34): the unsubscribe link's routes (server/follow-ups/compose.ts). */
  followUps?: { routes: Hono };
  store: CompanyStore;
  customers: CustomerStore;
  quotes: QuoteStore;
  /** The quotes' capabilities (POST /v1/quote/details answers only with one). */
  quoteTokens: QuoteTokenStore;
  /** The counters of the customer lookup's and the previous-quote check's rate limits. */
  rateLimits: RateLimitStore;
  /** Those limits; default DEFAULT_RATE_LIMITS (demo-site/api/rate-limits.ts). */
  rateLimitOptions?: RateLimitOptions;
  /** Charges, card tokens, CRM payment sessions and leads; without it the payment calls are not served. */
  payments?: PaymentStore;
  /** Runs `work` atomically in the store, with stores bound to the transaction. */
  transaction: RunInTransaction;
  /** The build output (dist/ at the repository root). */
  distDir: string;
  /** Logos and other demo-company files, served at /demo-assets/. */
  assetsDir: string;
  /** The company's display name for the hosted page's title, when the pair is known. */
  findCompanyName: (companyId: string, botId: string) => Promise<string | undefined>;
  /** This origin as visitors reach it, for absolute picture URLs; default: the request's origin. */
  publicOrigin?: string;
  /** ServMan orders and booked windows; without it the ServMan calls are not served. */
  servman?: ServmanStore;
  /** Charges stripe and device-wallet payments (Stripe); without it, only the test processor in test mode does. */
  processor?: PaymentProcessor;
  /** The test processor charges every method without a real processor (the demo; PAYMENTS_TEST_MODE=1); default false: those are refused. */
  testPayments?: boolean;
  /** The rules the payment and pricing calls read stored configurations with; default: a company's (https only). */
  urlRules?: UrlRules;
  /** The demo's test hooks (server/api/test-hooks.ts); default none. */
  testHooks?: TestHooks;
  /** The companies' CRM (server/ports/crm.ts); default off. */
  crm?: CrmPort;
  /**
   * Saved conversations and resume links (docs/api.md "Resume links"); without it those
   * routes are not served and the `lead` webhook carries no resumeUrl.
   */
  resume?: {
    store: ResumeStore;
    /** RESUME_SECRET; default: a secret generated once and kept in the database. */
    secret?: string;
    /** The sites a resume link may open (origins); the first is the company's site. */
    sites: readonly string[];
  };
  /** Sites allowed to call the API (CORS); default: any ("*"). */
  allowedOrigins?: readonly string[];
  /**
   * The hosted page lets the widget use http://localhost URLs from a configuration (the demo's
   * stand-ins); default false: a company's hosted page never carries the tag.
   */
  devOrigins?: boolean;
  /** One JSON line per request (production entry); default: none. */
  logger?: Logger;
  /**
   * The companies' configurations and pricing documents, versioned: the pricing routes price
   * with the current ones. Without it (an origin a test builds by hand) they price with the
   * fixture files, and the admin API is not served.
   */
  documents?: DocumentStore;
  /** The admin API at /admin/v1 (docs/admin.md), with `documents`; without it the admin API is not served. */
  admin?: { tokens: AdminTokenStore; urlRules: UrlRules };
  /**
   * The company's console at /console/ and its API at /console/api/* (issue 24), and the
   * widget's chat-opened beacon; without it neither is served.
   */
  /** `fetch`: what the builder's test webhook sends with (default the global fetch; the in-process demo site routes it). */
  console?: { stores: ConsoleRoutesDeps["stores"]; fetch?: typeof fetch; signInQueued?: () => void };
  /**
   * The third parties (address search, property data, pictures): the demo's stand-ins or real
   * adapters; default: every port off (no suggestions, no sizes, no pictures).
   */
  ports?: Ports;
  /** The companies' imported tax tables (GET /v1/tax and the amount check); default: none (-1, serviceTax). */
  taxRates?: TaxRateStore;
  /**
   * Twilio's webhooks for texts (issue 34), POST /v1/sms/twilio/inbound and /status, served
   * when this is given, `ports.sms` is live and `publicOrigin` is set (the signature is
   * checked for that origin): the auth token Twilio (or the demo's text sink) signs with,
   * and what an opt-out word, an opt-in word and a delivery status do. A callback left out
   * only logs a line (without the phone).
   */
  sms?: { authToken: string } & Partial<Pick<SmsRoutesDeps, "onOptOut" | "onOptIn" | "onStatus">>;
  /** GET /readyz: the database reachable and migrated; without it /readyz is not served. */
  ready?: () => Readiness | Promise<Readiness>;
}

// Files are public and embedded from any site; five minutes keeps reloads during
// development fresh enough while still showing a returning visitor a cached bundle.
const PUBLIC_FILE_HEADERS = {
  "Cache-Control": "public, max-age=300",
  "Access-Control-Allow-Origin": "*",
};

/** The build's files (shipped-files.mjs), served only from the built dist/. */
const BUILD_OUTPUTS = new Set(SHIPPED_NAMES);

/** First path segments that belong to other routes, never to a company id. */
const RESERVED_SEGMENTS = new Set(["v1", "v2", "dist", "demo-assets", "admin", "console"]);

/** The largest request body the API reads; the widget's biggest (quote start) is about 2 KB. */
const MAX_BODY_BYTES = 64 * 1024;
/** POST /v1/quote/estimate carries the measuring tool's picture (up to 200000 characters). */
const MAX_ESTIMATE_BODY_BYTES = 256 * 1024;

/** The texts' webhooks' callbacks: the given ones, else a log line each (no store wired yet). */
function smsRoutesDeps(sms: NonNullable<WidgetOriginOptions["sms"]>, publicOrigin: string, logger: Logger | undefined): SmsRoutesDeps {
  const note = (what: string) => async () => {
    if (logger) logger.log("warn", `sms ${what} received; nothing is wired to keep it`);
    else console.warn(`[widget] sms ${what} received; nothing is wired to keep it`);
  };
  return {
    authToken: sms.authToken,
    publicOrigin,
    onOptOut: sms.onOptOut ?? note("opt-out"),
    onOptIn: sms.onOptIn ?? note("opt-in"),
    onStatus: sms.onStatus ?? note("status"),
  };
}

export function createWidgetOrigin(options: WidgetOriginOptions): Hono {
  const app = new Hono();
  if (options.logger) app.use("*", requestLog(options.logger));

  // The widget runs on the companies' sites and sends no cookies: any origin may call unless
  // the production entry names the sites (ALLOWED_ORIGINS).
  const apiCors = cors({
    origin: options.allowedOrigins ? [...options.allowedOrigins] : "*",
    allowMethods: ["GET", "POST"],
    allowHeaders: ["Content-Type", "Idempotency-Key"],
    maxAge: 600,
  });
  app.use("/v1/*", apiCors);
  app.use("/v2/*", apiCors);
  const limitBody = (maxSize: number) =>
    bodyLimit({ maxSize, onError: (c) => apiError(c, 413, `Request body larger than ${maxSize} bytes`) });
  const smallBodies = limitBody(MAX_BODY_BYTES);
  const estimateBodies = limitBody(MAX_ESTIMATE_BODY_BYTES);
  app.use("/v1/*", (c, next) => (c.req.path === "/v1/quote/estimate" ? estimateBodies : smallBodies)(c, next));
  const ports = options.ports ?? PORTS_OFF;
  options.testHooks?.install?.(app);
  const urlRules = options.urlRules ?? { devOrigins: false };
  app.route("/", createCompanyConfigRoutes(options.store, ports, options.console?.stores.builder, options.publicOrigin));
  // Our own measuring tool on satellite imagery (issue 33), when the imagery port is on.
  app.route("/", createMeasureRoutes({ imagery: ports.imagery, addressSearch: ports.addressSearch, propertyData: ports.propertyData, distDir: options.distDir }));
  const limiter = createLimiter(options.rateLimits, options.rateLimitOptions);
  const resumeOptions = options.resume;
  const resumeSecret = resumeOptions ? keptSecret(resumeOptions.store, "resume-links", resumeOptions.secret) : undefined;
  app.route("/", createCustomerRoutes({ companies: options.store, customers: options.customers, quoteTokens: options.quoteTokens, limiter }));
  app.route(
    "/",
    createQuoteRoutes({
      companies: options.store,
      customers: options.customers,
      quotes: options.quotes,
      quoteTokens: options.quoteTokens,
      limiter,
      transaction: options.transaction,
      crm: options.crm ?? CRM_OFF,
      ...(resumeOptions && resumeSecret ? { resumeLinks: { secret: resumeSecret, sites: resumeOptions.sites } } : {}),
      ...(options.rateLimitOptions?.trustProxy ? { trustProxy: true } : {}),
    }),
  );
  if (resumeOptions && resumeSecret) {
    app.route(
      "/",
      createResumeRoutes({
        quotes: options.quotes,
        quoteTokens: options.quoteTokens,
        resume: resumeOptions.store,
        ...(options.payments ? { payments: options.payments } : {}),
        limiter,
        secret: resumeSecret,
      }),
    );
  }
  app.route("/", createGeomapRoutes({ addressSearch: ports.addressSearch, companies: options.store }));
  app.route(
    "/",
    createPropertyRoutes({ companies: options.store, propertyData: ports.propertyData, pictures: ports.propertyPictures, ...(options.publicOrigin ? { publicOrigin: options.publicOrigin } : {}) }),
  );
  const documents = options.documents;
  const tables = documents ? storedPricingTables((companyId) => documents.pricing(companyId)) : undefined;
  app.route("/", createPricingRoutes({ companies: options.store, quotes: options.quotes, ...(tables ? { tables } : {}), publicOrigin: options.publicOrigin, urlRules, ...(options.taxRates ? { taxRates: options.taxRates } : {}) }));
  if (options.payments) {
    const deps = { companies: options.store, quotes: options.quotes, transaction: options.transaction };
    const { processor, testPayments = false, testHooks } = options;
    app.route("/", createPaymentRoutes({ ...deps, payments: options.payments, processor, testMode: testPayments, urlRules, afterCharge: testHooks?.afterCharge, ...(options.taxRates ? { taxRates: options.taxRates } : {}) }));
    app.route("/", createThinkAboutItRoutes({ ...deps, leads: options.payments }));
  }
  if (options.servman) app.route("/", createServmanRoutes({ companies: options.store, servman: options.servman, transaction: options.transaction, crm: options.crm ?? CRM_OFF }));
  app.route("/", createLeadsRoutes({ transaction: options.transaction }));
  if (options.followUps) app.route("/", options.followUps.routes);
  if (options.sms && ports.sms.live && options.publicOrigin) app.route("/", createSmsRoutes(smsRoutesDeps(options.sms, options.publicOrigin, options.logger)));
  if (options.console) {
    const stores = options.console.stores;
    app.route("/", createChatOpenRoutes({ companies: options.store, console: stores.console }));
    const builderRules = options.admin?.urlRules ?? urlRules;
    const configurationErrorsOf = (config: string) => [...configurationErrors(JSON.parse(config), ports), ...crmConfigurationErrors(config, options.crm ?? CRM_OFF)];
    // Not CORS-open: only the console's own page calls it, with its session cookie.
    app.route(
      "/",
      createConsoleRoutes({
        stores,
        companies: options.store,
        transaction: options.transaction,
        distDir: options.distDir,
        ...(options.publicOrigin ? { publicOrigin: options.publicOrigin } : {}),
        ...(options.console.signInQueued ? { signInQueued: options.console.signInQueued } : {}),
        ...(resumeOptions && resumeSecret ? { resumeLinks: { secret: resumeSecret, sites: resumeOptions.sites } } : {}),
        ...(documents ? { builder: { documents, urlRules: builderRules, configurationErrors: configurationErrorsOf, ...(options.console?.fetch ? { fetch: options.console.fetch } : {}) } } : {}),
      }),
    );
    // The builder's live preview: the widget running a bot's draft, as test traffic.
    if (documents) {
      mountPreview(app, {
        key: previewKeyOf(stores.resume),
        configFor: async ({ companyId, botId }) => {
          const live = await options.store.findBot(companyId, botId);
          if (!live) return undefined;
          return configForVisitors((await stores.botDrafts.find(companyId, botId))?.body ?? live.config, ports);
        },
        devOrigins: options.devOrigins ?? false,
        now: () => new Date(),
      });
    }
  }
  // Not CORS-open: the company's scripts call it, never a page on the company's site.
  if (options.admin && documents) {
    app.route("/admin/v1", createAdminRoutes({
        tokens: options.admin.tokens,
        documents,
        companies: options.store,
        urlRules: options.admin.urlRules,
        ports,
        ...(options.taxRates ? { taxRates: options.taxRates } : {}),
        configurationErrors: (config) => crmConfigurationErrors(config, options.crm ?? CRM_OFF),
      }));
  }

  app.get("/healthz", async (c) =>
    c.json({ ok: true, origin: "widget", distBuilt: existsSync(options.distDir), companies: new Set((await options.store.listAll()).map((row) => row.companyId)).size }),
  );

  const ready = options.ready;
  if (ready) {
    app.get("/readyz", async (c) => {
      const result = await ready();
      return result.ok ? c.json({ ok: true }) : c.json({ ok: false, reason: result.reason }, 503);
    });
  }

  app.get("/dist/*", async (c) => {
    const name = c.req.path.slice("/dist/".length);
    const file = await readStaticFile(options.distDir, name, c.req.header("accept-encoding"));
    if (file) return c.body(new Uint8Array(file.body), 200, { "Content-Type": file.contentType, ...PUBLIC_FILE_HEADERS, ...encodingHeaders(file) });
    if (!existsSync(options.distDir) || BUILD_OUTPUTS.has(name)) {
      return c.text(`dist/${name} is not built yet: run \`npm run build\` and reload.`, 503, PUBLIC_FILE_HEADERS);
    }
    return c.text(`dist/${name} does not exist`, 404, PUBLIC_FILE_HEADERS);
  });

  app.get("/demo-assets/*", async (c) => {
    const file = await readStaticFile(options.assetsDir, c.req.path.slice("/demo-assets/".length));
    if (!file) return c.text("not found", 404);
    return c.body(new Uint8Array(file.body), 200, { "Content-Type": file.contentType, ...PUBLIC_FILE_HEADERS });
  });

  // The hosted page. The query string is left for the widget, which reads its flags there.
  const hostedPage = (c: Context, title: string) => c.html(renderHostedPage({ title, devOrigins: options.devOrigins ?? false }).toString());
  app.get("/", (c) => hostedPage(c, "Instant quote"));
  app.get("/index.html", (c) => hostedPage(c, "Instant quote"));
  app.get("/:company/:bot", async (c) => {
    const { company, bot } = c.req.param();
    if (RESERVED_SEGMENTS.has(company)) return c.notFound();
    const name = await options.findCompanyName(company, bot);
    return hostedPage(c, name ? `${name}: instant quote` : "Instant quote");
  });

  app.notFound((c) => {
    const path = c.req.path;
    if (path.startsWith("/v1/") || path.startsWith("/v2/") || path.startsWith("/admin/")) return apiError(c, 404, `No route ${c.req.method} ${path}`);
    return c.text("not found", 404);
  });
  app.onError((error, c) => {
    if (options.logger) options.logger.log("error", "unhandled error", { method: c.req.method, path: c.req.path, error: String(error) });
    else console.error(`[widget] ${c.req.method} ${c.req.path} failed:`, error);
    return apiError(c, 500, "Internal error");
  });

  return app;
}
