// The demo pricing tables: every file parses, every bot has a table in its own currency and
// unit, the programs are the ones the chat flow relies on, the demo covers each offer and
// currency case, and a broken table stops start-up naming file and field.
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { after, describe, test } from "node:test";
import { parseCompanyConfig, type CompanyConfig } from "../../../src/config/company-config.ts";
import { unitFor } from "../../../src/config/measurement.ts";
import { COMPANY_FIXTURES_DIR, FixtureError, loadCompanyFixtures, DEMO_URL_RULES } from "../../../server/company-files.ts";
import { toMinor } from "../../../server/pricing/money.ts";
import type { PricingProgram, PricingTable } from "../../../server/pricing/pricing-table-schema.ts";
import { loadPricingTables, PRICING_FIXTURES_DIR } from "../../../server/pricing/pricing-tables.ts";
import { listProgramTypes } from "../../../server/pricing/program-types.ts";

const WIDGET = "http://localhost:4401";
const ASSETS_DIR = fileURLToPath(new URL("../../../demo-site/demo-assets/", import.meta.url));
const tables = loadPricingTables();
const bots = loadCompanyFixtures({ widgetOrigin: WIDGET }).map((row) => {
  const parsed = parseCompanyConfig(JSON.parse(row.config), DEMO_URL_RULES);
  assert.ok(parsed.ok);
  return { companyId: row.companyId, botId: row.botId, config: parsed.config };
});

function tableOf(companyId: string, botId: string): PricingTable {
  const table = tables.find(companyId, botId);
  assert.ok(table, `no pricing table for ${companyId}/${botId}`);
  return table;
}

function configOf(companyId: string, botId: string): CompanyConfig {
  const bot = bots.find((b) => b.companyId === companyId && b.botId === botId);
  assert.ok(bot, `no bot ${companyId}/${botId}`);
  return bot.config;
}

const allTables = () => bots.map((b) => ({ ...b, table: tableOf(b.companyId, b.botId) }));
const allPrograms = (): (PricingProgram & { companyId: string; currency: string })[] =>
  allTables().flatMap(({ companyId, table }) => table.programs.map((p) => ({ ...p, companyId, currency: table.currency })));

/** A picker row as the chat flow reads it: name, entryPoint, hasMandatoryQuestions, hasNonSquareFootagePricing. */
type Row = [string, string | null, boolean, boolean];

const LAWN_PICKER: Record<string, Row[]> = {
  "greenway-lawn/lawn": [
    ["Mowing", "mowing", true, false],
    ["Fertilizer & Weed Control", "fertilizer", true, false],
    ["Lawn Seeding", "seeding", false, false],
    ["Grub Control", null, false, false],
  ],
  "thames-lawns/garden": [
    ["Fertilizer & Weed Control", "fertilizer", true, false],
    ["Mowing", "mowing", true, false],
    ["Lawn Seeding", "seeding", false, false],
  ],
  "alpen-rasen/rasen": [
    ["Fertilizer & Weed Control", "fertilizer", true, false],
    ["Mowing", "mowing", true, false],
    ["Lawn Seeding", "seeding", false, false],
    ["Core Aeration", null, false, false],
  ],
  "bugbusters-pest/pest": [
    ["General Pest Control", "pest", false, true],
    ["Mosquito Control", null, false, true],
  ],
};
const DEMO_COMPANY_PICKER: Row[] = [
  ["Fertilizer & Weed Control", "fertilizer", true, false],
  ["Mowing", "mowing", true, false],
  ["Lawn Seeding", "seeding", false, false],
  ["Grub Control", null, false, false],
  ["Core Aeration", null, false, false],
];
for (const bot of ["demo-bot", "perimeter-bot", "zillow-bot", "other-bot", "home-bot", "yen-bot", "es-bot", "follow-up-bot"]) LAWN_PICKER[`demo-company/${bot}`] = DEMO_COMPANY_PICKER;

