// Fixed-window request counters in the database (issue 12): the customer lookup and the
// previous-quote check count per client and per phone or address, and every server process
// sharing the database counts in the same rows. One row per (bucket, window); a hit is one
// atomic upsert that returns the new count, so concurrent processes never lose a hit.
import { createHash } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Schema } from "./schema.ts";

export interface RateLimitRule {
  /** What is counted: "lookup-ip:127.0.0.1", "phone:6145550100"... (stored hashed). */
  bucket: string;
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

export type RateLimitVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimitStore {
  /** Counts one hit in every rule's current window; refused when any window is over its limit. */
  hit(rules: readonly RateLimitRule[]): Promise<RateLimitVerdict>;
}

/** How many hits between two sweeps of windows that have ended (per process). */
const SWEEP_EVERY = 500;

export function createRateLimitStore(db: Kysely<Schema>, now: () => number = Date.now): RateLimitStore {
  let hitsSinceSweep = 0;
  return {
    async hit(rules) {
      const at = now();
      let retryAfterSeconds = 0;
      for (const rule of rules) {
        const windowStart = Math.floor(at / rule.windowMs) * rule.windowMs;
        const expiresAt = windowStart + rule.windowMs;
        const bucket = createHash("sha256").update(rule.bucket).digest("hex");
        const row = await db
          .insertInto("rate_limits")
          .values({ bucket, window_start: windowStart, hits: 1, expires_at: expiresAt })
          .onConflict((oc) => oc.columns(["bucket", "window_start"]).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
          .returning("hits")
          .executeTakeFirstOrThrow();
        if (Number(row.hits) > rule.limit) retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((expiresAt - at) / 1000));
      }
      if (++hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        await db.deleteFrom("rate_limits").where("expires_at", "<", at).execute();
      }
      return retryAfterSeconds > 0 ? { ok: false, retryAfterSeconds } : { ok: true };
    },
  };
}
