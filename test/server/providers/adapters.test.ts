// The real adapters (issue 28) against local fakes of Google Maps Platform and Regrid that
// serve the shapes of their documentation: what each answers, what it sends (the key in a
// header or the query, never elsewhere; the field mask; the company's country; one session
// token per search), the day's cache, and every failure (401, 403, 429, 5xx, timeout, no
// result) ending in 'nothing', logged with what failed and never with the key.
import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { createGooglePictures } from "../../../server/adapters/google-pictures.ts";
import { createGooglePlacesSearch, GOOGLE_ATTRIBUTION } from "../../../server/adapters/google-places.ts";
import { createRegridPropertyData } from "../../../server/adapters/regrid.ts";
import { PROPERTY_DATA_UNAVAILABLE } from "../../../server/ports/property-data.ts";
import { openStores, type OpenStores } from "../../../server/db/stores.ts";
import type { Logger } from "../../../server/production/logger.ts";
import { FAKE_GOOGLE_KEY, FAKE_PLACES, FAKE_PNG, FAKE_REGRID_TOKEN, startProviderFakes, type FakeMode, type ProviderFakes } from "../../fakes/provider-fakes.ts";

/**
 * An adapter made while its provider's fake holds calls (timeout) gives up after 1 s, which the
 * timeout cases wait for; any other gets 10 s, so a busy machine's slow answer is never a timeout.
 */
const timeoutFor = (provider: keyof ProviderFakes["modes"]) => (fakes.modes[provider] === "timeout" ? 1000 : 10_000);
const FAILURES: [FakeMode, string][] = [
  ["401", "refused"],
  ["403", "refused"],
  ["429", "quota"],
  ["500", "unavailable"],
  ["timeout", "timeout"],
];

let fakes: ProviderFakes;
let stores: OpenStores;
let lines: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
const logger: Logger = { log: (level, msg, fields = {}) => void lines.push({ level, msg, fields }) };

before(async () => {
  fakes = await startProviderFakes();
});
after(async () => {
  await fakes.close();
});
beforeEach(async () => {
  fakes.reset();
  lines = [];
  await stores?.close();
  stores = await openStores(":memory:");
});
after(async () => stores?.close());

const places = (apiKey = FAKE_GOOGLE_KEY) => createGooglePlacesSearch({ apiKey, baseUrl: fakes.url, fetch: fakes.fetch, timeoutMs: timeoutFor("places"), cache: stores.providerCache, logger });
const pictures = () => createGooglePictures({ apiKey: FAKE_GOOGLE_KEY, baseUrl: fakes.url, fetch: fakes.fetch, timeoutMs: timeoutFor("maps"), cache: stores.providerCache, logger });
const regrid = (token = FAKE_REGRID_TOKEN) => createRegridPropertyData({ token, baseUrl: fakes.url, fetch: fakes.fetch, timeoutMs: timeoutFor("regrid"), cache: stores.providerCache, logger });
const penn = FAKE_PLACES[0]!;
const main = FAKE_PLACES[1]!;
const field = FAKE_PLACES[2]!;
const noKeyInLogs = () => assert.ok(!JSON.stringify(lines).includes(FAKE_GOOGLE_KEY) && !JSON.stringify(lines).includes(FAKE_REGRID_TOKEN));

