// A burst of leads and the owner's inbox (issue 34), on SQLite and PostgreSQL, through the real
// outbox and worker with a recording mail server and a clock the test moves: a sign-in link
// goes while the alert lane is stuck on a slow SMTP server; 1,000 new leads reach the owner as
// one digest, not 1,000 alerts, and no address gets more than the cap in any minute; a quiet
// lead afterwards is an alert of its own again.
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { loadCompanyFixtures } from "../../../server/company-files.ts";
import { renderMail, type LeadSummary, type MailMessage } from "../../../server/console/mail.ts";
import { openStores, type OpenStores } from "../../../server/db/stores.ts";
import type { OutboxRow } from "../../../server/db/outbox-store.ts";
import { digestOf, mergeDigest } from "../../../server/webhooks/alert-lane.ts";
import { startWebhookWorker, type WebhookWorker } from "../../../server/webhooks/webhook-worker.ts";
import { eventually } from "../../eventually.ts";
import { useTestDatabases } from "../demo-site/postgres-server.ts";

const { kinds, newDatabase } = await useTestDatabases("digest");
const OWNER = "owner@greenway-lawn.example";
const CONSOLE = "https://quotes.example.com";
const START = Date.parse("2026-11-27T14:02:00.000Z");

/** The lead each event names, as the console's finder would give it. */
const findLead = async (_companyId: string, ref: { quoteId?: string }): Promise<LeadSummary | undefined> =>
  ref.quoteId
    ? { quoteId: ref.quoteId, name: `Homeowner ${ref.quoteId.slice(2)}`, phoneNumber: "(614) 555-0100", email: null, address: "1 Main St", serviceTypes: [], amount: null }
    : undefined;

