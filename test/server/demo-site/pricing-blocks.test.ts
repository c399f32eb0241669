// The reference backend's pricing (demo-site/pricing/price-blocks.ts) on a small hand-written
// table: the lawn's bracket, the lines of each program, offers resolved for the bracket,
// upfront plans, and exact sums. Expected figures are worked out by hand from the table.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { PriceBlocksSchema, type PriceBlock } from "../../../src/contract/quote-services.ts";
import { findBracket, priceQuote, type PricingRequest } from "../../../server/pricing/price-blocks.ts";
import { PricingTableSchema, type PricingTable } from "../../../server/pricing/pricing-table-schema.ts";

const icon = "{{widgetOrigin}}/demo-assets/programs/fertilizer.svg";
const base = { entryPoint: null, hasMandatoryQuestions: false, icon, description: "A program.", applicationLabel: "application" };

const TABLE: PricingTable = v.parse(PricingTableSchema, {
  currency: "USD",
  unit: "sq ft",
  lawnSizeBrackets: [5000, 10000, 20000],
  programs: [
    {
      ...base,
      id: "fert",
      name: "Fertilizer & Weed Control",
      entryPoint: "fertilizer",
      hasMandatoryQuestions: true,
      seasonalText: "Spring to fall",
      applications: 5,
      tooLateToDo: 2,
      price: { kind: "lawn-size", perApplication: [45, 59.5, 80.1] },
      extraLine: { whenAnswer: "lawnThickness", equals: "Thin", price: [99, 119, 149] },
      offers: [
        { discountType: "percentage-off", percent: 20 },
        { discountType: "discounted-price-table", prices: [30, 40, 50], appliedTo: "entire-program", hide: true },
      ],
      prePayDiscount: 5,
    },
    { ...base, id: "mow", name: "Mowing", applications: 3, price: { kind: "lawn-size", perApplication: [0.1, 0.2, 0.3] }, alwaysOnTop: true },
    { ...base, id: "mosquito", name: "Mosquito Control", listing: "add-on", applications: 2, price: { kind: "flat", perApplication: 69.99 }, offers: [{ discountType: "fixed-price", price: 49 }] },
    {
      ...base,
      id: "pest",
      name: "Perimeter Pest Control",
      applications: 4,
      tooLateToDo: 1,
      price: { kind: "upfront", upfrontPrice: 99, recurringPrice: 39.99, recurringPeriod: 1, recurringPayments: 11 },
    },
    { ...base, id: "fee", name: "Service Call", listing: "internal", applications: 1, price: { kind: "flat", perApplication: 0 } },
  ],
});

const request = (overrides: Partial<PricingRequest> = {}): PricingRequest => ({
  estimate: 6000,
  serviceTypes: [],
  answers: {},
  widgetOrigin: "http://localhost:4401",
  ...overrides,
});

function blocksFor(overrides: Partial<PricingRequest> = {}): PriceBlock[] {
  const result = priceQuote(TABLE, request(overrides));
  assert.equal(result.status, "ok");
  // Everything the backend answers must pass the widget's schema.
  return v.parse(PriceBlocksSchema, result.status === "ok" ? result.blocks : []);
}

const block = (blocks: PriceBlock[], programId: string) => blocks.find((b) => b.programId === programId)!;

