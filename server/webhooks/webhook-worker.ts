// The webhook worker, run inside each server process (demo-site/server.ts, production/serve.ts):
// every `pollMs` it claims the outbox rows that are due (a lease, so two processes on one
// database never send a row at the same time, and a crashed process's rows come back when its
// lease ends), POSTs each one signed (signature.ts), and records the attempt. A failure is
// retried with exponential backoff up to `maxAttempts` tries; then the row is "dead" (kept,
// with every attempt in webhook_deliveries). stop() waits for the sends in flight.
// The same rows carry e-mail (issue 24): a `mailto:` row goes to `mail` (console/mail.ts), with
// the same lease, retries and delivery log; its attempt is logged with no status code.
// Three lanes, each claimed and sent on its own (issue 34), so that none waits behind another:
// sign-in links, webhooks, and alert e-mails, which are capped per address and folded into
// digests under a burst (alert-lane.ts).
import { performance } from "node:perf_hooks";
import type { Logger } from "../production/logger.ts";
import type { MailDelivery } from "../console/mail.ts";
import { MAILTO, type AttemptOutcome, type DeliverySettings, type OutboxLane, type OutboxRow, type OutboxStore } from "../db/outbox-store.ts";
import { ALERT_WINDOW_MS, DEFAULT_ALERTS_PER_MINUTE, digestOf, mergeDigest, planAlerts, type RecentSends } from "./alert-lane.ts";
import { createWebhookPoster, fetchPost } from "./http-post.ts";
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signWebhook, TIMESTAMP_HEADER } from "./signature.ts";

export interface RetrySchedule {
  /** Tries in all, the first included. */
  maxAttempts: number;
  /** The wait after the first failure; it doubles after each further one... */
  baseDelayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
}

/** setTimeout's longest delay (2^31 - 1 ms, about 24.8 days). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

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
  /** Alert e-mails per address in any minute, digests included (default 5); the rest fold into a digest. */
  alertsPerMinute?: number;
  now?: () => Date;
  /** Sends the webhooks instead of node:http (tests' stand-in receivers). */
  fetch?: typeof fetch;
  /**
   * Event-loop utilization (0 to 1) over which a lane with a backlog waits `pollMs` between
   * batches instead of going on at once (default 0.8): the API's requests go first.
   */
  busyLoop?: number;
  /** Sends the `mailto:` rows; without it they fail (and are retried) saying no mail is set up. */
  mail?: MailDelivery;
  logger?: Logger;
}

export interface WebhookWorker {
  /** Sends what is due now in every lane, in a pass that starts after the call (after the one running, if any); how many rows it claimed. */
  runOnce(): Promise<number>;
  /** A row a person waits for (a sign-in link) is in `lane`: a pass of it now (after the one running), not at its poll. */
  wake(lane: OutboxLane): void;
  /** Stops polling and waits for the sends in flight. Idempotent. */
  stop(): Promise<void>;
}

export const DEFAULT_BUSY_LOOP = 0.8;

/** Alert rows claimed in one pass: a burst of a thousand leads folds into one digest. */
const ALERT_BATCH = 1000;

const isHttpUrl = (url: string) => /^https?:\/\//i.test(url);

