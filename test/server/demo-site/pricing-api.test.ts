// POST /v1/rtp/quote/services (docs/api.md): price blocks from each demo company's table for
// the quote's lawn, 404 only for a lawn above the largest bracket (the widget's
// sqft-too-big), 400 for anything the request gets wrong (nothing stored); a real 200 marks
// the quote priced, test traffic stores nothing.
// Expected prices are read off the fixtures by hand (demo-site/fixtures/pricing/).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { PriceBlocksSchema, type PriceBlock } from "../../../src/contract/quote-services.ts";
import { httpRequest, postJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

/** A started quote per company (greenway's is a seeded resume fixture). */
const quotes: Record<string, string> = { "greenway-lawn": "q-greenway-resume-3" };

const ADDRESSES = {
  "thames-lawns": { botId: "garden", street: "14 Church Road", city: "London", state: "England", postalCode: "SW13 9AA", country: "GB", phone: "07700900991" },
  "alpen-rasen": { botId: "rasen", street: "Seefeldstrasse 14", city: "Zürich", state: "ZH", postalCode: "8008", country: "CH", phone: "0445550991" },
  "demo-company": { botId: "demo-bot", street: "1234 Oak Street", city: "Dublin", state: "OH", postalCode: "43016", country: "US", phone: "6145550991" },
  "bugbusters-pest": { botId: "pest", street: "1238 South Lamar Boulevard", city: "Austin", state: "TX", postalCode: "78704", country: "US", phone: "5125550991" },
} as const;

/** Starts a quote for each company above, once the site is up. */
async function startQuotes(): Promise<void> {
  for (const [companyId, a] of Object.entries(ADDRESSES)) {
    const { status, json } = await postJson(`${site.api}/v1/quote/start`, {
      companyId,
      botId: a.botId,
      source: null,
      referrer: null,
      additionalSourceInfo: null,
      salesTaxRate: null,
      customer: {
        firstName: "Sam",
        lastName: "Price",
        phoneNumber: a.phone,
        address: { street: a.street, city: a.city, state: a.state, postalCode: a.postalCode, country: a.country },
      },
    });
    assert.equal(status, 200, JSON.stringify(json));
    quotes[companyId] = (json as { id: string }).id;
  }
}
const site = useTestSite({ afterStart: startQuotes });

/** Everything the API can write, as one comparable value. */
function snapshot(): unknown {
  return {
    quotes: site.db.prepare("SELECT * FROM quotes ORDER BY id").all(),
    customers: site.db.prepare("SELECT * FROM customers ORDER BY company_id, phone_number").all(),
  };
}

function body(overrides: Record<string, unknown> = {}) {
  return {
    serviceTypes: ["Fertilizer & Weed Control"],
    companyId: "greenway-lawn",
    quoteId: quotes["greenway-lawn"],
    botId: "lawn",
    estimate: 6000,
    answers: { "Greeting.Selection": "Let's Get Started" },
    street: "1112 Sawmill Road",
    city: "Columbus",
    postalCode: "43235",
    state: "OH",
    country: "US",
    ...overrides,
  };
}

function forCompany(companyId: keyof typeof ADDRESSES, overrides: Record<string, unknown> = {}) {
  const a = ADDRESSES[companyId];
  return body({ companyId, botId: a.botId, quoteId: quotes[companyId], street: a.street, city: a.city, state: a.state, postalCode: a.postalCode, country: a.country, ...overrides });
}

async function priceBlocks(sent: unknown, query = ""): Promise<PriceBlock[]> {
  const { status, json } = await postJson(`${site.api}/v1/rtp/quote/services${query}`, sent);
  assert.equal(status, 200, JSON.stringify(json));
  return v.parse(PriceBlocksSchema, json);
}

const byName = (blocks: PriceBlock[], name: string) => {
  const found = blocks.find((b) => b.serviceType === name);
  assert.ok(found, `no block for ${name}`);
  return found;
};
const grossPrices = (block: PriceBlock) => block.services.application.map((line) => line.grossPrice);

describe("Greenway: a block per program, priced for the lawn's bracket", () => {
  // Fertilizer & Weed Control: up to 5000 sq ft $45, 7500 $52, 10000 $59, 15000 $69, 20000 $79.
  const FERTILIZER: [number, number][] = [
    [1000, 45],
    [5000, 45],
    [5001, 52],
    [7500, 52],
    [9999, 59],
    [12000, 69],
    [20000, 79],
  ];
  for (const [estimate, price] of FERTILIZER) {
    test(`a ${estimate} sq ft lawn: $${price} an application`, async () => {
      const fert = byName(await priceBlocks(body({ estimate })), "Fertilizer & Weed Control");
      assert.deepEqual(grossPrices(fert), [price, price, price, price, price, price]);
    });
  }

  test("every program, in the table's order, the internal one not an upsell", async () => {
    const blocks = await priceBlocks(body());
    assert.deepEqual(
      blocks.map((b) => [b.serviceType, b.isUpsell]),
      [
        ["Mowing", true],
        ["Fertilizer & Weed Control", true],
        ["Lawn Seeding", true],
        ["Grub Control", true],
        ["Core Aeration", true],
        ["Mosquito Control", true],
        ["Service Call", false],
      ],
    );
  });

  test("the fertilizer block: first application past, 20 % off the first, 5 % pre-pay, always on top", async () => {
    const fert = byName(await priceBlocks(body()), "Fertilizer & Weed Control");
    assert.deepEqual(fert.services.application.map((l) => l.tooLateToDo), [true, false, false, false, false, false]);
    assert.equal(fert.applicationsRemaining, 5);
    assert.equal(fert.alwaysOnTop, true);
    assert.equal(fert.prePayDiscount, 5);
    assert.deepEqual(fert.offers, [{ discountType: "percentage-off", discountAmount: 20, appliedTo: "first-app", programId: "fert-weed", hide: false }]);
    // 5 chargeable applications at $52.
    assert.equal(fert.pricing.find((p) => p.frequencyType === "total")?.servicePrice, 260);
  });

  test("a thin lawn adds an overseeding application to fertilizer ($119 up to 7500 sq ft)", async () => {
    const fert = byName(await priceBlocks(body({ answers: { lawnThickness: "Thin" } })), "Fertilizer & Weed Control");
    assert.deepEqual(grossPrices(fert), [52, 52, 52, 52, 52, 52, 119]);
    assert.equal(fert.pricing.find((p) => p.frequencyType === "total")?.servicePrice, 379);
  });

  test("mowing: 26 weekly visits, 2 past, the first visit at a fixed $25", async () => {
    const mowing = byName(await priceBlocks(body({ estimate: 8000 })), "Mowing");
    assert.equal(mowing.services.application.length, 26);
    assert.ok(mowing.services.application.every((l) => l.grossPrice === 45));
    assert.equal(mowing.applicationsRemaining, 24);
    assert.deepEqual(mowing.offers.map((o) => [o.discountType, o.discountAmount, o.appliedTo]), [["fixed-price", 25, "first-app"]]);
    assert.equal(mowing.applicationLabel, "visit");
  });

  test("grub control carries a hidden 10 % offer", async () => {
    const grub = byName(await priceBlocks(body()), "Grub Control");
    assert.deepEqual(grub.offers.map((o) => [o.discountType, o.discountAmount, o.hide]), [["percentage-off", 10, true]]);
  });

  test("the chosen programs come selected, the others not", async () => {
    const blocks = await priceBlocks(body({ serviceTypes: ["Mowing", "Lawn Seeding"] }));
    assert.deepEqual(blocks.filter((b) => b.selected).map((b) => b.serviceType), ["Mowing", "Lawn Seeding"]);
    assert.deepEqual((await priceBlocks(body({ serviceTypes: [] }))).filter((b) => b.selected), []);
  });

  test("pictures are absolute URLs on the widget origin", async () => {
    const blocks = await priceBlocks(body());
    for (const block of blocks) assert.match(block.image ?? "", new RegExp(`^${site.api}/demo-assets/programs/[a-z-]+\\.svg$`));
    const picture = await httpRequest(blocks[0]!.image!);
    assert.equal(picture.status, 200);
    assert.match(picture.headers["content-type"] ?? "", /image\/svg\+xml/);
  });
});

describe("the other demo companies", () => {
  test("Thames Lawns in GBP by sq m: mowing £33 a visit for 240 sq m, 10 % off the whole program", async () => {
    const mowing = byName(await priceBlocks(forCompany("thames-lawns", { estimate: 240, serviceTypes: ["Mowing"] })), "Mowing");
    assert.equal(mowing.services.application.length, 20);
    assert.ok(mowing.services.application.every((l) => l.grossPrice === 33 && !l.tooLateToDo));
    assert.equal(mowing.pricing.find((p) => p.frequencyType === "total")?.servicePrice, 660);
    assert.deepEqual(mowing.offers.map((o) => [o.discountType, o.discountAmount, o.appliedTo]), [["percentage-off", 10, "entire-program"]]);
    assert.equal(mowing.selected, true);
  });

  test("Alpen Rasen in CHF by sq m: CHF 64.85 for 180 sq m, three applications left make exactly CHF 194.55", async () => {
    const fert = byName(await priceBlocks(forCompany("alpen-rasen", { estimate: 180 })), "Fertilizer & Weed Control");
    assert.deepEqual(grossPrices(fert), [64.85, 64.85, 64.85, 64.85]);
    assert.equal(fert.applicationsRemaining, 3);
    assert.equal(fert.pricing.find((p) => p.frequencyType === "total")?.servicePrice, 194.55);
    assert.deepEqual(fert.offers.map((o) => [o.discountType, o.discountAmount, o.appliedTo]), [["percentage-off", 15, "entire-program"]]);
    assert.equal(fert.prePayDiscount, 3);
  });

  test("the yen bot in JPY by sq m: ¥6,575 for 600 sq m, the discounted table's ¥3,980 for the first", async () => {
    const fert = byName(await priceBlocks(forCompany("demo-company", { botId: "yen-bot", estimate: 600 })), "Fertilizer & Weed Control");
    assert.deepEqual(grossPrices(fert), [6575, 6575, 6575, 6575, 6575]);
    assert.equal(fert.pricing.find((p) => p.frequencyType === "total")?.servicePrice, 26300);
    assert.deepEqual(fert.offers.map((o) => [o.discountType, o.discountAmount]), [["discounted-price-table", 3980]]);
  });

  test("the perimeter bot prices by linear feet: 301 linear ft is in the 'up to 500' bracket ($69)", async () => {
    const fert = byName(await priceBlocks(forCompany("demo-company", { botId: "perimeter-bot", estimate: 301 })), "Fertilizer & Weed Control");
    assert.equal(grossPrices(fert)[0], 69);
  });

  test("demo-company's upfront add-on: $99 today, then $39 a month for 11 months", async () => {
    const pest = byName(await priceBlocks(forCompany("demo-company", { estimate: 8000 })), "Perimeter Pest Control");
    assert.deepEqual(pest.services.application, [
      { grossPrice: 99, tooLateToDo: false, usesUpfrontPricing: true, upfrontPrice: 99, recurringPrice: 39, recurringPeriod: 1 },
    ]);
    assert.deepEqual(pest.services.prePay.map((l) => l.grossPrice), [99, 39, 39, 39, 39, 39, 39, 39, 39, 39, 39, 39]);
    assert.equal(pest.pricing.find((p) => p.frequencyType === "total")?.servicePrice, 528);
  });

  test("BugBusters prices without the lawn: the same blocks for any size, upfront quarterly pest control", async () => {
    const small = await priceBlocks(forCompany("bugbusters-pest", { estimate: 0, serviceTypes: ["General Pest Control"] }));
    const huge = await priceBlocks(forCompany("bugbusters-pest", { estimate: 1_000_000, serviceTypes: ["General Pest Control"] }));
    assert.deepEqual(huge, small);
    const pest = byName(small, "General Pest Control");
    assert.equal(pest.selected, true);
    assert.deepEqual(pest.services.prePay.map((l) => l.grossPrice), [149, 99, 99, 99]);
    assert.equal(pest.services.application[0]?.recurringPeriod, 3);
    const mosquito = byName(small, "Mosquito Control");
    assert.deepEqual(grossPrices(mosquito), [59, 59, 59, 59, 59, 59, 59, 59]);
    assert.deepEqual(small.filter((b) => !b.isUpsell).map((b) => b.serviceType), ["Trip Charge"]);
  });
});

describe("a lawn above the largest bracket is a 404 (sqft-too-big)", () => {
  // Bodies are made in the test: the quotes they name are started in before().
  const TOO_BIG: [string, () => unknown, string][] = [
    ["Greenway, 20001 sq ft", () => body({ estimate: 20001 }), "20000 sq ft"],
    ["demo-bot, 30001 sq ft", () => forCompany("demo-company", { estimate: 30001 }), "30000 sq ft"],
    ["Thames Lawns, 2001 sq m", () => forCompany("thames-lawns", { estimate: 2001 }), "2000 sq m"],
    ["Alpen Rasen, 2500.5 sq m", () => forCompany("alpen-rasen", { estimate: 2500.5 }), "2500 sq m"],
  ];
  for (const [what, make, largest] of TOO_BIG) {
    test(what, async () => {
      const before = snapshot();
      const { status, json, headers } = await postJson(`${site.api}/v1/rtp/quote/services`, make());
      assert.equal(status, 404);
      assert.match((json as { message: string }).message, new RegExp(`above the largest pricing bracket \\(${largest}\\)`));
      assert.equal(headers["access-control-allow-origin"], "*");
      assert.deepEqual(snapshot(), before);
    });
  }
});

describe("a bad request is a 400 naming the field, and nothing is stored", () => {
  const BAD: [string, () => unknown, string][] = [
    ["no companyId", () => body({ companyId: undefined }), "companyId"],
    ["an empty botId", () => body({ botId: "" }), "botId"],
    ["no quoteId", () => body({ quoteId: undefined }), "quoteId"],
    ["serviceTypes as text", () => body({ serviceTypes: "Mowing" }), "serviceTypes"],
    ["a numeric service type", () => body({ serviceTypes: [7] }), "serviceTypes.0"],
    ["the estimate as text", () => body({ estimate: "6000" }), "estimate"],
    ["a negative estimate", () => body({ estimate: -1 }), "estimate"],
    ["answers as a list", () => body({ answers: ["Thin"] }), "answers"],
    ["a numeric answer", () => body({ answers: { lawnHappiness: 3 } }), "answers.lawnHappiness"],
    ["a three-letter country", () => body({ country: "USA" }), "country"],
    ["no postalCode", () => body({ postalCode: undefined }), "postalCode"],
    ["an unknown quote", () => body({ quoteId: "q-nobody" }), "quoteId"],
    ["another company's quote", () => body({ companyId: "thames-lawns", botId: "garden" }), "quoteId"],
    ["an unknown company", () => body({ companyId: "nobody" }), "companyId"],
    ["an unknown bot", () => body({ botId: "nobot" }), "botId"],
  ];
  for (const [wrong, make, field] of BAD) {
    test(wrong, async () => {
      const before = snapshot();
      const { status, json } = await postJson(`${site.api}/v1/rtp/quote/services`, make());
      assert.equal(status, 400);
      const message = (json as { message: string }).message;
      assert.ok(message.includes(field), `"${message}" does not name ${field}`);
      assert.deepEqual(snapshot(), before);
    });
  }

  for (const [label, raw] of [
    ["malformed JSON", '{"companyId": "greenway-lawn",'],
    ["an empty body", ""],
    ["a JSON list", "[]"],
    ["JSON null", "null"],
  ] as const) {
    test(label, async () => {
      const before = snapshot();
      const response = await httpRequest(`${site.api}/v1/rtp/quote/services`, { method: "POST", headers: { "Content-Type": "application/json" }, body: raw });
      assert.equal(response.status, 400);
      assert.equal(typeof (JSON.parse(response.body) as { message: unknown }).message, "string");
      assert.deepEqual(snapshot(), before);
    });
  }

  test("the valid body is accepted (the table tests what it claims)", async () => {
    assert.equal((await postJson(`${site.api}/v1/rtp/quote/services`, body())).status, 200);
  });
});

test("preview and onboarding traffic gets the same prices and stores nothing", async () => {
  const plain = await priceBlocks(body());
  const before = snapshot();
  assert.deepEqual(await priceBlocks(body(), "?preview=true"), plain);
  assert.deepEqual(await priceBlocks(body(), "?onboarding=true"), plain);
  assert.deepEqual(snapshot(), before);
});
