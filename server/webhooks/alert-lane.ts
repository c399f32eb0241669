// Alert e-mails under a burst (issue 34): 1,000 quote starts in a minute must not become 1,000
// e-mails in the owner's inbox, nor bury a sign-in link. Each alert address gets at most
// `perMinute` e-mails in any 60 s; what comes beyond is folded at once into the address's one
// waiting digest ('27 new leads since 14:02 UTC'), which goes when the window frees and counts
// as one e-mail: a burst of any length is one digest per freed slot, not a backlog. The plan is pure
// (tested as a table); the worker (webhook-worker.ts) claims the alert lane, asks the outbox for
// each address's recent sends, and carries the plan out.
import { randomUUID } from "node:crypto";
import { DIGEST_LISTED, tally } from "../console/mail.ts";
import { DIGEST_EVENT_PREFIX, type NewDigest, type OutboxRow } from "../db/outbox-store.ts";

export const ALERT_WINDOW_MS = 60_000;
/** E-mails per alert address in any 60 s, digests included (default of the worker's `alertsPerMinute`). */
export const DEFAULT_ALERTS_PER_MINUTE = 5;

export interface RecentSends {
  count: number;
  /** When the oldest of them was sent (ISO), or null for none. */
  oldest: string | null;
}

/** What a plan needs of a row: the worker plans on due rows read without their payloads. */
type Plannable = Pick<OutboxRow, "url" | "eventId" | "companyId">;

export interface AlertPlan<R extends Plannable = OutboxRow> {
  /** Rows sent one by one, as they are (digests always are). */
  send: R[];
  /**
   * Rows folded into the address's digest: the one still waiting to go if there is one,
   * otherwise a new one due at `dueAt` (now when the window has room, else when it frees).
   */
  fold: Array<{ rows: R[]; url: string; companyId: string; dueAt: string }>;
}

export const isDigest = (row: Pick<OutboxRow, "eventId">): boolean => row.eventId.startsWith(DIGEST_EVENT_PREFIX);

/**
 * What to do with due alert rows, given each address's sends in the last minute. Per
 * address: digests go; alerts go one by one while they all fit under the cap; otherwise they
 * fold into the address's digest, due now when the window has room and else when the oldest
 * recent send leaves it. An alert is settled in the pass that reads it: a burst is never
 * given back to wait and read again.
 */
export function planAlerts<R extends Plannable>(rows: readonly R[], recent: ReadonlyMap<string, RecentSends>, perMinute: number, now: Date): AlertPlan<R> {
  const plan: AlertPlan<R> = { send: [], fold: [] };
  const byUrl = new Map<string, R[]>();
  for (const row of rows) byUrl.set(row.url, [...(byUrl.get(row.url) ?? []), row]);
  for (const [url, group] of byUrl) {
    const digests = group.filter(isDigest);
    const alerts = group.filter((row) => !isDigest(row));
    plan.send.push(...digests);
    if (alerts.length === 0) continue;
    const sent = recent.get(url) ?? { count: 0, oldest: null };
    const inWindow = sent.count + digests.length;
    if (inWindow + alerts.length <= perMinute) {
      plan.send.push(...alerts);
      continue;
    }
    let due = now.getTime();
    if (inWindow >= perMinute) due = (sent.oldest ? Math.max(Date.parse(sent.oldest), now.getTime() - ALERT_WINDOW_MS) : now.getTime()) + ALERT_WINDOW_MS;
    plan.fold.push({ rows: alerts, url, companyId: alerts[0]!.companyId, dueAt: new Date(due).toISOString() });
  }
  return plan;
}

interface DigestEvent {
  type: string;
  createdAt: string;
  data: Record<string, unknown>;
}

/** Each folded row as a digest needs it: its type, time and what names the lead (not the whole payload). */
const eventsOf = (rows: readonly OutboxRow[]): DigestEvent[] =>
  rows.map((row) => {
    const { type, createdAt, data } = JSON.parse(row.payload) as DigestEvent;
    const { quoteId, contactId, contact } = data;
    return { type, createdAt, data: { quoteId, contactId, contact } };
  });

/** A digest's data from its events (the oldest DIGEST_LISTED kept, oldest first) and every event's count by type. */
function digestData(events: readonly DigestEvent[], counts: Record<string, number>) {
  const oldestFirst = [...events].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  return { since: oldestFirst[0]!.createdAt, events: oldestFirst.slice(0, DIGEST_LISTED), counts };
}

const addCounts = (a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): Record<string, number> => {
  const sum = { ...a };
  for (const [type, count] of Object.entries(b)) sum[type] = (sum[type] ?? 0) + count;
  return sum;
};

/**
 * A new digest's outbox row: the events it lists (the oldest DIGEST_LISTED, oldest first) and
 * every folded event counted by type. A burst's digest stays a few kilobytes: it was every
 * event, 150 KB for a thousand, written and read on the API's thread for 25 lines of e-mail.
 * Its payload is made when asked for: under a burst the fold is merged into the digest that
 * waits, and each folded row's JSON was read twice, once for a digest never written.
 */
export function digestOf(fold: AlertPlan["fold"][number], now: Date): NewDigest {
  const eventId = DIGEST_EVENT_PREFIX + randomUUID();
  const createdAt = now.toISOString();
  const payload = () => {
    const events = eventsOf(fold.rows);
    const data = digestData(events, tally(events.map((event) => event.type)));
    return JSON.stringify({ id: eventId, type: "digest", createdAt, companyId: fold.companyId, data });
  };
  return { eventId, url: fold.url, companyId: fold.companyId, payload, createdAt, dueAt: fold.dueAt };
}

/** A waiting digest's payload with the fold's events added: its id and time kept, its list and counts grown. */
export function mergeDigest(payload: string, fold: AlertPlan["fold"][number]): string {
  const digest = JSON.parse(payload) as { data: { events: DigestEvent[]; counts?: Record<string, number> } };
  const events = eventsOf(fold.rows);
  const before = digest.data.counts ?? tally(digest.data.events.map((event) => event.type));
  const data = digestData([...digest.data.events, ...events], addCounts(before, tally(events.map((event) => event.type))));
  return JSON.stringify({ ...digest, data });
}
