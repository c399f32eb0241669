// The follow-up worker (server/follow-ups/follow-up-worker.ts) over a real database file: two
// server processes (two connections, two workers) planning and sending at the same moments send
// each step once; a provider's failure is retried after a minute, a refusal is not; a sale
// before the step stops it; texts go only with the box ticked; STOP is honoured; a text whose
// send timed out is looked up at Twilio before it is sent again. On SQLite and
// on PostgreSQL (a throw-away server, test/server/demo-site/postgres-server.ts).
// Over 300 lines on purpose: every case runs on the one two-process set-up of each database.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, beforeEach, describe, test } from "node:test";
import { sql } from "kysely";
import { loadDemoFixtures, seedDemo } from "../../../demo-site/db/seed.ts";
import { openStores, type OpenStores } from "../../../server/db/stores.ts";
import { createLeadFinder } from "../../../server/console/lead-summary.ts";
import { createFollowUpWorker } from "../../../server/follow-ups/follow-up-worker.ts";
import { SmsSendError, type SmsMessage, type SmsPort } from "../../../server/ports/sms.ts";
import { tryStartTestPostgres } from "../demo-site/postgres-server.ts";
import { createTwilioSms } from "../../../server/adapters/twilio.ts";
import { FAKE_TWILIO_FROM, FAKE_TWILIO_SID, FAKE_TWILIO_TOKEN, startTwilioFake } from "../../fakes/twilio-fake.ts";

const dir = mkdtempSync(join(tmpdir(), "qa-follow-ups-"));
const postgres = await tryStartTestPostgres();
if (!postgres.ok) console.warn(postgres.reason);
after(async () => {
  if (postgres.ok) await postgres.server.stop();
  rmSync(dir, { recursive: true, force: true });
});
let a: OpenStores;
let b: OpenStores;
const origins = { widgetOrigin: "http://widget.test", measureOrigin: "http://measure.test", vaultOrigin: "http://vault.test", crmOrigin: "http://crm.test", receiverOrigin: "http://receiver.test" };

const LEFT_AT = new Date("2026-06-10T15:00:00Z");
let n = 0;
/** A quote of demo-company/follow-up-bot (a text at 1 minute, an e-mail at 2), left at LEFT_AT. */
async function leftQuote(options: { consent: boolean; email?: string | null; leftAt?: Date }): Promise<{ id: string; phone: string }> {
  n += 1;
  const id = `fu-${n}-${Date.now()}`;
  const phone = `61455504${String(n).padStart(2, "0")}`;
  const customer = { firstName: "Robin", lastName: "Hale", phoneNumber: phone, email: options.email === undefined ? `robin${n}@example.com` : options.email, address: { street: `${n} Elm St`, city: "Dublin", state: "OH", postalCode: "43017", country: "US" } };
  const consent = JSON.stringify({ given: options.consent, at: LEFT_AT.toISOString(), ip: "127.0.0.1", version: "2026-11-28", text: "I agree…" });
  await sql`INSERT INTO quotes (id, company_id, bot_id, customer, address_key, created_at, text_consent, time_zone)
    VALUES (${id}, 'demo-company', 'follow-up-bot', ${JSON.stringify(customer)}, ${`${n} elm st|43017`}, ${(options.leftAt ?? LEFT_AT).toISOString()}, ${consent}, 'America/New_York')`.execute(a.database.db);
  return { id, phone };
}

function textPort(behave: (message: SmsMessage) => Promise<{ id: string }>): SmsPort & { sent: SmsMessage[] } {
  const sent: SmsMessage[] = [];
  return {
    name: "test",
    live: true,
    from: "+16145550100",
    sent,
    send: async (message) => {
      const answer = await behave(message);
      sent.push(message);
      return answer;
    },
  };
}

function workerOver(stores: OpenStores, sms: SmsPort, at: () => Date, mails: string[] = [], scanLimit?: number) {
  return createFollowUpWorker({
    ...(scanLimit ? { scanLimit } : {}),
    store: stores.followUps,
    companies: stores.companies,
    findLead: createLeadFinder(stores),
    sms,
    sendMail: async (mail) => void mails.push(mail.to),
    resumeLink: async (_companyId, quoteId) => `http://host.test/?qa_resume=${quoteId}`,
    unsubscribeLink: async (_companyId, quoteId) => `http://widget.test/v1/follow-ups/unsubscribe?token=${quoteId}`,
    now: at,
  });
}