describe("Google Places (New): address search", () => {
  test("suggestions with their parts and position, the attribution, in the company's country", async () => {
    const found = await places().search({ queryTerm: "1600 Pennsylvania", country: "US" });
    assert.equal(found.attribution, GOOGLE_ATTRIBUTION);
    assert.deepEqual(found.items, [
      {
        address: { label: penn.formattedAddress, houseNumber: "1600", street: "Pennsylvania Avenue Northwest", city: "Washington", postalCode: "20500", county: "District of Columbia", state: "DC", countryCode: "US" },
        position: { lat: penn.lat, lng: penn.lng },
      },
    ]);
    const [autocomplete, details] = fakes.calls;
    assert.equal(autocomplete?.path, "/v1/places:autocomplete");
    assert.equal(autocomplete?.headers["x-goog-api-key"], FAKE_GOOGLE_KEY);
    assert.match(autocomplete?.headers["x-goog-fieldmask"] ?? "", /placePrediction/);
    const sent = autocomplete?.body as { input: string; includedRegionCodes: string[]; sessionToken: string };
    assert.equal(sent.input, "1600 Pennsylvania");
    assert.deepEqual(sent.includedRegionCodes, ["us"]);
    assert.equal(details?.path, `/v1/places/${penn.placeId}`);
    assert.equal(details?.headers["x-goog-api-key"], FAKE_GOOGLE_KEY);
    assert.equal(details?.headers["x-goog-fieldmask"], "id,formattedAddress,addressComponents,location");
    // One session per search: the Details call carries the Autocomplete's token, the next search a new one.
    assert.equal(details?.query.sessionToken, sent.sessionToken);
    assert.equal(details?.query.key, undefined);
    await places().search({ queryTerm: "88 Main", country: "US" });
    const next = fakes.calls.find((call, i) => i > 1 && call.path === "/v1/places:autocomplete")?.body as { sessionToken: string };
    assert.notEqual(next.sessionToken, sent.sessionToken);
  });

  test("a place's details are kept a day: the same suggestion again costs only the Autocomplete call", async () => {
    await places().search({ queryTerm: "Main Street Dublin", country: "US" });
    const before = fakes.calls.length;
    const again = await places().search({ queryTerm: "Main Street Dublin", country: "US" });
    assert.equal(again.items[0]?.address.postalCode, "43017");
    assert.deepEqual(fakes.calls.slice(before).map((call) => call.path), ["/v1/places:autocomplete"]);
  });

  test("no result is no suggestion, without an attribution; another country's company gets none of these", async () => {
    assert.deepEqual(await places().search({ queryTerm: "Nowhere Lane 99", country: "US" }), { items: [] });
    assert.deepEqual(await places().search({ queryTerm: "1600 Pennsylvania", country: "GB" }), { items: [] });
    assert.deepEqual(lines, []);
  });

  for (const [mode, failure] of FAILURES) {
    test(`${mode}: no suggestions, logged as ${failure}`, async () => {
      fakes.setMode("places", mode);
      assert.deepEqual(await places().search({ queryTerm: "1600 Pennsylvania", country: "US" }), { items: [] });
      assert.deepEqual(lines.map((line) => [line.msg, line.fields.provider, line.fields.call]), [[`provider call failed: ${failure}`, "google-places", "autocomplete"]]);
      assert.equal(lines[0]?.level, failure === "refused" ? "error" : "warn");
      noKeyInLogs();
    });
  }

  test("a wrong key is refused by the provider: no suggestions, an error line", async () => {
    assert.deepEqual(await places("wrong-key").search({ queryTerm: "1600 Pennsylvania" }), { items: [] });
    assert.equal(lines[0]?.level, "error");
  });
});

describe("Google Maps Static and Street View: pictures served by the server", () => {
  test("the aerial picture at a point (satellite) and the street picture once the metadata says OK, kept and served back", async () => {
    const port = pictures();
    const aerial = await port.aerial({ position: { lat: main.lat, lng: main.lng } });
    const street = await port.street({ address: "88 Main Street", zip: "43017", city: "Dublin", state: "OH", position: { lat: main.lat, lng: main.lng } });
    assert.match(aerial ?? "", /^aerial-[0-9a-f]{32}$/);
    assert.match(street ?? "", /^street-[0-9a-f]{32}$/);
    const staticMap = fakes.calls.find((call) => call.path === "/maps/api/staticmap");
    assert.equal(staticMap?.query.maptype, "satellite");
    assert.equal(staticMap?.query.center, `${main.lat},${main.lng}`);
    assert.equal(staticMap?.query.key, FAKE_GOOGLE_KEY);
    const paths = fakes.calls.map((call) => call.path);
    assert.ok(paths.indexOf("/maps/api/streetview/metadata") < paths.indexOf("/maps/api/streetview"), paths.join(" "));
    const served = await port.image(aerial!);
    assert.equal(served?.contentType, "image/png");
    assert.deepEqual(served?.body, FAKE_PNG);
    // Kept: asking again calls nothing.
    const count = fakes.calls.length;
    await port.aerial({ position: { lat: main.lat, lng: main.lng } });
    assert.deepEqual(await port.image(street!), { contentType: "image/png", body: FAKE_PNG });
    assert.equal(fakes.calls.length, count);
  });

  test("no street imagery (metadata ZERO_RESULTS): no street picture and no billed picture call", async () => {
    assert.equal(await pictures().street({ address: "17 Field Road", zip: "43017", position: { lat: field.lat, lng: field.lng } }), undefined);
    assert.deepEqual(fakes.calls.map((call) => call.path), ["/maps/api/streetview/metadata"]);
  });

  test("a name the server never made is not served", async () => {
    assert.equal(await pictures().image("aerial-0123456789abcdef0123456789abcdef"), undefined);
    assert.equal(await pictures().image("../../etc/passwd"), undefined);
  });

  for (const [mode, failure] of FAILURES) {
    test(`${mode}: no pictures, logged as ${failure}`, async () => {
      fakes.setMode("maps", mode);
      const port = pictures();
      assert.equal(await port.aerial({ position: { lat: main.lat, lng: main.lng } }), undefined);
      assert.equal(await port.street({ address: "88 Main Street", zip: "43017", position: { lat: main.lat, lng: main.lng } }), undefined);
      assert.deepEqual(lines.map((line) => line.msg), [`provider call failed: ${failure}`, `provider call failed: ${failure}`]);
      noKeyInLogs();
    });
  }
});

