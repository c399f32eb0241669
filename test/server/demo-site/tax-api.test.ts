// GET /v1/tax (docs/api.md): the tax of an address as a fraction from the table the company
// imported (the demo seed imports demo-site/fixtures/tax-rates.csv for each demo company), -1
// when its table does not know it or no company is named, 400 without a postal code.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { TaxResponseSchema } from "../../../src/contract/tax.ts";
import { getJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

const tax = (params: Record<string, string>) => getJson(`${site.api}/v1/tax?${new URLSearchParams(params).toString()}`);

describe("GET /v1/tax", () => {
  /** [address as the widget sends it, fraction] */
  const CASES: [Record<string, string>, number][] = [
    [{ companyId: "greenway-lawn", street: "1234 Oak Street", postalCode: "43017", city: "Dublin", county: "Franklin County", state: "OH", country: "US" }, 0.075],
    [{ companyId: "greenway-lawn", street: "112 Liberty Street", postalCode: "43065", city: "Powell", state: "OH", country: "US" }, 0.0725],
    // Greenway does not tax 43082 (dontTaxZipCodes): that is the widget's rule; the rate is still known.
    [{ companyId: "greenway-lawn", postalCode: "43082" }, 0.0725],
    [{ companyId: "greenway-lawn", postalCode: "43017-1234" }, 0.075],
    [{ companyId: "bugbusters-pest", street: "1238 South Lamar Boulevard", postalCode: "78704", city: "Austin", state: "TX", country: "US" }, 0.0825],
    // The demo's table is of US rates: a British or Swiss company keeps its serviceTax.
    [{ companyId: "thames-lawns", street: "14 Church Road", postalCode: "SW13 9AA", city: "London", state: "England", country: "GB" }, -1],
    [{ companyId: "greenway-lawn", street: "1234 Vine Street", postalCode: "45202", city: "Cincinnati", state: "OH", country: "US" }, -1],
    [{ companyId: "greenway-lawn", postalCode: "99999" }, -1],
    // No company, no table: unknown.
    [{ postalCode: "43017" }, -1],
    [{ companyId: "no-such-company", postalCode: "43017" }, -1],
  ];
  for (const [query, expected] of CASES) {
    test(`${query.companyId ?? "no company"} ${query.postalCode}${query.country ? ` (${query.country})` : ""} → ${expected}`, async () => {
      const { status, json, headers } = await tax(query);
      assert.equal(status, 200, JSON.stringify(json));
      assert.deepEqual(v.parse(TaxResponseSchema, json), { tax: expected });
      assert.equal(headers["access-control-allow-origin"], "*");
    });
  }

  test("preview traffic gets the same answer", async () => {
    assert.deepEqual((await tax({ companyId: "greenway-lawn", postalCode: "43017", preview: "true" })).json, { tax: 0.075 });
  });

  const BAD: [string, Record<string, string>, RegExp][] = [
    ["no postalCode", { street: "1234 Oak Street", city: "Dublin" }, /postalCode/],
    ["an empty postalCode", { postalCode: "" }, /postalCode/],
    ["a blank postalCode", { postalCode: "   " }, /postalCode/],
    ["a 21-character postalCode", { postalCode: "4".repeat(21) }, /postalCode/],
    ["a three-letter country", { postalCode: "43017", country: "USA" }, /country/],
  ];
  for (const [what, query, field] of BAD) {
    test(`${what} is a 400 naming it`, async () => {
      const { status, json } = await tax(query);
      assert.equal(status, 400);
      assert.match((json as { message: string }).message, field);
    });
  }
});
