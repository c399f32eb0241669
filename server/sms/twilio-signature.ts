// Twilio's request signature (issue 34), as its "Webhooks security" page documents it
// (https://www.twilio.com/docs/usage/webhooks/webhooks-security): the full URL Twilio sent
// the request to (scheme, host, path and query, exactly as configured in Twilio's console),
// then each POST parameter's name and value, sorted by name, with no separators, hashed with
// HMAC-SHA1 keyed by the account's auth token, base64. Twilio sends it as X-Twilio-Signature;
// we compare in constant time. A name given twice (not in SMS webhooks, but allowed in forms)
// contributes each value, sorted, as twilio-node's validateRequest does.
import { createHmac, timingSafeEqual } from "node:crypto";

export const TWILIO_SIGNATURE_HEADER = "X-Twilio-Signature";

/** POST parameters: one value per name, or several (a name repeated in the form). */
export type TwilioParams = Readonly<Record<string, string | readonly string[]>>;

/** The string Twilio signs: the URL, then name+value of every parameter sorted by name. */
function signedString(url: string, params: TwilioParams): string {
  let text = url;
  for (const name of Object.keys(params).sort()) {
    const value = params[name]!;
    const values = typeof value === "string" ? [value] : [...new Set(value)].sort();
    for (const one of values) text += name + one;
  }
  return text;
}

/** The X-Twilio-Signature Twilio would send for a POST of `params` to `url` (for fakes and tests). */
export function signTwilioRequest(url: string, params: TwilioParams, authToken: string): string {
  return createHmac("sha1", authToken).update(signedString(url, params), "utf8").digest("base64");
}

/** Whether `signature` is Twilio's for this URL and these parameters; compared in constant time. */
export function isValidTwilioSignature(signature: string | undefined, url: string, params: TwilioParams, authToken: string): boolean {
  if (!signature || !authToken) return false;
  const expected = Buffer.from(signTwilioRequest(url, params, authToken), "utf8");
  const given = Buffer.from(signature.trim(), "utf8");
  // An HMAC-SHA1 in base64 is always 28 characters: a length that differs says nothing secret.
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A form body's parameters, a repeated name keeping every value. */
export function formParams(form: URLSearchParams): Record<string, string | string[]> {
  const params: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    const kept = params[name];
    params[name] = kept === undefined ? value : [...(typeof kept === "string" ? [kept] : kept), value];
  }
  return params;
}