describe("the pricing fixtures", () => {
  test("are one file per demo company, named after it", () => {
    const companies = readdirSync(COMPANY_FIXTURES_DIR).sort();
    assert.deepEqual(readdirSync(PRICING_FIXTURES_DIR).sort(), companies);
    assert.deepEqual(tables.companyIds().sort(), companies.map((name) => name.replace(/\.json$/, "")));
  });

  test("every bot has a table in its own currency and measuring unit", () => {
    for (const { companyId, botId, config, table } of allTables()) {
      assert.equal(table.currency, config.currency, `${companyId}/${botId}`);
      assert.equal(table.unit, unitFor(config.measurementMode, config.isMetric), `${companyId}/${botId}`);
    }
  });

  for (const [pair, rows] of Object.entries(LAWN_PICKER)) {
    test(`${pair} offers the programs the chat flow expects`, () => {
      const [companyId, botId] = pair.split("/") as [string, string];
      const types = listProgramTypes(tableOf(companyId, botId), WIDGET);
      assert.deepEqual(types.map((t): Row => [t.name, t.entryPoint, t.hasMandatoryQuestions, t.hasNonSquareFootagePricing]), rows);
    });
  }

  test("every bot of the fixtures is in the table above", () => {
    assert.deepEqual(bots.map((b) => `${b.companyId}/${b.botId}`).sort(), Object.keys(LAWN_PICKER).sort());
  });

  test("every program type names a pricing program, and every program has a description and an icon file", () => {
    for (const { companyId, botId, table } of allTables()) {
      const names = new Set(table.programs.map((p) => p.name));
      for (const type of listProgramTypes(table, WIDGET)) {
        assert.ok(names.has(type.name), `${companyId}/${botId}: ${type.name}`);
        assert.ok(type.description, type.name);
        assert.match(type.icon ?? "", new RegExp(`^${WIDGET}/demo-assets/programs/[a-z-]+\\.svg$`));
      }
      for (const program of table.programs) {
        const file = program.icon.replace("{{widgetOrigin}}/demo-assets/", "");
        assert.ok(existsSync(join(ASSETS_DIR, file)), `${companyId}: ${program.icon}`);
      }
    }
  });

  test("the programs' prices follow the unit: lawn-size programs have one price per bracket", () => {
    for (const { companyId, table } of allTables()) {
      for (const program of table.programs) {
        if (program.price.kind === "lawn-size") assert.equal(program.price.perApplication.length, table.lawnSizeBrackets.length, `${companyId}: ${program.name}`);
      }
    }
  });

  test("the demo offers each kind of offer at least once", () => {
    const offers = allPrograms().flatMap((p) => p.offers);
    const has = (what: string, found: boolean) => assert.ok(found, `no ${what} offer in any table`);
    has("percentage-off first-app", offers.some((o) => o.discountType === "percentage-off" && o.appliedTo === "first-app"));
    has("fixed-price", offers.some((o) => o.discountType === "fixed-price"));
    has("discounted-price-table", offers.some((o) => o.discountType === "discounted-price-table"));
    has("entire-program", offers.some((o) => o.appliedTo === "entire-program"));
    has("hidden", offers.some((o) => o.hide));
  });

  test("the demo has add-on, internal, always-on-top, upfront, pre-pay, past-application and answer-priced programs", () => {
    const programs = allPrograms();
    assert.ok(programs.some((p) => p.listing === "add-on"), "add-on");
    assert.ok(programs.some((p) => p.listing === "internal"), "internal");
    assert.ok(programs.some((p) => p.alwaysOnTop), "alwaysOnTop");
    assert.ok(programs.some((p) => p.price.kind === "upfront"), "upfront");
    assert.ok(programs.some((p) => p.prePayDiscount > 0), "prePayDiscount");
    assert.ok(programs.some((p) => p.tooLateToDo > 0), "tooLateToDo");
    assert.ok(programs.some((p) => p.extraLine?.whenAnswer === "lawnThickness"), "an answer-priced line");
    // The upfront plans can be sold as a lawn company's add-on and as the pest company's main program.
    assert.ok(tableOf("demo-company", "demo-bot").programs.some((p) => p.price.kind === "upfront" && p.listing === "add-on"));
    assert.ok(tableOf("bugbusters-pest", "pest").programs.some((p) => p.price.kind === "upfront" && p.listing === "picker"));
  });

  test("the currencies cover USD, GBP, CHF and JPY", () => {
    assert.deepEqual([...new Set(allTables().map((t) => t.table.currency))].sort(), ["CHF", "GBP", "JPY", "USD"]);
  });

  test("Alpen Rasen's prices are whole 5 rappen, but its offers and 8.1 % tax are not: the widget must round", () => {
    const config = configOf("alpen-rasen", "rasen");
    assert.equal(config.serviceTax, 8.1);
    const programs = tableOf("alpen-rasen", "rasen").programs;
    let offBySteps = 0;
    for (const program of programs) {
      if (program.price.kind !== "lawn-size") continue;
      for (const price of program.price.perApplication) {
        const rappen = toMinor(price, "CHF");
        assert.ok(rappen !== undefined && rappen % 5 === 0, `${program.name}: ${price}`);
        // Tax in hundredths of a rappen: rappen × 8.1 %.
        if ((rappen * 81) % (5 * 1000) !== 0) offBySteps++;
        for (const offer of program.offers) {
          if (offer.discountType === "percentage-off" && (rappen * (100 - offer.percent)) % (5 * 100) !== 0) offBySteps++;
        }
      }
    }
    assert.ok(programs.some((p) => p.offers.some((o) => o.discountType === "percentage-off")), "a percentage offer");
    assert.ok(offBySteps > 5, String(offBySteps));
  });
});

