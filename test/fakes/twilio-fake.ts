// A local fake of Twilio's Programmable Messaging API (issue 34), written from its published
// documentation: create a Message (https://www.twilio.com/docs/messaging/api/message-resource,
// POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded, HTTP Basic with the
// account SID and auth token) answers 201 with the Message resource (sid "SM…", status
// "queued"); its errors are JSON { code, message, more_info, status } with Twilio's codes
// (20003 authenticate, 20404 not found, 21211 invalid 'To', 21602 no body, 21604 no 'To',
// 21606 a 'From' that is not the account's, 21610 a recipient who replied STOP, 20429 too
// many requests, 20500 an internal error). It records every message, can be told to answer
// 429, 500, a 400 with a given code, or nothing (a timeout: "timeout" before taking the message,
// "lost-answer" after), lists the messages as the Messages list resource does (GET, To and From
// filters, PageSize, most recent first:
// https://www.twilio.com/docs/messaging/api/message-resource#read-multiple-message-resources),
// and posts a status callback to a message's StatusCallback signed as Twilio signs it
// (X-Twilio-Signature).
import { randomBytes } from "node:crypto";
import { Hono, type Context } from "hono";
import { callProvider, type Fetch } from "../../server/adapters/provider-call.ts";
import { serveFake } from "./serve-fake.ts";
import { signTwilioRequest } from "../../server/sms/twilio-signature.ts";

export const FAKE_TWILIO_SID = "AC0123456789abcdef0123456789abcdef";
export const FAKE_TWILIO_TOKEN = "fake-twilio-auth-token";
export const FAKE_TWILIO_FROM = "+16145550199";

export type TwilioFakeMode = "ok" | "429" | "500" | "timeout" | "lost-answer" | { status: 400; code: number };

export interface FakeTwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  status: string;
  /** Every form field as sent. */
  form: Record<string, string>;
  /** RFC 2822, as Twilio writes its dates. */
  dateCreated: string;
  /** The request's Authorization header. */
  authorization: string;
}

export interface TwilioFake {
  url: string;
  /** What the Twilio adapter under test sends with: calls to `url` answered in process (the global fetch when listening). */
  fetch: Fetch;
  /** Messages Twilio took (201), in order. */
  messages: FakeTwilioMessage[];
  /** Every create-message request, taken or not. */
  requests: number;
  /** Every read of the Messages list. */
  listRequests: number;
  setMode(mode: TwilioFakeMode): void;
  /** Recipients who replied STOP: sends to them answer 21610, as Twilio's do. */
  optOut(phone: string): void;
  /** Posts a status callback for the message to its StatusCallback, signed; the HTTP status it got. */
  postStatus(sid: string, status: string, errorCode?: string): Promise<number>;
  /** Calls held by the timeout mode. */
  held(): number;
  reset(): void;
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{1,14}$/;
const newSid = (prefix: string) => prefix + randomBytes(16).toString("hex");

/**
 * In process by default; `listen: true` on a local port (e2e). `callbacks` is what status
 * callbacks go out with (default the global fetch): the app under test's fetch, in process.
 */
export async function startTwilioFake(options: { accountSid?: string; authToken?: string; from?: string; listen?: boolean; callbacks?: Fetch } = {}): Promise<TwilioFake> {
  const accountSid = options.accountSid ?? FAKE_TWILIO_SID;
  const authToken = options.authToken ?? FAKE_TWILIO_TOKEN;
  const from = options.from ?? FAKE_TWILIO_FROM;
  const messages: FakeTwilioMessage[] = [];
  const optedOut = new Set<string>();
  const release = new Set<() => void>();
  let mode: TwilioFakeMode = "ok";
  let requests = 0;
  let listRequests = 0;

  const error = (c: Context, status: 400 | 401 | 404 | 429 | 500, code: number, message: string) =>
    c.json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, status);

