// The demo site composed, listening nowhere: eight origins (a company's site, the widget and its
// API, stand-ins for three third parties, a webhook receiver standing for the company's own
// server, a mail sink standing for the staff's mailboxes, and a text sink standing for Twilio
// and the homeowners' phones) as Hono apps, backed by a small SQLite store of company fixtures,
// demo customers and the quotes visitors start, with the webhook and follow-up workers running.
// `fetch` serves a request by its origin from the app behind it (route-by-origin.ts), and the
// server's own calls between origins (webhooks to the receiver, the builder's test event, the
// text sink's signed webhooks) go through it, so the server tests run it whole without a port.
// Mail goes to the mail sink in process unless `smtpUrl` names an SMTP server.
// demo-site/server.ts startDemoSite puts the same apps on ports for `npm start`, e2e and benches.
import type { DemoSiteUrls } from "./types.ts";
import { DEMO_URL_RULES } from "../server/company-files.ts";
import type { Fetch } from "../server/adapters/provider-call.ts";
import { loadDemoFixtures, seedDemo } from "./db/seed.ts";
import { openStores } from "../server/db/stores.ts";
import { createHostDirectory } from "./host-directory.ts";
import { createCrmOrigin } from "./origins/crm-origin.ts";
import { createHostOrigin } from "./origins/host-origin.ts";
import { createMeasureOrigin } from "./origins/measure-origin.ts";
import { createVaultOrigin } from "./origins/vault-origin.ts";
import { createWidgetOrigin } from "../server/widget-origin.ts";
import { createDemoPorts } from "./ports.ts";
import { createReceiver } from "./receiver/receiver-origin.ts";
import { createMailSink, type MailSink } from "./mail-sink/mail-sink.ts";
import { composeFollowUps } from "../server/follow-ups/compose.ts";
import { createTextSink, type TextSink } from "./text-sink/text-sink.ts";
import { twilioSettingsFromEnv } from "../server/adapters/twilio.ts";
import { SMS_INBOUND_PATH, SMS_STATUS_PATH } from "../server/sms/sms-routes.ts";
import { createMailDelivery } from "../server/console/mail.ts";
import { createLeadFinder } from "../server/console/lead-summary.ts";
import { staffLanguage } from "../server/console/staff-store.ts";
import { createDemoHooks } from "./demo-hooks.ts";
import { SIMULATED_CRM } from "./crm/simulated-crm.ts";
import { startWebhookWorker, type RetrySchedule, type WebhookWorker } from "../server/webhooks/webhook-worker.ts";
import type { FollowUpWorker } from "../server/follow-ups/follow-up-worker.ts";
import { startOutboxRetention, type OutboxRetention } from "../server/webhooks/outbox-retention.ts";
import type { RateLimitOptions } from "../server/api/rate-limits.ts";
import { routeByOrigin } from "./route-by-origin.ts";
import { fileURLToPath } from "node:url";
import type { Hono } from "hono";

export interface DemoSiteOptions {
  /** host = portBase, widget = +1, measure = +2, vault = +3, crm = +4, receiver = +5, mail = +6, text = +7. Default: $PORT_BASE or 4400. */
  portBase?: number;
  /** No start-up banner or warnings (tests). */
  quiet?: boolean;
  /** SQLite file, ":memory:" (the default) for a store that vanishes on close, or a postgres:// URL. */
  dbPath?: string;
  /** Write the demo fixtures (companies, demo customers and their quotes) at start. Default: true. */
  seed?: boolean;
  /** The webhook worker's retries and polling (default: retries from 2 s, doubling to 1 min, 10 tries; poll every 500 ms). */
  webhooks?: { retry?: RetrySchedule; pollMs?: number };
  /** The follow-up worker's polling (default 5 s) and the gap between two messages to one household (default 10 min). */
  followUps?: { pollMs?: number; householdGapMs?: number };
  /** Rate limits of the customer lookup and the previous-quote check; default DEFAULT_RATE_LIMITS. */
  rateLimits?: RateLimitOptions;
}

export type { DemoSiteUrls };

export const DIST_DIR = fileURLToPath(new URL("../dist/", import.meta.url));
const DEMO_ASSETS_DIR = fileURLToPath(new URL("./demo-assets/", import.meta.url));
const HOST_STATIC_DIR = fileURLToPath(new URL("./host-static/", import.meta.url));

