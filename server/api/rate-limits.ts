// Rate limits of the calls that find a household's records (issue 12): the customer lookup
// by phone and the previous-quote check. Each counts per client (the connection's IP) and per
// phone number or address, in the database (demo-site/db/rate-limit-store.ts), so the limits
// hold across server processes. Over a limit: 429 with Retry-After, which the widget takes as
// "not found". The defaults leave a browser journey (one lookup, one check) far below the
// per-client limit, and stop a client guessing phone numbers after a few dozen tries.
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { RateLimitRule, RateLimitStore } from "../db/rate-limit-store.ts";
import { apiError } from "./api-error.ts";

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface RateLimitOptions {
  /** Lookups and previous-quote checks, together, from one client (IP). */
  perClient: RateLimit;
  /** Calls of one endpoint for one phone number, or for one address. */
  perSubject: RateLimit;
  /**
   * Behind a reverse proxy every connection comes from the proxy: count the client by the
   * last X-Forwarded-For address instead (the one the proxy added). Production: TRUST_PROXY=1.
   */
  trustProxy?: boolean;
}

export const DEFAULT_RATE_LIMITS: RateLimitOptions = {
  perClient: { limit: 120, windowMs: 60_000 },
  perSubject: { limit: 30, windowMs: 10 * 60_000 },
};

/** The connection's address (the demo and the production entry serve on Node's http server). */
export function clientAddress(c: Context, trustProxy = false): string {
  const forwarded = trustProxy ? c.req.header("X-Forwarded-For")?.split(",").at(-1)?.trim() : undefined;
  if (forwarded) return forwarded;
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

export interface Limiter {
  /** Counts the call; a 429 response when it is over a limit, else undefined. */
  check(c: Context, endpoint: string, subjects: readonly string[]): Promise<Response | undefined>;
}

export function createLimiter(store: RateLimitStore, options: RateLimitOptions = DEFAULT_RATE_LIMITS): Limiter {
  return {
    async check(c, endpoint, subjects) {
      const rules: RateLimitRule[] = [
        { bucket: `client:${clientAddress(c, options.trustProxy)}`, ...options.perClient },
        ...subjects.map((subject) => ({ bucket: `${endpoint}:${subject}`, ...options.perSubject })),
      ];
      const verdict = await store.hit(rules);
      if (verdict.ok) return undefined;
      c.header("Retry-After", String(verdict.retryAfterSeconds));
      return apiError(c, 429, "Too many requests; try again later");
    },
  };
}
