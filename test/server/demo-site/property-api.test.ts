// The property calls (docs/api.md): estimate by source with its dead-end hooks, aerial and
// street pictures, answered with the shared schemas of src/api/.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { PropertyEstimateResponseSchema } from "../../../src/contract/property-estimate.ts";
import { PropertyImageSchema } from "../../../src/contract/property-images.ts";
import { ADDRESS_BOOK } from "../../../demo-site/geo/address-book.ts";
import { getJson, httpRequest } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
const visitor = {
  companyId: "greenway-lawn",
  botId: "lawn",
  chatId: "q-1",
  customerName: "Kim Novak",
  phone: "6145559001",
  email: "kim.novak@example.com",
  address: "1234 Oak Street",
  city: "Dublin",
  state: "OH",
  zip: "43017",
};
const estimate = (source: string, params: Record<string, string> = visitor) => getJson(`${site.api}/v1/property/estimate/${source}?${query(params)}`);

describe("GET /v1/property/estimate/{source}", () => {
  test("zillow answers a lot size in range, with the property's pictures, the same every time", async () => {
    const first = await estimate("zillow");
    assert.equal(first.status, 200, JSON.stringify(first.json));
    const answer = v.parse(PropertyEstimateResponseSchema, first.json);
    assert.ok(Number.isInteger(answer.estimate) && answer.estimate >= 4000 && answer.estimate <= 20000, String(answer.estimate));
    assert.equal(answer.lawnEstimate, undefined);
    assert.match(answer.aerialImg ?? "", new RegExp(`^${site.api}/demo-assets/property/aerial-\\d+\\.svg$`));
    assert.match(answer.streetImg ?? "", new RegExp(`^${site.api}/demo-assets/property/street-\\d+\\.svg$`));
    assert.deepEqual((await estimate("zillow", { ...visitor, address: " 1234  OAK street " })).json, first.json);
    const picture = await httpRequest(answer.aerialImg ?? "");
    assert.equal(picture.status, 200);
    assert.match(picture.headers["content-type"] ?? "", /image\/svg\+xml/);
  });

  test("other agrees with zillow on the lot and adds a lawn of 35 to 60 percent of it", async () => {
    const zillow = v.parse(PropertyEstimateResponseSchema, (await estimate("zillow")).json);
    const other = v.parse(PropertyEstimateResponseSchema, (await estimate("other")).json);
    assert.equal(other.estimate, zillow.estimate);
    const lawn = other.lawnEstimate ?? 0;
    assert.ok(lawn >= Math.floor(other.estimate * 0.35) && lawn <= Math.ceil(other.estimate * 0.6), `${lawn} of ${other.estimate}`);
  });

  test("home answers an internal square footage of 1200 to 4500", async () => {
    const { status, json } = await estimate("home", { ...visitor, companyId: "bugbusters-pest", botId: "pest", address: "1238 South Lamar Boulevard", zip: "78704" });
    assert.equal(status, 200);
    const answer = v.parse(PropertyEstimateResponseSchema, json);
    assert.ok(answer.estimate >= 1200 && answer.estimate <= 4500, String(answer.estimate));
  });

  test("a metric company gets square metres", async () => {
    const params = { ...visitor, address: "14 Church Road", zip: "SW13 9AA" };
    const imperial = v.parse(PropertyEstimateResponseSchema, (await estimate("zillow", params)).json);
    const metric = v.parse(PropertyEstimateResponseSchema, (await estimate("zillow", { ...params, companyId: "thames-lawns", botId: "garden" })).json);
    assert.equal(metric.estimate, Math.round(imperial.estimate / 10.7639104));
  });

  test("every demo address gets a plausible lot, and the estimate does not depend on the customer fields", async () => {
    for (const item of ADDRESS_BOOK.slice(0, 40)) {
      const street = `${item.address.houseNumber} ${item.address.street}`;
      const { status, json } = await estimate("zillow", { companyId: "demo-company", address: street, zip: item.address.postalCode });
      assert.equal(status, 200, street);
      const lot = v.parse(PropertyEstimateResponseSchema, json).estimate;
      assert.ok(lot >= 4000 && lot <= 20000, `${street}: ${lot}`);
    }
  });

  const NO_DATA = ["404 Oak Street", "12 Nowhere Lane", "7 nowhere road", "Seefeldstrasse 404"];
  for (const address of NO_DATA) {
    test(`"${address}" has no property data: 404 with a message, for every source`, async () => {
      for (const source of ["zillow", "home", "other"]) {
        const { status, json } = await estimate(source, { ...visitor, address });
        assert.equal(status, 404);
        assert.match((json as { message: string }).message, /No property data/);
      }
    });
  }

  test("house number 999 is 120000 sq ft (above every demo company's maximum), 11148 sq m for a metric company", async () => {
    for (const source of ["zillow", "home", "other"]) {
      const answer = v.parse(PropertyEstimateResponseSchema, (await estimate(source, { ...visitor, address: "999 Oak Street" })).json);
      assert.equal(answer.estimate, 120000, source);
    }
    const metric = v.parse(PropertyEstimateResponseSchema, (await estimate("zillow", { ...visitor, companyId: "alpen-rasen", botId: "rasen", address: "Seefeldstrasse 999", zip: "8008" })).json);
    assert.equal(metric.estimate, 11148);
  });

  test("the hook addresses can be found with the address search", () => {
    const labels = ADDRESS_BOOK.map((item) => item.address.label);
    for (const label of ["404 Oak Street, Dublin, OH 43017, USA", "999 Oak Street, Dublin, OH 43017, USA", "12 Nowhere Lane, Dublin, OH 43017, USA", "Seefeldstrasse 999, 8008 Zürich, Switzerland"]) {
      assert.ok(labels.includes(label), label);
    }
  });

  const BAD: [string, string, Record<string, string>, RegExp][] = [
    ["measur-it", "the measuring tool's source", visitor, /measur-it/],
    ["sonar", "an unknown source", visitor, /source/],
    ["zillow", "no companyId", { ...visitor, companyId: "" }, /companyId/],
    ["zillow", "no address", { ...visitor, address: " " }, /address/],
    ["zillow", "no zip", { companyId: "greenway-lawn", address: "1 Oak Street" }, /zip/],
    ["zillow", "a 201-character address", { ...visitor, address: "x".repeat(201) }, /address/],
  ];
  for (const [source, what, params, names] of BAD) {
    test(`${what} is a 400 naming it`, async () => {
      const { status, json } = await estimate(source, params);
      assert.equal(status, 400);
      assert.match((json as { message: string }).message, names);
    });
  }

  test("an unknown company or bot is a 404", async () => {
    assert.match(((await estimate("zillow", { ...visitor, companyId: "acme" })).json as { message: string }).message, /Unknown company "acme"/);
    assert.equal((await estimate("zillow", { ...visitor, botId: "nope" })).status, 404);
  });

  test("answers carry the API's CORS header", async () => {
    assert.equal((await estimate("zillow")).headers["access-control-allow-origin"], "*");
  });
});

