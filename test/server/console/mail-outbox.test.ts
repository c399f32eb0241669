// Alert e-mails go through the webhook outbox (issue 24), on SQLite and PostgreSQL: written in
// the event's transaction (a failed one leaves no mail), one row per alert address for the
// events the console's settings turn on; the worker sends them over SMTP with the webhooks'
// lease and backoff, so an SMTP server that is down and then up gets exactly one message per
// event, each with the homeowner's name, phone as a tel: link, address and the console link.
import assert from "node:assert/strict";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, test } from "node:test";
import type { Hono } from "hono";
import type { Transport } from "nodemailer";
import { createMailSink, type MailSink } from "../../../demo-site/mail-sink/mail-sink.ts";
import { loadCompanyFixtures } from "../../../server/company-files.ts";
import { createLeadFinder } from "../../../server/console/lead-summary.ts";
import { createMailDelivery, renderMail } from "../../../server/console/mail.ts";
import { staffLanguage } from "../../../server/console/staff-store.ts";
import { toOutboxRow } from "../../../server/db/outbox-store.ts";
import { digestOf } from "../../../server/webhooks/alert-lane.ts";
import { openStores, type OpenStores } from "../../../server/db/stores.ts";
import { createWidgetOrigin } from "../../../server/widget-origin.ts";
import { startWebhookWorker } from "../../../server/webhooks/webhook-worker.ts";
import { quoteStartBody } from "../payments/serve-client.ts";
import { useTestDatabases } from "../demo-site/postgres-server.ts";

const { kinds, newDatabase } = await useTestDatabases("mail");
const OWNER = "owner@greenway-lawn.example";
const CONSOLE = "https://quotes.example.com";

/**
 * The mail sink behind an SMTP server that is down until `up()`: refused as a closed port
 * refuses, then each message handed to the sink as SMTP would (the SMTP path itself is the
 * listening demo site's, tested end to end in test/e2e/console.test.ts).
 */
