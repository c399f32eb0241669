// The configuration calls of SPEC §7 as the reference backend answers them (docs/api.md).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseCompanyConfig } from "../../../src/config/company-config.ts";
import { DEMO_URL_RULES } from "../../../server/company-files.ts";
import { getJson, httpRequest } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const FIXTURE_BOTS = [
  { company: "demo-company", bot: "demo-bot" },
  { company: "greenway-lawn", bot: "lawn" },
  { company: "bugbusters-pest", bot: "pest" },
  { company: "thames-lawns", bot: "garden" },
  { company: "alpen-rasen", bot: "rasen" },
];

const site = useTestSite();

describe("GET /v1/company/:companyId/bot/:botId", () => {
  for (const { company, bot } of FIXTURE_BOTS) {
    test(`serves ${company}/${bot} as JSON that passes the widget's schema`, async () => {
      const { status, headers, json } = await getJson(`${site.api}/v1/company/${company}/bot/${bot}`);
      assert.equal(status, 200);
      assert.match(headers["content-type"] ?? "", /^application\/json/);
      const result = parseCompanyConfig(json, DEMO_URL_RULES);
      assert.ok(result.ok, result.ok ? "" : result.reason);
      assert.equal(result.config.id, bot);
    });
  }

  test("serves the stored configuration raw, without the widget's defaults filled in", async () => {
    const { json } = await getJson(`${site.api}/v1/company/demo-company/bot/demo-bot`);
    const config = json as Record<string, unknown>;
    assert.equal("greeting" in config, false);
    assert.equal("crmSolution" in config, false);
    assert.equal("autoPayAvailable" in config, false, "a default of the schema leaked into the response");
  });

  test("tells caches not to keep a configuration a company may edit", async () => {
    const { headers } = await httpRequest(`${site.api}/v1/company/greenway-lawn/bot/lawn`);
    assert.equal(headers["cache-control"], "no-store");
  });

  test("answers preview=true with the same configuration", async () => {
    const plain = await httpRequest(`${site.api}/v1/company/greenway-lawn/bot/lawn`);
    const preview = await httpRequest(`${site.api}/v1/company/greenway-lawn/bot/lawn?preview=true`);
    assert.equal(preview.status, 200);
    assert.equal(preview.body, plain.body);
  });

  test("points company logos at the widget origin, where they are served", async () => {
    const { json } = await getJson(`${site.api}/v1/company/greenway-lawn/bot/lawn`);
    const logo = (json as { companyLogo: string }).companyLogo;
    assert.equal(logo, `${site.api}/demo-assets/logos/greenway-lawn.svg`);
    const image = await httpRequest(logo);
    assert.equal(image.status, 200);
    assert.equal(image.headers["content-type"], "image/svg+xml");
  });

  test("answers an unknown company with 404 and a message", async () => {
    const { status, json } = await getJson(`${site.api}/v1/company/no-such-company/bot/lawn`);
    assert.equal(status, 404);
    assert.deepEqual(json, { message: 'Unknown company "no-such-company"' });
  });

  test("answers an unknown bot of a known company with 404 and a message", async () => {
    const { status, json } = await getJson(`${site.api}/v1/company/greenway-lawn/bot/no-such-bot`);
    assert.equal(status, 404);
    assert.deepEqual(json, { message: 'Company "greenway-lawn" has no bot "no-such-bot"' });
  });
});

describe("GET /v1/company/:companyId/onboarding", () => {
  test("serves the company's first bot", async () => {
    const onboarding = await httpRequest(`${site.api}/v1/company/bugbusters-pest/onboarding`);
    const bot = await httpRequest(`${site.api}/v1/company/bugbusters-pest/bot/pest`);
    assert.equal(onboarding.status, 200);
    assert.equal(onboarding.body, bot.body);
  });

  test("answers an unknown company with 404 and a message", async () => {
    const { status, json } = await getJson(`${site.api}/v1/company/no-such-company/onboarding`);
    assert.equal(status, 404);
    assert.equal(typeof (json as { message: unknown }).message, "string");
  });
});

describe("API CORS", () => {
  test("lets any site read answers, success or error, without credentials", async () => {
    for (const path of ["/v1/company/greenway-lawn/bot/lawn", "/v1/company/nobody/onboarding"]) {
      const { headers } = await httpRequest(`${site.api}${path}`, { headers: { Origin: "https://www.example-lawn.com" } });
      assert.equal(headers["access-control-allow-origin"], "*", path);
      assert.equal(headers["access-control-allow-credentials"], undefined, path);
    }
  });

  test("answers a preflight for POST with Content-Type and Idempotency-Key", async () => {
    const response = await httpRequest(`${site.api}/v1/quote/start`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://www.example-lawn.com",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type,idempotency-key",
      },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers["access-control-allow-origin"], "*");
    const methods = (response.headers["access-control-allow-methods"] ?? "").split(",").map((m) => m.trim());
    assert.deepEqual(methods.sort(), ["GET", "POST"]);
    const allowed = (response.headers["access-control-allow-headers"] ?? "").toLowerCase().split(",").map((h) => h.trim());
    assert.ok(allowed.includes("content-type") && allowed.includes("idempotency-key"), allowed.join());
  });

  test("answers an unknown API path with a JSON 404, not the hosted page", async () => {
    const { status, headers, json } = await getJson(`${site.api}/v1/nothing-here`);
    assert.equal(status, 404);
    assert.equal(headers["access-control-allow-origin"], "*");
    assert.equal(typeof (json as { message: unknown }).message, "string");
  });
});