describe("the lawn's bracket", () => {
  const CASES: [number, number | undefined][] = [
    [0, 0],
    [1, 0],
    [5000, 0],
    [5000.5, 1],
    [5001, 1],
    [10000, 1],
    [10001, 2],
    [20000, 2],
    [20000.01, undefined],
    [300000, undefined],
  ];
  for (const [estimate, index] of CASES) {
    test(`a lawn of ${estimate} is in bracket ${index ?? "none"}`, () => {
      assert.equal(findBracket([5000, 10000, 20000], estimate), index);
    });
  }

  const PRICES: [number, number][] = [
    [0, 45],
    [4999, 45],
    [5000, 45],
    [5001, 59.5],
    [10000, 59.5],
    [10001, 80.1],
    [20000, 80.1],
  ];
  for (const [estimate, price] of PRICES) {
    test(`a lawn of ${estimate} sq ft costs ${price} an application`, () => {
      const lines = block(blocksFor({ estimate }), "fert").services.application;
      assert.deepEqual(lines.map((l) => l.grossPrice), [price, price, price, price, price]);
    });
  }

  test("a lawn above the largest bracket cannot be priced", () => {
    assert.deepEqual(priceQuote(TABLE, request({ estimate: 20001 })), { status: "too-big", largestBracket: 20000 });
  });

  test("a table without lawn-size programs prices any lawn", () => {
    const flatOnly = v.parse(PricingTableSchema, { ...TABLE, lawnSizeBrackets: [], programs: TABLE.programs.filter((p) => p.price.kind !== "lawn-size") });
    const result = priceQuote(flatOnly, request({ estimate: 1_000_000 }));
    assert.equal(result.status, "ok");
    assert.equal(result.status === "ok" && result.blocks.length, 3);
  });
});

describe("a program's block", () => {
  test("lists every application, the past ones tooLateToDo, and counts the rest", () => {
    const fert = block(blocksFor(), "fert");
    assert.deepEqual(fert.services.application.map((l) => l.tooLateToDo), [true, true, false, false, false]);
    assert.equal(fert.applicationsRemaining, 3);
    assert.deepEqual(fert.services.prePay, []);
    // 3 chargeable applications at 59.50.
    assert.deepEqual(fert.pricing, [
      { frequencyType: "application", servicePrice: 59.5, regularApplicationCost: 59.5, pricingMethod: "lawn-size", pricingPeriods: 3 },
      { frequencyType: "total", servicePrice: 178.5, pricingMethod: "lawn-size", pricingPeriods: 3 },
    ]);
  });

  test("carries the program's names, texts and settings", () => {
    const fert = block(blocksFor(), "fert");
    assert.equal(fert.id, "pb-fert");
    assert.equal(fert.serviceName, "Fertilizer & Weed Control");
    assert.equal(fert.serviceType, "Fertilizer & Weed Control");
    assert.equal(fert.serviceDescription, "A program.");
    assert.equal(fert.seasonalText, "Spring to fall");
    assert.equal(fert.prePayDiscount, 5);
    assert.equal(fert.alwaysOnTop, false);
    assert.equal(block(blocksFor(), "mow").alwaysOnTop, true);
    assert.equal(fert.image, "http://localhost:4401/demo-assets/programs/fertilizer.svg");
  });

  test("the answer 'Thin' adds a chargeable line at the extra line's price for the bracket", () => {
    const thin = block(blocksFor({ estimate: 12000, answers: { lawnThickness: "Thin" } }), "fert");
    assert.deepEqual(thin.services.application.map((l) => [l.grossPrice, l.tooLateToDo]), [
      [80.1, true],
      [80.1, true],
      [80.1, false],
      [80.1, false],
      [80.1, false],
      [149, false],
    ]);
    assert.equal(thin.applicationsRemaining, 4);
    // 3 × 80.10 + 149 = 389.30
    assert.equal(thin.pricing[1]!.servicePrice, 389.3);
    for (const answer of ["Thick", "thin", "Patchy"]) {
      assert.equal(block(blocksFor({ answers: { lawnThickness: answer } }), "fert").services.application.length, 5, answer);
    }
  });

  test("offers are resolved for the lawn's bracket and tied to the program", () => {
    for (const [estimate, tablePrice] of [[4000, 30], [8000, 40], [15000, 50]] as const) {
      assert.deepEqual(block(blocksFor({ estimate }), "fert").offers, [
        { discountType: "percentage-off", discountAmount: 20, appliedTo: "first-app", programId: "fert", hide: false },
        { discountType: "discounted-price-table", discountAmount: tablePrice, appliedTo: "entire-program", programId: "fert", hide: true },
      ]);
    }
    assert.deepEqual(block(blocksFor(), "mosquito").offers, [
      { discountType: "fixed-price", discountAmount: 49, appliedTo: "first-app", programId: "mosquito", hide: false },
    ]);
  });

  test("sums are exact: 3 × 0.20 is 0.60, not 0.6000000000000001", () => {
    const mow = block(blocksFor(), "mow");
    assert.equal(0.2 + 0.2 + 0.2 === 0.6, false, "the float sum this guards against");
    assert.equal(mow.pricing[1]!.servicePrice, 0.6);
  });

  test("a flat program costs the same whatever the lawn", () => {
    for (const estimate of [0, 6000, 20000]) {
      const mosquito = block(blocksFor({ estimate }), "mosquito");
      assert.deepEqual(mosquito.services.application.map((l) => l.grossPrice), [69.99, 69.99]);
      assert.equal(mosquito.pricing[1]!.servicePrice, 139.98);
      assert.equal(mosquito.pricing[0]!.pricingMethod, "flat");
    }
  });

  test("an upfront program: one line for the plan, the payments as pre-pay lines", () => {
    const pest = block(blocksFor(), "pest");
    assert.deepEqual(pest.services.application, [
      { grossPrice: 99, tooLateToDo: false, usesUpfrontPricing: true, upfrontPrice: 99, recurringPrice: 39.99, recurringPeriod: 1 },
    ]);
    assert.equal(pest.services.prePay.length, 12);
    assert.deepEqual(pest.services.prePay[0], { grossPrice: 99, tooLateToDo: false, usesUpfrontPricing: false });
    assert.ok(pest.services.prePay.slice(1).every((line) => line.grossPrice === 39.99));
    assert.equal(pest.applicationsRemaining, 3);
    // 99 + 11 × 39.99 = 538.89
    assert.deepEqual(pest.pricing, [
      { frequencyType: "application", servicePrice: 99, regularApplicationCost: 39.99, pricingMethod: "upfront", pricingPeriods: 3 },
      { frequencyType: "total", servicePrice: 538.89, pricingMethod: "upfront", pricingPeriods: 3 },
    ]);
  });

  test("every program gets a block in table order; internal ones are not upsells", () => {
    const blocks = blocksFor();
    assert.deepEqual(blocks.map((b) => [b.programId, b.isUpsell]), [
      ["fert", true],
      ["mow", true],
      ["mosquito", true],
      ["pest", true],
      ["fee", false],
    ]);
  });

  test("the chosen programs come selected; names that match no program select nothing", () => {
    const selected = (serviceTypes: string[]) => blocksFor({ serviceTypes }).filter((b) => b.selected).map((b) => b.programId);
    assert.deepEqual(selected([]), []);
    assert.deepEqual(selected(["Mowing"]), ["mow"]);
    assert.deepEqual(selected(["Fertilizer & Weed Control", "Mosquito Control"]), ["fert", "mosquito"]);
    assert.deepEqual(selected(["Tree Care", "mowing"]), []);
  });
});

