// The production entry (`npm run serve`): the widget origin alone (the API, dist/, the hosted
// page), configured by the environment, with JSON request logs, /healthz and /readyz, and a
// graceful stop on SIGTERM. No demo pages and no stand-in origins (those stay in `npm start`).
// The webhook worker runs here too (WEBHOOK_* settings), and the outbox's clean-up
// (OUTBOX_KEEP_DAYS); SIGTERM lets its sends finish.
// docs/deploy.md tells how to run it. composeServer builds it all without a port (the server
// tests call its app in process); startServer puts that on a port. Over 300 lines on purpose:
// the configuration, the composition and the listening wrapper are one start-up sequence, read
// top to bottom.
import { getRequestListener } from "@hono/node-server";
import { realpathSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { Hono } from "hono";
import type { Transport } from "nodemailer";
import type { Fetch } from "../adapters/provider-call.ts";
import { fileURLToPath } from "node:url";
import { loadCompanyFixtures, loadDeliveryFixtures } from "../company-files.ts";
import { join } from "node:path";
import { CRM_OFF, crmConfigurationErrors } from "../ports/crm.ts";
import { isLoopbackUrl } from "../../src/config/safe-url.ts";
import { checkReady } from "../db/database.ts";
import { DEFAULT_DB_FILE } from "../db/default-database.ts";
import { seedDocuments } from "../db/seed-documents.ts";
import { loadPricingFixtures } from "../pricing/pricing-tables.ts";
import { openStores, type OpenStores } from "../db/stores.ts";
import { createWidgetOrigin } from "../widget-origin.ts";
import { fromRoot } from "../root-dir.ts";
import { DEFAULT_RATE_LIMITS } from "../api/rate-limits.ts";
import { chooseProcessor } from "../payments/choose-processor.ts";
import { paymentMethodsServed } from "../api/payment-routes.ts";
import { composeFollowUps, followUpsFromEnv } from "../follow-ups/compose.ts";
import { startWebhookWorker, type RetrySchedule } from "../webhooks/webhook-worker.ts";
import { DEFAULT_KEEP_DAYS, startOutboxRetention } from "../webhooks/outbox-retention.ts";
import { createMailDelivery } from "../console/mail.ts";
import { createLeadFinder } from "../console/lead-summary.ts";
import { staffLanguage } from "../console/staff-store.ts";
import { createLogger, isLogLevel, type Logger, type LogLevel } from "./logger.ts";
import { portsFromEnv } from "./providers.ts";
import { ConfigError, intFrom, originFrom } from "./env-values.ts";

export { ConfigError };
import { twilioSettingsFromEnv } from "../adapters/twilio.ts";
import { describePorts } from "../ports/ports.ts";
import { configurationErrors } from "../ports/config-needs.ts";

export interface ServeConfig {
  port: number;
  host: string;
  /** postgres://… for PostgreSQL, or a SQLite file path (a file: or sqlite: prefix allowed). */
  databaseUrl: string;
  /** This origin as visitors reach it (behind a proxy: the public https URL). */
  publicOrigin: string;
  /** CORS: the companies' sites; undefined = any origin ("*"). */
  allowedOrigins: readonly string[] | undefined;
  logLevel: LogLevel;
  /** Seed the demo companies into an empty database (SEED_DEMO=1); never touches a database that has companies. */
  seedDemo: boolean;
  /**
   * Where SEED_DEMO reads the companies from (SEED_DEMO_DIR): companies/*.json and pricing/*.json
   * below it, read as data; default the repository's demo-site/fixtures/.
   */
  seedDir: string;
  /** How long SIGTERM waits for requests in flight before cutting them (SHUTDOWN_TIMEOUT_MS). */
  shutdownTimeoutMs: number;
  /** With SEED_DEMO: where the demo companies' webhooks go (SEED_RECEIVER_ORIGIN); unset, they get none. */
  seedReceiverOrigin: string | undefined;
  /** The webhook worker: WEBHOOK_POLL_MS, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_BASE_MS, WEBHOOK_RETRY_MAX_MS, WEBHOOK_LEASE_MS. */
  webhooks: { pollMs: number; leaseMs: number; retry: RetrySchedule };
  /** Days a sent (or given up) webhook or alert e-mail is kept in the outbox with its delivery log (OUTBOX_KEEP_DAYS, default 90). */
  outboxKeepDays: number;
  /** Behind a reverse proxy (TRUST_PROXY=1): rate limits count clients by X-Forwarded-For. */
  trustProxy: boolean;
  /**
   * PAYMENTS_TEST_MODE=1: the test processor (test cards only, nothing charged) takes every
   * payment method without a real processor. Unset, those methods are refused with a 400.
   */
  paymentsTestMode: boolean;
}

const DIST_DIR = fromRoot("dist/");
const DEMO_ASSETS_DIR = fromRoot("demo-site/demo-assets/");
const DEFAULT_SEED_DIR = fromRoot("demo-site/fixtures/");

/** Reads and checks the environment; a bad value stops start-up with its name. */
export function readServeConfig(env: Record<string, string | undefined>): ServeConfig {
  const port = intFrom(env, "PORT", 8080, 0, 65535);
  const host = env.HOST || "127.0.0.1";
  const logLevel = env.LOG_LEVEL || "info";
  if (!isLogLevel(logLevel)) throw new ConfigError(`LOG_LEVEL=${logLevel}: must be debug, info, warn, error or silent`);
  const allowed = env.ALLOWED_ORIGINS?.trim();
  const allowedOrigins = allowed ? allowed.split(",").map((entry) => originFrom("ALLOWED_ORIGINS", entry.trim())) : undefined;
  const publicOrigin = env.PUBLIC_ORIGIN ? originFrom("PUBLIC_ORIGIN", env.PUBLIC_ORIGIN) : `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    port,
    host,
    databaseUrl: env.DATABASE_URL || DEFAULT_DB_FILE,
    publicOrigin,
    allowedOrigins,
    logLevel,
    seedDemo: env.SEED_DEMO === "1" || env.SEED_DEMO === "true",
    seedDir: env.SEED_DEMO_DIR || DEFAULT_SEED_DIR,
    shutdownTimeoutMs: intFrom(env, "SHUTDOWN_TIMEOUT_MS", 10_000, 0, 600_000),
    seedReceiverOrigin: env.SEED_RECEIVER_ORIGIN ? originFrom("SEED_RECEIVER_ORIGIN", env.SEED_RECEIVER_ORIGIN) : undefined,
    webhooks: {
      pollMs: intFrom(env, "WEBHOOK_POLL_MS", 1000, 10, 3_600_000),
      leaseMs: intFrom(env, "WEBHOOK_LEASE_MS", 60_000, 15_000, 3_600_000),
      retry: {
        maxAttempts: intFrom(env, "WEBHOOK_MAX_ATTEMPTS", 12, 1, 100),
        baseDelayMs: intFrom(env, "WEBHOOK_RETRY_BASE_MS", 5000, 10, 86_400_000),
        maxDelayMs: intFrom(env, "WEBHOOK_RETRY_MAX_MS", 3_600_000, 10, 86_400_000),
      },
    },
    outboxKeepDays: intFrom(env, "OUTBOX_KEEP_DAYS", DEFAULT_KEEP_DAYS, 1, 3650),
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    paymentsTestMode: env.PAYMENTS_TEST_MODE === "1" || env.PAYMENTS_TEST_MODE === "true",
  };
}

/** DATABASE_URL → every store, with pending migrations applied (demo-site/db/stores.ts). */
export function openStoresFromUrl(databaseUrl: string): Promise<OpenStores> {
  return openStores(databaseUrl.replace(/^sqlite:(\/\/)?/, ""));
}

export interface RunningServer {
  /** http://host:port as bound (the real port when PORT=0). */
  url: string;
  server: Server;
  logger: Logger;
  /** Stops accepting, lets requests in flight finish (bounded), then closes the database. Idempotent. */
  close(): Promise<void>;
}

export interface StartOptions {
  /** The processor's environment (STRIPE_SECRET_KEY); default: process.env. */
  env?: Record<string, string | undefined>;
  /** Log lines go here (default: stdout). */
  write?: (line: string) => void;
  /** What provider calls and webhooks go out with; default the global fetch (tests route them to fakes in process). */
  fetch?: Fetch;
  /** E-mail through this nodemailer transport instead of SMTP_URL (tests keep it in process). */
  mailTransport?: Transport;
}

/** The server composed, not listening: its app answers requests in process (tests: app.fetch). */
export interface ComposedServer {
  app: Hono;
  logger: Logger;
  /** The card processor's name for the log: "stripe" or "none". */
  processor: string;
  /** Stops the webhook and follow-up workers, letting their sends in flight finish. */
  stopWorkers(): Promise<void>;
  /** Stops the workers and closes the database. */
  close(): Promise<void>;
}

export async function startServer(config: ServeConfig, options: StartOptions = {}): Promise<RunningServer> {
  const composed = await composeServer(config, options);
  const { app, logger } = composed;
  const server = createServer(getRequestListener(app.fetch));
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (error) {
    await composed.close();
    throw error;
  }
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`;
  logger.log("info", "listening", { url, processor: composed.processor, database: config.databaseUrl.startsWith("postgres") ? "postgres" : "sqlite" });

  const shutDown = async () => {
    logger.log("info", "shutting down: no new connections, finishing requests in flight");
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Idle keep-alive connections would hold close() open; busy ones finish their request first.
    server.closeIdleConnections();
    const timer = setTimeout(() => {
      logger.log("warn", "shutdown timeout: cutting the requests still open", { timeoutMs: config.shutdownTimeoutMs });
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    try {
      await Promise.all([closed, composed.stopWorkers()]);
    } finally {
      clearTimeout(timer);
      await composed.close();
      logger.log("info", "stopped");
    }
  };
  let closing: Promise<void> | undefined;
  return { url, server, logger, close: () => (closing ??= shutDown()) };
}

/** Everything startServer serves, composed without a port: the app, its workers, its database. */
export async function composeServer(config: ServeConfig, options: StartOptions = {}): Promise<ComposedServer> {
  const logger = createLogger(config.logLevel, options.write);
  const stores = await openStoresFromUrl(config.databaseUrl);
  try {
    if (config.seedDemo && (await stores.companies.listAll()).length === 0) {
      // The documents as the admin API writes them (version 1 by "seed"); no demo admin token.
      // The stand-ins' URLs (measuring tool, card vault, CRM frame) are left on reserved
      // .invalid hosts over http, which a company's URL rules drop: those features are off.
      const companiesDir = join(config.seedDir, "companies");
      await stores.transaction(async (tx) => {
        await seedDocuments(tx, loadCompanyFixtures({ dir: companiesDir, widgetOrigin: config.publicOrigin }), loadPricingFixtures(join(config.seedDir, "pricing")));
        await tx.outbox.replaceSettings(loadDeliveryFixtures({ dir: companiesDir, receiverOrigin: config.seedReceiverOrigin }));
      });
      logger.log("info", "seeded the demo companies into an empty database");
    } else if (config.seedDemo) {
      // A demo database seeded before migration 8 priced its companies from the fixture files:
      // those demo companies that have no pricing table yet get the fixture's (nothing else changes).
      for (const row of loadPricingFixtures(join(config.seedDir, "pricing"))) {
        if ((await stores.companies.findFirstBot(row.companyId)) && (await stores.documents.pricing(row.companyId)) === undefined) {
          await stores.documents.replace({ companyId: row.companyId, kind: "pricing", botId: "" }, row.pricing, { changedBy: "seed" });
          logger.log("info", "seeded a demo company's pricing table", { companyId: row.companyId });
        }
      }
    }
    const env = options.env ?? process.env;
    // No CRM adapter yet: a company configured for Real Green or ServMan is told at start (and
    // in the admin API's answers), and its visitors get the fallbacks (server/ports/crm.ts).
    const crm = CRM_OFF;
    const urlRules = { devOrigins: isLoopbackUrl(new URL(config.publicOrigin)) };
    // Stripe when its key is set. A method with no real processor is charged by the test
    // processor only in test mode (PAYMENTS_TEST_MODE=1), and refused otherwise.
    const processor = env.STRIPE_SECRET_KEY?.trim() ? chooseProcessor(env, stores.payments, undefined, options.fetch) : undefined;
    // The third parties (issue 28): live where the environment gives a key, otherwise off.
    const ports = portsFromEnv(env, stores.providerCache, logger, options.fetch);
    logger.log("info", "ports", describePorts(ports));
    for (const row of await stores.companies.listAll()) {
      // What this server lacks for the configuration: a CRM connection, a port that is off.
      for (const message of [...crmConfigurationErrors(row.config, crm), ...configurationErrors(JSON.parse(row.config), ports)]) {
        logger.log("error", "configuration error", { companyId: row.companyId, botId: row.botId, message });
      }
    }
    const paymentMethods = paymentMethodsServed(processor, config.paymentsTestMode);
    // Follow-ups to homeowners who left a quote (issue 34): texts, e-mail (SMTP_URL), resume links.
    const followUps = composeFollowUps({
      ...followUpsFromEnv(env, { stores, sms: ports.sms, publicOrigin: config.publicOrigin, sites: config.allowedOrigins ?? [], logger }),
      ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
    });
    const app = createWidgetOrigin({
      followUps: { routes: followUps.routes },
      store: stores.companies,
      customers: stores.customers,
      quotes: stores.quotes,
      quoteTokens: stores.quoteTokens,
      rateLimits: stores.rateLimits,
      rateLimitOptions: { ...DEFAULT_RATE_LIMITS, trustProxy: config.trustProxy },
      payments: stores.payments,
      servman: stores.servman,
      transaction: stores.transaction,
      documents: stores.documents,
      // A configuration's URLs must be https, except on a server that itself runs on this machine.
      admin: { tokens: stores.adminTokens, urlRules },
      distDir: DIST_DIR,
      assetsDir: DEMO_ASSETS_DIR,
      findCompanyName: async () => undefined,
      publicOrigin: config.publicOrigin,
      ...(processor ? { processor } : {}),
      ports,
      taxRates: stores.taxRates,
      testPayments: config.paymentsTestMode,
      crm,
      // A company's configurations: https only, except on a server that itself runs on this machine.
      urlRules,
      // The hosted page likewise: on this machine our own measuring tool is at an http origin.
      devOrigins: urlRules.devOrigins,
      allowedOrigins: config.allowedOrigins,
      // Resume links open only the sites allowed to call the API (none listed: no links).
      resume: { store: stores.resume, ...(env.RESUME_SECRET?.trim() ? { secret: env.RESUME_SECRET.trim() } : {}), sites: config.allowedOrigins ?? [] },
      // The company's console at /console/ (docs/deploy.md "The console").
      // A sign-in link is sent as soon as it is committed (the worker below), not at the next poll.
      console: { stores, signInQueued: () => worker.wake("sign-in") },
      // Twilio's webhooks for texts (docs/deploy.md "Texts (Twilio)"), when texts are on.
      ...(ports.sms.name === "twilio" ? { sms: { authToken: twilioSettingsFromEnv(env)!.authToken, ...followUps.smsHooks } } : {}),
      logger,
      ready: async () => {
        const check = await checkReady(stores.database);
        return check.ok ? { ok: true } : { ok: false, reason: check.reason ?? "not ready" };
      },
    });
    // E-mail (console sign-in links and alerts) leaves through the same outbox: SMTP_URL, MAIL_FROM.
    const mail = createMailDelivery({
      smtpUrl: env.SMTP_URL?.trim() || undefined,
      ...(options.mailTransport ? { transport: options.mailTransport } : {}),
      from: env.MAIL_FROM?.trim() || `Quote Assistant <no-reply@${new URL(config.publicOrigin).hostname}>`,
      publicOrigin: config.publicOrigin,
      findLead: createLeadFinder(stores),
      findLanguage: staffLanguage(stores.staff),
    });
    const worker = startWebhookWorker({ outbox: stores.outbox, ...config.webhooks, mail, logger, ...(options.fetch ? { fetch: options.fetch } : {}) });
    const retention = startOutboxRetention({ outbox: stores.outbox, keepDays: config.outboxKeepDays, logger });
    const refused = Object.entries(paymentMethods).flatMap(([method, by]) => (by === "off" ? [method] : []));
    logger.log("info", "ports", { crm: crm.name });
    logger.log("info", "payments", { processor: processor?.name ?? "none", testMode: config.paymentsTestMode, ...paymentMethods });
    if (refused.length > 0) logger.log("warn", `payment methods with no processor are refused: ${refused.join(", ")}`, { refused: refused.join(",") });
    if (config.paymentsTestMode) logger.log("warn", "PAYMENTS_TEST_MODE=1: the test processor answers with test cards; no card is charged");

    const stopWorkers = () => Promise.all([worker.stop(), followUps.worker.stop(), retention.stop()]).then(() => undefined);
    return { app, logger, processor: processor?.name ?? "none", stopWorkers, close: () => stopWorkers().then(() => stores.close()) };
  } catch (error) {
    await stores.close();
    throw error;
  }
}

function isMain(): boolean {
  const script = process.argv[1];
  return script !== undefined && realpathSync(script) === fileURLToPath(import.meta.url);
}

if (isMain()) {
  try {
    const running = await startServer(readServeConfig(process.env));
    const stop = (signal: NodeJS.Signals) => {
      running.logger.log("info", "signal", { signal });
      running.close().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  } catch (error) {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
    process.exitCode = 1;
  }
}
