// The follow-up worker (issue 34), run in each server process beside the outbox's: every
// `pollMs` it plans the next step of each left quote (the bot's schedule from the quote's last
// activity, schedule.ts), then sends the rows that are due. Each step is one row (planned once
// across processes), claimed with a lease (sent once), re-checked before sending (a sale, a
// booking, an objection lead, staff handling, STOP or an unsubscribe in the meantime stops
// it), never sent within `householdGapMs` of another to the same household, and retried with
// backoff when the provider fails (`maxAttempts`, then failed and logged).
import { followUpsOf, type FollowUps } from "../../src/config/follow-ups.ts";
import type { LeadSummary } from "../console/mail.ts";
import { MAX_TIMER_MS } from "../webhooks/webhook-worker.ts";
import type { CompanyStore } from "../db/company-store.ts";
import type { Logger } from "../production/logger.ts";
import { SmsSendError, type SmsPort } from "../ports/sms.ts";
import { NEVER, type FollowUpRow, type FollowUpStore, type LeftQuote } from "./follow-up-store.ts";
import { renderFollowUpEmail, renderFollowUpText, type FollowUpLanguage } from "./messages.ts";
import { nextStep, toE164 } from "./schedule.ts";
import { languageOf } from "../../src/i18n/language-tags.ts";

export interface FollowUpMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export interface FollowUpWorkerOptions {
  store: FollowUpStore;
  companies: Pick<CompanyStore, "findBot">;
  findLead(companyId: string, ref: { quoteId: string }): Promise<LeadSummary | undefined>;
  sms: SmsPort;
  /** Hands an e-mail to SMTP; without it e-mail steps wait and are retried. */
  sendMail?: (mail: FollowUpMail) => Promise<void>;
  /**
   * The link that reopens the quote on the company's site, signed at `signedAt` (the row's
   * creation: the same link on every attempt, the text's marker); undefined: no link, the step fails.
   */
  resumeLink(companyId: string, quoteId: string, signedAt: Date): Promise<string | undefined>;
  unsubscribeLink(companyId: string, quoteId: string): Promise<string>;
  /** Where the text provider reports delivery (POST /v1/sms/twilio/status). */
  statusCallback?: string;
  pollMs?: number;
  leaseMs?: number;
  maxAttempts?: number;
  householdGapMs?: number;
  /** Quotes looked at per pass (default 200). */
  scanLimit?: number;
  now?: () => Date;
  logger?: Logger;
}

