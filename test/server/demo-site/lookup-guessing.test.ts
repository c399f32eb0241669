// Issue 27's done-when for the phone lookup: a client guessing numbers, with the production
// limits, is throttled well before 200 lookups, and no answer it gets, a known customer's
// included, carries an e-mail address (the widget only needs to know that one is on file).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DEFAULT_RATE_LIMITS } from "../../../server/api/rate-limits.ts";
import customers from "../../../demo-site/fixtures/customers.json" with { type: "json" };
import { httpRequest } from "./http-client.ts";
import { cutOffPerWindow, insideOneWindow, windowed, type WindowedStatus } from "./rate-window.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite({ rateLimits: DEFAULT_RATE_LIMITS });
const EMAIL = /[^\s"@]+@[^\s"@]+\.[a-z]{2,}/i;

describe("guessing phone numbers at the customer lookup", () => {
  test("200 guesses from one client: throttled after the per-client limit, and not one e-mail address in any answer", async () => {
    const known = customers.customers.filter((c) => c.companyId === "greenway-lawn").map((c) => c.customer.phoneNumber);
    assert.ok(known.some((phone) => customers.customers.find((c) => c.customer.phoneNumber === phone)?.customer.email), "a known customer with an e-mail on file is among the guesses");
    const guesses = [...known, ...Array.from({ length: 200 - known.length }, (_, i) => `614555${String(2000 + i).padStart(4, "0")}`)];
    const tries: WindowedStatus[] = [];
    const bodies: string[] = [];
    const { limit, windowMs } = DEFAULT_RATE_LIMITS.perClient;
    await insideOneWindow(windowMs, 30_000);
    for (const phone of guesses) {
      const { answer, tagged } = await windowed(windowMs, () => httpRequest(`${site.api}/v1/company/greenway-lawn/customer/lookup?phonenumber=${phone}`));
      tries.push(tagged);
      bodies.push(answer.body);
    }
    assert.deepEqual(tries.slice(0, known.length).every(({ status }) => status === 200), true, "the known customers are answered");
    // Each minute's window on its own (a slow machine may carry the 200 guesses past one's end):
    // the client's first `limit` guesses in it are answered, every one after refused (a guess
    // sent as one window ended and answered in the next may have taken one of the next's).
    const straddled = tries.filter(({ window }) => window === null).length;
    for (const { window, statuses } of cutOffPerWindow(tries, limit)) {
      const answered = statuses.filter((status) => status === 200).length;
      if (statuses.includes(429)) assert.ok(answered >= limit - straddled, `${limit} answers a minute, then none (window ${window}: ${answered})`);
    }
    const found = bodies.filter((body) => body.includes('"found":true') || body.includes("firstName"));
    assert.ok(found.length > 0, "some guesses found a customer");
    for (const body of bodies) assert.doesNotMatch(body, EMAIL, "no e-mail address in a lookup answer");
  });
});
