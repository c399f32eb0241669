// The console's side of the follow-ups (issue 34) through HTTP on the demo site: a lead's page
// lists its follow-ups without their recipient; the funnel counts a sale made after a sent
// follow-up as recovered, with its amount summed exactly, and nothing else; the Bot page's
// schedule is refused (400, nothing saved) unless FollowUpsSchema passes, and its preview
// renders the text and the e-mail in English and Spanish.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import { signIn as signInAs, type ConsoleSession } from "./console-session.ts";
import { sumDecimalStrings } from "../../../src/pricing/decimal.ts";
import { useTestSite } from "../demo-site/start-test-site.ts";

const site = useTestSite();

type Session = ConsoleSession;
const signIn = (email: string): Promise<Session> => signInAs(site, email);

interface Lead {
  quoteId: string;
  source: string;
  phoneNumber: string;
  email: string | null;
  createdAt: string;
}
interface FunnelRow {
  source: string;
  won: number;
  recovered: number;
  recoveredAmount: string;
  currency: string;
}

const at = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * 60_000).toISOString();

function addFollowUp(lead: Lead, row: { step: number; channel: "sms" | "email"; state: string; dueAt: string; sentAt?: string; deliveryStatus?: string; outcome?: string }) {
  site.db
    .prepare(
      `INSERT INTO follow_ups (id, company_id, quote_id, step, channel, recipient, state, due_at, attempts, provider_id, delivery_status, outcome, created_at, sent_at)
       VALUES (?, 'greenway-lawn', ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?, ?, ?)`,
    )
    .run(randomUUID(), lead.quoteId, row.step, row.channel, row.channel === "sms" ? lead.phoneNumber : (lead.email ?? "x@example.com"), row.state, row.dueAt, row.deliveryStatus ?? null, row.outcome ?? null, lead.createdAt, row.sentAt ?? null);
}

function addPayment(lead: Lead, amount: string, createdAt: string, status = "succeeded") {
  site.db
    .prepare(
      `INSERT INTO payments (company_id, idempotency_key, fingerprint, endpoint, bot_id, quote_id, payment_method, amount, currency, term, token, status, transaction_id, response, body, is_test, created_at)
       VALUES ('greenway-lawn', ?, 'f', 'secure', 'lawn', ?, 'card', ?, 'USD', 'once', NULL, ?, ?, NULL, '{}', 0, ?)`,
    )
    .run(randomUUID(), lead.quoteId, amount, status, `tx-${randomUUID()}`, createdAt);
}

