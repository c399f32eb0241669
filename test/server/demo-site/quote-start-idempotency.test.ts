// POST /v1/quote/start with the widget outbox's Idempotency-Key (docs/api.md): a start whose
// answer was lost is sent again with the same key and gets the same quote, a working new token
// and no second lead; a key used for another address is 422; a bad key is 400, nothing stored.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { newVisitorStart } from "./api-test-data.ts";
import { httpRequest, postJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

const startWithKey = async (body: unknown, key: string) => {
  const response = await httpRequest(`${site.api}/v1/quote/start`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Idempotency-Key": key },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: JSON.parse(response.body) as { id: string; quoteToken: string; message?: string } };
};
const count = (sql: string, ...params: unknown[]) => (site.db.prepare(sql).get(...params) as { n: number }).n;
const quoteCount = () => count("SELECT count(*) AS n FROM quotes");
const leadsFor = (quoteId: string) => count("SELECT count(*) AS n FROM webhook_outbox WHERE event_type = 'lead' AND url NOT LIKE 'mailto:%' AND payload LIKE ?", `%${quoteId}%`);

describe("POST /v1/quote/start: the outbox's Idempotency-Key", () => {
  test("the same key twice: one quote, one lead, and both tokens open the quote", async () => {
    const body = newVisitorStart({ phoneNumber: "6145559401", street: "401 Keyed Way" });
    const before = quoteCount();
    const first = await startWithKey(body, "start-key-401-0000000000");
    const second = await startWithKey(body, "start-key-401-0000000000");
    assert.equal(first.status, 200);
    assert.equal(second.status, 200);
    assert.equal(second.json.id, first.json.id);
    assert.notEqual(second.json.quoteToken, first.json.quoteToken, "the repeat hands out a token of its own");
    assert.equal(quoteCount(), before + 1);
    assert.equal(leadsFor(first.json.id), 1);
    for (const quoteToken of [first.json.quoteToken, second.json.quoteToken]) {
      const details = await postJson(`${site.api}/v1/quote/details`, { companyId: "greenway-lawn", quoteId: first.json.id, quoteToken });
      assert.equal(details.status, 200);
    }
  });

  test("two sends of one key at the same moment still make one quote", async () => {
    const body = newVisitorStart({ phoneNumber: "6145559402", street: "402 Keyed Way" });
    const before = quoteCount();
    const answers = await Promise.all([startWithKey(body, "start-key-402-0000000000"), startWithKey(body, "start-key-402-0000000000")]);
    assert.deepEqual(answers.map((a) => a.status), [200, 200]);
    assert.equal(answers[0].json.id, answers[1].json.id);
    assert.equal(quoteCount(), before + 1);
  });

  test("different keys are different starts", async () => {
    const body = newVisitorStart({ phoneNumber: "6145559403", street: "403 Keyed Way" });
    const a = await startWithKey(body, "start-key-403a-0000000000");
    const b = await startWithKey(body, "start-key-403b-0000000000");
    assert.notEqual(a.json.id, b.json.id);
  });

  test("a key already used for another address: 422, nothing stored", async () => {
    await startWithKey(newVisitorStart({ phoneNumber: "6145559404", street: "404 Keyed Way" }), "start-key-404-0000000000");
    const before = quoteCount();
    const other = await startWithKey(newVisitorStart({ phoneNumber: "6145559405", street: "405 Other Way" }), "start-key-404-0000000000");
    assert.equal(other.status, 422);
    assert.match(other.json.message ?? "", /another quote start/);
    assert.equal(quoteCount(), before);
  });

  for (const [name, key] of [["empty", ""], ["too long", "k".repeat(300)], ["with a space", "a key"]] as const) {
    test(`a bad key (${name}): 400, nothing stored`, async () => {
      const before = quoteCount();
      const answer = await startWithKey(newVisitorStart({ phoneNumber: "6145559406", street: "406 Keyed Way" }), key);
      assert.equal(answer.status, 400);
      assert.equal(quoteCount(), before);
    });
  }
});

describe("POST /v1/quote/record: the outbox's Idempotency-Key", () => {
  const record = async (quoteId: string, lawnType: string, key: string) => {
    const response = await httpRequest(`${site.api}/v1/quote/record`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": key },
      body: JSON.stringify({ quoteId, companyId: "greenway-lawn", payload: { answers: { lawnType } } }),
    });
    return response.status;
  };
  const storedLawnType = (quoteId: string) =>
    (JSON.parse((site.db.prepare("SELECT answers FROM quotes WHERE id = ?").get(quoteId) as { answers: string }).answers) as { lawnType?: string }).lawnType;

  test("a record sent twice with its key is merged once and answers ok both times; a malformed key is 400 and changes nothing", async () => {
    const { json } = await startWithKey(newVisitorStart({ phoneNumber: "6145559407", street: "407 Keyed Way" }), "start-key-407-0000000000");
    assert.equal(await record(json.id, "Fescue", "record-key-407-00000000"), 200);
    assert.equal(await record(json.id, "Fescue", "record-key-407-00000000"), 200);
    assert.equal(storedLawnType(json.id), "Fescue");
    assert.equal(await record(json.id, "Zoysia", "bad key"), 400);
    assert.equal(storedLawnType(json.id), "Fescue");
  });
});