function smtpDownThenUp(sink: MailSink): { transport: Transport; up(): void } {
  const into = sink.transport();
  let up = false;
  return {
    transport: {
      name: "smtp down, then up",
      version: "1",
      send: (mail, callback) => (up ? into.send(mail, callback) : callback(Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ESOCKET" }), undefined as never)),
    },
    up: () => void (up = true),
  };
}

for (const { kind, name, skip } of kinds) {
  describe(`${name}: e-mail through the outbox`, { skip }, () => {
    let stores: OpenStores;
    let app: Hono;
    let sink: MailSink | undefined;
    beforeEach(async () => {
      stores = await openStores(await newDatabase(kind));
      await stores.companies.replaceAll(loadCompanyFixtures({ widgetOrigin: "http://localhost:1" }));
      await stores.outbox.replaceSettings([{ companyId: "greenway-lawn", webhookUrls: [], webhookSecret: null, apiKey: null }]);
      await stores.staff.add("greenway-lawn", OWNER, "owner", "test");
      app = createWidgetOrigin({
        store: stores.companies,
        customers: stores.customers,
        quotes: stores.quotes,
        payments: stores.payments,
        transaction: stores.transaction,
        quoteTokens: stores.quoteTokens,
        rateLimits: stores.rateLimits,
        distDir: join(tmpdir(), "qa-mail-no-dist"),
        assetsDir: join(tmpdir(), "qa-mail-no-assets"),
        findCompanyName: async () => undefined,
        console: { stores },
      });
    });
    afterEach(async () => {
      await sink?.close();
      sink = undefined;
      await stores.close();
    });

    async function startQuote(phone: string, firstName: string): Promise<string> {
      const body = quoteStartBody(phone);
      body.customer.firstName = firstName;
      const response = await app.request("/v1/quote/start", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      assert.equal(response.status, 200, await response.clone().text());
      return ((await response.json()) as { id: string }).id;
    }
    const mailRows = () => stores.database.db.selectFrom("webhook_outbox").selectAll().where("url", "like", "mailto:%").orderBy("id").execute();

    test("a new lead writes one e-mail to the owner (the default), in the quote's transaction", async () => {
      const quoteId = await startQuote("6145550301", "Ada");
      const rows = await mailRows();
      assert.deepEqual(rows.map((row) => [row.url, row.event_type, row.state]), [[`mailto:${OWNER}`, "lead", "pending"]]);
      assert.match(rows[0]!.payload, new RegExp(quoteId));
      // A transaction that fails after the event leaves no e-mail behind.
      await assert.rejects(
        stores.transaction(async (tx) => {
          await tx.outbox.enqueue({ type: "lead", companyId: "greenway-lawn", createdAt: new Date().toISOString(), data: { quoteId } });
          throw new Error("the quote could not be stored");
        }),
      );
      assert.equal((await mailRows()).length, 1);
    });

    test("the console's settings choose the addresses and the events", async () => {
      await stores.console.saveSettings("greenway-lawn", { alertEmails: ["office@greenway-lawn.example", "Crew@Greenway-lawn.example"], alertEvents: ["purchase"] }, new Date());
      await startQuote("6145550302", "Bo");
      assert.equal((await mailRows()).length, 0, "leads are turned off");
      await stores.console.saveSettings("greenway-lawn", { alertEmails: ["office@greenway-lawn.example", "Crew@Greenway-lawn.example"], alertEvents: ["lead", "purchase"] }, new Date());
      await startQuote("6145550303", "Cy");
      assert.deepEqual((await mailRows()).map((row) => row.url).sort(), ["mailto:crew@greenway-lawn.example", "mailto:office@greenway-lawn.example"]);
      // Another company's settings never send to these addresses.
      const other = await app.request("/v1/quote/start", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ ...quoteStartBody("6145550304"), companyId: "bugbusters-pest", botId: "pest" }),
      });
      assert.equal(other.status, 200, await other.text());
      assert.equal((await mailRows()).length, 2);
    });

    test("SMTP down, then up: exactly one message per event, with name, tel: link, address and the lead's console link", async () => {
      sink = createMailSink();
      const smtp = smtpDownThenUp(sink);
      // Both events are written before the worker starts (its first pass runs at once).
      const first = await startQuote("6145550311", "Dana");
      const second = await startQuote("6145550312", "Eli");
      let clock = Date.now();
      const worker = startWebhookWorker({
        outbox: stores.outbox,
        retry: { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 1000 },
        pollMs: 1e9,
        now: () => new Date(clock),
        mail: createMailDelivery({ smtpUrl: undefined, transport: smtp.transport, from: "Quote Assistant <alerts@example.com>", publicOrigin: CONSOLE, findLead: createLeadFinder(stores) }),
      });
      try {
        assert.equal(await worker.runOnce(), 2);
        const failed = await mailRows();
        assert.deepEqual(failed.map((row) => [row.state, Number(row.attempts)]), [["pending", 1], ["pending", 1]]);
        const log = await stores.database.db.selectFrom("webhook_deliveries").select(["error", "status_code"]).execute();
        assert.equal(log.length, 2);
        assert.ok(log.every((entry) => entry.error && entry.status_code === null), JSON.stringify(log));

        // Not yet due: nothing is sent early.
        assert.equal(await worker.runOnce(), 0);
        smtp.up();
        clock += 1500;
        assert.equal(await worker.runOnce(), 2);
        clock += 60_000;
        assert.equal(await worker.runOnce(), 0, "delivered rows are never sent again");
        assert.deepEqual((await mailRows()).map((row) => row.state), ["delivered", "delivered"]);

        const got = sink.messages();
        assert.equal(got.length, 2);
        assert.equal(new Set(got.map((m) => m.messageId)).size, 2);
        for (const [quoteId, name, phone] of [
          [first, "Dana", "6145550311"],
          [second, "Eli", "6145550312"],
        ] as const) {
          const message = got.find((m) => m.text.includes(quoteId));
          assert.ok(message, `a message for ${quoteId}`);
          assert.deepEqual(message.to, [OWNER]);
          assert.match(message.subject, new RegExp(`^New lead: ${name} `));
          assert.match(message.text, new RegExp(`Phone: ${phone}`));
          assert.match(message.text, /Address: \d+ [^\n]+, [^\n]+ \d{5}/);
          assert.match(message.html, new RegExp(`href="tel:${phone}"`));
          assert.ok(message.text.includes(`${CONSOLE}/console/#/leads/${quoteId}`));
        }
      } finally {
        await worker.stop();
      }
    });

    test("an owner who asked for a sign-in link from the Spanish console gets alerts and digests in Spanish; another address stays in English", async () => {
      const office = "office@greenway-lawn.example";
      await stores.staff.add("greenway-lawn", office, "staff", "test");
      await stores.console.saveSettings("greenway-lawn", { alertEmails: [OWNER, office], alertEvents: ["lead"] }, new Date());
      const asked = await app.request("/console/api/sign-in", { method: "POST", headers: { "Content-Type": "application/json", Origin: "http://localhost" }, body: JSON.stringify({ email: OWNER.toUpperCase(), lang: "es" }) });
      assert.equal(asked.status, 202, await asked.clone().text());
      assert.equal((await stores.staff.findByEmail(OWNER))?.lang, "es");
      const quoteId = await startQuote("6145550321", "Inés");
      const options = { publicOrigin: CONSOLE, findLead: createLeadFinder(stores), findLanguage: staffLanguage(stores.staff) };
      const alerts = (await mailRows()).filter((row) => row.event_type === "lead");
      const rendered = await Promise.all(alerts.map((row) => renderMail(toOutboxRow(row), options)));
      const to = (address: string) => rendered.find((mail) => mail.to === address)!;
      assert.match(to(OWNER).subject, /^Nuevo cliente potencial: Inés /);
      assert.ok(to(OWNER).text.includes(`${CONSOLE}/console/#/leads/${quoteId}`));
      assert.match(to(office).subject, /^New lead: Inés /, "one who never said: English");
      // A digest to the same owner: Spanish too.
      const ownerRow = alerts.find((row) => row.url === `mailto:${OWNER}`)!;
      const folded = toOutboxRow(ownerRow);
      const digest = digestOf({ rows: [folded, folded], url: ownerRow.url, companyId: "greenway-lawn", dueAt: ownerRow.next_attempt_at }, new Date());
      const digestMail = await renderMail({ ...folded, eventId: digest.eventId, payload: digest.payload() }, options);
      assert.match(digestMail.subject, /^2 clientes potenciales nuevos desde las \d\d:\d\d UTC$/, digestMail.subject);
    });

    test("a sign-in link goes through the outbox too, and an e-mail without SMTP set up waits", async () => {
      const clock = Date.now();
      await stores.outbox.enqueueSignIn({ companyId: "greenway-lawn", email: OWNER, link: `${CONSOLE}/console/#sign-in=abc`, invitedBy: null, createdAt: new Date(clock).toISOString() });
      const worker = startWebhookWorker({ outbox: stores.outbox, retry: { maxAttempts: 5, baseDelayMs: 1000, maxDelayMs: 1000 }, pollMs: 1e9, now: () => new Date(clock) });
      try {
        assert.equal(await worker.runOnce(), 1);
        const [row] = await mailRows();
        assert.deepEqual([row!.event_type, row!.state, Number(row!.attempts)], ["sign-in", "pending", 1]);
      } finally {
        await worker.stop();
      }
    });
  });
}