describe("follow-ups in the console", () => {
  let owner: Session;
  let leads: Lead[];
  before(async () => {
    owner = await signIn("owner@greenway-lawn.example");
    leads = ((await (await owner.get("leads")).json()) as { leads: Lead[] }).leads;
    const paid = new Set((site.db.prepare("SELECT quote_id FROM payments WHERE company_id = 'greenway-lawn'").all() as Array<{ quote_id: string }>).map((r) => r.quote_id));
    leads = leads.filter((lead) => !paid.has(lead.quoteId));
    assert.ok(leads.length >= 6, `six unpaid seeded leads (got ${leads.length})`);
  });

  test("sums decimal strings exactly", () => {
    assert.equal(sumDecimalStrings(["45.10", "0.20"]), "45.30");
    assert.equal(sumDecimalStrings(["0.1", "0.2"]), "0.3");
    assert.equal(sumDecimalStrings(["10", "0.125", "-0.025"]), "10.100");
    assert.equal(sumDecimalStrings([]), "0");
    assert.throws(() => sumDecimalStrings(["1e3"]));
  });

  test("a lead's page lists each follow-up with its state, times, delivery and outcome, never the recipient", async () => {
    const lead = leads[0]!;
    const empty = (await (await owner.get(`leads/${lead.quoteId}`)).json()) as { followUps: unknown[] };
    assert.deepEqual(empty.followUps, []);

    const sentAt = at(lead.createdAt, 20);
    addFollowUp(lead, { step: 0, channel: "sms", state: "sent", dueAt: at(lead.createdAt, 15), sentAt, deliveryStatus: "delivered" });
    addFollowUp(lead, { step: 1, channel: "email", state: "failed", dueAt: at(lead.createdAt, 180), outcome: `mailbox ${lead.email ?? "x@example.com"} refused` });
    addFollowUp(lead, { step: 2, channel: "email", state: "stopped", dueAt: at(lead.createdAt, 1440), outcome: "unsubscribed" });
    const detail = (await (await owner.get(`leads/${lead.quoteId}`)).json()) as { followUps: Array<Record<string, unknown>> };
    assert.deepEqual(detail.followUps, [
      { step: 0, channel: "sms", state: "sent", dueAt: at(lead.createdAt, 15), sentAt, deliveryStatus: "delivered", outcome: null },
      { step: 1, channel: "email", state: "failed", dueAt: at(lead.createdAt, 180), sentAt: null, deliveryStatus: null, outcome: "mailbox … refused" },
      { step: 2, channel: "email", state: "stopped", dueAt: at(lead.createdAt, 1440), sentAt: null, deliveryStatus: null, outcome: "unsubscribed" },
    ]);
    assert.ok(detail.followUps.every((row) => !("recipient" in row)));
  });

  test("the funnel counts a sale after a sent follow-up as recovered, with its amount summed exactly", async () => {
    const funnel = async () => ((await (await owner.get("funnel")).json()) as { rows: FunnelRow[] }).rows;
    const before = await funnel();
    assert.ok(before.every((row) => row.recovered === 0 && row.recoveredAmount === "0" && row.currency === "USD"), JSON.stringify(before));

    const [recovered, paidFirst, neverSent, , alsoRecovered, failedOnly] = leads as [Lead, Lead, Lead, Lead, Lead, Lead];
    // Recovered: the text went at +20 min and the payment after it; another recovered for 0.20
    // (45.1 + 0.2 in floats is 45.300000000000004).
    addPayment(recovered, "45.10", at(recovered.createdAt, 60));
    addFollowUp(alsoRecovered, { step: 0, channel: "email", state: "sent", dueAt: at(alsoRecovered.createdAt, 5), sentAt: at(alsoRecovered.createdAt, 5) });
    addPayment(alsoRecovered, "0.20", at(alsoRecovered.createdAt, 9));
    // A failed payment after a follow-up: no sale.
    addFollowUp(failedOnly, { step: 0, channel: "sms", state: "sent", dueAt: at(failedOnly.createdAt, 15), sentAt: at(failedOnly.createdAt, 15) });
    addPayment(failedOnly, "99.00", at(failedOnly.createdAt, 62), "failed");
    // Paid before its follow-up went: not recovered.
    addFollowUp(paidFirst, { step: 0, channel: "sms", state: "sent", dueAt: at(paidFirst.createdAt, 15), sentAt: at(paidFirst.createdAt, 30) });
    addPayment(paidFirst, "80.00", at(paidFirst.createdAt, 10));
    // A follow-up that never went (stopped): not recovered.
    addFollowUp(neverSent, { step: 0, channel: "sms", state: "stopped", dueAt: at(neverSent.createdAt, 15), outcome: "sold" });
    addPayment(neverSent, "70.00", at(neverSent.createdAt, 40));

    const rows = await funnel();
    assert.equal(rows.reduce((sum, row) => sum + row.recovered, 0), 2, JSON.stringify(rows));
    for (const source of new Set([recovered.source, alsoRecovered.source])) {
      const row = rows.find((r) => r.source === source)!;
      const expected = [recovered, alsoRecovered].filter((lead) => lead.source === source);
      assert.equal(row.recovered, expected.length);
      assert.equal(row.recoveredAmount, sumDecimalStrings(expected.map((lead) => (lead === recovered ? "45.10" : "0.20"))));
    }
    assert.equal(sumDecimalStrings(rows.map((row) => row.recoveredAmount)), "45.30");
  });

  test("a ServMan booking after a sent follow-up is recovered too, and adds no amount (a booking has none); one before it, or with none sent, is not", async () => {
    const funnel = async () => ((await (await owner.get("funnel")).json()) as { rows: FunnelRow[] }).rows;
    const count = async () => (await funnel()).reduce((sum, row) => sum + row.recovered, 0);
    const amount = async () => sumDecimalStrings((await funnel()).map((row) => row.recoveredAmount));
    /** The quote's CRM contact books a ServMan visit at `createdAt` (servman_bookings keeps no money: the company prices the visit). */
    let slot = 0;
    const addBooking = (lead: Lead, createdAt: string) => {
      slot += 1;
      const crmId = `crm-${randomUUID()}`;
      site.db.prepare("UPDATE quotes SET crm_id = ? WHERE id = ?").run(crmId, lead.quoteId);
      const order = site.db
        .prepare("INSERT INTO servman_orders (company_id, bot_id, client_id, contact_id, question_id, notes, is_test, created_at) VALUES ('greenway-lawn', 'lawn', ?, ?, 1, NULL, 0, ?)")
        .run(crmId, crmId, createdAt);
      site.db
        .prepare("INSERT INTO servman_bookings (company_id, date, employee_id, service_window_id, order_id, datetime_ticks, notes, is_test, created_at) VALUES ('greenway-lawn', '2030-01-02', 9, ?, ?, '0', '', 0, ?)")
        .run(slot, Number(order.lastInsertRowid), createdAt);
    };
    const before = await count();
    const amountBefore = await amount();
    const [, paidFirst, neverSent, lead] = leads as [Lead, Lead, Lead, Lead];
    addFollowUp(lead, { step: 0, channel: "email", state: "sent", dueAt: at(lead.createdAt, 15), sentAt: at(lead.createdAt, 16) });
    addBooking(lead, at(lead.createdAt, 50));
    assert.equal(await count(), before + 1);
    assert.equal(await amount(), amountBefore, "the funnel's recovered amount is what payments took; a booking took none");
    // Booked at +20, before its follow-up went at +30; booked with its only follow-up stopped: not recovered.
    addBooking(paidFirst, at(paidFirst.createdAt, 20));
    addBooking(neverSent, at(neverSent.createdAt, 50));
    assert.equal(await count(), before + 1);
  });
});

