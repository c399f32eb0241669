// Resume links (issue 14 §5): `?qa_resume=<token>` on the company's page reopens a started quote
// on any device. The token carries the company, the quote and its expiry, signed with
// HMAC-SHA256 under the server's secret (resume-secret.ts): unguessable without the secret,
// and any change to what it carries breaks the signature. 30 days after it was issued it is
// refused. Format: `r1.<base64url(JSON [companyId, quoteId, expiresAtSeconds])>.<base64url(mac)>`.
import { createHmac, timingSafeEqual } from "node:crypto";

export const RESUME_TOKEN_DAYS = 30;
const PREFIX = "r1";
const MAX_TOKEN_CHARS = 400;

export interface ResumeClaim {
  companyId: string;
  quoteId: string;
  /** Epoch seconds after which the link is refused. */
  expiresAt: number;
}

const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(`${PREFIX}.${payload}`).digest("base64url");

export function signResumeToken(secret: string, companyId: string, quoteId: string, now: Date = new Date()): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + RESUME_TOKEN_DAYS * 86_400;
  const payload = Buffer.from(JSON.stringify([companyId, quoteId, expiresAt])).toString("base64url");
  return `${PREFIX}.${payload}.${mac(secret, payload)}`;
}

export type ResumeVerdict = { ok: true; claim: ResumeClaim } | { ok: false; reason: "malformed" | "signature" | "expired" };

/** Checks the signature first (in constant time), then what the token says, then its expiry. */
export function verifyResumeToken(secret: string, token: unknown, now: Date = new Date()): ResumeVerdict {
  if (typeof token !== "string" || token.length > MAX_TOKEN_CHARS) return { ok: false, reason: "malformed" };
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== PREFIX || !/^[\w-]+$/.test(parts[1]!) || !/^[\w-]+$/.test(parts[2]!)) {
    return { ok: false, reason: "malformed" };
  }
  const [, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  let claim: unknown;
  try {
    claim = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  if (
    !Array.isArray(claim) ||
    claim.length !== 3 ||
    typeof claim[0] !== "string" ||
    typeof claim[1] !== "string" ||
    !Number.isSafeInteger(claim[2])
  ) {
    return { ok: false, reason: "malformed" };
  }
  const [companyId, quoteId, expiresAt] = claim as [string, string, number];
  if (now.getTime() / 1000 >= expiresAt) return { ok: false, reason: "expired" };
  return { ok: true, claim: { companyId, quoteId, expiresAt } };
}