describe("the demo companies' money settings", () => {
  test("Greenway looks tax up by zip, at 7.5 % otherwise, with one serviced zip untaxed", () => {
    const config = configOf("greenway-lawn", "lawn");
    assert.equal(config.currency, "USD");
    assert.equal(config.serviceTax, 7.5);
    assert.equal(config.lookupZipCodeTax, true);
    assert.deepEqual(config.dontTaxZipCodes, ["43082"]);
    assert.ok(config.zipCodes.includes("43082"));
    assert.equal(config.autoPayAlternativeLabel, "EASY PAY");
  });

  test("Thames Lawns charges GBP with 20 % VAT in 10 monthly payments (Budget Billing)", () => {
    const config = configOf("thames-lawns", "garden");
    assert.equal(config.currency, "GBP");
    assert.equal(config.serviceTax, 20);
    assert.equal(config.autoPayPriceMethod, "monthly-payment");
    assert.equal(config.autoPayMonthlyPricePeriod, 10);
  });

  test("the yen bot is demo-bot in JPY, metric", () => {
    const yen = configOf("demo-company", "yen-bot");
    const usd = configOf("demo-company", "demo-bot");
    assert.equal(yen.currency, "JPY");
    assert.equal(yen.isMetric, true);
    assert.equal(yen.companyName, usd.companyName);
    assert.equal(yen.sqftEstimateSource, usd.sqftEstimateSource);
    assert.ok(yen.maxQuotableSize > yen.minQuotableSize);
  });

  test("each company has a team picture on the widget origin", () => {
    for (const { companyId, botId, config } of bots) {
      assert.equal(config.companyTeamPic, `${WIDGET}/demo-assets/team/${companyId}.svg`, `${companyId}/${botId}`);
      assert.ok(existsSync(join(ASSETS_DIR, "team", `${companyId}.svg`)), companyId);
    }
  });

  test("the largest bracket is below the largest quotable size, so a big lawn reaches sqft-too-big", () => {
    for (const { companyId, botId, config, table } of allTables()) {
      if (table.lawnSizeBrackets.length === 0) continue;
      assert.ok(table.lawnSizeBrackets.at(-1)! < config.maxQuotableSize, `${companyId}/${botId}`);
      assert.ok(table.lawnSizeBrackets[0]! >= config.minQuotableSize, `${companyId}/${botId}`);
    }
  });
});

