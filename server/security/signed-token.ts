// One signed-token format for what the server hands out to be brought back (issue 36): resume
// links, unsubscribe links, the builder's preview. A token is
//   t1.<base64url(JSON { p: purpose, e: expiry in epoch seconds, d: data })>.<base64url(mac)>
// where mac is HMAC-SHA256 of "t1.<payload>" under the caller's secret. The purpose and the
// expiry are signed with the data, so a token issued for one use is refused for another (even
// under the same secret) and its life cannot be stretched. Verification checks the signature
// first, in constant time, and reads nothing the signature does not cover.
import { createHmac, timingSafeEqual } from "node:crypto";
import * as v from "valibot";

const VERSION = "t1";
/** Longer than any token the server issues (a resume link's is about 200 characters). */
export const MAX_TOKEN_CHARS = 1000;

export type TokenRefusal = "malformed" | "signature" | "purpose" | "expired";
export type TokenVerdict<T> = { ok: true; data: T; expiresAt: number } | { ok: false; reason: TokenRefusal };

const mac = (secret: string, payload: string) => createHmac("sha256", secret).update(`${VERSION}.${payload}`).digest("base64url");

/** A token for `purpose` carrying `data` (JSON), valid until `expiresAt` (epoch seconds). */
export function signToken(secret: string, purpose: string, data: unknown, expiresAt: number): string {
  const payload = Buffer.from(JSON.stringify({ p: purpose, e: expiresAt, d: data })).toString("base64url");
  return `${VERSION}.${payload}.${mac(secret, payload)}`;
}

const EnvelopeSchema = v.object({ p: v.string(), e: v.pipe(v.number(), v.safeInteger()), d: v.unknown() });

/** Signature, then purpose, then expiry, then the data's shape (`schema`). */
export function verifyToken<S extends v.GenericSchema>(secret: string, purpose: string, schema: S, token: unknown, now: Date): TokenVerdict<v.InferOutput<S>> {
  if (typeof token !== "string" || token.length > MAX_TOKEN_CHARS) return { ok: false, reason: "malformed" };
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== VERSION || !/^[\w-]+$/.test(parts[1]!) || !/^[\w-]+$/.test(parts[2]!)) return { ok: false, reason: "malformed" };
  const [, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return { ok: false, reason: "malformed" };
  }
  const envelope = v.safeParse(EnvelopeSchema, json);
  if (!envelope.success) return { ok: false, reason: "malformed" };
  if (envelope.output.p !== purpose) return { ok: false, reason: "purpose" };
  if (now.getTime() / 1000 >= envelope.output.e) return { ok: false, reason: "expired" };
  const data = v.safeParse(schema, envelope.output.d);
  return data.success ? { ok: true, data: data.output, expiresAt: envelope.output.e } : { ok: false, reason: "malformed" };
}
