// Routes declare what they read (issue 36): `jsonBody(Schema)` and `queryOf(Schema)` answer a bad
// request with the API's 400s before the handler runs ("Malformed JSON body", "Invalid <field>:
// …"), and hand the handler the schema's output through c.req.valid(). In process, no port.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Hono } from "hono";
import * as v from "valibot";
import { createPropertyRoutes } from "../../../server/api/property-routes.ts";
import { jsonBody, queryOf } from "../../../server/api/request-body.ts";

const BodySchema = v.object({ name: v.pipe(v.string(), v.trim(), v.minLength(1)), address: v.object({ zip: v.pipe(v.string(), v.regex(/^\d{5}$/)) }) });
const QuerySchema = v.object({ companyId: v.pipe(v.string(), v.minLength(1)), lat: v.optional(v.pipe(v.string(), v.toNumber(), v.number())) });

function app() {
  const reached: unknown[] = [];
  const routes = new Hono();
  routes.post("/body", jsonBody(BodySchema), (c) => {
    const body = c.req.valid("json");
    reached.push(body);
    return c.json({ name: body.name, zip: body.address.zip });
  });
  routes.get("/query", queryOf(QuerySchema), (c) => {
    const query = c.req.valid("query");
    reached.push(query);
    return c.json(query);
  });
  return { reached, routes };
}

const post = (routes: Hono, body: string, contentType?: string) => routes.request("/body", { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} });

describe("jsonBody", () => {
  const REFUSED: [string, string, string][] = [
    ["not JSON", "{nope", "Malformed JSON body"],
    ["empty", "", "Malformed JSON body"],
    ["a missing field", JSON.stringify({ address: { zip: "43017" } }), 'Invalid name: Invalid key: Expected "name" but received undefined'],
    ["a nested field wrong", JSON.stringify({ name: "Kim", address: { zip: "4301" } }), 'Invalid address.zip: Invalid format: Expected /^\\d{5}$/ but received "4301"'],
    ["not an object", "7", "Invalid body: Invalid type: Expected Object but received 7"],
  ];
  for (const [what, body, message] of REFUSED) {
    test(`${what}: 400 "${message}", and the handler never runs`, async () => {
      const { reached, routes } = app();
      const response = await post(routes, body, "application/json");
      assert.equal(response.status, 400);
      assert.deepEqual(await response.json(), { message });
      assert.deepEqual(reached, []);
    });
  }

  test("the handler reads the schema's output (trimmed), whatever the Content-Type says", async () => {
    for (const contentType of ["application/json", "text/plain;charset=UTF-8", undefined]) {
      const { reached, routes } = app();
      const response = await post(routes, JSON.stringify({ name: "  Kim ", address: { zip: "43017" } }), contentType);
      assert.equal(response.status, 200, String(contentType));
      assert.deepEqual(await response.json(), { name: "Kim", zip: "43017" });
      assert.equal(reached.length, 1);
    }
  });
});

describe("queryOf", () => {
  test("a bad parameter: 400 naming it, and the handler never runs", async () => {
    const { reached, routes } = app();
    const response = await routes.request("/query?lat=north");
    assert.equal(response.status, 400);
    assert.match(((await response.json()) as { message: string }).message, /^Invalid companyId: /);
    assert.deepEqual(reached, []);
  });

  test("the schema's output, one value a name as c.req.query() reads it", async () => {
    const { routes } = app();
    const response = await routes.request("/query?companyId=greenway-lawn&companyId=other&lat=40.5");
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { companyId: "greenway-lawn", lat: 40.5 });
  });

  test("GET /v1/property/estimate/:source checks the source before the query, as it always has", async () => {
    const routes = createPropertyRoutes({ companies: {} as never, propertyData: {} as never, pictures: { pathPrefix: "/pictures/" } as never });
    const measurIt = await routes.request("/v1/property/estimate/measur-it");
    assert.equal(measurIt.status, 400);
    assert.deepEqual(await measurIt.json(), { message: 'Invalid source: "measur-it" has no lookup; the widget opens the measuring tool' });
    const unknown = await routes.request("/v1/property/estimate/redfin");
    assert.deepEqual(await unknown.json(), { message: 'Invalid source: expected zillow, home or other but received "redfin"' });
    const noQuery = await routes.request("/v1/property/estimate/zillow");
    assert.equal(noQuery.status, 400);
    assert.match(((await noQuery.json()) as { message: string }).message, /^Invalid companyId: /);
  });
});
