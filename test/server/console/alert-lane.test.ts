// The alert lane's plan, as a table (webhooks/alert-lane.ts): per address, digests always go;
// alerts go one by one while they fit under the cap with the last minute's sends, and fold
// into the address's digest otherwise: due now when the window has room, when it frees when
// the cap is reached. A waiting digest grows by merging. And a digest's headline counts the
// events by type.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DIGEST_LISTED, digestCounts, renderMail } from "../../../server/console/mail.ts";
import { DIGEST_EVENT_PREFIX, type OutboxRow } from "../../../server/db/outbox-store.ts";
import { digestOf, mergeDigest, planAlerts, type RecentSends } from "../../../server/webhooks/alert-lane.ts";

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
  const at = NOW.toISOString();
  const cases: Array<{ what: string; claimed: OutboxRow[]; recent: Record<string, RecentSends>; send: number; folded: Array<[number, string]> }> = [
    { what: "nothing claimed", claimed: [], recent: {}, send: 0, folded: [] },
    { what: "3 alerts, none sent lately: each its own", claimed: rows(A, 3), recent: {}, send: 3, folded: [] },
    { what: "5 alerts: exactly the cap", claimed: rows(A, 5), recent: {}, send: 5, folded: [] },
    { what: "6 alerts: one digest, due now", claimed: rows(A, 6), recent: {}, send: 0, folded: [[6, at]] },
    { what: "2 alerts after 3 sends: still under the cap", claimed: rows(A, 2), recent: { [A]: { count: 3, oldest: "2026-11-27T14:04:30.000Z" } }, send: 2, folded: [] },
    { what: "3 alerts after 3 sends: a digest, due now", claimed: rows(A, 3), recent: { [A]: { count: 3, oldest: "2026-11-27T14:04:30.000Z" } }, send: 0, folded: [[3, at]] },
    {
      what: "cap reached: a digest due when the oldest send leaves the window",
      claimed: rows(A, 4),
      recent: { [A]: { count: 5, oldest: "2026-11-27T14:04:30.000Z" } },
      send: 0,
      folded: [[4, "2026-11-27T14:05:30.000Z"]],
    },
    {
      what: "cap counted with an oldest send already out of the window (a clock step): due now, never in the past",
      claimed: rows(A, 1),
      recent: { [A]: { count: 5, oldest: "2026-11-27T14:03:00.000Z" } },
      send: 0,
      folded: [[1, at]],
    },
    { what: "a digest always goes, and counts: 5 alerts beside it after 0 sends fold", claimed: [row(A, true), ...rows(A, 5)], recent: {}, send: 1, folded: [[5, at]] },
    { what: "addresses are counted apart", claimed: [...rows(A, 2), ...rows(B, 7)], recent: { [A]: { count: 1, oldest: "2026-11-27T14:04:50.000Z" } }, send: 2, folded: [[7, at]] },
  ];
  for (const { what, claimed, recent, send, folded } of cases) {
    test(what, () => {
      const plan = planAlerts(claimed, new Map(Object.entries(recent)), 5, NOW);
      assert.equal(plan.send.length, send, "sent one by one");
      assert.deepEqual(
        plan.fold.map((f) => [f.rows.length, f.dueAt]),
        folded,
        "folded, and when the digest is due",
      );
      // Every claimed row has exactly one fate, in this pass.
      const fates = [...plan.send, ...plan.fold.flatMap((f) => f.rows)].map((r) => r.id).sort((x, y) => x - y);
      assert.deepEqual(fates, claimed.map((r) => r.id).sort((x, y) => x - y));
    });
  }
});

describe("a digest", () => {
  test("names the folded events oldest first in time, with only what names the lead", () => {
    const folded = rows(A, 3);
    const digest = digestOf({ rows: folded, url: A, companyId: "greenway-lawn", dueAt: NOW.toISOString() }, NOW);
    const payload = JSON.parse(digest.payload()) as { id: string; type: string; data: { since: string; events: Array<{ data: Record<string, unknown> }> } };
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
    const digest = digestOf({ rows: folded, url: A, companyId: "greenway-lawn", dueAt: NOW.toISOString() }, NOW);
    const payload = JSON.parse(digest.payload()) as { data: { events: Array<{ createdAt: string }>; counts: Record<string, number> } };
    assert.equal(payload.data.events.length, DIGEST_LISTED);
    assert.deepEqual(payload.data.counts, { lead: 40 });
    const times = payload.data.events.map((event) => event.createdAt);
    assert.deepEqual(times, [...times].sort(), "oldest first");
    assert.equal(times[0], folded.map((r) => (JSON.parse(r.payload) as { createdAt: string }).createdAt).sort()[0]);
    const mail = await renderMail({ ...folded[0]!, eventId: digest.eventId, payload: digest.payload() }, { publicOrigin: "https://quotes.example.com", findLead: async () => undefined });
    assert.match(mail.subject, /^40 new leads since /);
    assert.match(mail.text, /And 15 more: /);
  });

  test("a waiting digest merged with more alerts keeps its id and time, the oldest 25 events and the sum of the counts", () => {
    const first = rows(A, 20);
    const digest = digestOf({ rows: first, url: A, companyId: "greenway-lawn", dueAt: NOW.toISOString() }, NOW);
    const more = [...rows(A, 12), { ...row(A), eventType: "purchase" as const, payload: JSON.stringify({ type: "purchase", createdAt: "2026-11-27T13:59:00.000Z", data: { quoteId: "q-sale" } }) }];
    const merged = JSON.parse(mergeDigest(digest.payload(), { rows: more, url: A, companyId: "greenway-lawn", dueAt: NOW.toISOString() })) as {
      id: string;
      createdAt: string;
      data: { since: string; events: Array<{ type: string; createdAt: string }>; counts: Record<string, number> };
    };
    const before = JSON.parse(digest.payload()) as { id: string; createdAt: string };
    assert.equal(merged.id, before.id);
    assert.equal(merged.createdAt, before.createdAt);
    assert.deepEqual(merged.data.counts, { lead: 32, purchase: 1 });
    assert.equal(merged.data.events.length, DIGEST_LISTED);
    assert.equal(merged.data.since, "2026-11-27T13:59:00.000Z", "the sale is the oldest event");
    assert.equal(merged.data.events[0]!.type, "purchase");
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