for (const { kind, name, skip } of kinds) {
  describe(`${name}: a burst of leads and the owner's inbox`, { skip }, () => {
    let stores: OpenStores;
    let clock: number;
    let sent: Array<MailMessage & { at: number }>;
    let worker: WebhookWorker | undefined;
    /** While set, alert e-mails wait for it (a slow SMTP server); sign-in links do not. */
    let alertsHeld: Promise<void> | undefined;

    beforeEach(async () => {
      stores = await openStores(await newDatabase(kind));
      await stores.companies.replaceAll(loadCompanyFixtures({ widgetOrigin: "http://localhost:1" }));
      await stores.outbox.replaceSettings([{ companyId: "greenway-lawn", webhookUrls: [], webhookSecret: null, apiKey: null }]);
      await stores.staff.add("greenway-lawn", OWNER, "owner", "test");
      clock = START;
      sent = [];
      alertsHeld = undefined;
      worker = startWebhookWorker({
        outbox: stores.outbox,
        pollMs: 1e9, // the test runs each pass itself
        now: () => new Date(clock),
        mail: async (row: OutboxRow) => {
          if (row.eventType !== "sign-in") await alertsHeld;
          sent.push({ ...(await renderMail(row, { publicOrigin: CONSOLE, findLead })), at: clock });
        },
      });
    });
    afterEach(async () => {
      await worker?.stop();
      await stores.close();
    });

    const leads = async (count: number, from = 0) => {
      await stores.transaction(async (tx) => {
        for (let i = from; i < from + count; i++) {
          await tx.outbox.enqueue({ type: "lead", companyId: "greenway-lawn", createdAt: new Date(clock).toISOString(), data: { quoteId: `q-${i}` } });
        }
      });
    };
    const signIn = () =>
      stores.outbox.enqueueSignIn({ companyId: "greenway-lawn", email: OWNER, link: `${CONSOLE}/console/#sign-in=abc`, invitedBy: null, createdAt: new Date(clock).toISOString() });
    const pending = async () => (await stores.database.db.selectFrom("webhook_outbox").select("id").where("state", "=", "pending").execute()).length;
    /** The most e-mails the owner got in any 60 s. */
    const mostInAMinute = () => Math.max(0, ...sent.map((mail) => sent.filter((other) => other.at >= mail.at && other.at < mail.at + 60_000).length));

    test("a sign-in link goes while the alert lane waits on a slow SMTP server", async () => {
      await leads(3);
      let release!: () => void;
      alertsHeld = new Promise<void>((resolve) => (release = resolve));
      const pass = worker!.runOnce();
      await signIn();
      // A second pass: the sign-in lane runs again while the alerts' first pass is still in flight.
      const second = worker!.runOnce();
      // Released whatever happens: a held alert would otherwise hold the worker's stop, and the file, for ever.
      try {
        await eventually("the sign-in link sent", () => sent.map((mail) => mail.subject), (subjects) => subjects.length > 0);
        assert.deepEqual(
          sent.map((mail) => mail.subject),
          ["Your sign-in link to the Quote Assistant console"],
          "the sign-in link, and no alert yet: they wait on the SMTP server",
        );
      } finally {
        release();
      }
      await Promise.all([pass, second]);
      await worker!.runOnce();
      assert.equal(sent.filter((mail) => mail.subject.startsWith("New lead")).length, 3, "three leads fit under the cap: three alerts");
    });

    test("leads go on coming while the cap is reached: each pass settles its alerts into the one waiting digest, which goes when the window frees", async () => {
      // Five alerts fill the minute.
      for (let i = 0; i < 5; i++) {
        await leads(1, i);
        await worker!.runOnce();
        clock += 1000;
      }
      assert.equal(sent.length, 5);
      // Then 30 seconds of leads, 40 a second: never given back to wait, one digest row.
      for (let second = 0; second < 30; second++) {
        await leads(40, 100 + second * 40);
        await worker!.runOnce();
        assert.equal(await pending(), 1, `after second ${second}: the alerts settled, only the waiting digest pending`);
        clock += 1000;
      }
      assert.equal(sent.length, 5, "nothing more while the window is full");
      clock = START + 61_000;
      await worker!.runOnce();
      assert.equal(await pending(), 0);
      assert.deepEqual(sent.slice(5).map((mail) => mail.subject), ["1200 new leads since 14:02 UTC"]);
      assert.match(sent[5]!.text, /New lead: Homeowner 100,/, "the oldest lead first");
      assert.match(sent[5]!.text, /And 1175 more: /);
    });

    test("a fold that may go now, merged into a digest that waits, makes it go now", async () => {
      // The store alone: the worker's first pass (at its start) would claim the leads too.
      await worker!.stop();
      worker = undefined;
      await leads(2);
      const at = new Date(clock).toISOString();
      const [first, second] = await stores.outbox.peekDue(at, 10, "alert");
      const fold = (row: OutboxRow, dueAt: string) => ({ rows: [row], url: row.url, companyId: row.companyId, dueAt });
      const later = new Date(clock + 45_000).toISOString();
      const waiting = await stores.outbox.foldIntoDigest([first!.id], at, (folded) => {
        const taken = fold(folded[0]!, later);
        return { digest: digestOf(taken, new Date(clock)), merge: (payload) => mergeDigest(payload, taken) };
      });
      assert.deepEqual(waiting?.folded, 1);
      const merged = await stores.outbox.foldIntoDigest([second!.id], at, (folded) => {
        const taken = fold(folded[0]!, at);
        // Merged: the new digest's payload is never made (each folded row's JSON read once, not twice).
        const unwritten = { ...digestOf(taken, new Date(clock)), payload: () => assert.fail("a digest that waits already: no new one is written") };
        return { digest: unwritten, merge: (payload) => mergeDigest(payload, taken) };
      });
      assert.deepEqual(merged, { digestId: waiting!.digestId, folded: 1 }, "merged into the waiting one");
      const id = waiting!.digestId;
      assert.equal(await stores.outbox.foldIntoDigest([first!.id, second!.id], at, () => assert.fail("nothing left to fold")), undefined, "a row is folded once");
      const rows = await stores.database.db.selectFrom("webhook_outbox").select(["event_id", "next_attempt_at", "payload"]).where("state", "=", "pending").execute();
      assert.deepEqual(
        rows.map((row) => [row.event_id, row.next_attempt_at, (JSON.parse(row.payload) as { data: { counts: Record<string, number> } }).data.counts]),
        [[id, at, { lead: 2 }]],
      );
    });

    test("1,000 new leads: one digest, the cap never passed, nothing left behind; a quiet lead later is an alert again", async () => {
      await leads(1000);
      await signIn();
      for (let pass = 0; pass < 4; pass++) {
        await worker!.runOnce();
        clock += 1000;
      }
      assert.equal(sent[0]!.subject, "Your sign-in link to the Quote Assistant console", "the sign-in link first");
      const digests = sent.filter((mail) => mail.subject.includes(" since "));
      assert.deepEqual(digests.map((mail) => mail.subject), ["1000 new leads since 14:02 UTC"]);
      assert.equal(sent.length, 2, "the sign-in link and the digest: no alert one by one");
      assert.match(digests[0]!.text, /New lead: Homeowner 0, \(614\) 555-0100\n {2}https:\/\/quotes\.example\.com\/console\/#\/leads\/q-0/);
      assert.match(digests[0]!.text, /And 975 more: https:\/\/quotes\.example\.com\/console\//);
      assert.equal(await pending(), 0, "every alert row is settled (folded into the digest)");

      // More leads within the same minute, one at a time: alerts until the cap, then they wait and fold.
      for (let i = 0; i < 8; i++) {
        await leads(1, 1000 + i);
        await worker!.runOnce();
        clock += 5000;
      }
      for (let pass = 0; pass < 20; pass++) {
        await worker!.runOnce();
        clock += 10_000;
      }
      assert.equal(await pending(), 0);
      assert.ok(mostInAMinute() <= 5 + 1, `at most 5 alert e-mails (and the sign-in link) in any minute: ${mostInAMinute()}`);
      const leadsTold = sent.reduce((sum, mail) => sum + (mail.subject.startsWith("New lead") ? 1 : Number(/^(\d+) new leads? since/.exec(mail.subject)?.[1] ?? 0)), 0);
      assert.equal(leadsTold, 1008, "every lead is told, once");

      clock += 120_000;
      await leads(1, 2000);
      await worker!.runOnce();
      assert.equal(sent.at(-1)!.subject, "New lead: Homeowner 2000", "after a quiet spell, an alert of its own");
    });
  });
}
