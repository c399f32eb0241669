// The lookup's and the previous-quote check's rate limits (issue 12), on a site with small
// limits so the tests are fast: per phone and per address, 429 with Retry-After, other
// subjects unaffected; and the widget's API calls take a 429 as "not found".
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { Hono } from "hono";
import { createApiClient } from "../../../src/api/client.ts";
import { clientAddress } from "../../../server/api/rate-limits.ts";
import { readServeConfig } from "../../../server/production/serve.ts";
import { NOT_FOUND } from "../../../src/contract/customer-lookup.ts";
import { lookupCustomer } from "../../../src/api/customer-lookup.ts";
import { checkPreviousQuote } from "../../../src/api/quote-previous.ts";
import { getJson, postJson } from "./http-client.ts";
import { insideOneWindow } from "./rate-window.ts";
import { useTestSite } from "./start-test-site.ts";

const PER_SUBJECT = 3;
const site = useTestSite({
  rateLimits: { perClient: { limit: 1000, windowMs: 60_000 }, perSubject: { limit: PER_SUBJECT, windowMs: 60_000 } },
});

const lookup = (phone: string) => getJson(`${site.api}/v1/company/greenway-lawn/customer/lookup?phonenumber=${phone}`);
const previous = (phoneNumber: string, street: string) =>
  postJson(`${site.api}/v1/quote/previous`, { companyId: "greenway-lawn", botId: "lawn", phoneNumber, street, postalCode: "43235" });

describe("rate limits", () => {
  test("one phone looked up past its limit gets 429 with Retry-After; another phone still answers", async () => {
    await insideOneWindow(60_000, 5_000);
    for (let i = 0; i < PER_SUBJECT; i++) assert.equal((await lookup("6145550110")).status, 200);
    const refused = await lookup("6145550110");
    assert.equal(refused.status, 429);
    assert.deepEqual(refused.json, { message: "Too many requests; try again later" });
    assert.equal((await lookup("6145550111")).status, 200);
  });

  test("guessing phones for one address is cut off by the per-address limit", async () => {
    await insideOneWindow(60_000, 5_000);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await previous(`61455588${String(i).padStart(2, "0")}`, "1112 Sawmill Road")).status);
    assert.deepEqual(statuses, [...Array<number>(PER_SUBJECT).fill(200), ...Array<number>(10 - PER_SUBJECT).fill(429)]);
    // Spelt differently, it is the same address.
    assert.equal((await previous("6145558850", "1112  SAWMILL road")).status, 429);
    assert.equal((await previous("6145558851", "1 Other Road")).status, 200);
  });

  test("the widget takes a 429 as not found, at once (no retry)", async (t) => {
    let calls = 0;
    const realFetch = globalThis.fetch;
    // The widget's own client (src/api/client.ts) over a fetch that always answers 429.
    globalThis.fetch = async () => {
      calls++;
      return new Response(JSON.stringify({ message: "Too many requests; try again later" }), {
        status: 429,
        headers: { "Content-Type": "application/json", "Retry-After": "60" },
      });
    };
    t.after(() => {
      globalThis.fetch = realFetch;
    });
    const api = createApiClient({ baseUrl: "https://api.invalid", preview: false, onboarding: false });
    assert.deepEqual(await lookupCustomer(api, "greenway-lawn", "6145550110"), NOT_FOUND);
    assert.deepEqual(
      await checkPreviousQuote(api, { companyId: "greenway-lawn", botId: "lawn", phoneNumber: "6145550110", street: "1112 Sawmill Road", postalCode: "43235" }),
      { quoteId: null, crmData: null },
    );
    assert.equal(calls, 2);
  });

  test("behind a proxy (TRUST_PROXY=1) the client is the address the proxy added to X-Forwarded-For, else the connection's", async () => {
    const app = new Hono();
    app.get("/trusting", (c) => c.text(clientAddress(c, true)));
    app.get("/direct", (c) => c.text(clientAddress(c)));
    const headers = { "X-Forwarded-For": "10.9.9.9, 203.0.113.5" };
    assert.equal(await (await app.request("/trusting", { headers })).text(), "203.0.113.5");
    // Not trusted, a forged header counts for nothing (here no socket at all: "unknown").
    assert.equal(await (await app.request("/direct", { headers })).text(), "unknown");
    assert.equal(readServeConfig({ TRUST_PROXY: "1" }).trustProxy, true);
    assert.equal(readServeConfig({}).trustProxy, false);
  });
});
