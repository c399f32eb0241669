// The demo companies: every fixture file passes the widget's schema, each company shows
// the features it exists to demonstrate, and a broken fixture stops start-up clearly.
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import { parseCompanyConfig, type CompanyConfig } from "../../../src/config/company-config.ts";
import { COMPANY_FIXTURES_DIR, FixtureError, loadCompanyFixtures, DEMO_URL_RULES } from "../../../server/company-files.ts";

const WIDGET = "http://localhost:4401";
const rows = loadCompanyFixtures({ widgetOrigin: WIDGET });

function configOf(companyId: string, botId: string): CompanyConfig {
  const row = rows.find((r) => r.companyId === companyId && r.botId === botId);
  assert.ok(row, `no fixture for ${companyId}/${botId}`);
  const result = parseCompanyConfig(JSON.parse(row.config), DEMO_URL_RULES);
  assert.ok(result.ok, result.ok ? "" : result.reason);
  return result.config;
}

function rawOf(companyId: string, botId: string): Record<string, unknown> {
  return JSON.parse(rows.find((r) => r.companyId === companyId && r.botId === botId)!.config) as Record<string, unknown>;
}

describe("the demo company fixtures", () => {
  test("are the five demo companies, one file each, all valid", () => {
    assert.deepEqual(readdirSync(COMPANY_FIXTURES_DIR).sort(), [
      "alpen-rasen.json",
      "bugbusters-pest.json",
      "demo-company.json",
      "greenway-lawn.json",
      "thames-lawns.json",
    ]);
    assert.deepEqual(
      rows.map((r) => `${r.companyId}/${r.botId}`),
      [
        "alpen-rasen/rasen",
        "bugbusters-pest/pest",
        "demo-company/demo-bot",
        // Variants of the demo bot for the other measuring modes and estimate sources.
        "demo-company/perimeter-bot",
        "demo-company/zillow-bot",
        "demo-company/other-bot",
      "demo-company/home-bot",
      "demo-company/yen-bot",
        // The demo bot in Spanish: its configuration's default language (the README, "Languages").
        "demo-company/es-bot",
        // The demo bot with follow-ups a minute after a visitor leaves (issue 34), to show them.
        "demo-company/follow-up-bot",
        "greenway-lawn/lawn",
        "thames-lawns/garden",
      ],
    );
    for (const row of rows) configOf(row.companyId, row.botId);
  });

  test("each company has its own logo on the widget origin, bot name and 10- or 11-digit phone", () => {
    const firstBots = rows.filter((r, i) => rows.findIndex((o) => o.companyId === r.companyId) === i);
    const configs = firstBots.map((r) => configOf(r.companyId, r.botId));
    assert.equal(new Set(configs.map((c) => c.companyLogo)).size, configs.length);
    assert.equal(new Set(configs.map((c) => c.botName)).size, configs.length);
    for (const [i, config] of configs.entries()) {
      assert.equal(config.companyLogo, `${WIDGET}/demo-assets/logos/${firstBots[i]!.companyId}.svg`);
      assert.match(config.companyPhone ?? "", /^\d{10,11}$/);
    }
  });

  test("measuring companies name the stand-in tool's origin, filled in at load time", () => {
    const measured = loadCompanyFixtures({ widgetOrigin: WIDGET, measureOrigin: "http://localhost:4402" });
    const config = parseCompanyConfig(JSON.parse(measured.find((r) => r.botId === "lawn")!.config), DEMO_URL_RULES);
    assert.ok(config.ok);
    assert.equal(config.config.measuringToolUrl, "http://localhost:4402/");
  });

  test("es-bot speaks Spanish by default, with the company's value-add in Spanish and the rest as demo-bot's", () => {
    const spanish = configOf("demo-company", "es-bot");
    assert.equal(spanish.language, "es");
    assert.match(spanish.translations?.es?.valueAddDescription ?? "", /^Cada programa incluye/);
    const { id: _a, language: _b, translations: _c, ...rest } = rawOf("demo-company", "es-bot");
    const { id: _d, ...demo } = rawOf("demo-company", "demo-bot");
    assert.deepEqual(rest, demo);
  });

  test("demo-company is the plain default pair: no greeting, no CRM, USD, a quick bot", () => {
    const raw = rawOf("demo-company", "demo-bot");
    assert.equal("greeting" in raw, false);
    assert.equal("crmSolution" in raw, false);
    const config = configOf("demo-company", "demo-bot");
    assert.equal(config.currency, "USD");
    assert.equal(config.botSpeed, 900);
  });

  test("greenway-lawn is a real-green company with a greeting and marketing questions", () => {
    const config = configOf("greenway-lawn", "lawn");
    assert.equal(config.crmSolution, "real-green");
    assert.match(config.greeting ?? "", /^Hi there! Welcome to Greenway Lawn Care\./);
    assert.ok(config.tagLine);
    assert.equal(config.areMarketingQuestionsActivated, true);
    const codes = config.marketingSources.map((s) => s.code);
    assert.ok(codes.includes("referral") && codes.includes("other"), codes.join());
    assert.equal(config.crmPortalUrl, "https://portal.example.com/greenway");
    assert.ok(config.zipCodes.length >= 3 && config.zipCodes.every((zip) => /^\d{5}$/.test(zip ?? "")));
    assert.equal(config.botSpeed, 1750);
  });

  test("bugbusters-pest is a servman pest company that books technicians", () => {
    const config = configOf("bugbusters-pest", "pest");
    assert.equal(config.crmSolution, "servman");
    assert.equal(config.botType, "pest");
    assert.equal(config.gettingStartedText, "Book a Technician");
    assert.ok(config.emergencyTellMeMore);
    assert.ok(config.serviceAgreementContent);
    assert.ok(config.noServiceAgreementContent);
    assert.ok(config.serviceAgreementTellMeMore);
  });

  test("thames-lawns is metric, charges GBP with VAT and serves UK postcodes", () => {
    const config = configOf("thames-lawns", "garden");
    assert.equal(config.isMetric, true);
    assert.equal(config.currency, "GBP");
    assert.equal(config.serviceTax, 20);
    assert.ok(config.zipCodes.every((zip) => /^[A-Z]{1,2}\d{1,2}$/.test(zip ?? "")));
  });

  test("alpen-rasen charges CHF and serves Swiss postcodes", () => {
    const config = configOf("alpen-rasen", "rasen");
    assert.equal(config.currency, "CHF");
    assert.ok(config.zipCodes.every((zip) => /^\d{4}$/.test(zip ?? "")));
  });
});

