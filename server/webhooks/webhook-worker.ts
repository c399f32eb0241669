// The webhook worker, run inside each server process (demo-site/server.ts, production/serve.ts):
// every `pollMs` it claims the outbox rows that are due (a lease, so two processes on one
// database never send a row at the same time, and a crashed process's rows come back when its
// lease ends), POSTs each one signed (signature.ts), and records the attempt. A failure is
// retried with exponential backoff up to `maxAttempts` tries; then the row is "dead" (kept,
// with every attempt in webhook_deliveries). stop() waits for the sends in flight.
// The same rows carry e-mail (issue 24): a `mailto:` row goes to `mail` (console/mail.ts), with
// the same lease, retries and delivery log; its attempt is logged with no status code.
import type { Logger } from "../production/logger.ts";
import type { MailDelivery } from "../console/mail.ts";
import { MAILTO, type OutboxRow, type OutboxStore } from "../db/outbox-store.ts";
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from "./signature.ts";

export interface RetrySchedule {
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** The wait after the first failure; it doubles after each further one... */
  baseDelayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetrySchedule = { maxAttempts: 12, baseDelayMs: 5_000, maxDelayMs: 3_600_000 };

/** The wait before try `attempts + 1`, after `attempts` failed tries (1 or more). */
export function retryDelayMs(schedule: RetrySchedule, attempts: number): number {
  return Math.min(schedule.maxDelayMs, schedule.baseDelayMs * 2 ** Math.max(0, attempts - 1));
}

export interface WebhookWorkerOptions {
  outbox: OutboxStore;
  retry?: RetrySchedule;
  /** How often due rows are looked for (default 1000 ms). */
  pollMs?: number;
  /** How long a claim lasts: longer than a send can take (default 60 s). */
  leaseMs?: number;
  /** One send's time limit (default 10 s). */
  timeoutMs?: number;
  batchSize?: number;
  now?: () => Date;
  fetch?: typeof fetch;
  /** Sends the `mailto:` rows; without it they fail (and are retried) saying no mail is set up. */
  mail?: MailDelivery;
  logger?: Logger;
}

export interface WebhookWorker {
  /** Sends what is due now (tests call it; the timer calls it too). */
  runOnce(): Promise<number>;
  /** Stops polling and waits for the sends in flight. Idempotent. */
  stop(): Promise<void>;
}

const isHttpUrl = (url: string) => /^https?:\/\//i.test(url);

export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const retry = options.retry ?? DEFAULT_RETRY;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const batchSize = options.batchSize ?? 20;
  const now = options.now ?? (() => new Date());
  const send = options.fetch ?? fetch;
  let stopped = false;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function deliver(row: OutboxRow): Promise<void> {
    const settings = await options.outbox.findSettings(row.companyId);
    const started = now();
    const timestamp = Math.floor(started.getTime() / 1000);
    let statusCode: number | null = null;
    let error: string | null = null;
    const begun = performance.now();
    if (row.url.startsWith(MAILTO)) {
      try {
        if (!options.mail) throw new Error("e-mail is not set up on this server");
        await options.mail(row);
      } catch (caught) {
        error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
      }
    } else if (!isHttpUrl(row.url)) error = "not an http(s) URL";
    else if (!settings?.webhookSecret) error = "the company has no webhook secret";
    else {
      try {
        const response = await send(row.url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "User-Agent": "QuoteAssistant-Webhooks/1",
            [EVENT_ID_HEADER]: row.eventId,
            [EVENT_TYPE_HEADER]: row.eventType,
            [TIMESTAMP_HEADER]: String(timestamp),
            [SIGNATURE_HEADER]: signWebhook(settings.webhookSecret, timestamp, row.payload),
          },
          body: row.payload,
          redirect: "manual",
          signal: AbortSignal.timeout(timeoutMs),
        });
        statusCode = response.status;
        await response.body?.cancel().catch(() => undefined);
        if (statusCode < 200 || statusCode > 299) error = `HTTP ${statusCode}`;
      } catch (caught) {
        error = caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught);
      }
    }
    const durationMs = performance.now() - begun;
    const attemptedAt = now().toISOString();
    const tries = row.attempts + 1;
    const state = error === null ? "delivered" : tries >= retry.maxAttempts ? "dead" : "pending";
    const nextAttemptAt = state === "pending" ? new Date(now().getTime() + retryDelayMs(retry, tries)).toISOString() : attemptedAt;
    await options.outbox.recordAttempt(row, { statusCode, error, durationMs, attemptedAt }, { state, nextAttemptAt });
    const fields = { eventId: row.eventId, event: row.eventType, companyId: row.companyId, attempt: tries, statusCode, error };
    const what = row.url.startsWith(MAILTO) ? "e-mail" : "webhook";
    if (state === "delivered") options.logger?.log("info", `${what} delivered`, fields);
    else options.logger?.log(state === "dead" ? "error" : "warn", state === "dead" ? `${what} given up` : `${what} failed, will retry`, { ...fields, nextAttemptAt });
  }

  async function claimAndSend(): Promise<number> {
    const at = now();
    const rows = await options.outbox.claimDue(at.toISOString(), new Date(at.getTime() + leaseMs).toISOString(), batchSize);
    await Promise.all(rows.map(deliver));
    return rows.length;
  }

  const runOnce = (): Promise<number> => {
    // One pass at a time per process: a slow pass is not overlapped by the next tick.
    running ??= claimAndSend().finally(() => (running = undefined));
    return running;
  };

  const tick = () => {
    if (stopped) return;
    runOnce()
      .catch((error: unknown) => options.logger?.log("error", "webhook worker pass failed", { error: String(error) }))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, 0);

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
