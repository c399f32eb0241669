// Resume links (issue 14 §5): `?qa_resume=<token>` on the company's page reopens a started quote
// on any device; unsubscribe links (issue 34) name a quote the same way. The token carries the
// company, the quote and its expiry, signed under the server's secret (resume-secret.ts) in the
// one signed-token format (security/signed-token.ts) with the link's purpose: unguessable
// without the secret, any change breaks the signature, 30 days after it was issued it is refused.
//
// Links sent before issue 36 carry the older format `r1.<base64url(JSON [companyId, quoteId,
// expiresAtSeconds])>.<base64url(HMAC-SHA256 of "r1.<payload>")>`. They are still accepted (for
// either purpose: each purpose has always had a secret of its own) until they expire; none is
// issued any more, so `verifyLegacyToken` can go 30 days after the change is deployed.
import { createHmac, timingSafeEqual } from "node:crypto";
import * as v from "valibot";
import { signToken, verifyToken, type TokenRefusal } from "../security/signed-token.ts";

export const RESUME_TOKEN_DAYS = 30;

/** What a quote's link is for: each is refused for the other. */
export type QuoteLinkPurpose = "resume" | "unsubscribe";

export interface ResumeClaim {
  companyId: string;
  quoteId: string;
  /** Epoch seconds after which the link is refused. */
  expiresAt: number;
}

const ClaimDataSchema = v.object({ companyId: v.string(), quoteId: v.string() });

export function signResumeToken(secret: string, companyId: string, quoteId: string, now: Date = new Date(), purpose: QuoteLinkPurpose = "resume"): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + RESUME_TOKEN_DAYS * 86_400;
  return signToken(secret, purpose, { companyId, quoteId }, expiresAt);
}

export type ResumeVerdict = { ok: true; claim: ResumeClaim } | { ok: false; reason: TokenRefusal };

/** Checks the signature first (in constant time), then the purpose, what the token says, its expiry. */
export function verifyResumeToken(secret: string, token: unknown, now: Date = new Date(), purpose: QuoteLinkPurpose = "resume"): ResumeVerdict {
  if (typeof token === "string" && token.startsWith(`${LEGACY_PREFIX}.`)) return verifyLegacyToken(secret, token, now);
  const verdict = verifyToken(secret, purpose, ClaimDataSchema, token, now);
  return verdict.ok ? { ok: true, claim: { ...verdict.data, expiresAt: verdict.expiresAt } } : verdict;
}

/**
 * The company a link names, read WITHOUT checking its signature: only to choose which page to
 * show before the widget asks the server (the demo's host page); never to grant anything.
 */
export function companyNamedBy(token: string | undefined): string | undefined {
  const payload = token?.split(".")[1];
  if (!payload || payload.length > 800) return undefined;
  try {
    const json = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown;
    const companyId = Array.isArray(json) ? json[0] : (json as { d?: { companyId?: unknown } } | null)?.d?.companyId;
    return typeof companyId === "string" && /^[\w-]{1,100}$/.test(companyId) ? companyId : undefined;
  } catch {
    return undefined;
  }
}

const LEGACY_PREFIX = "r1";
const LEGACY_MAX_CHARS = 400;

function verifyLegacyToken(secret: string, token: string, now: Date): ResumeVerdict {
  const parts = token.split(".");
  if (token.length > LEGACY_MAX_CHARS || parts.length !== 3 || !/^[\w-]+$/.test(parts[1]!) || !/^[\w-]+$/.test(parts[2]!)) return { ok: false, reason: "malformed" };
  const [, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(createHmac("sha256", secret).update(`${LEGACY_PREFIX}.${payload}`).digest("base64url"));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  let claim: unknown;
  try {
    claim = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const parsed = v.safeParse(v.strictTuple([v.string(), v.string(), v.pipe(v.number(), v.safeInteger())]), claim);
  if (!parsed.success) return { ok: false, reason: "malformed" };
  const [companyId, quoteId, expiresAt] = parsed.output;
  if (now.getTime() / 1000 >= expiresAt) return { ok: false, reason: "expired" };
  return { ok: true, claim: { companyId, quoteId, expiresAt } };
}