describe("loading fixtures", () => {
  const dirs: string[] = [];
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  function loadFrom(files: Record<string, unknown>) {
    const dir = mkdtempSync(join(tmpdir(), "demo-fixtures-"));
    dirs.push(dir);
    for (const [name, content] of Object.entries(files)) {
      writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
    }
    return () => loadCompanyFixtures({ dir, widgetOrigin: WIDGET });
  }

  const valid = { id: "main", companyName: "Acme Lawns" };

  test("an invalid configuration names the file and the failing field", () => {
    const load = loadFrom({ "acme.json": { companyId: "acme", bots: { main: { ...valid, currency: "DOLLARS" } } } });
    assert.throws(load, (error: unknown) => {
      assert.ok(error instanceof FixtureError);
      assert.match(error.message, /acme\.json/);
      assert.match(error.message, /bots\.main: currency:/);
      return true;
    });
  });

  test("a configuration missing a required field names that field", () => {
    const load = loadFrom({ "acme.json": { companyId: "acme", bots: { main: { id: "main" } } } });
    assert.throws(load, /acme\.json: bots\.main: companyName:/);
  });

  test("a file that is not JSON is named", () => {
    assert.throws(loadFrom({ "broken.json": "{ not json" }), /invalid company fixture .*broken\.json/);
  });

  test("a company id that disagrees with the file name is refused", () => {
    assert.throws(loadFrom({ "acme.json": { companyId: "other", bots: { main: valid } } }), /acme\.json: companyId "other"/);
  });

  test("a bot whose id field disagrees with its key is refused", () => {
    assert.throws(loadFrom({ "acme.json": { companyId: "acme", bots: { lawn: valid } } }), /bots\.lawn\.id: must equal/);
  });

  test("a company without bots is refused", () => {
    assert.throws(loadFrom({ "acme.json": { companyId: "acme", bots: {} } }), /acme\.json: bots: must list at least one bot/);
  });

  test("{{widgetOrigin}} in a fixture becomes the widget origin", () => {
    const load = loadFrom({
      "acme.json": { companyId: "acme", bots: { main: { ...valid, companyLogo: "{{widgetOrigin}}/demo-assets/logos/acme.svg" } } },
    });
    const [row] = load();
    assert.equal((JSON.parse(row!.config) as { companyLogo: string }).companyLogo, `${WIDGET}/demo-assets/logos/acme.svg`);
  });

  test("bots keep their order in the file, which decides the onboarding bot", () => {
    const load = loadFrom({
      "acme.json": { companyId: "acme", bots: { second: { ...valid, id: "second" }, first: { ...valid, id: "first" } } },
    });
    assert.deepEqual(load().map((r) => r.botId), ["second", "first"]);
  });
});