export function startWebhookWorker(options: WebhookWorkerOptions): WebhookWorker {
  const retry = options.retry ?? DEFAULT_RETRY;
  // A timer's longest wait: Node runs a longer one after 1 ms (a test's "never" polled every millisecond).
  const pollMs = Math.min(options.pollMs ?? 1000, MAX_TIMER_MS);
  const leaseMs = options.leaseMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const batchSize = options.batchSize ?? 20;
  const now = options.now ?? (() => new Date());
  // A test's `fetch` stands in for the receivers; otherwise node:http with kept connections (http-post.ts).
  const poster = options.fetch ? undefined : createWebhookPoster();
  const post = options.fetch ? fetchPost(options.fetch) : poster!.post;
  let stopped = false;

  /** Sends one row and says what to record; `settingsFor` reads a company's settings (once a pass). */
  async function attempt(row: OutboxRow, settingsFor: (companyId: string) => Promise<DeliverySettings | undefined>): Promise<AttemptOutcome> {
    const settings = row.url.startsWith(MAILTO) ? undefined : await settingsFor(row.companyId);
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
        statusCode = await post(row.url, {
          headers: {
            "Content-Type": "application/json",
            "User-Agent": "QuoteAssistant-Webhooks/1",
            [EVENT_ID_HEADER]: row.eventId,
            [EVENT_TYPE_HEADER]: row.eventType,
            [TIMESTAMP_HEADER]: String(timestamp),
            [SIGNATURE_HEADER]: signWebhook(settings.webhookSecret, timestamp, row.payload),
          },
          body: row.payload,
          timeoutMs,
        });
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
    return { row, attempt: { statusCode, error, durationMs, attemptedAt }, outcome: { state, nextAttemptAt } };
  }

  function logAttempt({ row, attempt: { statusCode, error }, outcome: { state, nextAttemptAt } }: AttemptOutcome): void {
    const tries = row.attempts + 1;
    const fields = { eventId: row.eventId, event: row.eventType, companyId: row.companyId, attempt: tries, statusCode, error };
    const what = row.url.startsWith(MAILTO) ? "e-mail" : "webhook";
    if (state === "delivered") options.logger?.log("info", `${what} delivered`, fields);
    else options.logger?.log(state === "dead" ? "error" : "warn", state === "dead" ? `${what} given up` : `${what} failed, will retry`, { ...fields, nextAttemptAt });
  }

  const alertsPerMinute = options.alertsPerMinute ?? DEFAULT_ALERTS_PER_MINUTE;
  const claim = (lane: OutboxLane, limit: number) => {
    const at = now();
    return options.outbox.claimDue(at.toISOString(), new Date(at.getTime() + leaseMs).toISOString(), limit, lane);
  };

  /** Each company's delivery settings read once for a pass, however many of its rows it sends. */
  const settingsCache = () => {
    const read = new Map<string, Promise<DeliverySettings | undefined>>();
    return (companyId: string) => {
      let settings = read.get(companyId);
      if (!settings) read.set(companyId, (settings = options.outbox.findSettings(companyId)));
      return settings;
    };
  };

  /** Sends one row and records it on its own (alerts, sent in turn). */
  async function deliver(row: OutboxRow): Promise<void> {
    const done = await attempt(row, (companyId) => options.outbox.findSettings(companyId));
    await options.outbox.recordAttempt(done.row, done.attempt, done.outcome);
    logAttempt(done);
  }

  /**
   * A batch sent at once and its attempts recorded together, in one transaction: on SQLite each
   * commit waits for the disk, on the thread that serves the API, so one a pass, not one a row.
   */
  async function sendLane(lane: "sign-in" | "webhook"): Promise<number> {
    const rows = await claim(lane, batchSize);
    if (rows.length === 0) return 0;
    const settingsFor = settingsCache();
    const done = await Promise.all(rows.map((row) => attempt(row, settingsFor)));
    await options.outbox.recordAttempts(done);
    for (const each of done) logAttempt(each);
    return rows.length;
  }

  /**
   * Alerts: read in large batches (without their payloads) and settled in the pass. Those that
   * go are claimed and sent; the rest are folded into the address's digest by one guarded
   * UPDATE that both takes and settles them: under a burst each alert row is written once after
   * its insert, not claimed first and folded after (a row rewritten and its index entry moved,
   * on the thread that serves the API). Rows another process took meanwhile are skipped.
   */
  async function sendAlerts(): Promise<number> {
    const at = now();
    const nowIso = at.toISOString();
    const due = await options.outbox.peekDue(nowIso, ALERT_BATCH, "alert");
    if (due.length === 0) return 0;
    const since = new Date(at.getTime() - ALERT_WINDOW_MS).toISOString();
    const recent = new Map<string, RecentSends>();
    for (const url of new Set(due.map((row) => row.url))) recent.set(url, await options.outbox.alertSendsSince(url, since));
    const plan = planAlerts(due, recent, alertsPerMinute, at);
    for (const fold of plan.fold) {
      const done = await options.outbox.foldIntoDigest(
        fold.rows.map((row) => row.id),
        nowIso,
        (folded) => {
          const taken = { ...fold, rows: [...folded] };
          return { digest: digestOf(taken, at), merge: (payload) => mergeDigest(payload, taken) };
        },
      );
      if (done) options.logger?.log("info", "alerts folded into a digest", { companyId: fold.companyId, alerts: done.folded, digest: done.digestId });
    }
    // Sent in turn: an SMTP server takes one address's mails as well one after another.
    const sending = await options.outbox.claimIds(
      plan.send.map((row) => row.id),
      nowIso,
      new Date(at.getTime() + leaseMs).toISOString(),
    );
    const claimed = new Map(sending.map((row) => [row.id, row]));
    for (const { id } of plan.send) {
      const row = claimed.get(id);
      if (row) await deliver(row);
    }
    return due.length;
  }

  // One pass at a time per lane and process: a slow pass is not overlapped by the next tick,
  // and a slow lane (a burst of alerts, a webhook receiver that times out) holds no other.
  const lanes = { "sign-in": () => sendLane("sign-in"), webhook: () => sendLane("webhook"), alert: sendAlerts };
  const runningLanes = new Map<keyof typeof lanes, Promise<number>>();
  /** The one pass asked for while a lane's pass was running: it starts when that one ends. */
  const queuedLanes = new Map<keyof typeof lanes, Promise<number>>();
  /**
   * A lane's pass: the timer joins one that is running; `fresh` (runOnce) wants a pass that
   * starts after the call, since the running one may have claimed before a row it must send was
   * written (on PostgreSQL a claim and an insert run side by side on two connections).
   */
  const runLane = (lane: keyof typeof lanes, fresh = false): Promise<number> => {
    const running = runningLanes.get(lane);
    if (running && !fresh) return running;
    if (running) {
      let queued = queuedLanes.get(lane);
      if (!queued) {
        queued = running
          .catch(() => 0)
          .then(() => {
            queuedLanes.delete(lane);
            return stopped ? 0 : runLane(lane);
          });
        queuedLanes.set(lane, queued);
      }
      return queued;
    }
    const pass = lanes[lane]().finally(() => runningLanes.delete(lane));
    runningLanes.set(lane, pass);
    return pass;
  };
  const runOnce = async (): Promise<number> => {
    const counts = await Promise.all((Object.keys(lanes) as Array<keyof typeof lanes>).map((lane) => runLane(lane, true)));
    return counts.reduce((sum, count) => sum + count, 0);
  };

  // Each lane polls on its own timer: a long pass in one (a burst of alerts) delays no other.
  // A pass that found a full batch is followed by the next at once, after a turn of the event
  // loop, while the process has time to spare: a backlog drains at the rate the receivers
  // answer, not `batchSize` rows a poll. When the API keeps the event loop busy (over
  // `busyLoop` of the time during the last pass), the lane waits `pollMs` as when it
  // found less: under a burst the API goes first and the backlog is sent after it.
  const fullBatch = { "sign-in": batchSize, webhook: batchSize, alert: ALERT_BATCH };
  const busyLoop = options.busyLoop ?? DEFAULT_BUSY_LOOP;
  const timers = new Map<keyof typeof lanes, NodeJS.Timeout>();
  const tick = (lane: keyof typeof lanes) => {
    if (stopped) return;
    let claimed = 0;
    const loopBefore = performance.eventLoopUtilization();
    runLane(lane)
      .then((count) => void (claimed = count))
      .catch((error: unknown) => options.logger?.log("error", "webhook worker pass failed", { lane, error: String(error) }))
      .finally(() => {
        if (stopped) return;
        // How busy the event loop was during the pass: the API's requests and this lane's work.
        const busy = performance.eventLoopUtilization(loopBefore).utilization;
        if (claimed >= fullBatch[lane] && busy < busyLoop) setImmediate(() => tick(lane));
        else timers.set(lane, setTimeout(() => tick(lane), pollMs));
      });
  };
  for (const lane of Object.keys(lanes) as Array<keyof typeof lanes>) timers.set(lane, setTimeout(() => tick(lane), 0));

  return {
    runOnce,
    wake: (lane) => {
      if (stopped) return;
      runLane(lane, true).catch((error: unknown) => options.logger?.log("error", "webhook worker pass failed", { lane, error: String(error) }));
    },
    stop: async () => {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await Promise.all([...runningLanes.values(), ...queuedLanes.values()].map((pass) => pass.catch(() => undefined)));
      poster?.close();
    },
  };
}
