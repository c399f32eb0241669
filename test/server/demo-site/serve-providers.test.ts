// The production entry's third parties (issue 28): with no provider keys every port is off
// and nothing is invented ('Main Street' suggests nothing, an address's estimate is 404, no
// pictures), the start-up log says which ports are live and which configurations need one
// that is off (the admin API says so too, and visitors get the measuring tool or a typed
// size); with keys, the server answers from the providers (local fakes here) and serves the
// pictures from its own URL, the key never in an answer.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import * as v from "valibot";
import { GeomapSchema } from "../../../src/contract/geomap.ts";
import { PropertyEstimateResponseSchema } from "../../../src/contract/property-estimate.ts";
import { openStores } from "../../../server/db/stores.ts";
import { readServeConfig } from "../../../server/production/serve.ts";
import { startTestServer, type TestServer } from "../payments/serve-client.ts";
import { FAKE_GOOGLE_KEY, FAKE_PLACES, FAKE_REGRID_TOKEN, startProviderFakes, type ProviderFakes } from "../../fakes/provider-fakes.ts";
import { call, type Answer } from "../payments/serve-client.ts";
import { siteFetch } from "./http-client.ts";

/** PUT of a text body as it is (call() sends JSON). */
async function putText(url: string, headers: Record<string, string>, text: string): Promise<Answer> {
  const response = await siteFetch(url, { method: "PUT", headers: { "Content-Type": "text/csv", ...headers }, body: text });
  const body = await response.text();
  return { status: response.status, headers: {}, text: body, json: JSON.parse(body) as unknown };
}

const estimateQuery = (params: Record<string, string>) =>
  new URLSearchParams({ companyId: "demo-company", botId: "zillow-bot", address: "1600 Pennsylvania Avenue NW", city: "Washington", state: "DC", zip: "20500", ...params }).toString();

async function start(dir: string, env: Record<string, string>, lines: string[], fakes?: ProviderFakes): Promise<TestServer> {
  const config = readServeConfig({ PORT: "0", DATABASE_URL: join(dir, "serve.db"), SEED_DEMO: "1" });
  // The provider calls go to the fakes, in process.
  return startTestServer(config, { env, write: (line) => lines.push(line), ...(fakes ? { fetch: fakes.fetch } : {}) });
}

