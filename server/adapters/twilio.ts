// Texts through Twilio's Programmable Messaging API (issue 34): create a Message
// (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource),
// POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, From, Body and
// StatusCallback, HTTP Basic with the account SID and auth token; the answer (201) is the
// Message resource, whose `sid` ("SM…") the status callbacks name as MessageSid. Twilio's
// errors are JSON { code, message, more_info, status } (https://www.twilio.com/docs/errors):
// 429, 5xx, a timeout or no connection are worth another try; any other 4xx is not (21211 an
// invalid 'To', 21610 a recipient who replied STOP, 20003 a refused key) and carries the code.
// A timeout or a lost connection leaves the outcome unknown: Twilio may have created the
// message, and its create call takes no idempotency key. So a retry first reads the Messages
// list (https://www.twilio.com/docs/messaging/api/message-resource#read-multiple-message-resources,
// GET the same URL with To and From) for an outbound message carrying the attempt's marker
// (findSent), and sends only when there is none.
// Over provider-call.ts (a timeout, failures logged without the credentials).
import * as v from "valibot";
import { ProviderConfigError, baseUrlFromEnv } from "./env-base-url.ts";
import { callProvider, DEFAULT_PROVIDER_TIMEOUT_MS, type ProviderCallOptions, type Fetch } from "./provider-call.ts";
import type { Logger } from "../production/logger.ts";
import { SMS_OFF, SmsSendError, type SmsMessage, type SmsPort } from "../ports/sms.ts";

export const TWILIO_DEFAULT_BASE = "https://api.twilio.com";
/** E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{1,14}$/;
/** An Account SID: "AC" and 32 hex digits (https://www.twilio.com/docs/glossary/what-is-a-sid). */
const ACCOUNT_SID = /^AC[0-9a-fA-F]{32}$/;

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sender, E.164: a Twilio number registered for A2P 10DLC, or a verified toll-free one. */
  from: string;
  /** TWILIO_API_BASE; default https://api.twilio.com. */
  baseUrl?: string;
  timeoutMs: number;
  logger?: Logger;
  /** Default the global fetch; tests and the in-process demo site route calls to Hono apps. */
  fetch?: Fetch;
}

/** The part of Twilio's Messages list page that findSent reads (each Message resource has more). */
const MessageListSchema = v.object({
  messages: v.array(
    v.object({
      sid: v.pipe(v.string(), v.minLength(1)),
      body: v.nullish(v.string()),
      /** "outbound-api" for a message created through the API; "inbound" for a reply. */
      direction: v.string(),
      /** RFC 2822, "Sat, 28 Nov 2026 10:00:00 +0000". */
      date_created: v.nullish(v.string()),
    }),
  ),
});

/** How far Twilio's date_created may sit before our clock's `since` and still be the attempt's. */
const CLOCK_SKEW_MS = 5 * 60_000;
/** The list's page: Twilio's most recent first; one household gets a few follow-ups at most. */
const LIST_PAGE_SIZE = "50";

/** Twilio's error code from an error answer's JSON, when it gave one. */
function twilioCode(body: Buffer | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const code = (JSON.parse(body.toString("utf8")) as { code?: unknown }).code;
    return typeof code === "number" || (typeof code === "string" && code !== "") ? String(code) : undefined;
  } catch {
    return undefined;
  }
}

