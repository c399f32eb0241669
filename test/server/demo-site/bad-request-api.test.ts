// Every POST of the API: a body that is not JSON, or fails its schema, answers 400 naming
// the field, and leaves the store exactly as it was (checked on the store file itself).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { newVisitorStart } from "./api-test-data.ts";
import { getJson, httpRequest, postJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

/** Everything the API can write, as one comparable value. */
function snapshot(): unknown {
  return {
    quotes: site.db.prepare("SELECT * FROM quotes ORDER BY id").all(),
    customers: site.db.prepare("SELECT * FROM customers ORDER BY company_id, phone_number").all(),
  };
}

const start = newVisitorStart({ phoneNumber: "6145559501" });
const record = { quoteId: "q-greenway-resume-3", companyId: "greenway-lawn", payload: { answers: { lawnType: "Tall fescue" } } };
const location = { quoteId: "q-greenway-resume-3", companyId: "greenway-lawn", location: { lat: 40.1, lng: -83.1 } };
const details = { quoteId: "q-greenway-resume-3", companyId: "greenway-lawn" };
const previous = { companyId: "greenway-lawn", botId: "lawn", phoneNumber: "6145559501", street: "1 Oak Street", postalCode: "43017" };

/** [path, what is wrong, body, the field the message must name] */
const BAD_BODIES: [string, string, unknown, string][] = [
  ["/v1/quote/start", "no companyId", { ...start, companyId: undefined }, "companyId"],
  ["/v1/quote/start", "an empty botId", { ...start, botId: "" }, "botId"],
  ["/v1/quote/start", "no customer", { ...start, customer: undefined }, "customer"],
  ["/v1/quote/start", "a 9-digit phone", { ...start, customer: { ...start.customer, phoneNumber: "614555950" } }, "customer.phoneNumber"],
  ["/v1/quote/start", "a bad email", { ...start, customer: { ...start.customer, email: "kim@" } }, "customer.email"],
  ["/v1/quote/start", "no last name", { ...start, customer: { ...start.customer, lastName: " " } }, "customer.lastName"],
  ["/v1/quote/start", "no street", { ...start, customer: { ...start.customer, address: { ...start.customer.address, street: undefined } } }, "customer.address.street"],
  ["/v1/quote/start", "a 31-character referrer", { ...start, referrer: "x".repeat(31) }, "referrer"],
  ["/v1/quote/start", "a 301-character other source", { ...start, additionalSourceInfo: "x".repeat(301) }, "additionalSourceInfo"],
  ["/v1/quote/start", "a text tax rate", { ...start, salesTaxRate: "7.5" }, "salesTaxRate"],
  ["/v1/quote/start", "a latitude of 91", { ...start, customer: { ...start.customer, lat: 91, lng: 0 } }, "customer.lat"],
  ["/v1/quote/previous", "no phone", { ...previous, phoneNumber: undefined }, "phoneNumber"],
  ["/v1/quote/previous", "an empty street", { ...previous, street: "" }, "street"],
  ["/v1/quote/details", "no quoteId", { ...details, quoteId: undefined }, "quoteId"],
  ["/v1/quote/details", "a numeric companyId", { ...details, companyId: 7 }, "companyId"],
  ["/v1/quote/record", "no payload", { ...record, payload: undefined }, "payload"],
  ["/v1/quote/record", "a numeric answer", { ...record, payload: { answers: { lawnHappiness: 3 } } }, "payload.answers.lawnHappiness"],
  ["/v1/quote/record", "answers as a list", { ...record, payload: { answers: ["Thick"] } }, "payload.answers"],
  ["/v1/quote/record", "an empty quoteId", { ...record, quoteId: "" }, "quoteId"],
  ["/v1/quote/location", "no location", { ...location, location: undefined }, "location"],
  ["/v1/quote/location", "a longitude of 181", { ...location, location: { lat: 40, lng: 181 } }, "location.lng"],
  ["/v1/quote/location", "a text latitude", { ...location, location: { lat: "40", lng: -83 } }, "location.lat"],
  ["/v1/servman/geomap", "no queryTerm", {}, "queryTerm"],
];

const POST_PATHS = ["/v1/quote/start", "/v1/quote/previous", "/v1/quote/details", "/v1/quote/record", "/v1/quote/location", "/v1/servman/geomap"];

describe("a bad body gets 400 naming the field, and nothing is stored", () => {
  for (const [path, wrong, body, field] of BAD_BODIES) {
    test(`${path} with ${wrong}`, async () => {
      const before = snapshot();
      const { status, json } = await postJson(`${site.api}${path}`, body);
      assert.equal(status, 400);
      const message = (json as { message: string }).message;
      assert.ok(message.includes(field), `"${message}" does not name ${field}`);
      assert.deepEqual(snapshot(), before);
    });
  }

  for (const path of POST_PATHS) {
    for (const [label, body] of [
      ["malformed JSON", '{"companyId": "greenway-lawn",'],
      ["an empty body", ""],
      ["a JSON list", "[]"],
      ["JSON null", "null"],
    ] as const) {
      test(`${path} with ${label}`, async () => {
        const before = snapshot();
        const response = await httpRequest(`${site.api}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
        assert.equal(response.status, 400);
        assert.equal(typeof (JSON.parse(response.body) as { message: unknown }).message, "string");
        assert.deepEqual(snapshot(), before);
      });
    }
  }

  /** A body whose "__N__" becomes a raw JSON number no JavaScript number holds (1e400 parses as Infinity). */
  const raw = (body: unknown, number: string) => JSON.stringify(body).replace('"__N__"', number);
  const estimate = { companyId: "greenway-lawn", quoteId: "q-greenway-resume-3", estimate: { estimate: 6000, units: "sq ft" } };
  /** [path, what is wrong, raw body text, the field the message must name] */
  const UNBOUNDED: [string, string, string, string][] = [
    ["/v1/quote/start", "a tax rate of 1e400 (Infinity)", raw({ ...start, salesTaxRate: "__N__" }, "1e400"), "salesTaxRate"],
    ["/v1/quote/start", "a tax rate of -1e400 (-Infinity)", raw({ ...start, salesTaxRate: "__N__" }, "-1e400"), "salesTaxRate"],
    ["/v1/quote/start", "a tax rate of 1e300", raw({ ...start, salesTaxRate: "__N__" }, "1e300"), "salesTaxRate"],
    ["/v1/quote/start", "a latitude of 1e400", raw({ ...start, customer: { ...start.customer, lat: "__N__", lng: 0 } }, "1e400"), "customer.lat"],
    ["/v1/quote/location", "a longitude of -1e400", raw({ ...location, location: { lat: 40, lng: "__N__" } }, "-1e400"), "location.lng"],
    ["/v1/quote/record", "an answer of 1e400", raw({ ...record, payload: { answers: { lawnHappiness: "__N__" } } }, "1e400"), "payload.answers.lawnHappiness"],
    ["/v1/quote/estimate", "an estimate of 1e400", raw({ ...estimate, estimate: { estimate: "__N__", units: "sq ft" } }, "1e400"), "estimate.estimate"],
    ["/v1/quote/estimate", "an adjusted lot size of 1e400", raw({ ...estimate, adjustedLotSize: "__N__" }, "1e400"), "adjustedLotSize"],
    ["/v1/quote/start", "the literal Infinity (not JSON)", raw({ ...start, salesTaxRate: "__N__" }, "Infinity"), "Malformed JSON"],
    ["/v1/quote/start", "the literal NaN (not JSON)", raw({ ...start, salesTaxRate: "__N__" }, "NaN"), "Malformed JSON"],
    ["/v1/quote/start", "a customer nested 20,000 lists deep", raw({ ...start, customer: "__N__" }, "[".repeat(20_000) + "]".repeat(20_000)), "customer"],
    ["/v1/quote/record", "an answer nested 10,000 objects deep", raw({ ...record, payload: { answers: { deep: "__N__" } } }, '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000)), "payload.answers.deep"],
    ["/v1/quote/previous", "a body nested 30,000 lists deep", "[".repeat(30_000) + "]".repeat(30_000), "Invalid companyId"],
  ];
  for (const [path, wrong, body, words] of UNBOUNDED) {
    test(`${path} with ${wrong}: 400, nothing stored`, async () => {
      const before = snapshot();
      const response = await httpRequest(`${site.api}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body });
      assert.equal(response.status, 400, response.body);
      const message = (JSON.parse(response.body) as { message: string }).message;
      assert.ok(message.includes(words), `"${message}" does not name ${words}`);
      assert.deepEqual(snapshot(), before);
    });
  }

  test("a quote keeps at most 200 answers: the record that would pass it is 413 and changes nothing; answered again, the same keys are fine", async () => {
    const { json } = await postJson(`${site.api}/v1/quote/start`, newVisitorStart({ phoneNumber: "6145559511" }));
    const quoteId = (json as { id: string }).id;
    const answers = (from: number, count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`q${from + i}`, "yes"]));
    const send = (payloadAnswers: Record<string, string>) => postJson(`${site.api}/v1/quote/record`, { quoteId, companyId: "greenway-lawn", payload: { answers: payloadAnswers } });
    assert.equal((await send(answers(0, 150))).status, 200);
    assert.equal((await send(answers(150, 50))).status, 200);
    const before = snapshot();
    const past = await send(answers(200, 1));
    assert.equal(past.status, 413);
    assert.match((past.json as { message: string }).message, /at most 200 keys/);
    assert.deepEqual(snapshot(), before);
    assert.equal((await send({ ...answers(0, 200), q7: "no" })).status, 200, "the same 200 keys answered again");
  });

  test("a quote keeps at most 64 KB of answers in all, though each record is under the body limit: 413 past it", async () => {
    const { json } = await postJson(`${site.api}/v1/quote/start`, newVisitorStart({ phoneNumber: "6145559512" }));
    const { id: quoteId, quoteToken } = json as { id: string; quoteToken: string };
    const big = (from: number) => Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`long${from + i}`, "x".repeat(2000)]));
    const send = (payloadAnswers: Record<string, string>) => postJson(`${site.api}/v1/quote/record`, { quoteId, companyId: "greenway-lawn", payload: { answers: payloadAnswers } });
    for (const from of [0, 10, 20]) assert.equal((await send(big(from))).status, 200, `${from}: about ${(from + 10) * 2} KB in all`);
    const before = snapshot();
    const past = await send(big(30));
    assert.equal(past.status, 413);
    assert.deepEqual(snapshot(), before);
    const { json: details } = await postJson(`${site.api}/v1/quote/details`, { quoteId, companyId: "greenway-lawn", quoteToken });
    assert.equal(Object.keys((details as { answers: object }).answers).length, 30);
  });

  test("a body over 64 KB answers 413 and stores nothing", async () => {
    const before = snapshot();
    const huge = { ...record, payload: { answers: Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, "x".repeat(1000)])) } };
    const { status } = await postJson(`${site.api}/v1/quote/record`, huge);
    assert.equal(status, 413);
    assert.deepEqual(snapshot(), before);
  });

  test("the valid versions of these bodies are accepted (the table tests what it claims)", async () => {
    assert.equal((await postJson(`${site.api}/v1/quote/start`, start)).status, 200);
    assert.equal((await postJson(`${site.api}/v1/quote/previous`, previous)).status, 200);
    // Details answer only with the quote's token, which its customer's lookup hands out.
    const lookup = await getJson(`${site.api}/v1/company/greenway-lawn/customer/lookup?phonenumber=6145550112`);
    const quoteToken = (lookup.json as { record: { quoteToken: string } }).record.quoteToken;
    assert.equal((await postJson(`${site.api}/v1/quote/details`, { ...details, quoteToken })).status, 200);
    assert.equal((await postJson(`${site.api}/v1/quote/record`, record)).status, 200);
    assert.equal((await postJson(`${site.api}/v1/quote/location`, location)).status, 200);
    assert.equal((await postJson(`${site.api}/v1/servman/geomap`, { queryTerm: "oak" })).status, 200);
  });
});

test("a quote started with preview=true or onboarding=true is stored as test traffic", async () => {
  for (const [flag, phone] of [["", "6145559601"], ["?preview=true", "6145559602"], ["?onboarding=true", "6145559603"]] as const) {
    const { status, json } = await postJson(`${site.api}/v1/quote/start${flag}`, newVisitorStart({ phoneNumber: phone }));
    assert.equal(status, 200);
    const row = site.db.prepare("SELECT is_test FROM quotes WHERE id = ?").get((json as { id: string }).id) as { is_test: number };
    assert.equal(row.is_test, flag === "" ? 0 : 1, flag);
  }
});