describe("Regrid Parcel API v2: lot size", () => {
  test("the parcel at the geocoded point: its ll_gissqft, for zillow and other, never home", async () => {
    const port = regrid();
    assert.deepEqual([...port.sources].sort(), ["other", "zillow"]);
    assert.deepEqual(await port.estimate("zillow", { address: "88 Main Street", zip: "43017", position: { lat: main.lat, lng: main.lng } }), { estimate: main.lotSqFt });
    const [call] = fakes.calls;
    assert.equal(call?.path, "/api/v2/parcels/point");
    assert.equal(call?.query.lat, String(main.lat));
    assert.equal(call?.query.lon, String(main.lng));
    assert.equal(call?.query.token, FAKE_REGRID_TOKEN);
    assert.equal(await port.estimate("home", { address: "88 Main Street", zip: "43017" }), undefined);
  });

  test("an address typed by hand (no point): the parcel at the address; kept a day per address", async () => {
    const port = regrid();
    assert.deepEqual(await port.estimate("other", { address: "17 Field Road", zip: "43017", city: "Dublin", state: "OH" }), { estimate: field.lotSqFt });
    assert.equal(fakes.calls[0]?.path, "/api/v2/parcels/address");
    assert.equal(fakes.calls[0]?.query.query, "17 Field Road, Dublin, OH 43017");
    assert.deepEqual(await port.estimate("zillow", { address: " 17  field road ", zip: "43017" }), { estimate: field.lotSqFt });
    assert.equal(fakes.calls.length, 1);
  });

  test("no parcel there: no data (and that is kept too)", async () => {
    fakes.setMode("regrid", "empty");
    const port = regrid();
    assert.equal(await port.estimate("zillow", { address: "1 Empty Lot", zip: "43017", position: { lat: 1, lng: 1 } }), undefined);
    assert.equal(await port.estimate("zillow", { address: "1 Empty Lot", zip: "43017", position: { lat: 1, lng: 1 } }), undefined);
    assert.equal(fakes.calls.length, 1);
  });

  for (const [mode, failure] of FAILURES) {
    test(`${mode}: unavailable (not 'no data'), logged as ${failure}, and not kept (the next visitor asks again)`, async () => {
      fakes.setMode("regrid", mode);
      const port = regrid();
      const place = { address: "88 Main Street", zip: "43017", position: { lat: main.lat, lng: main.lng } };
      assert.equal(await port.estimate("zillow", place), PROPERTY_DATA_UNAVAILABLE);
      assert.deepEqual(lines.map((line) => [line.msg, line.fields.provider]), [[`provider call failed: ${failure}`, "regrid"]]);
      noKeyInLogs();
      fakes.setMode("regrid", "ok");
      assert.deepEqual(await port.estimate("zillow", place), { estimate: main.lotSqFt });
    });
  }
});