export function createTwilioSms(options: TwilioOptions): SmsPort {
  const base = (options.baseUrl ?? TWILIO_DEFAULT_BASE).replace(/\/+$/, "");
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
  const call: ProviderCallOptions = { provider: "twilio", call: "create message", timeoutMs: options.timeoutMs, ...(options.logger ? { logger: options.logger } : {}), ...(options.fetch ? { fetch: options.fetch } : {}) };

  async function send(message: SmsMessage): Promise<{ id: string }> {
    if (!E164.test(message.to)) throw new SmsSendError("the recipient is not an E.164 number", false);
    const form = new URLSearchParams({ To: message.to, From: options.from, Body: message.body });
    if (message.statusCallback) form.set("StatusCallback", message.statusCallback);
    const result = await callProvider(
      url,
      { method: "POST", headers: { Authorization: authorization, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" }, body: form.toString() },
      call,
    );
    if (!result.ok) {
      const code = twilioCode(result.body);
      // 401/403 and 4xx other than 429 are Twilio refusing this message: sending it again changes nothing.
      const retryable = result.failure === "quota" || result.failure === "unavailable" || result.failure === "timeout" || result.status === undefined;
      // No answer: Twilio may have taken it; the retry looks it up (findSent) before sending again.
      const unknown = result.status === undefined ? "; it may have been sent, so a retry looks it up first" : "";
      throw new SmsSendError(`Twilio did not take the message: ${result.failure}${result.status ? ` (HTTP ${result.status}${code ? `, code ${code}` : ""})` : ""}${unknown}`, retryable, code);
    }
    // callProvider hands a 404 back as 'nothing here'; for Twilio it is a wrong account (20404).
    if (result.status === 404) throw new SmsSendError("Twilio did not take the message: HTTP 404", false, twilioCode(result.body));
    let sid: unknown;
    try {
      sid = (JSON.parse(result.body.toString("utf8")) as { sid?: unknown }).sid;
    } catch {
      sid = undefined;
    }
    // Twilio took it (2xx) but its answer is unreadable: not retryable, or the text could go twice.
    if (typeof sid !== "string" || sid === "") throw new SmsSendError("Twilio's answer names no message sid", false);
    return { id: sid };
  }

  async function findSent(message: SmsMessage, since: Date): Promise<{ id: string } | undefined> {
    const marker = message.marker;
    if (!marker) return undefined;
    // Not filtered by DateSent: a message still queued has no date_sent yet.
    const query = new URLSearchParams({ To: message.to, From: options.from, PageSize: LIST_PAGE_SIZE });
    const result = await callProvider(`${url}?${query.toString()}`, { method: "GET", headers: { Authorization: authorization, Accept: "application/json" } }, { ...call, call: "list messages" });
    if (!result.ok || result.status === 404) {
      throw new SmsSendError(`Twilio's message list did not answer: ${result.ok ? "HTTP 404" : result.failure}; the text is not sent again before it does`, true);
    }
    let page: v.InferOutput<typeof MessageListSchema>;
    try {
      page = v.parse(MessageListSchema, JSON.parse(result.body.toString("utf8")));
    } catch {
      throw new SmsSendError("Twilio's message list is unreadable; the text is not sent again before it is", true);
    }
    const earliest = since.getTime() - CLOCK_SKEW_MS;
    const found = page.messages.find(
      (sent) => sent.direction.startsWith("outbound") && sent.body?.includes(marker) && !(Date.parse(sent.date_created ?? "") < earliest),
    );
    return found ? { id: found.sid } : undefined;
  }

  return { name: "twilio", live: true, from: options.from, send, findSent };
}

/** The Twilio settings the environment gives, validated, or undefined when texts are off (no TWILIO_ACCOUNT_SID). */
export function twilioSettingsFromEnv(env: Record<string, string | undefined>): { accountSid: string; authToken: string; from: string; baseUrl: string } | undefined {
  const accountSid = env.TWILIO_ACCOUNT_SID?.trim() ?? "";
  const authToken = env.TWILIO_AUTH_TOKEN?.trim() ?? "";
  const from = env.TWILIO_FROM?.trim() ?? "";
  if (!accountSid && !authToken && !from) return undefined;
  // Some set and not all: the operator meant texts on, so start-up stops saying what is missing.
  const missing = Object.entries({ TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from }).filter(([, value]) => !value).map(([name]) => name);
  if (missing.length > 0) throw new ProviderConfigError(`${missing.join(", ")}: must be set with the other Twilio settings for texts`);
  if (!ACCOUNT_SID.test(accountSid)) throw new ProviderConfigError('TWILIO_ACCOUNT_SID: must be "AC" and 32 hex digits (the Account SID in Twilio\'s console)');
  if (!E164.test(from)) throw new ProviderConfigError(`TWILIO_FROM: "${from}" is not an E.164 number (+16145550100)`);
  return { accountSid, authToken, from, baseUrl: baseUrlFromEnv(env, "TWILIO_API_BASE", TWILIO_DEFAULT_BASE) };
}

/** The text-message port the environment configures: Twilio when TWILIO_ACCOUNT_SID, _AUTH_TOKEN and _FROM are set, else off. */
export function smsFromEnv(env: Record<string, string | undefined>, options: { timeoutMs?: number; logger?: Logger; fetch?: Fetch } = {}): SmsPort {
  const settings = twilioSettingsFromEnv(env);
  if (!settings) return SMS_OFF;
  return createTwilioSms({ ...settings, timeoutMs: options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS, ...(options.logger ? { logger: options.logger } : {}), ...(options.fetch ? { fetch: options.fetch } : {}) });
}
