// Twilio's webhooks for our texts (issue 34): POST /v1/sms/twilio/inbound, a homeowner's reply
// to our number, and POST /v1/sms/twilio/status, a sent text's delivery status. Both are
// form-encoded, as Twilio posts them, and both are refused (403, nothing done) unless
// X-Twilio-Signature is Twilio's for the URL as Twilio called it: our PUBLIC origin and the
// path (never the Host header, which a proxy or a forger sets). An opt-out word (Twilio's
// default list, https://www.twilio.com/docs/messaging/tutorials/advanced-opt-out: STOP,
// STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT, REVOKE, OPTOUT, and "STOP ALL"), or a Spanish one
// (our texts go out in Spanish too: ALTO, the word US carriers require a Spanish program to
// honour, PARAR, CANCELAR, BAJA; Twilio acts on none of these by default), calls onOptOut
// with the sender's phone; an opt-in word (START, UNSTOP, YES) onOptIn. Like Twilio, only the
// whole message counts ("STOP please" is not one), whatever its case and spaces. The reply is
// empty TwiML: Twilio itself answers the keywords on long codes and toll-free numbers.
import { Hono, type Context } from "hono";
import { apiError } from "../api/api-error.ts";
import { formParams, isValidTwilioSignature, TWILIO_SIGNATURE_HEADER } from "./twilio-signature.ts";

export const SMS_INBOUND_PATH = "/v1/sms/twilio/inbound";
export const SMS_STATUS_PATH = "/v1/sms/twilio/status";

export const OPT_OUT_WORDS: ReadonlySet<string> = new Set(["STOP", "STOPALL", "STOP ALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "REVOKE", "OPTOUT", "ALTO", "PARAR", "CANCELAR", "BAJA"]);
export const OPT_IN_WORDS: ReadonlySet<string> = new Set(["START", "UNSTOP", "YES"]);

/** A status callback's news: MessageSid, MessageStatus (queued, sent, delivered, undelivered, failed…) and ErrorCode. */
export interface SmsStatusReport {
  messageId: string;
  status: string;
  errorCode: string | null;
}

export interface SmsRoutesDeps {
  /** The auth token Twilio signs with (the demo's text sink has its own). */
  authToken: string;
  /** This server's origin as Twilio reaches it (PUBLIC_ORIGIN): "https://quotes.example.com". */
  publicOrigin: string;
  /** A reply of an opt-out word, from this phone (E.164). */
  onOptOut(phone: string): Promise<void>;
  /** A reply of an opt-in word, from this phone (E.164). */
  onOptIn(phone: string): Promise<void>;
  onStatus(report: SmsStatusReport): Promise<void>;
}

export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';
const E164 = /^\+[1-9]\d{1,14}$/;

/** "opt-out", "opt-in" or undefined for a text's body, as Twilio reads keywords: the whole message, any case, trimmed. */
export function smsKeyword(body: string): "opt-out" | "opt-in" | undefined {
  const word = body.trim().replace(/\s+/g, " ").toUpperCase();
  if (OPT_OUT_WORDS.has(word)) return "opt-out";
  if (OPT_IN_WORDS.has(word)) return "opt-in";
  return undefined;
}

export function createSmsRoutes(deps: SmsRoutesDeps): Hono {
  const origin = deps.publicOrigin.replace(/\/+$/, "");
  const app = new Hono();

  /** The form's parameters when Twilio signed them for this URL; else the refusal to send. */
  async function signedForm(c: Context): Promise<{ params: Record<string, string | string[]> } | { refusal: Response }> {
    const signature = c.req.header(TWILIO_SIGNATURE_HEADER);
    if (!signature) return { refusal: apiError(c, 403, `No ${TWILIO_SIGNATURE_HEADER} header: only Twilio may call this`) };
    const type = (c.req.header("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type !== "application/x-www-form-urlencoded") return { refusal: apiError(c, 400, "The body must be application/x-www-form-urlencoded, as Twilio posts it") };
    const params = formParams(new URLSearchParams(await c.req.text()));
    const url = `${origin}${c.req.path}${new URL(c.req.url).search}`;
    if (!isValidTwilioSignature(signature, url, params, deps.authToken)) {
      return { refusal: apiError(c, 403, `${TWILIO_SIGNATURE_HEADER} does not match this request for ${url}`) };
    }
    return { params };
  }
  const one = (params: Record<string, string | string[]>, name: string) => {
    const value = params[name];
    return typeof value === "string" ? value : undefined;
  };

  app.post(SMS_INBOUND_PATH, async (c) => {
    const form = await signedForm(c);
    if ("refusal" in form) return form.refusal;
    const from = one(form.params, "From");
    const body = one(form.params, "Body");
    if (!from || !E164.test(from)) return apiError(c, 400, "From must be the sender's phone number in E.164 (+16145550123)");
    if (body === undefined) return apiError(c, 400, "Body is missing");
    const keyword = smsKeyword(body);
    if (keyword === "opt-out") await deps.onOptOut(from);
    else if (keyword === "opt-in") await deps.onOptIn(from);
    return c.body(EMPTY_TWIML, 200, { "Content-Type": "text/xml; charset=utf-8" });
  });

  app.post(SMS_STATUS_PATH, async (c) => {
    const form = await signedForm(c);
    if ("refusal" in form) return form.refusal;
    const messageId = one(form.params, "MessageSid");
    const status = one(form.params, "MessageStatus");
    if (!messageId || !status) return apiError(c, 400, "MessageSid and MessageStatus are required");
    const errorCode = one(form.params, "ErrorCode");
    await deps.onStatus({ messageId, status, errorCode: errorCode ? errorCode : null });
    return c.body(null, 200);
  });

  return app;
}
