// The demo's mail sink (issue 24), standing for the staff's mailboxes: an SMTP server on this
// machine that keeps every message it is given, and a page on its own origin listing them,
// newest first, so `npm start` shows the console's sign-in links and alerts without any outside
// service. GET /messages.json gives them to tests. Text bodies only (escaped, links made
// clickable): a message's HTML is never put into the page. The in-process demo site (tests)
// hands messages over without SMTP: `transport()` is a nodemailer transport that gives each
// message, as the MIME text SMTP would carry, to the same store.
import type { Readable } from "node:stream";
import { Hono } from "hono";
import { simpleParser } from "mailparser";
import type { Transport } from "nodemailer";
import { SMTPServer } from "smtp-server";

export interface SunkMessage {
  id: number;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  messageId: string | null;
  text: string;
  html: string;
}

export interface MailSink {
  app: Hono;
  /** Starts the SMTP server on 127.0.0.1 (`port` 0: any free port); returns its smtp:// URL. */
  listen(port?: number): Promise<string>;
  /** Stops the SMTP server (the page keeps what it got). */
  close(): Promise<void>;
  messages(): SunkMessage[];
  /** A nodemailer transport into this sink, no SMTP port: what the in-process demo site sends with. */
  transport(): Transport;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** Escaped text with its http(s) and tel: links made clickable. */
export const linkify = (text: string) =>
  escapeHtml(text).replace(/(https?:\/\/[^\s<]+|tel:[+\d]+)/g, (url) => `<a href="${url}">${url}</a>`);

export function createMailSink(options: { now?: () => Date } = {}): MailSink {
  const now = options.now ?? (() => new Date());
  const received: SunkMessage[] = [];
  let server: SMTPServer | undefined;

  /** One message as SMTP carries it (the MIME text and its envelope), kept. */
  async function keep(stream: Readable, envelope: { from: string; to: string[] }): Promise<void> {
    const parsed = await simpleParser(stream);
    received.push({
      id: received.length + 1,
      receivedAt: now().toISOString(),
      from: envelope.from,
      to: envelope.to,
      subject: parsed.subject ?? "",
      messageId: parsed.messageId ?? null,
      text: parsed.text ?? "",
      html: typeof parsed.html === "string" ? parsed.html : "",
    });
  }

  const app = new Hono();
  app.get("/messages.json", (c) => c.json({ messages: received }));
  app.get("/", (c) => {
    const items = received
      .slice()
      .reverse()
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to.join(", "))} · from ${escapeHtml(m.from)} · ${escapeHtml(m.receivedAt)}</p>
<pre>${linkify(m.text)}</pre></article>`,
      )
      .join("\n");
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mail sink</title>
<style>body{font:15px/1.4 system-ui,sans-serif;margin:1rem;max-width:60rem}article{border:1px solid #ccc;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}h2{font-size:1.1rem;margin:.3rem 0}.meta{color:#444;margin:0;overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}</style></head>
<body><main><h1>Mail sink</h1>
<p>Every e-mail the demo sent (console sign-in links and alerts), newest first. ${received.length} in all; reload for new ones.</p>
${items || "<p>Nothing yet: ask for a sign-in link at the console, or start a quote.</p>"}
</main></body></html>`);
  });

  return {
    app,
    listen: (port = 0) =>
      new Promise((resolve, reject) => {
        const smtp = new SMTPServer({
          authOptional: true,
          disabledCommands: ["STARTTLS", "AUTH"],
          banner: "Quote Assistant demo mail sink",
          logger: false,
          onData(stream, session, callback) {
            keep(stream, { from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "", to: session.envelope.rcptTo.map((rcpt) => rcpt.address) })
              .then(() => callback())
              .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
          },
        });
        smtp.once("error", reject);
        smtp.listen(port, "127.0.0.1", () => {
          server = smtp;
          const address = smtp.server.address();
          resolve(`smtp://127.0.0.1:${typeof address === "object" && address ? address.port : port}`);
        });
      }),
    close: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        const closing = server;
        server = undefined;
        closing.close(() => resolve());
      }),
    messages: () => received.slice(),
    transport: () => ({
      name: "demo-mail-sink",
      version: "1",
      send(mail, callback) {
        const envelope = mail.message.getEnvelope();
        const to = envelope.to.map(String);
        keep(mail.message.createReadStream(), { from: envelope.from || "", to })
          .then(() => callback(null, { envelope, messageId: mail.message.messageId(), accepted: to, rejected: [], pending: [], response: "250 kept by the demo mail sink" }))
          .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), undefined as never));
      },
    }),
  };
}
