// Resume links and the conversation the server keeps (issue 14 §5, issue 12), through the
// reference API: a snapshot saved with the quote's token comes back for a resume link (with a
// fresh token for the new device) or for that token; bad bodies are 400, too big 413, another
// quote's token or a tampered link 404; a paid quote says so; the `lead` webhook carries the link.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { ResumeAnswerSchema } from "../../../src/contract/quote-resume.ts";
import { QuoteStartSchema } from "../../../src/contract/quote-start.ts";
import { newVisitorStart } from "./api-test-data.ts";
import { getJson, httpRequest, postJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

async function start(phoneNumber: string, landingPage?: string) {
  const body = { ...newVisitorStart({ phoneNumber, street: `${phoneNumber.slice(-3)} Muirfield Drive` }), ...(landingPage ? { attribution: { landingPage } } : {}) };
  const { status, json } = await postJson(`${site.api}/v1/quote/start`, body);
  assert.equal(status, 200, JSON.stringify(json));
  const started = v.parse(QuoteStartSchema, json);
  return { id: started.id, quoteToken: started.quoteToken! };
}

/** The `lead` webhook payload written for the quote. */
function leadOf(quoteId: string): { resumeUrl?: string; quoteId: string } {
  const rows = site.db.prepare("SELECT payload FROM webhook_outbox WHERE event_type = 'lead' AND url NOT LIKE 'mailto:%'").all() as Array<{ payload: string }>;
  const events = rows.map((row) => JSON.parse(row.payload) as { data: { quoteId: string; resumeUrl?: string } });
  const found = events.find((event) => event.data.quoteId === quoteId);
  assert.ok(found, `a lead for ${quoteId}`);
  return found.data;
}

const tokenOf = (url: string) => new URL(url).searchParams.get("qa_resume")!;

const snapshot = (stepId = "askPrograms") => ({
  flow: { stepId, answers: { customerFirstName: "Kim", customerAddress: "5565 Muirfield Drive", quoteToken: "never-kept" }, path: ["greeting", stepId] },
  transcript: [
    { id: 1, from: "bot", text: "Hi there!" },
    { id: 2, from: "visitor", text: "Kim Novak" },
  ],
});

const save = (quoteId: string, quoteToken: string, conversation: unknown = snapshot()) =>
  postJson(`${site.api}/v1/quote/conversation`, { companyId: "greenway-lawn", quoteId, quoteToken, conversation });

const resume = (body: unknown) => postJson(`${site.api}/v1/quote/resume`, body);

describe("resume links", () => {
  test("the lead webhook carries a resume link on the page the quote started, which gives the saved conversation back", async () => {
    const page = `${site.urls.host}/quote.html`;
    const quote = await start("6145557101", page);
    const saved = await save(quote.id, quote.quoteToken);
    assert.deepEqual([saved.status, saved.json], [200, { ok: true }]);
    const link = leadOf(quote.id).resumeUrl!;
    assert.equal(new URL(link).origin + new URL(link).pathname, page);
    const { status, json } = await resume({ resumeToken: tokenOf(link) });
    assert.equal(status, 200, JSON.stringify(json));
    const answer = v.parse(ResumeAnswerSchema, json);
    assert.equal(answer.quoteId, quote.id);
    assert.equal(answer.botId, "lawn");
    assert.equal(answer.sale, null);
    // The snapshot as saved, without the capability it carried.
    const { quoteToken: _dropped, ...answers } = snapshot().flow.answers;
    assert.deepEqual(answer.conversation, { ...snapshot(), flow: { ...snapshot().flow, answers } });
    // A token of its own for this device: it reads the quote's details.
    assert.notEqual(answer.quoteToken, quote.quoteToken);
    const details = await postJson(`${site.api}/v1/quote/details`, { companyId: "greenway-lawn", quoteId: quote.id, quoteToken: answer.quoteToken });
    assert.equal(details.status, 200);
    // GET with ?token= answers the same.
    const viaGet = await getJson(`${site.api}/v1/quote/resume?token=${encodeURIComponent(tokenOf(link))}`);
    assert.equal(viaGet.status, 200);
    assert.deepEqual(v.parse(ResumeAnswerSchema, viaGet.json).conversation, answer.conversation);
  });

  test("a page on another site gets the company's site instead: never an open redirect", async () => {
    const quote = await start("6145557102", "https://evil.example/phish");
    const link = new URL(leadOf(quote.id).resumeUrl!);
    assert.equal(link.origin, site.urls.host);
    assert.equal(link.pathname, "/");
  });

  test("the quote's own token (the same device) gives the conversation back too; another quote's token does not", async () => {
    const mine = await start("6145557103");
    const theirs = await start("6145557104");
    await save(mine.id, mine.quoteToken, snapshot("lastMowed"));
    const same = await resume({ companyId: "greenway-lawn", quoteId: mine.id, quoteToken: mine.quoteToken });
    assert.equal(same.status, 200);
    const answer = v.parse(ResumeAnswerSchema, same.json);
    assert.equal(answer.conversation?.flow.stepId, "lastMowed");
    assert.equal(answer.quoteToken, mine.quoteToken, "the device keeps its token");
    const crossed = await resume({ companyId: "greenway-lawn", quoteId: mine.id, quoteToken: theirs.quoteToken });
    assert.equal(crossed.status, 404);
    assert.doesNotMatch(JSON.stringify(crossed.json), /Kim|Muirfield/);
    // Nor may it save over another household's conversation.
    assert.equal((await save(mine.id, theirs.quoteToken, snapshot("askQuoteNow"))).status, 404);
    const after = v.parse(ResumeAnswerSchema, (await resume({ companyId: "greenway-lawn", quoteId: mine.id, quoteToken: mine.quoteToken })).json);
    assert.equal(after.conversation?.flow.stepId, "lastMowed");
  });

  test("a tampered, expired-looking or malformed link: 404 or 400, and nothing of the quote", async () => {
    const quote = await start("6145557105");
    await save(quote.id, quote.quoteToken);
    const token = tokenOf(leadOf(quote.id).resumeUrl!);
    const [prefix, payload, mac] = token.split(".") as [string, string, string];
    const other = await start("6145557106");
    const otherPayload = tokenOf(leadOf(other.id).resumeUrl!).split(".")[1]!;
    for (const bad of [`${prefix}.${payload}.${mac.slice(1)}A`, `${prefix}.${otherPayload}.${mac}`, "r1.abc.def"]) {
      const { status, json } = await resume({ resumeToken: bad });
      assert.equal(status, 404, bad);
      assert.deepEqual(json, { message: "This resume link has expired or is not valid" });
    }
    for (const body of [{}, { resumeToken: "" }, { resumeToken: "x".repeat(401) }, { companyId: "greenway-lawn", quoteId: quote.id }]) {
      assert.equal((await resume(body)).status, 400, JSON.stringify(body).slice(0, 80));
    }
    assert.equal((await getJson(`${site.api}/v1/quote/resume`)).status, 400);
  });

  test("saving: bad snapshots 400, a body past the limit 413, an unknown quote 404", async () => {
    const quote = await start("6145557107");
    const bad = [
      { ...snapshot(), transcript: [{ id: 1, from: "robot", text: "hi" }] },
      { ...snapshot(), flow: { stepId: "", answers: {}, path: [] } },
      { ...snapshot(), flow: { ...snapshot().flow, answers: { n: 7 } } },
      { ...snapshot(), transcript: Array.from({ length: 201 }, (_, i) => ({ id: i, from: "bot", text: "x" })) },
      [],
    ];
    for (const conversation of bad) assert.equal((await save(quote.id, quote.quoteToken, conversation)).status, 400, JSON.stringify(conversation).slice(0, 80));
    const huge = { ...snapshot(), transcript: Array.from({ length: 30 }, (_, i) => ({ id: i, from: "bot", text: "x".repeat(3000) })) };
    const response = await httpRequest(`${site.api}/v1/quote/conversation`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ companyId: "greenway-lawn", quoteId: quote.id, quoteToken: quote.quoteToken, conversation: huge }),
    });
    assert.equal(response.status, 413);
    assert.equal((await save("no-such-quote", quote.quoteToken)).status, 404);
    // Saving the same snapshot twice is the same as once.
    assert.equal((await save(quote.id, quote.quoteToken)).status, 200);
    assert.equal((await save(quote.id, quote.quoteToken)).status, 200);
  });

  test("a paid quote answers with what the receipt needs", async () => {
    const quote = await start("6145557108");
    site.db
      .prepare(
        `INSERT INTO payments (company_id, idempotency_key, fingerprint, endpoint, bot_id, quote_id, payment_method, amount, currency, term, token, status, transaction_id, response, body, created_at)
         VALUES ('greenway-lawn', 'k-1', 'f', 'secure', 'lawn', ?, 'stripe', '123.45', 'USD', 'application', NULL, 'succeeded', 'TX-77', '{}', '{}', ?)`,
      )
      .run(quote.id, new Date().toISOString());
    const answer = v.parse(ResumeAnswerSchema, (await resume({ companyId: "greenway-lawn", quoteId: quote.id, quoteToken: quote.quoteToken })).json);
    assert.deepEqual(answer.sale, { transactionId: "TX-77", value: "123.45", currency: "USD", paymentMethod: "stripe", term: "application", serviceTypes: [] });
    assert.equal(answer.conversation, null);
  });
});
