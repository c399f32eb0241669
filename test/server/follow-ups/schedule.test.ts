// When each follow-up goes (server/follow-ups/schedule.ts): the next step counted from the
// last activity, the channel's conditions, and quiet hours in the homeowner's time zone.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { DEFAULT_FOLLOW_UPS, followUpsOf, textsInSchedule, type FollowUps } from "../../../src/config/follow-ups.ts";
import { localMinutes, nextStep, outsideQuietHours, toE164, type QuoteFacts } from "../../../server/follow-ups/schedule.ts";

const LEFT = new Date("2026-06-10T14:00:00Z"); // 10:00 in New York (EDT)
const facts = (over: Partial<QuoteFacts> = {}): QuoteFacts => ({
  lastActivityAt: LEFT,
  planned: 0,
  phoneE164: "+16145550123",
  email: "pat@example.com",
  textConsent: true,
  textsLive: true,
  phoneOptedOut: false,
  emailOptedOut: false,
  timeZone: "America/New_York",
  ...over,
});
const schedule: FollowUps = { ...DEFAULT_FOLLOW_UPS, postalAddress: "12 Elm St, Dublin, OH 43017" };
const minutesAfter = (minutes: number) => new Date(LEFT.getTime() + minutes * 60_000);

describe("the next step", () => {
  const cases: Array<[string, Partial<QuoteFacts>, number, string]> = [
    ["14 minutes after leaving: wait for the text", {}, 14, "wait"],
    ["15 minutes after: the text", {}, 15, "send sms +16145550123"],
    ["no box ticked: the text is skipped", { textConsent: false }, 15, "skip no consent to texts"],
    ["texts not configured: skipped", { textsLive: false }, 15, "skip texts are not configured"],
    ["replied STOP: skipped", { phoneOptedOut: true }, 15, "skip replied STOP"],
    ["no usable number: skipped", { phoneE164: null }, 15, "skip no mobile number"],
    ["step 2 at 3 hours: the e-mail", { planned: 1 }, 180, "send email pat@example.com"],
    ["step 2 before 3 hours: wait", { planned: 1 }, 179, "wait"],
    ["no e-mail given: skipped", { planned: 1, email: null }, 180, "skip no e-mail address"],
    ["unsubscribed: skipped", { planned: 1, emailOptedOut: true }, 180, "skip unsubscribed"],
    ["all four planned: done", { planned: 4 }, 100_000, "done"],
  ];
  for (const [name, over, minutes, expected] of cases) {
    test(name, () => {
      const next = nextStep(schedule, facts(over), minutesAfter(minutes));
      const said = next.kind === "send" ? `send ${next.channel} ${next.recipient}` : next.kind === "skip" ? `skip ${next.reason}` : next.kind;
      assert.equal(said, expected);
    });
  }

  test("follow-ups off: done at once", () => {
    assert.equal(nextStep({ ...schedule, enabled: false }, facts(), minutesAfter(60)).kind, "done");
  });

  test("no postal address: the e-mail is skipped (CAN-SPAM needs one)", () => {
    const next = nextStep(DEFAULT_FOLLOW_UPS, facts({ planned: 1 }), minutesAfter(180));
    assert.deepEqual(next.kind === "skip" && next.reason, "no postal address for the e-mail's footer");
  });

  test("a visitor who comes back restarts the count: the step waits from the new activity", () => {
    const next = nextStep(schedule, facts({ lastActivityAt: minutesAfter(10) }), minutesAfter(20));
    assert.equal(next.kind, "wait");
  });
});

describe("quiet hours (21:00-08:00 by default, the homeowner's zone)", () => {
  test("left at 20:50 in New York: the 15-minute text waits until 08:00", () => {
    const left = new Date("2026-06-10T00:50:00Z"); // 20:50 EDT on the 9th
    const next = nextStep(schedule, facts({ lastActivityAt: left }), new Date(left.getTime() + 15 * 60_000));
    assert.ok(next.kind === "send");
    assert.equal(next.dueAt.toISOString(), "2026-06-10T12:00:00.000Z"); // 08:00 EDT
  });

  test("the same moment in Los Angeles is 17:50: sent at once", () => {
    const left = new Date("2026-06-10T00:50:00Z");
    const at = new Date(left.getTime() + 15 * 60_000);
    const next = nextStep(schedule, facts({ lastActivityAt: left, timeZone: "America/Los_Angeles" }), at);
    assert.ok(next.kind === "send");
    assert.equal(next.dueAt.getTime(), at.getTime());
  });

  test("quietHours null: any hour", () => {
    const at = new Date("2026-06-10T04:00:00Z");
    assert.equal(outsideQuietHours(at, null, "America/New_York").getTime(), at.getTime());
  });

  test("property: a moved message never lands inside the quiet window, and never moves more than a day", () => {
    const zones = ["America/New_York", "America/Chicago", "America/Denver", "America/Los_Angeles", "America/Phoenix", "Pacific/Honolulu", "Europe/Madrid"];
    const clock = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
    fc.assert(
      fc.property(fc.date({ min: new Date("2026-01-01"), max: new Date("2027-12-31"), noInvalidDate: true }), fc.constantFrom(...zones), clock, clock, (at, zone, start, end) => {
        const moved = outsideQuietHours(at, { start, end }, zone);
        assert.ok(moved.getTime() >= at.getTime() - 60_000 && moved.getTime() - at.getTime() <= 86_400_000);
        if (start === end || moved.getTime() === at.getTime()) return;
        const s = Number(start.slice(0, 2)) * 60 + Number(start.slice(3));
        const e = Number(end.slice(0, 2)) * 60 + Number(end.slice(3));
        const local = localMinutes(moved, zone);
        const inside = s < e ? local >= s && local < e : local >= s || local < e;
        // A clock change inside the window may leave it an hour off: only then is it inside.
        if (inside) assert.ok(Math.abs(local - e) <= 60 || Math.abs(local - e) >= 1380, `${moved.toISOString()} in ${zone} is ${local} min, window ${start}-${end}`);
      }),
      { numRuns: 500 },
    );
  });
});

describe("the schedule in a bot's configuration", () => {
  test("absent: the default (a text at 15 min, e-mails at 3 h, 1 and 3 days)", () => {
    const got = followUpsOf({ companyName: "x" });
    assert.ok(!("error" in got));
    assert.deepEqual(got.steps.map((s) => `${s.channel}@${s.afterMinutes}`), ["sms@15", "email@180", "email@1440", "email@4320"]);
    assert.equal(textsInSchedule(got), 1);
  });
  for (const [name, followUps, message] of [
    ["a step at 0 minutes", { steps: [{ afterMinutes: 0, channel: "sms" }] }, /afterMinutes/],
    ["a fax", { steps: [{ afterMinutes: 5, channel: "fax" }] }, /channel/],
    ["a bad clock", { steps: [], quietHours: { start: "25:00", end: "08:00" } }, /time of day/],
  ] as const) {
    test(`refused: ${name}`, () => {
      const got = followUpsOf({ followUps });
      assert.ok("error" in got);
      assert.match(got.error, message);
    });
  }
  test("off: no texts counted", () => {
    const got = followUpsOf({ followUps: { enabled: false, steps: [{ afterMinutes: 1, channel: "sms" }] } });
    assert.ok(!("error" in got) && textsInSchedule(got) === 0);
  });
});

test("phone numbers as the widget keeps them, in E.164", () => {
  assert.equal(toE164("6145550123"), "+16145550123");
  assert.equal(toE164("16145550123"), "+16145550123");
  assert.equal(toE164("614555012"), null);
  assert.equal(toE164(null), null);
});