const minutes = (m: number) => new Date(LEFT_AT.getTime() + m * 60_000);
const rowsOf = async (quoteId: string) => a.followUps.forQuote("demo-company", quoteId);

const kinds = [
  { name: "SQLite", skip: false as const, location: async () => join(dir, "db.sqlite") },
  { name: "PostgreSQL", skip: postgres.ok ? (false as const) : postgres.reason, location: async () => (postgres.ok ? postgres.server.createDatabase("follow_ups") : "") },
];

for (const { name, skip, location } of kinds)
describe(`${name}: follow-ups over one database`, { skip }, () => {
  before(async () => {
    const where = await location();
    a = await openStores(where);
    await seedDemo(a, loadDemoFixtures(origins));
    b = await openStores(where);
  });
  after(async () => {
    await a.close();
    await b.close();
  });
  beforeEach(async () => {
    // Each test's quotes only: the earlier tests' rows are done with.
    await sql`UPDATE quotes SET follow_ups_stopped = 'test over' WHERE bot_id = 'follow-up-bot'`.execute(a.database.db);
  });

  test("two processes, ten passes each at the same moments: the text goes once and the e-mail once", async () => {
    const quote = await leftQuote({ consent: true });
    const sms = textPort(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { id: `SM${Math.random()}` };
    });
    const mails: string[] = [];
    let at = minutes(1);
    const one = workerOver(a, sms, () => at, mails);
    const two = workerOver(b, sms, () => at, mails);
    for (let pass = 0; pass < 10; pass++) await Promise.all([one.runOnce(), two.runOnce()]);
    assert.equal(sms.sent.filter((m) => m.to === `+1${quote.phone}`).length, 1);
    at = minutes(2);
    for (let pass = 0; pass < 10; pass++) await Promise.all([one.runOnce(), two.runOnce()]);
    assert.equal(mails.filter((to) => to === `robin${n}@example.com`).length, 1);
    assert.deepEqual((await rowsOf(quote.id)).map((r) => `${r.step}:${r.channel}:${r.state}`), ["0:sms:sent", "1:email:sent"]);
    // The schedule has two steps: nothing more, ever.
    at = minutes(60 * 24 * 10);
    await one.runOnce();
    assert.equal((await rowsOf(quote.id)).length, 2);
  });

  test("the provider down: retried a minute later; a refused number: failed, not retried", async () => {
    const quote = await leftQuote({ consent: true });
    let down = true;
    const sms = textPort(async () => {
      if (down) throw new SmsSendError("Twilio answered 503", true);
      return { id: "SM-ok" };
    });
    let at = minutes(1);
    const worker = workerOver(a, sms, () => at);
    await worker.runOnce();
    let [row] = await rowsOf(quote.id);
    assert.equal(row!.state, "pending");
    assert.equal(row!.attempts, 1);
    assert.equal(row!.dueAt, minutes(2).toISOString(), "a minute later");
    down = false;
    at = minutes(1.5);
    await worker.runOnce();
    assert.equal(sms.sent.length, 0, "not before its time");
    at = minutes(2);
    await worker.runOnce();
    [row] = await rowsOf(quote.id);
    assert.equal(row!.state, "sent");
    assert.equal(row!.providerId, "SM-ok");

    const refused = await leftQuote({ consent: true });
    const bad = textPort(async () => {
      throw new SmsSendError("The 'To' number is not a valid phone number.", false, "21211");
    });
    await workerOver(a, bad, () => minutes(1)).runOnce();
    const [failed] = await rowsOf(refused.id);
    assert.equal(failed!.state, "failed");
    assert.match(failed!.outcome ?? "", /not a valid phone number/);
  });

  test("a sale between the plan and the send stops the step; no box ticked: no text, the e-mail still goes", async () => {
    const sold = await leftQuote({ consent: true });
    const sms = textPort(async () => ({ id: "SM" }));
    const worker = workerOver(a, sms, () => minutes(1));
    // Planned with a lease by a process that stops; the sale lands before the next claim.
    await a.followUps.plan({ companyId: "demo-company", quoteId: sold.id, step: 0, channel: "sms", recipient: `+1${sold.phone}`, dueAt: minutes(1).toISOString(), now: minutes(1).toISOString() });
    await sql`UPDATE quotes SET converted_sale = 1 WHERE id = ${sold.id}`.execute(a.database.db);
    await worker.runOnce();
    assert.deepEqual((await rowsOf(sold.id)).map((r) => `${r.state}:${r.outcome}`), ["stopped:sold, booked, objection or handled"]);
    assert.equal(sms.sent.length, 0);

    const unticked = await leftQuote({ consent: false });
    const mails: string[] = [];
    await workerOver(a, sms, () => minutes(2), mails).runOnce();
    await workerOver(a, sms, () => minutes(2), mails).runOnce();
    assert.deepEqual((await rowsOf(unticked.id)).map((r) => `${r.channel}:${r.state}:${r.outcome ?? ""}`), ["sms:stopped:skipped: no consent to texts", "email:sent:"]);
    assert.equal(sms.sent.length, 0);
  });

  test("the company's own wording goes in the text, between its name and the link", async () => {
    const bot = (await a.companies.findBot("demo-company", "follow-up-bot"))!;
    const config = JSON.parse(bot.config) as { followUps: Record<string, unknown> };
    const worded = { ...config, followUps: { ...config.followUps, messages: { en: { text: "{name}, your lawn plan is saved." } } } };
    await sql`UPDATE companies SET config = ${JSON.stringify(worded)} WHERE company_id = 'demo-company' AND bot_id = 'follow-up-bot'`.execute(a.database.db);
    try {
      const quote = await leftQuote({ consent: true });
      const sms = textPort(async () => ({ id: "SM-worded" }));
      await workerOver(a, sms, () => minutes(1)).runOnce();
      await workerOver(a, sms, () => minutes(1)).runOnce();
      assert.equal(sms.sent.length, 1);
      assert.match(sms.sent[0]!.body, new RegExp(`^Demo Lawn & Pest Co\\.: Robin, your lawn plan is saved\\. Pick up where you left off: http://host\\.test/\\?qa_resume=${quote.id} Reply STOP to opt out\\.$`));
    } finally {
      await sql`UPDATE companies SET config = ${bot.config} WHERE company_id = 'demo-company' AND bot_id = 'follow-up-bot'`.execute(a.database.db);
    }
  });

  test("STOP before the step: skipped; unsubscribed: no e-mail, and the address is kept out", async () => {
    const quote = await leftQuote({ consent: true });
    await a.smsOptOuts.optOut(`+1${quote.phone}`, minutes(0));
    const sms = textPort(async () => ({ id: "SM" }));
    const mails: string[] = [];
    await workerOver(a, sms, () => minutes(1), mails).runOnce();
    assert.equal((await rowsOf(quote.id))[0]!.outcome, "skipped: replied STOP");
    assert.equal(await a.followUps.unsubscribe("demo-company", quote.id, minutes(1.5).toISOString()), true);
    await workerOver(a, sms, () => minutes(2), mails).runOnce();
    assert.deepEqual(mails, []);
    assert.equal(await a.followUps.isEmailOptedOut("demo-company", `ROBIN${n}@example.com`), true);
  });

    test("quotes waiting for a later step do not hide a new one from a pass that looks at two", async () => {
      const sms = textPort(async () => ({ id: `SM${Math.random()}` }));
      const waiting = [await leftQuote({ consent: true }), await leftQuote({ consent: true }), await leftQuote({ consent: true })];
      let at = minutes(1);
      const worker = workerOver(a, sms, () => at, [], 2);
      // Two quotes a pass: a text planned and sent, then the quote seen waiting for its e-mail.
      for (let pass = 0; pass < 4; pass++) await worker.runOnce();
      assert.equal(sms.sent.length, 3, "the three texts at a minute");
      // A new visitor leaves 24 s later; the three wait for their e-mail at two minutes.
      const fresh = await leftQuote({ consent: true, leftAt: minutes(0.4) });
      at = minutes(1.5);
      await worker.runOnce();
      assert.deepEqual(sms.sent.slice(3).map((m) => m.to), [`+1${fresh.phone}`], "the new one in the first pass");
      for (const quote of waiting) assert.equal((await rowsOf(quote.id)).length, 1);
    });

    test("through Twilio (a local fake of its Messages API): one message with the resume link and a status callback; a 429 is retried", async () => {
      const fake = await startTwilioFake();
      try {
        const twilio = createTwilioSms({ accountSid: FAKE_TWILIO_SID, authToken: FAKE_TWILIO_TOKEN, from: FAKE_TWILIO_FROM, baseUrl: fake.url, fetch: fake.fetch, timeoutMs: 2000 });
        const quote = await leftQuote({ consent: true });
        fake.setMode("429");
        let at = minutes(1);
        const worker = createFollowUpWorker({
          store: a.followUps,
          companies: a.companies,
          findLead: createLeadFinder(a),
          sms: twilio,
          resumeLink: async (_c, quoteId) => `https://lawn.example/?qa_resume=${quoteId}`,
          unsubscribeLink: async () => "https://quotes.example/v1/follow-ups/unsubscribe?token=x",
          statusCallback: "https://quotes.example/v1/sms/twilio/status",
          now: () => at,
        });
        await worker.runOnce();
        assert.equal(fake.messages.length, 0);
        assert.equal((await rowsOf(quote.id))[0]!.state, "pending", "Twilio at its limit: tried again later");
        fake.setMode("ok");
        at = minutes(2);
        await worker.runOnce();
        assert.equal(fake.messages.length, 1);
        const [message] = fake.messages;
        assert.equal(message!.to, `+1${quote.phone}`);
        assert.equal(message!.from, FAKE_TWILIO_FROM);
        assert.equal(message!.statusCallback, "https://quotes.example/v1/sms/twilio/status");
        assert.match(message!.body, new RegExp(`^Demo Lawn & Pest Co\\.: your quote is waiting\\. Pick up where you left off: https://lawn\\.example/\\?qa_resume=${quote.id} Reply STOP to opt out\\.$`));
        const [row] = await rowsOf(quote.id);
        assert.equal(row!.providerId, message!.sid, "the row keeps Twilio's sid for its status callbacks");
        assert.equal(await a.followUps.setDeliveryStatus(message!.sid, "delivered"), true);
        assert.equal((await rowsOf(quote.id))[0]!.deliveryStatus, "delivered");
      } finally {
        await fake.close();
      }
    });

    test("through Twilio: a send that timed out after Twilio took it is found by its resume link on the retry, not sent twice; one Twilio never took is sent", async () => {
      const fake = await startTwilioFake();
      try {
        const twilio = createTwilioSms({ accountSid: FAKE_TWILIO_SID, authToken: FAKE_TWILIO_TOKEN, from: FAKE_TWILIO_FROM, baseUrl: fake.url, fetch: fake.fetch, timeoutMs: 300 });
        let at = minutes(1);
        const links: string[] = [];
        const worker = createFollowUpWorker({
          store: a.followUps,
          companies: a.companies,
          findLead: createLeadFinder(a),
          sms: twilio,
          // Signed at the row's creation: the same link on every attempt, whatever the clock says.
          resumeLink: async (_c, quoteId, signedAt) => {
            const link = `https://lawn.example/?qa_resume=${quoteId}.${signedAt.getTime()}`;
            links.push(link);
            return link;
          },
          unsubscribeLink: async () => "https://quotes.example/v1/follow-ups/unsubscribe?token=x",
          now: () => at,
        });

        const taken = await leftQuote({ consent: true });
        fake.setMode("lost-answer");
        await worker.runOnce();
        let [row] = await rowsOf(taken.id);
        assert.deepEqual([row!.state, row!.attempts], ["pending", 1], "no answer: tried again later");
        assert.match(row!.outcome ?? "", /timeout; it may have been sent/);
        assert.equal(fake.messages.length, 1, "Twilio took it");
        fake.setMode("ok");
        at = minutes(2);
        await worker.runOnce();
        [row] = await rowsOf(taken.id);
        assert.equal(fake.messages.filter((m) => m.to === `+1${taken.phone}`).length, 1, "the homeowner has one text");
        assert.equal(fake.requests, 1, "no second create");
        assert.equal(fake.listRequests, 1);
        assert.deepEqual([row!.state, row!.providerId, row!.outcome], ["sent", fake.messages[0]!.sid, "sent by an earlier attempt whose answer was lost"]);
        assert.equal(new Set(links).size, 1, "one link on both attempts");

        const lost = await leftQuote({ consent: true, leftAt: minutes(1) });
        fake.setMode("timeout");
        at = minutes(2);
        await worker.runOnce();
        assert.equal((await rowsOf(lost.id))[0]!.state, "pending");
        fake.setMode("ok");
        at = minutes(3);
        await worker.runOnce();
        const sent = fake.messages.filter((m) => m.to === `+1${lost.phone}`);
        assert.equal(sent.length, 1, "looked up, not found, sent once");
        assert.equal((await rowsOf(lost.id))[0]!.providerId, sent[0]!.sid);
      } finally {
        await fake.close();
      }
    });
});
