// The demo's text sink (issue 34), standing for Twilio and the homeowners' phones: an SmsPort
// that keeps every text the demo sends, and a page on its own origin (port base + 7) listing
// them newest first (escaped, links clickable, as the mail sink's), so `npm start` shows the
// follow-up texts without any outside service. GET /texts.json gives them to tests. Each text
// has a Reply form: the sink posts the reply to the widget origin's inbound webhook as Twilio
// would (form-encoded, X-Twilio-Signature with the demo's auth token, which never leaves the
// server), so STOP opts the phone out end to end. Like Twilio, a phone that replied STOP gets
// no more texts from this number (21610) until START; a text with a StatusCallback gets a
// signed 'delivered' callback.
import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { callProvider, type Fetch } from "../../server/adapters/provider-call.ts";
import { SmsSendError, type SmsMessage, type SmsPort } from "../../server/ports/sms.ts";
import { smsKeyword } from "../../server/sms/sms-routes.ts";
import { signTwilioRequest, TWILIO_SIGNATURE_HEADER } from "../../server/sms/twilio-signature.ts";
import { escapeHtml, linkify } from "../mail-sink/mail-sink.ts";

/** What the sink signs its webhooks with, as Twilio signs with the account's auth token (a demo value, not a secret). */
export const DEMO_SMS_AUTH_TOKEN = "demo-text-sink-auth-token";
export const DEMO_SMS_FROM = "+16145550100";
const DEMO_ACCOUNT_SID = "AC00000000000000000000000000000000";
const E164 = /^\+[1-9]\d{1,14}$/;

export interface SunkReply {
  body: string;
  at: string;
  /** The widget origin's answer to the signed webhook: its HTTP status, or 0 when unreachable. */
  answered: number;
}

export interface SunkText {
  id: string;
  sentAt: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | null;
  status: string;
  replies: SunkReply[];
}

export interface TextSink {
  app: Hono;
  /** The port the demo's widget origin sends through. */
  port: SmsPort;
  texts(): SunkText[];
  /** The auth token the sink signs with; the widget origin's inbound and status routes check it. */
  authToken: string;
}

export interface TextSinkOptions {
  /** The widget origin's POST /v1/sms/twilio/inbound, as its public origin names it. */
  inboundUrl: string;
  authToken?: string;
  now?: () => Date;
  /** Post a signed 'delivered' to each text's StatusCallback; default true. */
  deliveryReports?: boolean;
  /** What the signed webhooks go out with; default the global fetch (the in-process demo site routes them). */
  fetch?: Fetch;
}

const newSid = () => "SM" + randomBytes(16).toString("hex");

/** A signed form POST, as Twilio makes its webhooks; the HTTP status, or 0 when unreachable. */
async function postSigned(url: string, params: Record<string, string>, authToken: string, fetch: Fetch | undefined): Promise<number> {
  const result = await callProvider(
    url,
    { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", [TWILIO_SIGNATURE_HEADER]: signTwilioRequest(url, params, authToken) }, body: new URLSearchParams(params).toString() },
    { provider: "demo text sink", call: "webhook", timeoutMs: 5000, ...(fetch ? { fetch } : {}) },
  );
  return result.status ?? 0;
}

function renderPage(texts: readonly SunkText[], optedOut: ReadonlySet<string>): string {
  const items = texts
    .slice()
    .reverse()
    .map(
      (t) => `<article><p class="meta">To ${escapeHtml(t.to)}${optedOut.has(t.to) ? " (replied STOP: no more texts)" : ""} · from ${escapeHtml(t.from)} · ${escapeHtml(t.sentAt)} · ${escapeHtml(t.status)}</p>
<pre>${linkify(t.body)}</pre>
${t.replies.map((r) => `<p class="reply">Reply “${escapeHtml(r.body)}” · ${escapeHtml(r.at)} · webhook answered ${r.answered || "nothing"}</p>`).join("\n")}
<form method="post" action="/texts/${encodeURIComponent(t.id)}/reply"><label>Reply as ${escapeHtml(t.to)} <input name="body" value="STOP" maxlength="160" required></label> <button>Reply</button></form></article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Text sink</title>
<style>body{font:15px/1.4 system-ui,sans-serif;margin:1rem;max-width:60rem}article{border:1px solid #ccc;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}.meta,.reply{color:#444;margin:0}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}</style></head>
<body><main><h1>Text sink</h1>
<p>Every text message the demo sent (follow-ups to homeowners), newest first. ${texts.length} in all; reload for new ones. A reply goes to the widget's inbound webhook signed as Twilio would sign it: STOP ends the texts to that phone, START brings them back.</p>
${items || "<p>Nothing yet: start a quote, tick the texts box, and leave.</p>"}
</main></body></html>`;
}

export function createTextSink(options: TextSinkOptions): TextSink {
  const now = options.now ?? (() => new Date());
  const authToken = options.authToken ?? DEMO_SMS_AUTH_TOKEN;
  const sent: SunkText[] = [];
  // Twilio blocks a number that replied STOP to the sender (error 21610) until START.
  const optedOut = new Set<string>();

  async function reportDelivered(text: SunkText) {
    if (!text.statusCallback) return;
    text.status = "delivered";
    const params = { AccountSid: DEMO_ACCOUNT_SID, ApiVersion: "2010-04-01", From: text.from, MessageSid: text.id, MessageStatus: "delivered", SmsSid: text.id, SmsStatus: "delivered", To: text.to };
    const answered = await postSigned(text.statusCallback, params, authToken, options.fetch);
    if (answered !== 200) console.warn(`[text sink] status callback for ${text.id} answered ${answered || "nothing"}`);
  }

  const port: SmsPort = {
    name: "demo text sink",
    live: true,
    from: DEMO_SMS_FROM,
    async send(message: SmsMessage) {
      if (!E164.test(message.to)) throw new SmsSendError(`Invalid 'To' Phone Number: ${message.to}`, false, "21211");
      if (optedOut.has(message.to)) throw new SmsSendError("Attempt to send to unsubscribed recipient", false, "21610");
      const text: SunkText = { id: newSid(), sentAt: now().toISOString(), to: message.to, from: DEMO_SMS_FROM, body: message.body, statusCallback: message.statusCallback ?? null, status: "sent", replies: [] };
      sent.push(text);
      if (options.deliveryReports ?? true) setImmediate(() => void reportDelivered(text).catch(() => undefined));
      return { id: text.id };
    },
  };

  const app = new Hono();
  app.get("/texts.json", (c) => c.json({ texts: sent }));
  app.get("/", (c) => c.html(renderPage(sent, optedOut)));
  app.post("/texts/:id/reply", async (c) => {
    const text = sent.find((t) => t.id === c.req.param("id"));
    if (!text) return c.text("no such text", 404);
    const body = String((await c.req.parseBody()).body ?? "").slice(0, 160);
    const params = { AccountSid: DEMO_ACCOUNT_SID, ApiVersion: "2010-04-01", Body: body, From: text.to, MessageSid: newSid(), NumMedia: "0", NumSegments: "1", SmsStatus: "received", To: text.from };
    const keyword = smsKeyword(body);
    if (keyword === "opt-out") optedOut.add(text.to);
    if (keyword === "opt-in") optedOut.delete(text.to);
    const answered = await postSigned(options.inboundUrl, params, authToken, options.fetch);
    text.replies.push({ body, at: now().toISOString(), answered });
    return c.redirect("/", 303);
  });

  return { app, port, texts: () => sent.slice(), authToken };
}
