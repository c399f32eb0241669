// POST /v1/rtp/quote/services marks a real visitor's quote as priced (has price blocks, for
// the programs priced), so POST /v1/quote/details lets the widget reopen it later (SPEC §4
// resume rule 2). Preview and onboarding traffic, a 404 and a 400 leave every quote as it was.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { QuoteSchema } from "../../../src/contract/quote-details.ts";
import { QuoteStartSchema } from "../../../src/contract/quote-start.ts";
import { createPricingRoutes } from "../../../server/api/pricing-routes.ts";
import { DEMO_URL_RULES, loadCompanyFixtures } from "../../../server/company-files.ts";
import { loadCustomerFixtures } from "../../../demo-site/customer-fixtures.ts";
import { openStores } from "../../../server/db/stores.ts";
import { grantQuoteToken, newVisitorStart } from "./api-test-data.ts";
import { postJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();


let phones = 6145559700;
/** A new Greenway visitor's quote, as POST /v1/quote/start makes it. */
async function startQuote(): Promise<string> {
  phones += 1;
  const { status, json } = await postJson(`${site.api}/v1/quote/start`, newVisitorStart({ phoneNumber: String(phones), street: `${phones % 1000} Brand Road` }));
  assert.equal(status, 200, JSON.stringify(json));
  return v.parse(QuoteStartSchema, json).id;
}

async function details(quoteId: string) {
  const { status, json } = await postJson(`${site.api}/v1/quote/details`, { companyId: "greenway-lawn", quoteId, quoteToken: grantQuoteToken(site.db, quoteId) });
  assert.equal(status, 200, JSON.stringify(json));
  return v.parse(QuoteSchema, json);
}

function pricingBody(quoteId: string, overrides: Record<string, unknown> = {}) {
  return {
    serviceTypes: ["Fertilizer & Weed Control", "Mowing"],
    companyId: "greenway-lawn",
    quoteId,
    botId: "lawn",
    estimate: 6000,
    answers: { "Greeting.Selection": "Let's Get Started" },
    street: "5565 Muirfield Drive",
    city: "Dublin",
    postalCode: "43017",
    state: "OH",
    country: "US",
    ...overrides,
  };
}

const price = (body: unknown, query = "") => postJson(`${site.api}/v1/rtp/quote/services${query}`, body);

/** Every stored quote, as one comparable value. */
const allQuotes = (): unknown => site.db.prepare("SELECT * FROM quotes ORDER BY id").all();
/** The same, but the prices last shown: every 200, test traffic too, keeps them for the payment's recompute (migration 5). */
const allQuotesButPrices = (): unknown => (allQuotes() as object[]).map((row) => ({ ...row, pricing: undefined }));

describe("a real visitor's priced quote", () => {
  test("has price blocks and the priced programs in its details", async () => {
    const quoteId = await startQuote();
    const fresh = await details(quoteId);
    assert.equal(fresh.hasPriceBlocks, false);
    assert.deepEqual(fresh.serviceTypes, []);

    const { status } = await price(pricingBody(quoteId));
    assert.equal(status, 200);
    const priced = await details(quoteId);
    assert.equal(priced.hasPriceBlocks, true);
    assert.deepEqual(priced.serviceTypes, ["Fertilizer & Weed Control", "Mowing"]);
    // Nothing else about the quote changes.
    assert.deepEqual({ ...priced, hasPriceBlocks: false, serviceTypes: [] }, fresh);
  });

  test("priced again for other programs keeps the latest choice", async () => {
    const quoteId = await startQuote();
    assert.equal((await price(pricingBody(quoteId))).status, 200);
    assert.equal((await price(pricingBody(quoteId, { serviceTypes: ["Lawn Seeding"] }))).status, 200);
    const quote = await details(quoteId);
    assert.equal(quote.hasPriceBlocks, true);
    assert.deepEqual(quote.serviceTypes, ["Lawn Seeding"]);
  });

  test("marks that quote only", async () => {
    const [priced, other] = [await startQuote(), await startQuote()];
    const before = await details(other);
    assert.equal((await price(pricingBody(priced))).status, 200);
    assert.deepEqual(await details(other), before);
  });
});

describe("a pricing call that is not a real visitor shown prices leaves every quote as it was", () => {
  const CASES: [string, (quoteId: string) => unknown, string, number][] = [
    ["preview traffic", (quoteId) => pricingBody(quoteId), "?preview=true", 200],
    ["onboarding traffic", (quoteId) => pricingBody(quoteId), "?onboarding=true", 200],
    // Greenway's largest bracket is 20,000 sq ft: the widget's sqft-too-big.
    ["a lawn too big to price (404)", (quoteId) => pricingBody(quoteId, { estimate: 20001 }), "", 404],
    ["a bad body (400)", (quoteId) => pricingBody(quoteId, { estimate: "6000" }), "", 400],
    ["another company's quote (400)", (quoteId) => pricingBody(quoteId, { companyId: "thames-lawns", botId: "garden" }), "", 400],
    ["an unknown bot (400)", (quoteId) => pricingBody(quoteId, { botId: "nobot" }), "", 400],
  ];
  for (const [what, make, query, expected] of CASES) {
    test(what, async () => {
      const quoteId = await startQuote();
      const snapshot = expected === 200 ? allQuotesButPrices : allQuotes;
      const before = snapshot();
      const { status } = await price(make(quoteId), query);
      assert.equal(status, expected);
      assert.deepEqual(snapshot(), before);
      const prices = site.db.prepare("SELECT pricing FROM quotes WHERE id = ?").get(quoteId) as { pricing: string | null };
      assert.equal(prices.pricing !== null, expected === 200, "only a 200 keeps the prices (a preview can pay what it was shown)");
      assert.equal((await details(quoteId)).hasPriceBlocks, false);
    });
  }
});

test("a company without a pricing table answers no blocks, and that is no price block to reopen", async () => {
  const origins = { widgetOrigin: "http://widget.test", measureOrigin: "http://measure.test", vaultOrigin: "http://vault.test", crmOrigin: "http://crm.test" };
  const companies = loadCompanyFixtures(origins);
  const db = await openStores(":memory:");
  try {
    const store = db.companies;
    await store.replaceAll(companies);
    const quotes = db.quotes;
    for (const row of loadCustomerFixtures({ widgetOrigin: origins.widgetOrigin, companies }).quotes) await quotes.save(row);
    const routes = createPricingRoutes({ companies: store, quotes, tables: { find: () => undefined }, urlRules: DEMO_URL_RULES });
    const response = await routes.request("/v1/rtp/quote/services", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(pricingBody("q-greenway-resume-3")),
    });
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), []);
    const quote = await quotes.find("greenway-lawn", "q-greenway-resume-3");
    assert.equal(quote?.hasPriceBlocks, false);
    assert.deepEqual(quote?.serviceTypes, []);
  } finally {
    await db.close();
  }
});