export interface FollowUpWorker {
  /** Plans and sends what is due now; how many rows it sent, stopped or failed. */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

/** A resume link lives 30 days: no follow-up for a quote older than that. */
const QUOTE_DAYS = 30;
const BATCH = 50;

export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

export function startFollowUpWorker(options: FollowUpWorkerOptions): FollowUpWorker {
  const worker = createFollowUpWorker(options);
  const pollMs = Math.min(options.pollMs ?? 15_000, MAX_TIMER_MS);
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(() => (stopped ? 0 : worker.runOnce())).catch((error: unknown) => options.logger?.log("error", "follow-ups: a pass failed", { error: String(error) }));
  }, pollMs);
  timer.unref();
  return {
    runOnce: worker.runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

export function createFollowUpWorker(options: FollowUpWorkerOptions): Pick<FollowUpWorker, "runOnce"> {
  const now = options.now ?? (() => new Date());
  const { store, logger } = options;
  const maxAttempts = options.maxAttempts ?? 6;
  const householdGapMs = options.householdGapMs ?? 10 * 60_000;

  async function botOf(companyId: string, botId: string): Promise<{ schedule: FollowUps; companyName: string; language: FollowUpLanguage } | undefined> {
    const bot = await options.companies.findBot(companyId, botId);
    if (!bot) return undefined;
    const config = JSON.parse(bot.config) as { companyName?: unknown; language?: unknown };
    const schedule = followUpsOf(config);
    if ("error" in schedule) return undefined;
    return { schedule, companyName: typeof config.companyName === "string" ? config.companyName : "", language: languageOf(typeof config.language === "string" ? config.language : undefined) ?? "en" };
  }

  async function planOne(quote: LeftQuote, at: Date): Promise<void> {
    const bot = await botOf(quote.companyId, quote.botId);
    // A bot gone or with a schedule that no longer reads: looked at again in an hour.
    if (!bot) return store.checkAgainAt(quote.companyId, quote.quoteId, new Date(at.getTime() + 3_600_000).toISOString());
    const phone = toE164(quote.phoneNumber);
    const decision = nextStep(
      bot.schedule,
      {
        lastActivityAt: new Date(quote.lastActivityAt),
        planned: quote.planned,
        phoneE164: phone,
        email: quote.email,
        textConsent: quote.textConsent,
        textsLive: options.sms.live,
        phoneOptedOut: phone ? await store.isPhoneOptedOut(phone) : false,
        emailOptedOut: quote.email ? await store.isEmailOptedOut(quote.companyId, quote.email) : false,
        timeZone: quote.timeZone,
      },
      at,
    );
    const base = { companyId: quote.companyId, quoteId: quote.quoteId, now: at.toISOString() };
    if (decision.kind === "send") {
      await store.plan({ ...base, step: decision.step, channel: decision.channel, recipient: decision.recipient, dueAt: decision.dueAt.toISOString() });
    } else if (decision.kind === "skip") {
      await store.plan({ ...base, step: decision.step, channel: decision.channel, recipient: "", dueAt: at.toISOString(), state: "stopped", outcome: `skipped: ${decision.reason}` });
    } else {
      // Waiting for the next step, or the schedule done (or off): not looked at before then.
      await store.checkAgainAt(quote.companyId, quote.quoteId, decision.kind === "wait" ? decision.until.toISOString() : NEVER);
    }
  }

  async function send(row: FollowUpRow, at: Date): Promise<void> {
    const stop = await store.stopReason(row.companyId, row.quoteId);
    if (stop) return store.finish(row.id, { state: "stopped", at: at.toISOString(), outcome: stop });
    if (row.channel === "sms" && (await store.isPhoneOptedOut(row.recipient))) return store.finish(row.id, { state: "stopped", at: at.toISOString(), outcome: "replied STOP" });
    if (row.channel === "email" && (await store.isEmailOptedOut(row.companyId, row.recipient))) return store.finish(row.id, { state: "stopped", at: at.toISOString(), outcome: "unsubscribed" });
    if (await store.householdSentSince(row.companyId, row.quoteId, new Date(at.getTime() - householdGapMs).toISOString(), row.id)) {
      return store.postpone(row.id, new Date(at.getTime() + householdGapMs).toISOString());
    }
    const quoteLead = await options.findLead(row.companyId, { quoteId: row.quoteId });
    const resumeUrl = await options.resumeLink(row.companyId, row.quoteId, new Date(row.createdAt));
    const botId = quoteLead ? await store.botOf(row.companyId, row.quoteId) : undefined;
    const bot = botId ? await botOf(row.companyId, botId) : undefined;
    if (!quoteLead || !resumeUrl || !bot) return store.finish(row.id, { state: "failed", at: at.toISOString(), outcome: "the quote, its bot or its resume link is missing" });
    const content = { language: bot.language, companyName: bot.companyName, lead: quoteLead, resumeUrl, words: bot.schedule.messages?.[bot.language] };
    try {
      if (row.channel === "sms") {
        const text = { to: row.recipient, body: renderFollowUpText(content), marker: resumeUrl, ...(options.statusCallback ? { statusCallback: options.statusCallback } : {}) };
        // Tried before: the provider may have taken that attempt though its answer was lost (a
        // timeout). Looked up by the row's marker first, so the homeowner never gets it twice.
        const earlier = row.attempts > 0 && options.sms.findSent ? await options.sms.findSent(text, new Date(row.createdAt)) : undefined;
        const { id } = earlier ?? (await options.sms.send(text));
        await store.finish(row.id, { state: "sent", at: at.toISOString(), providerId: id, ...(earlier ? { outcome: "sent by an earlier attempt whose answer was lost" } : {}) });
      } else {
        if (!options.sendMail) throw new Error("no SMTP_URL is set");
        if (!bot.schedule.postalAddress) return store.finish(row.id, { state: "stopped", at: at.toISOString(), outcome: "no postal address for the e-mail's footer" });
        const unsubscribeUrl = await options.unsubscribeLink(row.companyId, row.quoteId);
        const mail = renderFollowUpEmail(content, { postalAddress: bot.schedule.postalAddress, unsubscribeUrl });
        await options.sendMail({
          to: row.recipient,
          ...mail,
          // RFC 2369 and RFC 8058: the mail client's own unsubscribe button, one click.
          headers: { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        });
        await store.finish(row.id, { state: "sent", at: at.toISOString() });
      }
      logger?.log("info", "follow-up sent", { quoteId: row.quoteId, step: row.step, channel: row.channel });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryable = !(error instanceof SmsSendError) || error.retryable;
      logger?.log("warn", "follow-up failed", { quoteId: row.quoteId, step: row.step, channel: row.channel, attempt: row.attempts + 1, error: message });
      if (!retryable || row.attempts + 1 >= maxAttempts) return store.finish(row.id, { state: "failed", at: at.toISOString(), outcome: message });
      await store.retry(row.id, new Date(at.getTime() + retryDelayMs(row.attempts + 1)).toISOString(), message);
    }
  }

  return {
    async runOnce() {
      const at = now();
      const left = await store.leftQuotes(at.toISOString(), new Date(at.getTime() - 60_000).toISOString(), new Date(at.getTime() - QUOTE_DAYS * 86_400_000).toISOString(), options.scanLimit ?? 200);
      for (const quote of left) await planOne(quote, at);
      const due = await store.claimDue(at.toISOString(), new Date(at.getTime() + (options.leaseMs ?? 60_000)).toISOString(), BATCH);
      // One household, one message at a time: the second waits for the gap.
      for (const row of due) await send(row, at);
      return due.length;
    },
  };
}
