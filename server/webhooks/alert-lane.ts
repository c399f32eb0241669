// Alert e-mails under a burst (issue 34): 1,000 quote starts in a minute must not become 1,000
// e-mails in the owner's inbox, nor bury a sign-in link. Each alert address gets at most
// `perMinute` e-mails in any 60 s; what comes beyond waits for the window to free and then goes
// as one digest ('27 new leads since 14:02 UTC'), which counts as one e-mail. The plan is pure
// (tested as a table); the worker (webhook-worker.ts) claims the alert lane, asks the outbox for
// each address's recent sends, and carries the plan out.
import { randomUUID } from "node:crypto";
import { DIGEST_LISTED, tally } from "../console/mail.ts";
import { DIGEST_EVENT_PREFIX, type OutboxRow } from "../db/outbox-store.ts";

export const ALERT_WINDOW_MS = 60_000;
/** E-mails per alert address in any 60 s, digests included (default of the worker's `alertsPerMinute`). */
export const DEFAULT_ALERTS_PER_MINUTE = 5;

export interface RecentSends {
  count: number;
  /** When the oldest of them was sent (ISO), or null for none. */
  oldest: string | null;
}

export interface AlertPlan {
  /** Rows sent one by one, as they are (digests always are). */
  send: OutboxRow[];
  /** Rows given back until the address's window has room again. */
  postpone: Array<{ rows: OutboxRow[]; until: string }>;
  /** Rows folded into one digest per address. */
  fold: Array<{ rows: OutboxRow[]; url: string; companyId: string }>;
}

export const isDigest = (row: Pick<OutboxRow, "eventId">): boolean => row.eventId.startsWith(DIGEST_EVENT_PREFIX);

/**
 * What to do with claimed alert rows, given each address's sends in the last minute. Per
 * address: digests go; alerts go one by one while they fit under the cap; when the cap is
 * already reached they wait until the oldest recent send leaves the window; otherwise (room,
 * but not for all of them) they fold into one digest.
 */
export function planAlerts(rows: readonly OutboxRow[], recent: ReadonlyMap<string, RecentSends>, perMinute: number, now: Date): AlertPlan {
  const plan: AlertPlan = { send: [], postpone: [], fold: [] };
  const byUrl = new Map<string, OutboxRow[]>();
  for (const row of rows) byUrl.set(row.url, [...(byUrl.get(row.url) ?? []), row]);
  for (const [url, group] of byUrl) {
    const digests = group.filter(isDigest);
    const alerts = group.filter((row) => !isDigest(row));
    plan.send.push(...digests);
    if (alerts.length === 0) continue;
    const sent = recent.get(url) ?? { count: 0, oldest: null };
    const inWindow = sent.count + digests.length;
    if (inWindow + alerts.length <= perMinute) plan.send.push(...alerts);
    else if (inWindow >= perMinute) {
      const from = sent.oldest ? Math.max(Date.parse(sent.oldest), now.getTime() - ALERT_WINDOW_MS) : now.getTime();
      plan.postpone.push({ rows: alerts, until: new Date(from + ALERT_WINDOW_MS).toISOString() });
    } else plan.fold.push({ rows: alerts, url, companyId: alerts[0]!.companyId });
  }
  return plan;
}

/**
 * The digest's outbox row: the events it lists (the oldest DIGEST_LISTED, oldest first) and
 * every folded event counted by type. A burst's digest stays a few kilobytes: it was every
 * event, 150 KB for a thousand, written and read on the API's thread for 25 lines of e-mail.
 */
export function digestOf(fold: AlertPlan["fold"][number], now: Date): { eventId: string; url: string; companyId: string; payload: string; createdAt: string } {
  const eventId = DIGEST_EVENT_PREFIX + randomUUID();
  // Each event as the digest needs it: its type, time and what names the lead (not the whole payload).
  const events = fold.rows
    .map((row) => {
      const { type, createdAt, data } = JSON.parse(row.payload) as { type: string; createdAt: string; data: Record<string, unknown> };
      const { quoteId, contactId, contact } = data;
      return { type, createdAt, data: { quoteId, contactId, contact } };
    })
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  const createdAt = now.toISOString();
  const since = events[0]!.createdAt;
  const counts = tally(events.map((event) => event.type));
  const payload = JSON.stringify({ id: eventId, type: "digest", createdAt, companyId: fold.companyId, data: { since, events: events.slice(0, DIGEST_LISTED), counts } });
  return { eventId, url: fold.url, companyId: fold.companyId, payload, createdAt };
}