  /** A Message resource as Twilio answers it. */
  const resourceOf = (message: FakeTwilioMessage) => ({
    account_sid: accountSid,
    api_version: "2010-04-01",
    body: message.body,
    date_created: message.dateCreated,
    date_sent: null,
    date_updated: message.dateCreated,
    direction: "outbound-api",
    error_code: null,
    error_message: null,
    from: message.from,
    messaging_service_sid: null,
    num_media: "0",
    num_segments: "1",
    price: null,
    price_unit: "USD",
    sid: message.sid,
    status: message.status,
    subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Media.json` },
    to: message.to,
    uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
  });

  const app = new Hono();
  app.post("/2010-04-01/Accounts/:account/Messages.json", async (c) => {
    requests += 1;
    if (mode === "timeout") await new Promise<void>((resolve) => release.add(resolve));
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    const authorization = c.req.header("Authorization") ?? "";
    if (authorization !== expected) return error(c, 401, 20003, "Authenticate");
    if (c.req.param("account") !== accountSid) return error(c, 404, 20404, `The requested resource ${c.req.path} was not found`);
    if (mode === "429") return error(c, 429, 20429, "Too Many Requests");
    if (mode === "500") return error(c, 500, 20500, "An internal server error has occurred");
    if (typeof mode === "object") return error(c, mode.status, mode.code, `Error ${mode.code}`);
    if (!(c.req.header("Content-Type") ?? "").startsWith("application/x-www-form-urlencoded")) return error(c, 400, 21602, "Message body is required.");
    const form = Object.fromEntries(new URLSearchParams(await c.req.text()));
    if (!form.To) return error(c, 400, 21604, "A 'To' phone number is required.");
    if (!E164.test(form.To)) return error(c, 400, 21211, `Invalid 'To' Phone Number: ${form.To}`);
    if (form.From !== from) return error(c, 400, 21606, `The From phone number ${form.From ?? ""} is not a valid, SMS-capable inbound phone number or short code for your account.`);
    if (!form.Body) return error(c, 400, 21602, "Message body is required.");
    if (optedOut.has(form.To)) return error(c, 400, 21610, "Attempt to send to unsubscribed recipient");
    const sid = newSid("SM");
    const now = new Date().toUTCString().replace("GMT", "+0000");
    const message: FakeTwilioMessage = { sid, to: form.To, from: form.From, body: form.Body, statusCallback: form.StatusCallback ?? null, status: "queued", form, authorization, dateCreated: now };
    messages.push(message);
    // Taken, and the answer never comes: the caller times out not knowing.
    if (mode === "lost-answer") await new Promise<void>((resolve) => release.add(resolve));
    return c.json(resourceOf(message), 201);
  });

  app.get("/2010-04-01/Accounts/:account/Messages.json", (c) => {
    listRequests += 1;
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if ((c.req.header("Authorization") ?? "") !== expected) return error(c, 401, 20003, "Authenticate");
    if (c.req.param("account") !== accountSid) return error(c, 404, 20404, `The requested resource ${c.req.path} was not found`);
    if (mode === "500") return error(c, 500, 20500, "An internal server error has occurred");
    const to = c.req.query("To");
    const sender = c.req.query("From");
    const pageSize = Math.min(1000, Math.max(1, Number(c.req.query("PageSize") ?? 50) || 50));
    const found = messages.filter((m) => (!to || m.to === to) && (!sender || m.from === sender)).reverse().slice(0, pageSize);
    const uri = `/2010-04-01/Accounts/${accountSid}/Messages.json?PageSize=${pageSize}&Page=0`;
    return c.json({ end: found.length - 1, first_page_uri: uri, next_page_uri: null, page: 0, page_size: pageSize, previous_page_uri: null, messages: found.map(resourceOf), start: 0, uri });
  });

  const served = await serveFake(app, { listen: options.listen ?? false, origin: "http://twilio.fake.test" });
  const releaseAll = () => {
    for (const done of release) done();
    release.clear();
  };

  return {
    url: served.url,
    fetch: served.fetch,
    messages,
    get requests() {
      return requests;
    },
    get listRequests() {
      return listRequests;
    },
    setMode(next) {
      if (next !== "timeout" && next !== "lost-answer") releaseAll();
      mode = next;
    },
    optOut: (phone) => void optedOut.add(phone),
    async postStatus(sid, status, errorCode) {
      const message = messages.find((m) => m.sid === sid);
      if (!message?.statusCallback) throw new Error(`message ${sid} has no StatusCallback`);
      message.status = status;
      // The parameters of https://www.twilio.com/docs/messaging/guides/track-outbound-message-status.
      const params: Record<string, string> = {
        AccountSid: accountSid,
        ApiVersion: "2010-04-01",
        From: message.from,
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: message.to,
        ...(errorCode ? { ErrorCode: errorCode } : {}),
      };
      const result = await callProvider(
        message.statusCallback,
        { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signTwilioRequest(message.statusCallback, params, authToken) }, body: new URLSearchParams(params).toString() },
        { provider: "twilio-fake", call: "status callback", timeoutMs: 5000, ...(options.callbacks ? { fetch: options.callbacks } : {}) },
      );
      return result.status ?? 0;
    },
    held: () => release.size,
    reset() {
      releaseAll();
      messages.length = 0;
      optedOut.clear();
      mode = "ok";
      requests = 0;
      listRequests = 0;
    },
    close: async () => {
      releaseAll();
      await served.close();
    },
  };
}