const logged = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("serve with no provider keys: every port off, nothing invented", () => {
  let dir: string;
  let server: TestServer;
  const lines: string[] = [];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "qa-serve-ports-"));
    server = await start(dir, {}, lines);
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("the start-up log names each port off, and each configuration that needs one", () => {
    const entries = logged(lines);
    assert.deepEqual(entries.find((entry) => entry.msg === "ports"), {
      ...entries.find((entry) => entry.msg === "ports"),
      addressSearch: "off",
      propertyData: "off",
      propertyPictures: "off",
    });
    const errors = entries.filter((entry) => entry.msg === "configuration error" && /needs property data/.test(String(entry.message))).map((entry) => `${String(entry.companyId)}/${String(entry.botId)}`).sort();
    assert.deepEqual(errors, ["bugbusters-pest/pest", "demo-company/home-bot", "demo-company/other-bot", "demo-company/zillow-bot"]);
    assert.match(String(entries.find((entry) => entry.botId === "zillow-bot")?.message), /sqftEstimateSource "zillow" needs property data.*off/);
  });

  test("'Main Street' suggests nothing (no demo address book)", async () => {
    const answer = await call(`${server.url}/v1/servman/geomap`, { body: { queryTerm: "Main Street", companyId: "greenway-lawn" } });
    assert.equal(answer.status, 200);
    assert.deepEqual(v.parse(GeomapSchema, answer.json), { items: [] });
  });

  test("an address's estimate is a 404 'no data' for every source, never a made-up number; no pictures", async () => {
    for (const [source, botId] of [["zillow", "zillow-bot"], ["other", "other-bot"], ["home", "home-bot"]]) {
      const answer = await call(`${server.url}/v1/property/estimate/${source}?${estimateQuery({ botId: botId! })}`);
      assert.equal(answer.status, 404, `${source}: ${answer.text}`);
      assert.match((answer.json as { message: string }).message, /No property data/);
    }
    assert.equal((await call(`${server.url}/v1/property/aerial?lat=38.8977&lng=-77.0365`)).status, 404);
    assert.equal((await call(`${server.url}/v1/property/street?address=1600%20Pennsylvania%20Avenue%20NW&zip=20500`)).status, 404);
    assert.equal((await call(`${server.url}/demo-assets/property/aerial-1.svg`)).status, 404);
  });

  test("visitors of a company whose source is off get the configuration with the measuring tool or a typed size", async () => {
    const zillow = await call(`${server.url}/v1/company/demo-company/bot/zillow-bot`);
    assert.equal((zillow.json as { sqftEstimateSource: string }).sqftEstimateSource, "measur-it");
    const measured = await call(`${server.url}/v1/company/greenway-lawn/bot/lawn`);
    assert.equal((measured.json as { sqftEstimateSource: string }).sqftEstimateSource, "measur-it");
  });

  test("the admin API's answer carries the configuration errors", async () => {
    const stores = await openStores(join(dir, "serve.db"));
    const { token } = await stores.adminTokens.create("demo-company", "test");
    await stores.close();
    const auth = { Authorization: `Bearer ${token}` };
    const company = await call(`${server.url}/admin/v1/companies/demo-company`, { headers: auth });
    assert.equal(company.status, 200);
    const errors = (company.json as { configurationErrors: { botId: string; message: string }[] }).configurationErrors;
    assert.deepEqual(errors.map((error) => error.botId).sort(), ["home-bot", "other-bot", "zillow-bot"]);
    const stored = await call(`${server.url}/admin/v1/companies/demo-company/bots/zillow-bot/config`, { headers: auth });
    const put = await call(`${server.url}/admin/v1/companies/demo-company/bots/zillow-bot/config`, { method: "PUT", headers: auth, body: stored.json });
    assert.equal(put.status, 200, put.text);
    assert.match((put.json as { configurationErrors: string[] }).configurationErrors[0] ?? "", /zillow/);

    // Tax from the configuration until the company imports its table; then the table's rate.
    const tax = async () => (await call(`${server.url}/v1/tax?companyId=demo-company&postalCode=43017`)).json;
    assert.deepEqual(await tax(), { tax: -1 });
    assert.deepEqual((await call(`${server.url}/admin/v1/companies/demo-company/tax-rates`, { headers: auth })).json, { companyId: "demo-company", importedAt: null, source: null, rowCount: 0 });
    const csv = "State,ZipCode,TaxRegionName,EstimatedCombinedRate\nOH,43017,FRANKLIN COUNTY,0.0775\n";
    const bad = await putText(`${server.url}/admin/v1/companies/demo-company/tax-rates`, auth, "State,ZipCode,TaxRegionName,EstimatedCombinedRate\nOH,43017,X,7.75\n");
    assert.equal(bad.status, 400);
    assert.match((bad.json as { message: string }).message, /line 2/);
    const unclosed = await putText(`${server.url}/admin/v1/companies/demo-company/tax-rates`, auth, `${csv}OH,43018,"DELAWARE,0.07\n`);
    assert.equal(unclosed.status, 400);
    assert.equal((unclosed.json as { message: string }).message, "line 3: a quote opened on this line is never closed");
    const imported = await putText(`${server.url}/admin/v1/companies/demo-company/tax-rates`, { ...auth, "X-File-Name": "oh.csv" }, csv);
    assert.equal(imported.status, 200, imported.text);
    assert.equal((imported.json as { rowCount: number; source: string }).rowCount, 1);
    assert.deepEqual(await tax(), { tax: 0.0775 });
    assert.equal((await putText(`${server.url}/admin/v1/companies/greenway-lawn/tax-rates`, auth, csv)).status, 403);
  });
});

