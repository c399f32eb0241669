// POST /v1/servman/geomap (docs/api.md): address suggestions from the demo's address list.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { GeomapItemSchema, GeomapSchema, type GeomapItem } from "../../../src/contract/geomap.ts";
import { ADDRESS_BOOK } from "../../../demo-site/geo/address-book.ts";
import { createAddressSearch, MAX_SUGGESTIONS } from "../../../demo-site/geo/search-addresses.ts";
import { parseCompanyConfig } from "../../../src/config/company-config.ts";
import { loadCompanyFixtures, DEMO_URL_RULES } from "../../../server/company-files.ts";
import { postJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

async function suggest(queryTerm: string): Promise<GeomapItem[]> {
  const { status, json } = await postJson(`${site.api}/v1/servman/geomap`, { queryTerm });
  assert.equal(status, 200, JSON.stringify(json));
  return v.parse(GeomapSchema, json).items;
}

const labels = (items: GeomapItem[]) => items.map((item) => item.address.label);

describe("POST /v1/servman/geomap", () => {
  test("every word of the query must be in the label, at most 8 suggestions", async () => {
    const items = await suggest("oak dublin");
    assert.equal(items.length, MAX_SUGGESTIONS);
    for (const label of labels(items)) assert.match(label, /Oak Street, Dublin, OH/);
  });

  test("a label that starts with the query comes first", async () => {
    const items = await suggest("1234 Oak Street, Dublin");
    assert.equal(items[0]?.address.label, "1234 Oak Street, Dublin, OH 43016, USA");
    assert.ok(labels(items).includes("1234 Oak Street, Dublin, OH 43017, USA"));
  });

  test("ignores case, punctuation and accents", async () => {
    const items = await suggest("SEEFELDSTRASSE 14 zurich");
    assert.ok(items.length > 0);
    assert.ok(labels(items).every((label) => label.startsWith("Seefeldstrasse 14, ") && label.includes("Zürich")));
  });

  test("answers the address fields and a position for each suggestion", async () => {
    const [item] = await suggest("12 Acre Lane");
    assert.deepEqual(item?.address, {
      label: "12 Acre Lane, London SW2 5SG, UK",
      houseNumber: "12",
      street: "Acre Lane",
      city: "London",
      postalCode: "SW2 5SG",
      state: "England",
      countryCode: "GB",
    });
    assert.ok(item?.position && Math.abs(item.position.lat - 51.46) < 0.05 && Math.abs(item.position.lng + 0.12) < 0.05);
  });

  test("an unmatched query gives an empty list", async () => {
    assert.deepEqual(await suggest("no such street anywhere"), []);
  });

  for (const body of [{}, { queryTerm: "" }, { queryTerm: "   " }, { queryTerm: 42 }, { queryTerm: "x".repeat(201) }]) {
    test(`a bad body ${JSON.stringify(body).slice(0, 30)} answers 400 naming queryTerm`, async () => {
      const { status, json } = await postJson(`${site.api}/v1/servman/geomap`, body);
      assert.equal(status, 400);
      assert.match((json as { message: string }).message, /queryTerm/);
    });
  }
});

describe("the address list", () => {
  test("holds a few hundred distinct, valid addresses", () => {
    assert.ok(ADDRESS_BOOK.length >= 300 && ADDRESS_BOOK.length <= 1000, String(ADDRESS_BOOK.length));
    assert.equal(new Set(labels([...ADDRESS_BOOK])).size, ADDRESS_BOOK.length);
    for (const item of ADDRESS_BOOK) v.parse(GeomapItemSchema, item);
  });

  test("covers every zip code each demo company serves, and has addresses outside all of them", () => {
    const rows = loadCompanyFixtures({ widgetOrigin: "http://localhost" });
    const served: string[] = [];
    for (const row of rows) {
      const result = parseCompanyConfig(JSON.parse(row.config), DEMO_URL_RULES);
      assert.ok(result.ok);
      const zips = result.config.zipCodes.filter((zip): zip is string => zip !== null && zip !== "null");
      served.push(...zips);
      for (const zip of zips) {
        assert.ok(
          ADDRESS_BOOK.some((item) => item.address.postalCode.toLowerCase().startsWith(zip.toLowerCase())),
          `${row.companyId}: no address in ${zip}`,
        );
      }
    }
    const outside = ADDRESS_BOOK.filter(
      (item) => !served.some((zip) => item.address.postalCode.toLowerCase().startsWith(zip.toLowerCase())),
    );
    for (const postalCode of ["45202", "75201", "SW2 5SG", "4051"]) {
      assert.ok(outside.some((item) => item.address.postalCode === postalCode), `nothing outside in ${postalCode}`);
    }
  });

  test("holds the example addresses docs/api.md names", () => {
    for (const label of [
      "1234 Oak Street, Dublin, OH 43016, USA",
      "1234 Vine Street, Cincinnati, OH 45202, USA",
      "1238 South Lamar Boulevard, Austin, TX 78704, USA",
      "1236 Elm Street, Dallas, TX 75201, USA",
      "14 Church Road, London SW13 9AA, UK",
      "12 Acre Lane, London SW2 5SG, UK",
      "Seefeldstrasse 14, 8008 Zürich, Switzerland",
      "Freie Strasse 12, 4051 Basel, Switzerland",
    ]) {
      assert.ok(ADDRESS_BOOK.some((item) => item.address.label === label), label);
    }
  });

  test("the search is stable: the same query gives the same list", () => {
    const search = createAddressSearch(ADDRESS_BOOK);
    assert.deepEqual(search("austin lamar"), search("Austin,  LAMAR"));
    assert.deepEqual(search(""), []);
  });
});
