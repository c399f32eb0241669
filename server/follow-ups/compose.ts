// The follow-ups as a server process runs them (issue 34), for the demo (demo-site/server.ts)
// and production (production/serve.ts) alike: the worker, wired to the stores, the texts port,
// SMTP and the resume links, and the unsubscribe routes the widget origin serves.
import type { Hono } from "hono";
import { createTransport, type Transport } from "nodemailer";
import { issueResumeToken, resumeUrl } from "../api/resume-routes.ts";
import { createLeadFinder } from "../console/lead-summary.ts";
import { keptSecret } from "../db/resume-store.ts";
import type { Stores } from "../db/stores.ts";
import type { Logger } from "../production/logger.ts";
import type { SmsPort } from "../ports/sms.ts";
import { startFollowUpWorker, type FollowUpWorker } from "./follow-up-worker.ts";
import type { FollowUpStore } from "./follow-up-store.ts";
import { createUnsubscribeRoutes, UNSUBSCRIBE_SECRET, unsubscribeUrl } from "./unsubscribe-routes.ts";

export interface FollowUpsOptions {
  stores: Pick<Stores, "quotes" | "console" | "companies" | "taxRates" | "resume" | "smsOptOuts"> & { followUps: FollowUpStore };
  sms: SmsPort;
  publicOrigin: string;
  /** SMTP_URL; without it e-mail steps wait and are retried. */
  smtpUrl: string | undefined;
  /** Instead of SMTP: a nodemailer transport (the in-process demo site's mail sink). */
  mailTransport?: Transport;
  mailFrom: string;
  /** RESUME_SECRET, when set; else the database's. */
  resumeSecret?: string;
  /** The sites a resume link may open (the first is the company's). */
  sites: readonly string[];
  /** Where Twilio reports delivery; only when texts go through Twilio. */
  statusCallback?: string;
  pollMs?: number;
  householdGapMs?: number;
  logger?: Logger;
}

/** The production settings: SMTP_URL, MAIL_FROM, RESUME_SECRET; Twilio's status callback when texts go through Twilio. */
export function followUpsFromEnv(
  env: Record<string, string | undefined>,
  base: Pick<FollowUpsOptions, "stores" | "sms" | "publicOrigin" | "sites" | "logger">,
): FollowUpsOptions {
  return {
    ...base,
    smtpUrl: env.SMTP_URL?.trim() || undefined,
    mailFrom: env.MAIL_FROM?.trim() || `Quote Assistant <no-reply@${new URL(base.publicOrigin).hostname}>`,
    ...(env.RESUME_SECRET?.trim() ? { resumeSecret: env.RESUME_SECRET.trim() } : {}),
    ...(base.sms.name === "twilio" ? { statusCallback: `${base.publicOrigin}/v1/sms/twilio/status` } : {}),
  };
}

/** What the texts' webhooks do (server/sms/sms-routes.ts): STOP and START keep the phone in the opt-out list; a delivery status lands on its follow-up. */
export interface SmsHooks {
  onOptOut(phone: string): Promise<void>;
  onOptIn(phone: string): Promise<void>;
  onStatus(report: { messageId: string; status: string; errorCode: string | null }): Promise<void>;
}

export function composeFollowUps(options: FollowUpsOptions): { routes: Hono; worker: FollowUpWorker; smsHooks: SmsHooks } {
  const { stores } = options;
  const resumeSecret = keptSecret(stores.resume, "resume-links", options.resumeSecret);
  const unsubscribeSecret = keptSecret(stores.resume, UNSUBSCRIBE_SECRET);
  const transport = options.mailTransport
    ? createTransport(options.mailTransport)
    : options.smtpUrl
      ? createTransport({ url: options.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }) : undefined;
  const worker = startFollowUpWorker({
    store: stores.followUps,
    companies: stores.companies,
    findLead: createLeadFinder(stores),
    sms: options.sms,
    ...(transport ? { sendMail: async (mail) => void (await transport.sendMail({ from: options.mailFrom, ...mail })) } : {}),
    resumeLink: async (companyId, quoteId, signedAt) => {
      const quote = await stores.quotes.find(companyId, quoteId);
      if (!quote) return undefined;
      return resumeUrl(await issueResumeToken(resumeSecret, companyId, quoteId, signedAt), quote.attribution?.landingPage, options.sites);
    },
    unsubscribeLink: (companyId, quoteId) => unsubscribeUrl(options.publicOrigin, unsubscribeSecret, companyId, quoteId),
    ...(options.statusCallback ? { statusCallback: options.statusCallback } : {}),
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    ...(options.householdGapMs !== undefined ? { householdGapMs: options.householdGapMs } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const smsHooks: SmsHooks = {
    onOptOut: (phone) => stores.smsOptOuts.optOut(phone, new Date()),
    onOptIn: (phone) => stores.smsOptOuts.optIn(phone),
    onStatus: async (report) => {
      if (!(await stores.followUps.setDeliveryStatus(report.messageId, report.status))) options.logger?.log("warn", "sms status for no follow-up", { ...report });
    },
  };
  return { routes: createUnsubscribeRoutes({ store: stores.followUps, secret: unsubscribeSecret }), worker, smsHooks };
}
