// The demo's webhook receiver, on its own port: what a company's own server would do with
// the backend's webhooks (docs/api.md "Webhooks"). POST /webhook verifies the signature with
// the company's secret, drops a repeated event id, and keeps what it got; GET / lists it as a
// page, GET /received.json as JSON (tests read it).
import { Hono } from "hono";
import { EVENT_ID_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhook } from "../../server/webhooks/signature.ts";

export interface ReceivedEvent {
  eventId: string;
  type: string;
  companyId: string;
  receivedAt: string;
  payload: unknown;
}

export interface ReceiverOptions {
  /** The company's webhook secret (undefined: the company is unknown here). */
  secretFor: (companyId: string) => string | undefined;
  now?: () => Date;
}

export interface Receiver {
  app: Hono;
  /** Events in the order received, each event id once. */
  events(): ReceivedEvent[];
  /** Deliveries refused (bad signature) and duplicates dropped, for the page and tests. */
  counts(): { accepted: number; duplicates: number; refused: number };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch] ?? ch);

/** A short line about what the event says, for the page. */
function summary(payload: unknown): string {
  const data = (payload as { data?: Record<string, unknown> } | undefined)?.data ?? {};
  const contact = data.contact as { firstName?: string; lastName?: string } | undefined;
  const parts = [
    contact ? `${contact.firstName ?? ""} ${contact.lastName ?? ""}`.trim() : "",
    typeof data.value === "string" ? `${data.value} ${String(data.currency ?? "")}` : "",
    typeof data.reason === "string" ? `reason: ${data.reason}` : "",
    typeof data.date === "string" ? `on ${data.date}` : "",
    typeof data.quoteId === "string" ? `quote ${data.quoteId}` : "",
  ];
  return parts.filter(Boolean).join(" · ");
}

export function createReceiver(options: ReceiverOptions): Receiver {
  const app = new Hono();
  const now = options.now ?? (() => new Date());
  const received: ReceivedEvent[] = [];
  const seen = new Set<string>();
  const counts = { accepted: 0, duplicates: 0, refused: 0 };

  app.post("/webhook", async (c) => {
    const body = await c.req.text();
    let parsed: { id?: unknown; type?: unknown; companyId?: unknown };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      counts.refused += 1;
      return c.json({ ok: false, reason: "malformed" }, 400);
    }
    const companyId = typeof parsed.companyId === "string" ? parsed.companyId : "";
    const secret = options.secretFor(companyId);
    const verdict = secret
      ? verifyWebhook({ secret, body, timestampHeader: c.req.header(TIMESTAMP_HEADER), signatureHeader: c.req.header(SIGNATURE_HEADER), now: Math.floor(now().getTime() / 1000) })
      : ({ ok: false, reason: "unknown company" } as const);
    const eventId = c.req.header(EVENT_ID_HEADER) ?? "";
    if (!verdict.ok || eventId !== parsed.id) {
      counts.refused += 1;
      return c.json({ ok: false, reason: verdict.ok ? "event id differs from the body" : verdict.reason }, 401);
    }
    // At least once: a repeated id is answered 200 (so it is not sent again) and dropped.
    if (seen.has(eventId)) {
      counts.duplicates += 1;
      return c.json({ ok: true, duplicate: true });
    }
    seen.add(eventId);
    counts.accepted += 1;
    received.push({ eventId, type: String(parsed.type), companyId, receivedAt: now().toISOString(), payload: JSON.parse(body) as unknown });
    return c.json({ ok: true, duplicate: false });
  });

  app.get("/received.json", (c) => c.json({ events: received, counts }));

  app.get("/", (c) => {
    const rows = received
      .slice()
      .reverse()
      .map(
        (event) =>
          `<tr><td>${escapeHtml(event.receivedAt)}</td><td>${escapeHtml(event.type)}</td><td>${escapeHtml(event.companyId)}</td><td>${escapeHtml(summary(event.payload))}</td><td><code>${escapeHtml(event.eventId)}</code></td></tr>`,
      )
      .join("\n");
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Webhook receiver</title>
<style>body{font:15px/1.4 system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem;text-align:left}</style></head>
<body><main><h1>Webhook receiver</h1>
<p>What the demo companies' webhooks delivered, newest first, each signature verified (reload the page for new ones).
Accepted: ${counts.accepted}. Duplicates dropped: ${counts.duplicates}. Refused (bad signature): ${counts.refused}.</p>
<table><thead><tr><th scope="col">Received</th><th scope="col">Event</th><th scope="col">Company</th><th scope="col">What</th><th scope="col">Event id</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">Nothing yet: start a quote in the demo.</td></tr>'}
</tbody></table></main></body></html>`);
  });

  return { app, events: () => received.slice(), counts: () => ({ ...counts }) };
}
