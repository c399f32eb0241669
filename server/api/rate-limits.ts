// Rate limits of the calls that find a household's records (issue 12): the customer lookup
// by phone and the previous-quote check. Each counts per client (the connection's IP), per
// network (the client's /24 for IPv4, /64 for IPv6: one machine holds a whole IPv6 /64, and
// a guesser can rent neighbouring IPv4 addresses; issue 27) and per phone number or address,
// in the database (demo-site/db/rate-limit-store.ts), so the limits hold across server
// processes. Over a limit: 429 with Retry-After, which the widget takes as "not found". The
// defaults leave a browser journey (one lookup, one check) far below the per-client limit,
// and stop a client guessing phone numbers after a few dozen tries.
import { isIPv4, isIPv6 } from "node:net";
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
  /**
   * The same, from one network: the client's IPv4 /24 or IPv6 /64. Higher than perClient (an
   * office or a carrier's NAT shares a network); absent: no per-network limit.
   */
  perNetwork?: RateLimit;
  /** Calls of one endpoint for one phone number, or for one address. */
  perSubject: RateLimit;
  /**
   * Behind a reverse proxy every connection comes from the proxy: count the client by the
   * last X-Forwarded-For address instead (the one the proxy added). Production: TRUST_PROXY=1.
   */
  trustProxy?: boolean;
}

export const DEFAULT_RATE_LIMITS: RateLimitOptions = {
  perClient: { limit: 30, windowMs: 60_000 },
  perNetwork: { limit: 90, windowMs: 60_000 },
  perSubject: { limit: 30, windowMs: 10 * 60_000 },
};

/**
 * The network a client address belongs to: "v4:203.0.113.0/24", "v6:2001:db8:1:2::/64" (an
 * IPv4 address mapped into IPv6, "::ffff:203.0.113.5", counts as IPv4). Anything else is its
 * own network.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const v4 = mapped ?? address;
  if (isIPv4(v4)) return `v4:${v4.split(".").slice(0, 3).join(".")}.0/24`;
  if (isIPv6(address)) return `v6:${expandIPv6(address).slice(0, 4).join(":")}::/64`;
  return `other:${address}`;
}

/** The eight groups of a valid IPv6 address, without leading zeros ("2001:db8::1" → 2001, db8, 0, ..., 1). */
function expandIPv6(address: string): string[] {
  let plain = address.split("%")[0]!.toLowerCase();
  // A trailing dotted IPv4 part ("::1.2.3.4") is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(plain);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    plain = `${plain.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = plain.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => parseInt(group, 16).toString(16));
}

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
      const client = clientAddress(c, options.trustProxy);
      const rules: RateLimitRule[] = [
        { bucket: `client:${client}`, ...options.perClient },
        ...(options.perNetwork ? [{ bucket: `network:${networkOf(client)}`, ...options.perNetwork }] : []),
        ...subjects.map((subject) => ({ bucket: `${endpoint}:${subject}`, ...options.perSubject })),
      ];
      const verdict = await store.hit(rules);
      if (verdict.ok) return undefined;
      c.header("Retry-After", String(verdict.retryAfterSeconds));
      return apiError(c, 429, "Too many requests; try again later");
    },
  };
}