export const ORIGIN_ORDER = ["host", "widget", "measure", "vault", "crm", "receiver", "mail", "text"] as const satisfies readonly (keyof DemoSiteUrls)[];
export const DEFAULT_PORT_BASE = 4400;

export function portBaseFromEnv(): number {
  const raw = process.env.PORT_BASE;
  if (raw === undefined || raw === "") return DEFAULT_PORT_BASE;
  const base = Number(raw);
  if (!Number.isInteger(base) || base < 1 || base > 65535 - ORIGIN_ORDER.length) {
    throw new Error(`PORT_BASE=${raw} is not a usable port (the demo site needs PORT_BASE to PORT_BASE+${ORIGIN_ORDER.length - 1})`);
  }
  return base;
}

export function demoSiteUrls(portBase: number): DemoSiteUrls {
  const url = (offset: number) => `http://localhost:${portBase + offset}`;
  return { host: url(0), widget: url(1), measure: url(2), vault: url(3), crm: url(4), receiver: url(5), mail: url(6), text: url(7) };
}

export interface ComposedDemoSite {
  urls: DemoSiteUrls;
  apps: Record<keyof DemoSiteUrls, Hono>;
  /** A request to any of `urls` answered by its app in process; other origins go to the global fetch. */
  fetch: Fetch;
  mailSink: MailSink;
  textSink: TextSink;
  workers: { webhooks: WebhookWorker; followUps: FollowUpWorker; retention: OutboxRetention };
  /** Stops the workers and closes the stores; idempotent. */
  close(): Promise<void>;
}

export interface ComposeOptions extends DemoSiteOptions {
  /** Mail over SMTP to this server (the listening site's mail sink, or SMTP_URL); default the mail sink in process. */
  smtpUrl?: string;
  /** The mail sink to use (the listening site starts its SMTP server before composing); default a new one. */
  mailSink?: MailSink;
}