describe("GET /v1/property/aerial and /v1/property/street", () => {
  test("aerial answers a picture URL for a position, the same every time", async () => {
    const { status, json } = await getJson(`${site.api}/v1/property/aerial?lat=40.1031&lng=-83.1162`);
    assert.equal(status, 200);
    const { url } = v.parse(PropertyImageSchema, json);
    assert.match(url, new RegExp(`^${site.api}/demo-assets/property/aerial-\\d+\\.svg$`));
    assert.deepEqual((await getJson(`${site.api}/v1/property/aerial?lat=40.10310&lng=-83.1162`)).json, json);
    assert.equal((await httpRequest(url)).status, 200);
  });

  test("street answers the same picture number as the estimate for that address", async () => {
    const { status, json } = await getJson(`${site.api}/v1/property/street?${query({ address: "1234 Oak Street", city: "Dublin", state: "OH", zip: "43017" })}`);
    assert.equal(status, 200);
    const answer = v.parse(PropertyEstimateResponseSchema, (await estimate("zillow")).json);
    assert.equal(v.parse(PropertyImageSchema, json).url, answer.streetImg);
  });

  test("an address without property data has no street view (404)", async () => {
    assert.equal((await getJson(`${site.api}/v1/property/street?${query({ address: "12 Nowhere Lane", zip: "43017" })}`)).status, 404);
  });

  const BAD_AERIAL = ["", "lat=40", "lng=-83", "lat=91&lng=0", "lat=0&lng=181", "lat=abc&lng=1", "lat=1e3&lng=1", "lat=&lng="];
  for (const bad of BAD_AERIAL) {
    test(`aerial with "${bad}" is a 400`, async () => {
      const { status, json } = await getJson(`${site.api}/v1/property/aerial?${bad}`);
      assert.equal(status, 400);
      assert.match((json as { message: string }).message, /lat|lng/);
    });
  }

  for (const [what, params] of [["no address", { zip: "43017" }], ["no zip", { address: "1 Oak Street" }], ["a blank address", { address: " ", zip: "43017" }]] as const) {
    test(`street with ${what} is a 400`, async () => {
      assert.equal((await getJson(`${site.api}/v1/property/street?${query(params)}`)).status, 400);
    });
  }
});
