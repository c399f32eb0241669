// The admin API (docs/admin.md) through HTTP on the demo site: a token is needed (401) and
// works only for its own company (403), a bad document is refused naming the field with
// nothing stored, and a replaced configuration or pricing document is a new version (who and
// when, the previous one kept) that the widget's next GET serves.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { hashAdminToken } from "../../../server/db/admin-token-store.ts";
import { demoAdminToken } from "../../../demo-site/db/seed.ts";
import { getJson, httpRequest, type RawResponse } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();
const DEMO = demoAdminToken("demo-company");
const GREENWAY = demoAdminToken("greenway-lawn");

const admin = (path: string, init: { method?: string; token?: string | null; body?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> =>
  httpRequest(`${site.api}/admin/v1${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.token === null ? {} : { Authorization: `Bearer ${init.token ?? DEMO}` }),
      ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}),
      ...init.headers,
    },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
const put = (path: string, document: unknown, token?: string) =>
  admin(path, { method: "PUT", body: typeof document === "string" ? document : JSON.stringify(document), ...(token ? { token } : {}) });
const message = (response: RawResponse) => (JSON.parse(response.body) as { message: string }).message;

const CONFIG = "/companies/demo-company/bots/demo-bot/config";
const PRICING = "/companies/demo-company/pricing";
const publicConfig = async (company = "demo-company", bot = "demo-bot") => (await getJson(`${site.api}/v1/company/${company}/bot/${bot}`)).json as Record<string, unknown>;
const versionRows = () => (site.db.prepare("SELECT COUNT(*) AS n FROM document_versions").get() as { n: number }).n;

describe("admin API: who may call it", () => {
  test("no token, a malformed one, a wrong secret: 401 with WWW-Authenticate: Bearer, nothing read", async () => {
    const wrongSecret = DEMO.replace(/_[^_]+$/, "_wrong-secret-but-well-formed");
    for (const token of [null, "not-a-token", wrongSecret, demoAdminToken("no-such-company")]) {
      const response = await admin(CONFIG, { token });
      assert.equal(response.status, 401, String(token));
      assert.match(response.headers["www-authenticate"] ?? "", /^Bearer /);
      assert.doesNotMatch(response.body, /companyName/);
    }
    const basic = await admin(CONFIG, { token: null, headers: { Authorization: `Basic ${Buffer.from(`x:${DEMO}`).toString("base64")}` } });
    assert.equal(basic.status, 401);
  });

  test("a token of one company neither reads nor writes another's documents (403), and the other's stay as they were", async () => {
    const before = await publicConfig("greenway-lawn", "lawn");
    for (const path of ["/companies/greenway-lawn", "/companies/greenway-lawn/bots/lawn/config", "/companies/greenway-lawn/bots/lawn/config/versions", "/companies/greenway-lawn/pricing", "/companies/no-such-company/pricing"]) {
      const response = await admin(path);
      assert.equal(response.status, 403, path);
      assert.doesNotMatch(response.body, /companyName|programs/);
    }
    assert.equal((await put("/companies/greenway-lawn/bots/lawn/config", { ...before, companyName: "Taken over" })).status, 403);
    assert.equal((await put("/companies/greenway-lawn/pricing", { currency: "USD" })).status, 403);
    assert.deepEqual(await publicConfig("greenway-lawn", "lawn"), before);
    // Greenway's own token reads it.
    assert.equal((await admin("/companies/greenway-lawn/bots/lawn/config", { token: GREENWAY })).status, 200);
  });

  test("a company with a token but no documents is unknown (404); an unknown bot is named", async () => {
    const token = "qa_newco1_a-token-for-a-company-with-nothing-yet";
    site.db
      .prepare("INSERT INTO admin_tokens (token_id, company_id, label, token_hash, created_at) VALUES (?, ?, ?, ?, ?)")
      .run("newco1", "new-co", "test", hashAdminToken(token), new Date().toISOString());
    for (const path of ["/companies/new-co", "/companies/new-co/bots/main/config", "/companies/new-co/pricing", "/companies/new-co/pricing/versions"]) {
      const response = await admin(path, { token });
      assert.equal(response.status, 404, path);
      assert.equal(message(response), 'Unknown company "new-co"');
    }
    const bot = await admin("/companies/demo-company/bots/no-such-bot/config");
    assert.equal(bot.status, 404);
    assert.equal(message(bot), 'Company "demo-company" has no bot "no-such-bot"');
  });

  test("is not CORS-open: no Access-Control-Allow-Origin for a company's site, even on a preflight", async () => {
    const origin = { Origin: "https://www.example-lawn-company.com" };
    const read = await admin(CONFIG, { headers: origin });
    assert.equal(read.status, 200);
    assert.equal(read.headers["access-control-allow-origin"], undefined);
    const preflight = await admin(CONFIG, { method: "OPTIONS", token: null, headers: { ...origin, "Access-Control-Request-Method": "PUT", "Access-Control-Request-Headers": "authorization" } });
    assert.equal(preflight.headers["access-control-allow-origin"], undefined);
    assert.equal(preflight.headers["access-control-allow-methods"], undefined);
    // The widget's own API stays open to the company's site.
    const widget = await httpRequest(`${site.api}/v1/company/demo-company/bot/demo-bot`, { headers: origin });
    assert.equal(widget.headers["access-control-allow-origin"], "*");
  });
});

describe("admin API: a bad document is refused, naming the field, and nothing is stored", () => {
  const cases: Array<{ name: string; path: string; document: (current: Record<string, unknown>) => unknown; status: number; message: RegExp }> = [
    { name: "malformed JSON", path: CONFIG, document: () => "{ not json", status: 400, message: /^Malformed JSON body$/ },
    { name: "not an object", path: CONFIG, document: () => [1, 2], status: 400, message: /^Invalid document: must be a JSON object$/ },
    { name: "an empty companyName", path: CONFIG, document: (c) => ({ ...c, companyName: "" }), status: 400, message: /^Invalid companyName: / },
    { name: "a wrong type deep inside", path: CONFIG, document: (c) => ({ ...c, payments: { ...(c.payments as object), stripe: 42 } }), status: 400, message: /^Invalid payments\.stripe: / },
    { name: "another bot's id", path: CONFIG, document: (c) => ({ ...c, id: "lawn" }), status: 400, message: /^Invalid id: must equal the bot id "demo-bot"$/ },
    { name: "a follow-up at 0 minutes", path: CONFIG, document: (c) => ({ ...c, followUps: { steps: [{ afterMinutes: 0, channel: "sms" }] } }), status: 400, message: /^Invalid followUps\.steps\.0\.afterMinutes: / },
    { name: "a follow-up by fax", path: CONFIG, document: (c) => ({ ...c, followUps: { steps: [{ afterMinutes: 15, channel: "fax" }] } }), status: 400, message: /^Invalid followUps\.steps\.0\.channel: / },
    { name: "a URL the widget would not load", path: CONFIG, document: (c) => ({ ...c, companyLogo: "javascript:alert(1)" }), status: 400, message: /^Invalid companyLogo: / },
    { name: "a colour the widget cannot read", path: CONFIG, document: (c) => ({ ...c, brandColor: "url(https://evil.example/x)" }), status: 400, message: /^Invalid brandColor: / },
    { name: "letters in a US ZIP code", path: CONFIG, document: (c) => ({ ...c, zipCodes: ["43016", "43O17"] }), status: 400, message: /^Invalid zipCodes\.1: a US ZIP code is 5 digits/ },
    { name: "a body over 256 KB", path: CONFIG, document: (c) => ({ ...c, tagLine: "x".repeat(300 * 1024) }), status: 413, message: /larger than 262144 bytes/ },
  ];
  for (const { name, path, document, status, message: expected } of cases) {
    test(`configuration with ${name}: ${status}`, async () => {
      const current = await publicConfig();
      const versions = versionRows();
      const response = await put(path, document(current));
      assert.equal(response.status, status, response.body);
      assert.match(message(response), expected);
      assert.deepEqual(await publicConfig(), current, "the widget's configuration changed");
      assert.equal(versionRows(), versions, "a version was recorded");
    });
  }

  test("a pricing table that breaks a rule across fields: 400 naming the program's field, prices unchanged", async () => {
    const before = await admin(PRICING);
    const table = JSON.parse(before.body) as { programs: Array<{ price: { perApplication: number[] } }> };
    table.programs[0]!.price.perApplication = [49, 59];
    const versions = versionRows();
    const response = await put(PRICING, table);
    assert.equal(response.status, 400);
    assert.match(message(response), /^Invalid programs\.0\.price\.perApplication: must have one amount per lawn-size bracket \(5\)$/);
    assert.equal((await admin(PRICING)).body, before.body);
    assert.equal(versionRows(), versions);
  });

  test("a pricing table in another currency than the company's bot: 400 naming currency", async () => {
    const table = JSON.parse((await admin(PRICING)).body) as Record<string, unknown>;
    const response = await put(PRICING, { ...table, currency: "GBP" });
    assert.equal(response.status, 400);
    assert.equal(message(response), 'Invalid currency: the bot "demo-bot" sells in USD');
  });
});

describe("admin API: a change is a new version that the widget gets on its next load", () => {
  test("a configuration replaced: version 2 by the token's id, version 1 by the seed kept, the widget's GET serves it", async () => {
    const first = await admin(CONFIG);
    assert.equal(first.status, 200);
    assert.equal(first.headers["x-document-version"], "1");
    assert.equal(first.headers["cache-control"], "no-store");
    const original = JSON.parse(first.body) as Record<string, unknown>;
    const changed = { ...original, companyName: "Demo Lawn & Garden", greeting: "Hello from the admin API", brandColor: "#7b1fa2" };
    const started = Date.now();
    const response = await put(CONFIG, changed);
    assert.equal(response.status, 200, response.body);
    const saved = JSON.parse(response.body) as { version: number; changedBy: string; label: string; changedAt: string; document: string; botId: string };
    assert.deepEqual({ ...saved, changedAt: "" }, { companyId: "demo-company", botId: "demo-bot", document: "config", version: 2, changedBy: "token:demo-demo-company", label: "demo", changedAt: "" });
    assert.ok(Date.parse(saved.changedAt) >= started - 1000 && Date.parse(saved.changedAt) <= Date.now() + 1000, saved.changedAt);

    // The widget's next load (Demo Company measures with no tool of its own: it is given ours, issue 33).
    assert.deepEqual(await publicConfig(), { ...changed, measuringToolUrl: `${site.api}/measure/`, textConsent: { texts: 1 } });
    // The admin read, the list of versions and the version before.
    const current = await admin(CONFIG);
    assert.equal(current.headers["x-document-version"], "2");
    assert.deepEqual(JSON.parse(current.body), changed);
    const list = JSON.parse((await admin(`${CONFIG}/versions`)).body) as { versions: Array<{ version: number; changedBy: string; label: string | null; changedAt: string }> };
    assert.deepEqual(list.versions.map((v) => [v.version, v.changedBy, v.label]), [[2, "token:demo-demo-company", "demo"], [1, "seed", null]]);
    const previous = await admin(`${CONFIG}/versions/1`);
    assert.equal(previous.status, 200);
    assert.deepEqual(JSON.parse(previous.body), original);
    assert.equal((await admin(`${CONFIG}/versions/9`)).status, 404);
    assert.equal((await admin(`${CONFIG}/versions/first`)).status, 400);
    // Who is the token's id, never the token.
    const stored = site.db.prepare("SELECT changed_by, body FROM document_versions").all() as Array<{ changed_by: string; body: string }>;
    for (const row of stored) assert.doesNotMatch(row.changed_by + row.body, /demo-only-not-a-secret/);
  });

  test("a pricing document replaced: the widget's next program-types call shows the new program name", async () => {
    const table = JSON.parse((await admin(PRICING)).body) as { programs: Array<{ id: string; name: string }> };
    const programs = async () =>
      ((await getJson(`${site.api}/v2/program-types?companyId=demo-company&botId=demo-bot`)).json as Array<{ name: string }>).map((p) => p.name);
    assert.ok((await programs()).includes(table.programs[0]!.name));
    table.programs[0]!.name = "Feed & Weed Deluxe";
    const response = await put(PRICING, table);
    assert.equal(response.status, 200, response.body);
    assert.equal((JSON.parse(response.body) as { version: number }).version, 2);
    assert.ok((await programs()).includes("Feed & Weed Deluxe"));
    const list = JSON.parse((await admin(`${PRICING}/versions`)).body) as { versions: Array<{ version: number; changedBy: string }> };
    assert.deepEqual(list.versions.map((v) => [v.version, v.changedBy]), [[2, "token:demo-demo-company"], [1, "seed"]]);
  });

  test("a new bot is created by its first PUT (201, version 1) and served to the widget", async () => {
    const base = await publicConfig();
    const response = await put("/companies/demo-company/bots/spring-offer/config", { ...base, id: "spring-offer", companyName: "Spring offer" });
    assert.equal(response.status, 201, response.body);
    assert.equal((JSON.parse(response.body) as { version: number }).version, 1);
    assert.equal((await publicConfig("demo-company", "spring-offer")).companyName, "Spring offer");
    const summary = JSON.parse((await admin("/companies/demo-company")).body) as { companyId: string; bots: string[]; pricing: boolean };
    assert.equal(summary.companyId, "demo-company");
    assert.equal(summary.pricing, true);
    assert.equal(summary.bots[0], "demo-bot");
    assert.equal(summary.bots.at(-1), "spring-offer", "a new bot comes after the company's others");
    // The onboarding route still shows the company's first bot.
    assert.equal(((await getJson(`${site.api}/v1/company/demo-company/onboarding`)).json as { id: string }).id, "demo-bot");
  });
});
