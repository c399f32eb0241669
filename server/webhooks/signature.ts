// Webhook signatures (docs/api.md "Webhooks"): HMAC-SHA256 with the company's webhook secret
// over `${timestamp}.${body}`, sent as `Quote-Assistant-Signature: v1=<hex>` beside
// `Quote-Assistant-Timestamp: <unix seconds>`. The receiver recomputes it over the raw body,
// compares in constant time and refuses a timestamp too far from its clock (a replay).
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "Quote-Assistant-Signature";
export const TIMESTAMP_HEADER = "Quote-Assistant-Timestamp";
export const EVENT_ID_HEADER = "Quote-Assistant-Event-Id";
export const EVENT_TYPE_HEADER = "Quote-Assistant-Event";

/** How far a delivery's timestamp may be from the receiver's clock, in seconds. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

/** The signature header's value for this body at this timestamp (unix seconds). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex")}`;
}

export type VerifyResult = { ok: true } | { ok: false; reason: "missing" | "malformed" | "expired" | "mismatch" };

export interface VerifyInput {
  secret: string;
  body: string;
  timestampHeader: string | null | undefined;
  signatureHeader: string | null | undefined;
  /** Unix seconds now (default: the clock). */
  now?: number;
  toleranceSeconds?: number;
}

export function verifyWebhook(input: VerifyInput): VerifyResult {
  const { timestampHeader, signatureHeader } = input;
  if (!timestampHeader || !signatureHeader) return { ok: false, reason: "missing" };
  if (!/^\d{1,12}$/.test(timestampHeader) || !/^v1=[0-9a-f]{64}$/.test(signatureHeader)) return { ok: false, reason: "malformed" };
  const timestamp = Number(timestampHeader);
  const now = input.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - timestamp) > (input.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { ok: false, reason: "expired" };
  const expected = Buffer.from(signWebhook(input.secret, timestamp, input.body), "utf8");
  const given = Buffer.from(signatureHeader, "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given) ? { ok: true } : { ok: false, reason: "mismatch" };
}

/** Constant-time equality of two secrets of any length (compares their SHA-256 HMACs). */
export function secretsEqual(a: string, b: string): boolean {
  const digest = (text: string) => createHmac("sha256", "quote-assistant-compare").update(text, "utf8").digest();
  return timingSafeEqual(digest(a), digest(b));
}