describe("serve with provider keys: answers from the providers (local fakes)", () => {
  let dir: string;
  let server: TestServer;
  let fakes: ProviderFakes;
  const lines: string[] = [];
  const penn = FAKE_PLACES[0]!;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "qa-serve-ports-"));
    fakes = await startProviderFakes();
    server = await start(dir, {
      GOOGLE_MAPS_API_KEY: FAKE_GOOGLE_KEY,
      GOOGLE_PLACES_API_BASE: fakes.url,
      GOOGLE_MAPS_API_BASE: fakes.url,
      REGRID_API_TOKEN: FAKE_REGRID_TOKEN,
      REGRID_API_BASE: fakes.url,
    }, lines, fakes);
  });
  after(async () => {
    await server.close();
    await fakes.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test("the log names the live ports; only 'home' still needs a port that is off", () => {
    const entries = logged(lines);
    const ports = entries.find((entry) => entry.msg === "ports");
    assert.equal(ports?.addressSearch, "google-places");
    assert.equal(ports?.propertyData, "regrid (zillow, other)");
    assert.match(String(ports?.propertyPictures), /google-maps/);
    const errors = entries.filter((entry) => entry.msg === "configuration error" && /needs property data/.test(String(entry.message))).map((entry) => `${String(entry.companyId)}/${String(entry.botId)}`).sort();
    assert.deepEqual(errors, ["bugbusters-pest/pest", "demo-company/home-bot"]);
  });

  test("a suggestion from Places with its parts and position, and Google's attribution; the key is in no answer", async () => {
    const answer = await call(`${server.url}/v1/servman/geomap`, { body: { queryTerm: "1600 Pennsylvania", companyId: "demo-company" } });
    const found = v.parse(GeomapSchema, answer.json);
    assert.equal(found.attribution, "Powered by Google");
    assert.equal(found.items[0]?.address.postalCode, "20500");
    assert.deepEqual(found.items[0]?.position, { lat: penn.lat, lng: penn.lng });
    assert.deepEqual((fakes.calls[0]?.body as { includedRegionCodes: string[] }).includedRegionCodes, ["us"]);
    assert.ok(!answer.text.includes(FAKE_GOOGLE_KEY));
  });

  test("the lot from Regrid at the picked point, both pictures served from the server's own URL", async () => {
    const answer = await call(`${server.url}/v1/property/estimate/zillow?${estimateQuery({ lat: String(penn.lat), lng: String(penn.lng) })}`);
    assert.equal(answer.status, 200, answer.text);
    const estimate = v.parse(PropertyEstimateResponseSchema, answer.json);
    assert.equal(estimate.estimate, penn.lotSqFt);
    assert.equal(estimate.lawnEstimate, undefined);
    for (const url of [estimate.aerialImg, estimate.streetImg]) {
      // PUBLIC_ORIGIN's default names the configured port (0 here): the path is what counts.
      const path = new URL(url!).pathname;
      assert.match(path, /^\/v1\/property\/picture\/(aerial|street)-[0-9a-f]{32}$/);
      const picture = await call(`${server.url}${path}`);
      assert.equal(picture.status, 200);
      assert.equal(picture.headers["content-type"], "image/png");
    }
    assert.ok(!answer.text.includes(FAKE_GOOGLE_KEY));
  });

  test("the company's configuration is served as written when its source is live", async () => {
    const zillow = await call(`${server.url}/v1/company/demo-company/bot/zillow-bot`);
    assert.equal((zillow.json as { sqftEstimateSource: string }).sqftEstimateSource, "zillow");
  });

  test("Regrid's quota (429): 503 'unavailable', not the 404 'no data' (the widget goes on to the measuring tool or a typed size)", async () => {
    fakes.setMode("regrid", "429");
    const answer = await call(`${server.url}/v1/property/estimate/zillow?${estimateQuery({ address: "88 Main Street", zip: "43017", city: "Dublin", state: "OH" })}`);
    assert.equal(answer.status, 503);
    assert.match((answer.json as { message: string }).message, /unavailable/);
    assert.ok(logged(lines).some((entry) => entry.msg === "provider call failed: quota" && entry.provider === "regrid"));
    fakes.setMode("regrid", "ok");
  });
});