export async function createDemoSite(options: ComposeOptions = {}): Promise<ComposedDemoSite> {
  const urls = demoSiteUrls(options.portBase ?? portBaseFromEnv());

  // Validate every fixture before opening anything: a bad file must stop start-up cleanly.
  const fixtures = loadDemoFixtures({ widgetOrigin: urls.widget, measureOrigin: urls.measure, vaultOrigin: urls.vault, crmOrigin: urls.crm, receiverOrigin: urls.receiver });
  // Texts go to the text sink, or to Twilio when TWILIO_ACCOUNT_SID is set; the inbound and
  // status webhooks check the signature of whichever it is. Throws on a bad TWILIO_* setting.
  const twilio = process.env.TWILIO_ACCOUNT_SID?.trim() ? twilioSettingsFromEnv(process.env) : undefined;
  const stores = await openStores(options.dbPath ?? ":memory:");
  // The demo start is the demo's seed step: demo customers and their quotes go back to their
  // fixture state (a resume fixture must land on its rule again); visitors' quotes are kept.
  try {
    if (options.seed ?? true) await seedDemo(stores, fixtures);
  } catch (error) {
    await stores.close();
    throw error;
  }
  const { companies: store, customers, quotes, payments, transaction } = stores;
  const mailSink = options.mailSink ?? createMailSink();
  const mail = options.smtpUrl ? { smtpUrl: options.smtpUrl } : { smtpUrl: undefined, transport: mailSink.transport() };
  const directory = createHostDirectory(store);
  // Every call the site makes to one of its own origins is answered in process (filled in below, once the apps exist).
  const routes = new Map<string, Hono>();
  const fetch = routeByOrigin(routes, (input, init) => globalThis.fetch(input, init));
  const textSink = createTextSink({ inboundUrl: `${urls.widget}${SMS_INBOUND_PATH}`, fetch });
  const ports = createDemoPorts({ measureOrigin: urls.measure, textSink: textSink.port });
  // Follow-ups to visitors who left a quote (issue 34): texts to the demo's text sink, e-mail
  // to the mail sink, resume links to the demo company's site.
  const followUps = composeFollowUps({
    stores,
    sms: ports.sms,
    publicOrigin: urls.widget,
    smtpUrl: mail.smtpUrl,
    ...(mail.transport ? { mailTransport: mail.transport } : {}),
    mailFrom: process.env.MAIL_FROM || "Quote Assistant <follow-ups@quote-assistant.localhost>",
    ...(process.env.RESUME_SECRET ? { resumeSecret: process.env.RESUME_SECRET } : {}),
    sites: [urls.host, urls.widget],
    // The text sink reports 'delivered' as Twilio would, signed, to the status webhook.
    statusCallback: `${urls.widget}${SMS_STATUS_PATH}`,
    pollMs: options.followUps?.pollMs ?? 5000,
    ...(options.followUps?.householdGapMs !== undefined ? { householdGapMs: options.followUps.householdGapMs } : {}),
  });

  const apps = {
    host: createHostOrigin({ directory, staticDir: HOST_STATIC_DIR, origins: urls }),
    widget: createWidgetOrigin({
      store,
      customers,
      quotes,
      quoteTokens: stores.quoteTokens,
      rateLimits: stores.rateLimits,
      ...(options.rateLimits ? { rateLimitOptions: options.rateLimits } : {}),
      payments,
      // ServMan orders and bookings go in the same database as everything else.
      servman: stores.servman,
      transaction,
      documents: stores.documents,
      // The demo's configurations point at its stand-ins on this machine.
      admin: { tokens: stores.adminTokens, urlRules: DEMO_URL_RULES },
      distDir: DIST_DIR,
      assetsDir: DEMO_ASSETS_DIR,
      findCompanyName: async (companyId, botId) => (await directory.findCompany(companyId, botId))?.name,
      publicOrigin: urls.widget,
      devOrigins: true,
      // The demo's stand-ins for the address search, property data and pictures.
      ports,
      followUps: { routes: followUps.routes },
      // STOP and START by text keep the phone in the opt-out list; a delivery status lands on its follow-up.
      sms: { authToken: twilio?.authToken ?? textSink.authToken, ...followUps.smsHooks },
      taxRates: stores.taxRates,
      urlRules: DEMO_URL_RULES,
      // The demo charges with its test cards, and has its test hooks (00000, the dropped connection).
      testPayments: true,
      testHooks: createDemoHooks(payments),
      // Real Green and ServMan are simulated: CRM-looking ids, and the pest company's ServMan account.
      crm: SIMULATED_CRM,
      // Resume links open the demo company's site (the host origin) or the hosted page.
      resume: { store: stores.resume, ...(process.env.RESUME_SECRET ? { secret: process.env.RESUME_SECRET } : {}), sites: [urls.host, urls.widget] },
      // The builder's test event reaches the demo receiver in process.
      console: { stores, fetch, signInQueued: () => webhooks.wake("sign-in") },
    }),
    measure: createMeasureOrigin(),
    vault: createVaultOrigin({ payments }),
    crm: createCrmOrigin({ payments }),
    receiver: createReceiver({ secretFor: (companyId) => fixtures.delivery.find((row) => row.companyId === companyId)?.webhookSecret ?? undefined }).app,
    mail: mailSink.app,
    text: textSink.app,
  };
  for (const role of ORIGIN_ORDER) routes.set(urls[role], apps[role]);

  // Leads and sales to the companies' webhooks: the outbox rows the routes write, sent from here.
  const webhooks = startWebhookWorker({
    outbox: stores.outbox,
    retry: options.webhooks?.retry ?? { maxAttempts: 10, baseDelayMs: 2000, maxDelayMs: 60_000 },
    pollMs: options.webhooks?.pollMs ?? 500,
    fetch,
    mail: createMailDelivery({
      ...mail,
      from: process.env.MAIL_FROM || "Quote Assistant <alerts@quote-assistant.localhost>",
      publicOrigin: urls.widget,
      findLead: createLeadFinder(stores),
      findLanguage: staffLanguage(stores.staff),
    }),
  });

  // Sent rows older than 90 days deleted with their log, as in production (OUTBOX_KEEP_DAYS).
  const retention = startOutboxRetention({ outbox: stores.outbox });

  const shutDown = async () => {
    try {
      await retention.stop();
      await webhooks.stop();
      await followUps.worker.stop();
    } finally {
      await stores.close();
    }
  };
  let closing: Promise<void> | undefined;
  return {
    urls,
    apps,
    fetch,
    mailSink,
    textSink,
    workers: { webhooks, followUps: followUps.worker, retention },
    // Idempotent: a test's after() and a signal handler may both ask.
    close: () => (closing ??= shutDown()),
  };
}
