// The alert lane's plan, as a table (webhooks/alert-lane.ts): per address, digests always go;
// alerts go one by one while they fit under the cap with the last minute's sends, wait for
// the window when the cap is reached, and fold into one digest otherwise. And a digest's
// headline counts the events by type.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DIGEST_LISTED, digestCounts, renderMail } from "../../../server/console/mail.ts";
import { DIGEST_EVENT_PREFIX, type OutboxRow } from "../../../server/db/outbox-store.ts";
import { digestOf, planAlerts, type RecentSends } from "../../../server/webhooks/alert-lane.ts";

const NOW = new Date("2026-11-27T14:05:00.000Z");
let ids = 0;
const row = (url: string, digest = false): OutboxRow => {
  ids++;
  return {
    id: ids,
    eventId: digest ? `${DIGEST_EVENT_PREFIX}${ids}` : `event-${ids}`,
    eventType: "lead",
    companyId: "greenway-lawn",
    url,
    payload: JSON.stringify({ id: `event-${ids}`, type: "lead", createdAt: `2026-11-27T14:0${ids % 5}:00.000Z`, companyId: "greenway-lawn", data: { quoteId: `q-${ids}`, email: "not copied" } }),
    state: "pending",
    attempts: 0,
    nextAttemptAt: NOW.toISOString(),
    claimedUntil: "2026-11-27T14:06:00.000Z",
  };
};
const A = "mailto:a@example.com";
const B = "mailto:b@example.com";
const rows = (url: string, count: number) => Array.from({ length: count }, () => row(url));

describe("planAlerts (cap 5 a minute per address)", () => {
  const cases: Array<{ what: string; claimed: OutboxRow[]; recent: Record<string, RecentSends>; send: number; postponed: number; until?: string; folded: number[] }> = [
    { what: "nothing claimed", claimed: [], recent: {}, send: 0, postponed: 0, folded: [] },
    { what: "3 alerts, none sent lately: each its own", claimed: rows(A, 3), recent: {}, send: 3, postponed: 0, folded: [] },
    { what: "5 alerts: exactly the cap", claimed: rows(A, 5), recent: {}, send: 5, postponed: 0, folded: [] },
    { what: "6 alerts: one digest", claimed: rows(A, 6), recent: {}, send: 0, postponed: 0, folded: [6] },
    { what: "2 alerts after 3 sends: still under the cap", claimed: rows(A, 2), recent: { [A]: { count: 3, oldest: "2026-11-27T14:04:30.000Z" } }, send: 2, postponed: 0, folded: [] },
    { what: "3 alerts after 3 sends: a digest", claimed: rows(A, 3), recent: { [A]: { count: 3, oldest: "2026-11-27T14:04:30.000Z" } }, send: 0, postponed: 0, folded: [3] },
    {
      what: "cap reached: they wait until the oldest send leaves the window",
      claimed: rows(A, 4),
      recent: { [A]: { count: 5, oldest: "2026-11-27T14:04:30.000Z" } },
      send: 0,
      postponed: 4,
      until: "2026-11-27T14:05:30.000Z",
      folded: [],
    },
    { what: "a digest always goes, and counts: 4 alerts beside it after 0 sends fold", claimed: [row(A, true), ...rows(A, 5)], recent: {}, send: 1, postponed: 0, folded: [5] },
    { what: "addresses are counted apart", claimed: [...rows(A, 2), ...rows(B, 7)], recent: { [A]: { count: 1, oldest: "2026-11-27T14:04:50.000Z" } }, send: 2, postponed: 0, folded: [7] },
  ];
  for (const { what, claimed, recent, send, postponed, until, folded } of cases) {
    test(what, () => {
      const plan = planAlerts(claimed, new Map(Object.entries(recent)), 5, NOW);
      assert.equal(plan.send.length, send, "sent one by one");
      assert.equal(plan.postpone.flatMap((p) => p.rows).length, postponed, "postponed");
      if (until) assert.deepEqual(plan.postpone.map((p) => p.until), [until]);
      assert.deepEqual(plan.fold.map((f) => f.rows.length), folded, "folded");
      // Every claimed row has exactly one fate.
      const fates = [...plan.send, ...plan.postpone.flatMap((p) => p.rows), ...plan.fold.flatMap((f) => f.rows)].map((r) => r.id).sort((x, y) => x - y);
      assert.deepEqual(fates, claimed.map((r) => r.id).sort((x, y) => x - y));
    });
  }
});

describe("a digest", () => {
  test("names the folded events oldest first in time, with only what names the lead", () => {
    const folded = rows(A, 3);
    const digest = digestOf({ rows: folded, url: A, companyId: "greenway-lawn" }, NOW);
    const payload = JSON.parse(digest.payload) as { id: string; type: string; data: { since: string; events: Array<{ data: Record<string, unknown> }> } };
    assert.ok(digest.eventId.startsWith(DIGEST_EVENT_PREFIX));
    assert.equal(payload.id, digest.eventId);
    assert.equal(payload.type, "digest");
    assert.equal(payload.data.events.length, 3);
    const times = folded.map((r) => (JSON.parse(r.payload) as { createdAt: string }).createdAt).sort();
    assert.equal(payload.data.since, times[0]);
    assert.deepEqual(Object.keys(payload.data.events[0]!.data), ["quoteId"]);
  });

  test(`a burst's digest keeps the ${DIGEST_LISTED} oldest events and counts every one; its e-mail says how many more`, async () => {
    const folded = rows(A, 40).reverse();
    const digest = digestOf({ rows: folded, url: A, companyId: "greenway-lawn" }, NOW);
    const payload = JSON.parse(digest.payload) as { data: { events: Array<{ createdAt: string }>; counts: Record<string, number> } };
    assert.equal(payload.data.events.length, DIGEST_LISTED);
    assert.deepEqual(payload.data.counts, { lead: 40 });
    const times = payload.data.events.map((event) => event.createdAt);
    assert.deepEqual(times, [...times].sort(), "oldest first");
    assert.equal(times[0], folded.map((r) => (JSON.parse(r.payload) as { createdAt: string }).createdAt).sort()[0]);
    const mail = await renderMail({ ...folded[0]!, eventId: digest.eventId, payload: digest.payload }, { publicOrigin: "https://quotes.example.com", findLead: async () => undefined });
    assert.match(mail.subject, /^40 new leads since /);
    assert.match(mail.text, /And 15 more: /);
  });

  test("a digest written before the counts (every event listed) still says how many", async () => {
    const events = Array.from({ length: 30 }, (_, i) => ({ type: i < 28 ? "lead" : "purchase", createdAt: "2026-11-27T14:02:00.000Z", data: {} }));
    const payload = JSON.stringify({ id: "digest:old", type: "digest", createdAt: NOW.toISOString(), companyId: "greenway-lawn", data: { since: "2026-11-27T14:02:00.000Z", events } });
    const mail = await renderMail({ ...row(A, true), payload }, { publicOrigin: "https://quotes.example.com", findLead: async () => undefined });
    assert.equal(mail.subject, "28 new leads and 2 new sales since 14:02 UTC");
    assert.match(mail.text, /And 5 more: /);
  });

  const counts: Array<[string[], string]> = [
    [["lead"], "1 new lead"],
    [["lead", "lead"], "2 new leads"],
    [["purchase", "lead", "lead"], "2 new leads and 1 new sale"],
    [["booking", "objection", "lead", "purchase", "purchase"], "1 new lead, 1 homeowner thinking about it, 2 new sales and 1 new booking"],
  ];
  for (const [types, expected] of counts) test(`${types.join(", ")} → ${expected}`, () => assert.equal(digestCounts(types), expected));
});
