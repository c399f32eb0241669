// The admin API on the production entry (`npm run serve`): served there too, with no CORS
// even where the widget's API allows any site; SEED_DEMO writes the demo's documents as
// version 1 by "seed" but no known demo token; a token from `npm run admin-token` replaces a
// configuration and a pricing table that the widget's next calls get.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { runAdminTokenCommand } from "../../../server/db/admin-token-main.ts";
import { demoAdminToken } from "../../../demo-site/db/seed.ts";
import { readServeConfig } from "../../../server/production/serve.ts";
import { startTestServer, type TestServer } from "../payments/serve-client.ts";
import { getJson, httpRequest } from "./http-client.ts";

describe("admin API on the production entry", () => {
  let dir: string;
  let server: TestServer;
  let token: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "qa-admin-serve-"));
    const location = join(dir, "serve.db");
    const lines: string[] = [];
    assert.equal(await runAdminTokenCommand(["greenway-lawn", "--label", "deploy"], location, (line) => lines.push(line)), 0);
    token = /^(qa_\S+)$/m.exec(lines.join("\n"))![1]!;
    server = await startTestServer(readServeConfig({ PORT: "0", DATABASE_URL: location, SEED_DEMO: "1", LOG_LEVEL: "silent" }), { env: {}, write: () => {} });
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const admin = (path: string, init: { method?: string; auth?: string; body?: string; origin?: string } = {}) =>
    httpRequest(`${server.url}/admin/v1${path}`, {
      method: init.method ?? "GET",
      headers: {
        Authorization: `Bearer ${init.auth ?? token}`,
        ...(init.body ? { "Content-Type": "application/json" } : {}),
        ...(init.origin ? { Origin: init.origin } : {}),
      },
      ...(init.body ? { body: init.body } : {}),
    });

  test("the demo's known token does not exist here; a created one reads the seeded version 1", async () => {
    const refused = await admin("/companies/greenway-lawn/bots/lawn/config", { auth: demoAdminToken("greenway-lawn") });
    assert.equal(refused.status, 401);
    const versions = await admin("/companies/greenway-lawn/bots/lawn/config/versions");
    assert.equal(versions.status, 200, versions.body);
    assert.deepEqual((JSON.parse(versions.body) as { versions: Array<{ version: number; changedBy: string }> }).versions.map((v) => [v.version, v.changedBy]), [[1, "seed"]]);
  });

  test("no CORS on the admin API, while the widget's API answers any site", async () => {
    const origin = "https://greenway.example";
    assert.equal((await admin("/companies/greenway-lawn/pricing", { origin })).headers["access-control-allow-origin"], undefined);
    assert.equal((await httpRequest(`${server.url}/v1/company/greenway-lawn/bot/lawn`, { headers: { Origin: origin } })).headers["access-control-allow-origin"], "*");
  });

  test("a configuration and a pricing table replaced: the widget's next calls get them", async () => {
    const config = JSON.parse((await admin("/companies/greenway-lawn/bots/lawn/config")).body) as Record<string, unknown>;
    const bad = await admin("/companies/greenway-lawn/bots/lawn/config", { method: "PUT", body: JSON.stringify({ ...config, companyName: "" }) });
    assert.equal(bad.status, 400);
    assert.match((JSON.parse(bad.body) as { message: string }).message, /^Invalid companyName: Invalid length: Expected >=1 but received 0$/);
    const saved = await admin("/companies/greenway-lawn/bots/lawn/config", { method: "PUT", body: JSON.stringify({ ...config, greeting: "Hello from production" }) });
    assert.equal(saved.status, 200, saved.body);
    assert.match(saved.body, /"changedBy":"token:[0-9a-f]{12}","label":"deploy"/);
    // The seeded stand-ins' URLs (http, not on this machine) were there before: kept, and reported.
    assert.deepEqual((JSON.parse(saved.body) as { warnings: string[] }).warnings, [
      "measuringToolUrl must be https; the widget ignores it",
      "payments.crmPaymentFrameUrl must be https; the widget ignores it",
    ]);
    // A new one like it is refused.
    const newUrl = await admin("/companies/greenway-lawn/bots/lawn/config", { method: "PUT", body: JSON.stringify({ ...config, measuringToolUrl: "http://measure.example/tool" }) });
    assert.equal(newUrl.status, 400);
    assert.equal((JSON.parse(newUrl.body) as { message: string }).message, "Invalid measuringToolUrl: must be https");
    assert.equal(((await getJson(`${server.url}/v1/company/greenway-lawn/bot/lawn`)).json as { greeting: string }).greeting, "Hello from production");

    const pricing = JSON.parse((await admin("/companies/greenway-lawn/pricing")).body) as { programs: Array<{ name: string }> };
    pricing.programs[0]!.name = "Premium Lawn Care";
    assert.equal((await admin("/companies/greenway-lawn/pricing", { method: "PUT", body: JSON.stringify(pricing) })).status, 200);
    const programs = (await getJson(`${server.url}/v2/program-types?companyId=greenway-lawn&botId=lawn`)).json as Array<{ name: string }>;
    assert.ok(programs.some((p) => p.name === "Premium Lawn Care"), JSON.stringify(programs.map((p) => p.name)));
  });
});