describe("loading pricing fixtures", () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function loadFrom(files: Record<string, unknown>) {
    const dir = mkdtempSync(join(tmpdir(), "demo-pricing-"));
    dirs.push(dir);
    for (const [name, content] of Object.entries(files)) {
      writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
    }
    return () => loadPricingTables(dir);
  }

  const program = {
    id: "fert",
    name: "Fertilizer & Weed Control",
    entryPoint: "fertilizer",
    hasMandatoryQuestions: true,
    icon: "{{widgetOrigin}}/demo-assets/programs/fertilizer.svg",
    description: "Feeding and weed control.",
    applicationLabel: "application",
    applications: 5,
    price: { kind: "lawn-size", perApplication: [45, 59] },
  };
  const valid = { companyId: "acme", currency: "USD", unit: "sq ft", lawnSizeBrackets: [5000, 10000], programs: [program] };
  const withProgram = (changes: Record<string, unknown>, table: Record<string, unknown> = {}) => ({
    "acme.json": { ...valid, ...table, programs: [{ ...program, ...changes }] },
  });

  test("a valid table loads", () => {
    assert.equal(loadFrom({ "acme.json": valid })().find("acme", "any")?.programs[0]?.name, "Fertilizer & Weed Control");
  });

  /** [what is wrong, files, the message's pattern] */
  const BAD: [string, Record<string, unknown>, RegExp][] = [
    ["three decimals in USD", withProgram({ price: { kind: "lawn-size", perApplication: [45, 59.555] } }), /programs\.0\.price\.perApplication\.1: 59\.555 is not a whole amount of USD/],
    ["a CHF price off the 5-rappen step", withProgram({ price: { kind: "lawn-size", perApplication: [45, 59.52] } }, { currency: "CHF" }), /perApplication\.1: 59\.52 is not a whole amount of CHF/],
    ["a fraction of a yen", withProgram({ price: { kind: "flat", perApplication: 4200.5 } }, { currency: "JPY", lawnSizeBrackets: [] }), /price\.perApplication: 4200\.5 is not a whole amount of JPY/],
    ["a price missing for a bracket", withProgram({ price: { kind: "lawn-size", perApplication: [45] } }), /perApplication: must have one amount per lawn-size bracket \(2\)/],
    ["brackets going down", { "acme.json": { ...valid, lawnSizeBrackets: [5000, 4000] } }, /lawnSizeBrackets\.1: must be larger/],
    ["no brackets for a lawn-size program", { "acme.json": { ...valid, lawnSizeBrackets: [] } }, /lawnSizeBrackets: must list the brackets/],
    ["a discounted price table on a flat program", withProgram({ price: { kind: "flat", perApplication: 50 }, offers: [{ discountType: "discounted-price-table", prices: [1] }] }, { lawnSizeBrackets: [] }), /offers\.0\.discountType: needs a program priced by lawn size/],
    ["a fixed-price offer of three decimals", withProgram({ offers: [{ discountType: "fixed-price", price: 9.999 }] }), /offers\.0\.price: 9\.999 is not a whole amount/],
    ["an unknown offer type", withProgram({ offers: [{ discountType: "bogof" }] }), /offers\.0\.discountType/],
    ["every application past", withProgram({ tooLateToDo: 5 }), /programs\.0\.tooLateToDo: must leave at least one application/],
    ["an offer on an upfront plan", withProgram({ price: { kind: "upfront", upfrontPrice: 99, recurringPrice: 39, recurringPeriod: 1, recurringPayments: 11 }, offers: [{ discountType: "percentage-off", percent: 10 }] }, { lawnSizeBrackets: [] }), /programs\.0\.offers: are not possible with upfront pricing/],
    ["an unknown entry point", withProgram({ entryPoint: "weeding" }), /programs\.0\.entryPoint/],
    ["a relative icon", withProgram({ icon: "/demo-assets/programs/fertilizer.svg" }), /programs\.0\.icon: must start with/],
    ["an extra line shaped like a flat price", withProgram({ extraLine: { whenAnswer: "lawnThickness", equals: "Thin", price: 99 } }), /extraLine\.price: must have the shape of the program's price \(lawn-size\)/],
    ["a program listed twice", { "acme.json": { ...valid, programs: [program, { ...program, id: "fert-2" }] } }, /programs\.1\.name: "Fertilizer & Weed Control" is listed twice/],
    ["an unknown currency", { "acme.json": { ...valid, currency: "EUR" } }, /currency/],
    ["a bot table with a bad price", { "acme.json": { ...valid, bots: { yen: { ...valid, companyId: undefined, currency: "JPY", programs: [{ ...program, price: { kind: "lawn-size", perApplication: [1, 2.5] } }] } } } }, /bots\.yen\.programs\.0\.price\.perApplication\.1: 2\.5 is not a whole amount of JPY/],
    ["a company id that is not the file name", { "acme.json": { ...valid, companyId: "other" } }, /acme\.json: companyId "other" does not match the file name/],
    ["a file that is not JSON", { "acme.json": "{ not json" }, /invalid pricing fixture .*acme\.json/],
  ];
  for (const [wrong, files, message] of BAD) {
    test(`${wrong} stops loading with the file and field named`, () => {
      assert.throws(loadFrom(files), (error: unknown) => {
        assert.ok(error instanceof FixtureError);
        assert.match(error.message, /acme\.json/);
        assert.match(error.message, message);
        return true;
      });
    });
  }

  test("a bot with a table of its own uses it; the others use the company's", () => {
    const load = loadFrom({ "acme.json": { ...valid, bots: { yen: { ...valid, companyId: undefined, currency: "JPY" } } } });
    assert.equal(load().find("acme", "yen")?.currency, "JPY");
    assert.equal(load().find("acme", "lawn")?.currency, "USD");
    assert.equal(load().find("other", "lawn"), undefined);
  });
});