describe("amounts in other currencies", () => {
  test("CHF sums stay exact in rappen", () => {
    const chf = v.parse(PricingTableSchema, {
      currency: "CHF",
      unit: "sq m",
      lawnSizeBrackets: [300],
      programs: [{ ...base, id: "fert", name: "Fertilizer & Weed Control", applications: 3, price: { kind: "lawn-size", perApplication: [64.85] } }],
    });
    const result = priceQuote(chf, request({ estimate: 200 }));
    assert.ok(result.status === "ok");
    // 3 × 64.85 = 194.55 (a float sum gives 194.54999999999998)
    assert.equal(result.blocks[0]!.pricing![1]!.servicePrice, 194.55);
  });

  test("JPY amounts are whole yen", () => {
    const jpy = v.parse(PricingTableSchema, {
      currency: "JPY",
      unit: "sq m",
      lawnSizeBrackets: [500, 1000],
      programs: [{ ...base, id: "mow", name: "Mowing", applications: 2, price: { kind: "lawn-size", perApplication: [4200, 4950] } }],
    });
    const result = priceQuote(jpy, request({ estimate: 501 }));
    assert.ok(result.status === "ok");
    assert.deepEqual(result.blocks[0]!.services.application.map((l) => l.grossPrice), [4950, 4950]);
    assert.equal(result.blocks[0]!.pricing![1]!.servicePrice, 9900);
  });
});
