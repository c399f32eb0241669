// The quote calls (docs/api.md): previous-quote check, start (new vs reuse, failure hook),
// details, record and location, answered with the shared schemas of src/api/.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { CustomerLookupSchema } from "../../../src/contract/customer-lookup.ts";
import { QuoteSchema } from "../../../src/contract/quote-details.ts";
import { PreviousQuoteSchema } from "../../../src/contract/quote-previous.ts";
import { QuoteStartSchema } from "../../../src/contract/quote-start.ts";
import { newVisitorStart } from "./api-test-data.ts";
import { getJson, postJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

const post = (path: string, body: unknown) => postJson(`${site.api}${path}`, body);

async function details(quoteId: string, quoteToken: string | null | undefined, companyId = "greenway-lawn") {
  const { status, json } = await post("/v1/quote/details", { quoteId, companyId, quoteToken });
  assert.equal(status, 200);
  return v.parse(QuoteSchema, json);
}

async function start(body: unknown) {
  const { status, json } = await post("/v1/quote/start", body);
  assert.equal(status, 200, JSON.stringify(json));
  const started = v.parse(QuoteStartSchema, json);
  assert.match(started.quoteToken ?? "", /^[\w-]{43}$/);
  return { ...started, quoteToken: started.quoteToken! };
}

/** The token a lookup by phone hands out with the customer's latest quote. */
async function lookupToken(phone: string, companyId = "greenway-lawn") {
  const lookup = v.parse(CustomerLookupSchema, (await getJson(`${site.api}/v1/company/${companyId}/customer/lookup?phonenumber=${phone}`)).json);
  return lookup.record?.quoteToken;
}

describe("POST /v1/quote/start", () => {
  test("creates a quote with empty answers and the visitor, and remembers the customer by phone", async () => {
    const body = newVisitorStart({ phoneNumber: "6145559101", street: "116 Brand Road" });
    const started = await start(body);
    assert.match(started.id, /^[0-9a-f-]{36}$/);
    assert.equal(started.redirectUrl, null);
    assert.equal(started.crmData, null);
    // Greenway uses real-green: CRM-looking ids.
    assert.match(started.crmId ?? "", /^RG-\d+$/);
    assert.equal(typeof started.contactId, "string");
    assert.equal(typeof started.branch_id, "string");

    const quote = await details(started.id, started.quoteToken);
    assert.deepEqual(quote.answers, {});
    assert.deepEqual(quote.serviceTypes, []);
    assert.equal(quote.convertedSale, false);
    assert.equal(quote.hasPriceBlocks, false);
    assert.deepEqual(quote.customer, body.customer);

    const lookup = v.parse(CustomerLookupSchema, (await getJson(`${site.api}/v1/company/greenway-lawn/customer/lookup?phonenumber=6145559101`)).json);
    assert.equal(lookup.status, "found");
    assert.equal(lookup.record?.quoteId, started.id);
  });

  test("gives no CRM ids for a company without a CRM", async () => {
    const started = await start({ ...newVisitorStart({ phoneNumber: "5555559102" }), companyId: "demo-company", botId: "demo-bot" });
    assert.deepEqual([started.crmId, started.contactId, started.branch_id], [null, null, null]);
  });

  test("reuses the quote a visitor found again for the same address, spelt differently", async () => {
    const first = await start(newVisitorStart({ phoneNumber: "6145559103", street: "2876 Tuttle Crossing Boulevard" }));
    const again = await start({
      ...newVisitorStart({ phoneNumber: "6145559103", street: "  2876 TUTTLE crossing   boulevard ", postalCode: " 43017", quoteId: first.id }),
      quoteToken: first.quoteToken,
    });
    assert.deepEqual(again, first);
    // Without the quote's token the id alone reuses nothing.
    const bare = await start(newVisitorStart({ phoneNumber: "6145559103", street: "2876 Tuttle Crossing Boulevard", quoteId: first.id }));
    assert.notEqual(bare.id, first.id);
  });

  test("starts a new quote when the remembered quote is for another address", async () => {
    const first = await start(newVisitorStart({ phoneNumber: "6145559104", street: "118 Tuttle Crossing Boulevard" }));
    const moved = await start({
      ...newVisitorStart({ phoneNumber: "6145559104", street: "5563 Tuttle Crossing Boulevard", quoteId: first.id }),
      quoteToken: first.quoteToken,
    });
    assert.notEqual(moved.id, first.id);
    assert.equal((await details(moved.id, moved.quoteToken)).customer.address.street, "5563 Tuttle Crossing Boulevard");
  });

  test("starts a new quote when the remembered quote belongs to another company or does not exist", async () => {
    const theirs = await start({ ...newVisitorStart({ phoneNumber: "5555559105" }), companyId: "demo-company", botId: "demo-bot" });
    const ours = await start({ ...newVisitorStart({ phoneNumber: "5555559105", quoteId: theirs.id }), quoteToken: theirs.quoteToken });
    assert.notEqual(ours.id, theirs.id);
    const unknown = await start(newVisitorStart({ phoneNumber: "6145559106", quoteId: "q-no-such-quote" }));
    assert.notEqual(unknown.id, "q-no-such-quote");
  });

  test("a returning customer keeps CRM data, county, position and lot estimate, but not the record's email", async () => {
    const tom = newVisitorStart({ phoneNumber: "6145550103", street: "112 Liberty Street", postalCode: "43065" });
    const { email: _email, ...withoutEmail } = tom.customer;
    const started = await start({ ...tom, customer: withoutEmail });
    assert.deepEqual(started.crmData, { id: "RG-40103", status: 8, creditHoldStatus: 0 });
    assert.equal(started.crmId, "RG-40103");
    const quote = await details(started.id, started.quoteToken);
    // Whoever types a known phone is not shown that customer's e-mail.
    assert.equal(quote.customer.email, undefined);
    assert.equal(quote.customer.address.county, "Delaware County");
    assert.equal(typeof quote.customer.lat, "number");
    assert.equal(quote.estimate?.estimate, 11000);
  });

  test("the failure hook: postal code 00000 answers 500 and stores nothing", async () => {
    const body = newVisitorStart({ phoneNumber: "6145559107", postalCode: "00000" });
    const { status, json } = await post("/v1/quote/start", body);
    assert.equal(status, 500);
    assert.deepEqual(json, { message: "simulated failure" });
    const lookup = await getJson(`${site.api}/v1/company/greenway-lawn/customer/lookup?phonenumber=6145559107`);
    assert.deepEqual(lookup.json, { status: "not-found", record: null, estimate: null });
  });

  test("an unknown company or bot answers 404", async () => {
    const company = await post("/v1/quote/start", { ...newVisitorStart(), companyId: "nobody" });
    assert.equal(company.status, 404);
    assert.deepEqual(company.json, { message: 'Unknown company "nobody"' });
    const bot = await post("/v1/quote/start", { ...newVisitorStart(), botId: "nobot" });
    assert.equal(bot.status, 404);
    assert.deepEqual(bot.json, { message: 'Company "greenway-lawn" has no bot "nobot"' });
  });
});

describe("POST /v1/quote/previous", () => {
  const check = async (body: Record<string, string>) => {
    const { status, json } = await post("/v1/quote/previous", { companyId: "greenway-lawn", botId: "lawn", ...body });
    assert.equal(status, 200, JSON.stringify(json));
    return v.parse(PreviousQuoteSchema, json);
  };

  test("finds the household's quote (same address and phone), ignoring case and spacing, with a token that reads it", async () => {
    const answer = await check({ phoneNumber: "6145550110", street: "1112  SAWMILL road", postalCode: "43235 " });
    assert.equal(answer.quoteId, "q-greenway-resume-1");
    assert.equal(answer.crmData, null);
    assert.equal((await details("q-greenway-resume-1", answer.quoteToken)).id, "q-greenway-resume-1");
  });

  test("finds the household's latest of several quotes for one address", async () => {
    const first = await start(newVisitorStart({ phoneNumber: "6145559202", street: "5567 Muirfield Drive" }));
    const second = await start(newVisitorStart({ phoneNumber: "6145559202", street: "5567 Muirfield Drive" }));
    assert.notEqual(first.id, second.id);
    const answer = await check({ phoneNumber: "6145559202", street: "5567 Muirfield Drive", postalCode: "43017" });
    assert.equal(answer.quoteId, second.id);
  });

  test("finds CRM data by phone only: another household at a customer's address gets none", async () => {
    const byPhone = await check({ phoneNumber: "6145550104", street: "1 Elsewhere Road", postalCode: "43016" });
    assert.deepEqual(byPhone, { quoteId: null, crmData: { id: "RG-40104", status: 1, creditHoldStatus: 1 }, quoteToken: null });
    const byAddress = await check({ phoneNumber: "6145559205", street: "112 Liberty Street", postalCode: "43065" });
    assert.equal(byAddress.crmData, null);
  });

  test("finds nothing for a new visitor at a new address", async () => {
    assert.deepEqual(await check({ phoneNumber: "6145559206", street: "1 Nowhere Lane", postalCode: "43016" }), {
      quoteId: null,
      crmData: null,
      quoteToken: null,
    });
  });

  test("the servman demo customer has quoted already; another company's quote does not count", async () => {
    const { json } = await post("/v1/quote/previous", {
      companyId: "bugbusters-pest",
      botId: "pest",
      phoneNumber: "5125550100",
      street: "1238 South Lamar Boulevard",
      postalCode: "78704",
    });
    assert.equal(v.parse(PreviousQuoteSchema, json).quoteId, "q-bugbusters-quoted-1");
    const { json: other } = await post("/v1/quote/previous", {
      companyId: "demo-company",
      botId: "demo-bot",
      phoneNumber: "5125550100",
      street: "1238 South Lamar Boulevard",
      postalCode: "78704",
    });
    assert.deepEqual(other, { quoteId: null, crmData: null, quoteToken: null });
  });

  test("an unknown company answers 404", async () => {
    const { status } = await post("/v1/quote/previous", { companyId: "nobody", botId: "lawn", phoneNumber: "6145550100", street: "x", postalCode: "1" });
    assert.equal(status, 404);
  });
});

describe("POST /v1/quote/details", () => {
  test("reads a seeded resume quote back with the token its customer's lookup gave", async () => {
    const quote = await details("q-greenway-resume-5", await lookupToken("6145550114"));
    assert.deepEqual(quote.serviceTypes, ["Mowing"]);
    assert.equal(quote.adjustedLotSize, 6000);
    assert.equal(quote.customer.phoneNumber, "6145550114");
  });

  test("an unknown quote, or another company's quote, answers 404 with a message", async () => {
    const token = await lookupToken("6145550110");
    assert.ok(token);
    for (const body of [
      { quoteId: "q-nope", companyId: "greenway-lawn", quoteToken: token },
      { quoteId: "q-greenway-resume-1", companyId: "bugbusters-pest", quoteToken: token },
    ]) {
      const { status, json } = await post("/v1/quote/details", body);
      assert.equal(status, 404);
      assert.equal(typeof (json as { message: unknown }).message, "string");
    }
  });
});

describe("POST /v1/quote/record", () => {
  test("merges answers into the quote's answers; a later answer to a key wins", async () => {
    const { id, quoteToken } = await start(newVisitorStart({ phoneNumber: "6145559301" }));
    const record = (answers: Record<string, string>, stepId?: string) =>
      post("/v1/quote/record", { quoteId: id, companyId: "greenway-lawn", payload: { answers, ...(stepId ? { stepId } : {}) } });
    const first = await record({ "Greeting.Selection": "Let's Get Started", lawnType: "I don't know" }, "welcome");
    assert.deepEqual([first.status, first.json], [200, { ok: true }]);
    await record({ lawnType: "Tall fescue", lawnThickness: "Thin" });
    assert.deepEqual((await details(id, quoteToken)).answers, {
      "Greeting.Selection": "Let's Get Started",
      lawnType: "Tall fescue",
      lawnThickness: "Thin",
    });
  });

  test("an unknown quote answers 404", async () => {
    const { status } = await post("/v1/quote/record", { quoteId: "q-nope", companyId: "greenway-lawn", payload: { answers: {} } });
    assert.equal(status, 404);
  });
});

describe("POST /v1/quote/location", () => {
  test("stores the position on the quote's customer", async () => {
    const { id, quoteToken } = await start(newVisitorStart({ phoneNumber: "6145559401" }));
    const { status, json } = await post("/v1/quote/location", { quoteId: id, companyId: "greenway-lawn", location: { lat: 40.1, lng: -83.12 } });
    assert.equal(status, 200);
    assert.deepEqual(json, { ok: true });
    const { customer } = await details(id, quoteToken);
    assert.deepEqual([customer.lat, customer.lng], [40.1, -83.12]);
  });

  test("an unknown quote answers 404", async () => {
    const { status } = await post("/v1/quote/location", { quoteId: "q-nope", companyId: "greenway-lawn", location: { lat: 1, lng: 1 } });
    assert.equal(status, 404);
  });
});