describe("the follow-ups' schedule on the Bot page", () => {
  let owner: Session;
  let live: Record<string, unknown>;
  before(async () => {
    owner = await signIn("owner@greenway-lawn.example");
    live = ((await (await owner.get("bots/lawn")).json()) as { live: { config: Record<string, unknown> } }).live.config;
  });
  const draft = async () => ((await (await owner.get("bots/lawn")).json()) as { draft: { config: Record<string, unknown> } | null }).draft;

  test("a schedule FollowUpsSchema refuses is a 400 naming the field, and nothing is saved", async () => {
    await owner.post("bots/lawn/draft/discard");
    for (const [followUps, field, message] of [
      [{ steps: [{ afterMinutes: 0, channel: "sms" }] }, "followUps.steps.0.afterMinutes", /must be at least 1/],
      [{ steps: [{ afterMinutes: 15, channel: "fax" }] }, "followUps.steps.0.channel", /one of the choices/],
      [{ steps: [], quietHours: { start: "9pm", end: "08:00" } }, "followUps.quietHours.start", /time of day like 21:00/],
      [{ steps: [], postalAddress: "x" }, "followUps.postalAddress", /at least 5/],
      [{ steps: Array.from({ length: 7 }, () => ({ afterMinutes: 5, channel: "email" })) }, "followUps.steps", /at most 6/],
    ] as const) {
      const response = await owner.post("bots/lawn/draft", { config: { ...live, followUps } });
      assert.equal(response.status, 400, JSON.stringify(followUps));
      const body = (await response.json()) as { message: string; problems: Array<{ field: string; message: string }> };
      assert.deepEqual(body.problems.map((p) => p.field), [field]);
      assert.match(body.message, new RegExp(`Not saved: ${field.replace(/\./g, "\\.")} `));
      assert.match(body.problems[0]!.message, message);
      assert.equal(await draft(), null, "nothing saved");
    }
  });

  test("a good schedule is saved in the draft and published with the bot", async () => {
    const followUps = { enabled: true, steps: [{ afterMinutes: 30, channel: "sms" }, { afterMinutes: 1440, channel: "email" }], quietHours: null, postalAddress: "12 Elm Street, Columbus, OH 43004" };
    const saved = await owner.post("bots/lawn/draft", { config: { ...live, followUps } });
    assert.equal(saved.status, 200);
    assert.deepEqual((await draft())?.config.followUps, followUps);
    assert.equal((await owner.post("bots/lawn/publish")).status, 200);
    const after = ((await (await owner.get("bots/lawn")).json()) as { live: { config: Record<string, unknown> } }).live.config;
    assert.deepEqual(after.followUps, followUps);
  });

  test("the preview renders the text and the e-mail in English and Spanish from the form as it is", async () => {
    const config = { ...live, companyName: "Greenway Lawn Care", currency: "USD", followUps: { steps: [], postalAddress: "12 Elm Street, Columbus, OH 43004" } };
    const response = await owner.post("bots/lawn/follow-ups/preview", { config });
    assert.equal(response.status, 200);
    type Preview = { text: string; email: { subject: string; text: string } };
    const { en, es } = (await response.json()) as { en: Preview; es: Preview };
    assert.match(en.text, /^Greenway Lawn Care: your quote is ready at \$59\.00\. Pick up where you left off: http:\/\/\S+qa_resume=sample Reply STOP to opt out\.$/);
    assert.match(es.text, /Greenway Lawn Care: su presupuesto está listo: .*59[.,]00.* Responda STOP para no recibir más\./);
    assert.equal(en.email.subject, "Your quote from Greenway Lawn Care");
    assert.equal(es.email.subject, "Su presupuesto de Greenway Lawn Care");
    assert.match(en.email.text, /^Hi Alex,/);
    assert.match(en.email.text, /12 Elm Street, Columbus, OH 43004/);
    assert.match(es.email.text, /Darse de baja: http:\/\/\S+\/v1\/follow-ups\/unsubscribe\?token=sample/);
    const noAddress = (await (await owner.post("bots/lawn/follow-ups/preview", { config: { ...live, followUps: { steps: [] } } })).json()) as { en: Preview; es: Preview };
    assert.match(noAddress.en.email.text, /\(your postal address\)/);
    assert.match(noAddress.es.email.text, /\(su dirección postal\)/);
    assert.equal((await owner.post("bots/other-bot/follow-ups/preview", { config })).status, 404);
  });

  test("the company's own wording: previewed per language as typed, saved, and refused at its field when it names an unknown placeholder", async () => {
    const messages = { en: { text: "{name}, your lawn plan is saved at {price}.", emailSubject: "{name}, still thinking?" }, es: { emailBody: "Su plan sigue en pie: {price}." } };
    const config = { ...live, companyName: "Greenway Lawn Care", currency: "USD", followUps: { steps: [], postalAddress: "12 Elm Street, Columbus, OH 43004", messages } };
    type Preview = { text: string; email: { subject: string; text: string } };
    const { en, es } = (await (await owner.post("bots/lawn/follow-ups/preview", { config })).json()) as { en: Preview; es: Preview };
    assert.match(en.text, /^Greenway Lawn Care: Alex, your lawn plan is saved at \$59\.00\. Pick up where you left off: \S+ Reply STOP to opt out\.$/);
    assert.equal(en.email.subject, "Alex, still thinking?");
    assert.match(es.text, /su presupuesto está listo/, "Spanish has no text of its own: the standard one");
    assert.match(es.email.text, /^Hola, Alex:\n\nSu plan sigue en pie: \$59\.00\.\n/);
    // A wording not valid yet previews the standard one; saving it is refused at its field.
    const typo = { ...config, followUps: { ...config.followUps, messages: { en: { text: "Hi {firstName}" } } } };
    const preview = (await (await owner.post("bots/lawn/follow-ups/preview", { config: typo })).json()) as { en: Preview };
    assert.match(preview.en.text, /your quote is ready at/);
    const refused = await owner.post("bots/lawn/draft", { config: typo });
    assert.equal(refused.status, 400);
    const { problems } = (await refused.json()) as { problems: Array<{ field: string }> };
    assert.deepEqual(problems.map((p) => p.field), ["followUps.messages.en.text"]);
    assert.equal((await owner.post("bots/lawn/draft", { config })).status, 200);
  });
});
