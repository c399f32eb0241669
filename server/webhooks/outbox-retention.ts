// How long the outbox keeps what it has sent (issue 34): every lead, sale, alert and digest
// leaves a row, and every try a line in its delivery log, so an outbox that keeps everything
// grows by thousands of rows a day under load, and the console's lead page, which finds a
// lead's deliveries by reading the company's rows, gets slower with every one. Settled rows
// (delivered, folded into a digest, or given up) are deleted `keepDays` after their last try,
// sign-in links after a day (each link is good for 15 minutes; its row holds the raw link);
// pending rows are never deleted. Run in each server process beside the worker: the deletes
// of two processes on one database skip each other's rows (SKIP LOCKED on PostgreSQL), and
// a pass stops early when the API keeps the event loop busy (the rest waits for the next one).
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { OutboxLane, OutboxStore } from "../db/outbox-store.ts";
import type { Logger } from "../production/logger.ts";
import { DEFAULT_BUSY_LOOP, MAX_TIMER_MS } from "./webhook-worker.ts";

export const DEFAULT_KEEP_DAYS = 90;
const DAY_MS = 86_400_000;
/** A sign-in link's row, kept a day after it was sent (the link itself expires in 15 minutes). */
const SIGN_IN_KEEP_MS = DAY_MS;
/** The pause between two batches of a pass. */
const PAUSE_MS = 20;

export interface OutboxRetentionOptions {
  outbox: OutboxStore;
  /** Days a settled webhook or alert row and its delivery log are kept (default 90). */
  keepDays?: number;
  /** How often a pass runs (default hourly); the first runs a minute after the start. */
  everyMs?: number;
  /** Rows deleted a transaction (default 100: about 8 ms of the API's thread on SQLite here). */
  batch?: number;
  /** Event-loop utilization over which a pass stops between batches (default the worker's, 0.8). */
  busyLoop?: number;
  now?: () => Date;
  logger?: Logger;
}

export interface OutboxRetention {
  /** Deletes what is past its time now, batch by batch; how many rows went. */
  runOnce(): Promise<number>;
  /** Stops the timer and waits for a pass in progress. Idempotent. */
  stop(): Promise<void>;
}

const LANES: readonly OutboxLane[] = ["sign-in", "webhook", "alert"];

export function startOutboxRetention(options: OutboxRetentionOptions): OutboxRetention {
  const keepMs = (options.keepDays ?? DEFAULT_KEEP_DAYS) * DAY_MS;
  const everyMs = Math.min(options.everyMs ?? 3_600_000, MAX_TIMER_MS);
  const batch = options.batch ?? 100;
  const busyLoop = options.busyLoop ?? DEFAULT_BUSY_LOOP;
  const now = options.now ?? (() => new Date());
  let stopped = false;
  let running: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;

  async function pass(): Promise<number> {
    const at = now().getTime();
    let removed = 0;
    for (const lane of LANES) {
      const before = new Date(at - (lane === "sign-in" ? SIGN_IN_KEEP_MS : keepMs)).toISOString();
      for (;;) {
        const count = await options.outbox.prune(lane, before, batch);
        removed += count;
        if (count < batch || stopped) break;
        // A pause between batches, and how busy the API kept the loop during it: a busy loop
        // leaves the rest to the next pass (the batch's own work on the loop is not counted).
        const loopBefore = performance.eventLoopUtilization();
        await sleep(PAUSE_MS);
        if (performance.eventLoopUtilization(loopBefore).utilization >= busyLoop) {
          if (removed > 0) options.logger?.log("info", "outbox rows deleted", { rows: removed, more: true });
          return removed;
        }
      }
    }
    if (removed > 0) options.logger?.log("info", "outbox rows deleted", { rows: removed, more: false });
    return removed;
  }

  const runOnce = (): Promise<number> => {
    running ??= pass().finally(() => (running = undefined));
    return running;
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => options.logger?.log("error", "outbox retention pass failed", { error: String(error) }))
        .finally(() => schedule(everyMs));
    }, delayMs);
    timer.unref();
  };
  schedule(Math.min(60_000, everyMs));

  return {
    runOnce,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
