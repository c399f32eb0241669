// Households stay apart (issue 12), through the reference API with its default limits: a
// previous quote comes back only to the same household (address and phone, or e-mail); a
// quote start never rewrites a known customer; details answer only with the quote's token;
// and a client guessing 200 phone numbers is cut off by the rate limit.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { CustomerLookupSchema } from "../../../src/contract/customer-lookup.ts";
import { PreviousQuoteSchema } from "../../../src/contract/quote-previous.ts";
import { QuoteStartSchema } from "../../../src/contract/quote-start.ts";
import { DEFAULT_RATE_LIMITS } from "../../../server/api/rate-limits.ts";
import { newVisitorStart } from "./api-test-data.ts";
import { getJson, httpRequest, postJson } from "./http-client.ts";
import { cutOffPerWindow, insideOneWindow, windowed, type WindowedStatus } from "./rate-window.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();
const STREET = "5569 Muirfield Drive";

async function start(body: unknown) {
  const { status, json } = await postJson(`${site.api}/v1/quote/start`, body);
  assert.equal(status, 200, JSON.stringify(json));
  const started = v.parse(QuoteStartSchema, json);
  return { id: started.id, quoteToken: started.quoteToken! };
}

const household = (phoneNumber: string, email: string, street = STREET) => {
  const body = newVisitorStart({ phoneNumber, street });
  return { ...body, customer: { ...body.customer, email } };
};

async function previous(phoneNumber: string, extra: { email?: string; street?: string } = {}) {
  const { status, json } = await postJson(`${site.api}/v1/quote/previous`, {
    companyId: "greenway-lawn",
    botId: "lawn",
    phoneNumber,
    street: extra.street ?? STREET,
    postalCode: "43017",
    ...(extra.email ? { email: extra.email } : {}),
  });
  assert.equal(status, 200, JSON.stringify(json));
  return v.parse(PreviousQuoteSchema, json);
}

const details = (quoteId: string, quoteToken?: string, companyId = "greenway-lawn") =>
  postJson(`${site.api}/v1/quote/details`, { quoteId, companyId, ...(quoteToken === undefined ? {} : { quoteToken }) });

async function lookup(phone: string) {
  const { json } = await getJson(`${site.api}/v1/company/greenway-lawn/customer/lookup?phonenumber=${phone}`);
  return v.parse(CustomerLookupSchema, json);
}

describe("households stay apart", () => {
  test("a second household at the same address gets its own quote, and each finds only its own", async () => {
    const first = await start(household("6145558801", "ada@example.com"));
    // The second household types the same address: no 'Re-Opening Your Quote' for them.
    const check = await previous("6145558802", { email: "bo@example.com" });
    assert.deepEqual(check, { quoteId: null, crmData: null, quoteToken: null });
    // Even holding the first quote's id (a shared computer's cookie), without its token: a new quote.
    const second = await start({ ...household("6145558802", "bo@example.com"), quoteId: first.id });
    assert.notEqual(second.id, first.id);
    // A token of one's own quote does not open another's.
    const borrowed = await start({ ...household("6145558802", "bo@example.com"), quoteId: first.id, quoteToken: second.quoteToken });
    assert.notEqual(borrowed.id, first.id);
    assert.equal((await details(first.id, second.quoteToken)).status, 404);

    // Each household finds its own latest quote at the address, by phone or by e-mail.
    const firstAgain = await previous("6145558801");
    assert.equal(firstAgain.quoteId, first.id);
    assert.equal((await details(first.id, firstAgain.quoteToken ?? undefined)).status, 200);
    assert.equal((await previous("6145558802")).quoteId, borrowed.id);
    assert.equal((await previous("6145558899", { email: "ADA@example.com" })).quoteId, first.id);
    // The phone alone, at another address, finds nothing.
    assert.equal((await previous("6145558801", { street: "1 Other Road" })).quoteId, null);
  });

  test("a known phone with a new name, address and e-mail does not change the stored customer", async () => {
    const before = await lookup("6145550103");
    assert.equal(before.record?.firstName, "Tom");
    const stranger = newVisitorStart({ phoneNumber: "6145550103", street: "9 Elsewhere Court", postalCode: "43016" });
    await start({ ...stranger, customer: { ...stranger.customer, firstName: "Mallory", lastName: "Intruder", email: "mallory@example.com" } });
    const after = await lookup("6145550103");
    const { quoteToken: _before, ...beforeRecord } = before.record!;
    const { quoteToken: _after, ...afterRecord } = after.record!;
    assert.deepEqual(afterRecord, beforeRecord);
    assert.deepEqual(after.estimate, before.estimate);

    // A visitor's own record too: the first quote start stores it, a stranger's does not change it.
    await start(household("6145558811", "owner@example.com"));
    await start({ ...household("6145558811", "intruder@example.com", "3 Other Street"), customer: { ...household("6145558811", "intruder@example.com", "3 Other Street").customer, firstName: "Eve" } });
    const owner = await lookup("6145558811");
    assert.deepEqual([owner.record?.firstName, owner.record?.hasEmail, owner.record?.address.street], ["Kim", true, STREET]);
    // The lookup only says an e-mail is on file; the store shows which one.
    const stored = site.db.prepare("SELECT email FROM customers WHERE company_id = ? AND phone_number = ?").get("greenway-lawn", "6145558811") as { email: string };
    assert.equal(stored.email, "owner@example.com");
  });

  test("details need the quote's own token: without it, or with a wrong one, 404 like an unknown quote", async () => {
    const quote = await start(household("6145558821", "cy@example.com"));
    const other = await start(household("6145558822", "di@example.com", "7 Far Away Road"));
    const unknown = await details("q-no-such-quote", quote.quoteToken);
    assert.equal(unknown.status, 404);
    for (const token of [undefined, "", "x".repeat(43), other.quoteToken, quote.quoteToken.slice(0, -1)]) {
      const answer = await details(quote.id, token);
      assert.equal(answer.status, 404, `token ${String(token)}`);
      assert.deepEqual(answer.json, { message: `No quote "${quote.id}" for company "greenway-lawn"` });
    }
    assert.equal((await details(quote.id, quote.quoteToken, "demo-company")).status, 404);
    const own = await details(quote.id, quote.quoteToken);
    assert.equal(own.status, 200);
    assert.equal((own.json as { customer: { email: string } }).customer.email, "cy@example.com");
    // Only the token's hash is stored.
    const rows = site.db.prepare("SELECT token_hash FROM quote_tokens WHERE quote_id = ?").all(quote.id) as Array<{ token_hash: string }>;
    assert.equal(rows.length, 1);
    assert.match(rows[0]!.token_hash, /^[0-9a-f]{64}$/);
    assert.notEqual(rows[0]!.token_hash, quote.quoteToken);
  });

  // Last in the file: it spends this client's allowance for the current window.
  test("200 guessed phone numbers from one client are cut off by the rate limit (429 with Retry-After), and no answer carries an e-mail address", async () => {
    const { limit, windowMs } = DEFAULT_RATE_LIMITS.perClient;
    await insideOneWindow(windowMs, 15_000);
    const tries: WindowedStatus[] = [];
    let found = 0;
    for (let i = 0; i < 200; i++) {
      // The demo's known customers are among the guesses (6145550100 to 6145550199).
      const url = `${site.api}/v1/company/greenway-lawn/customer/lookup?phonenumber=61455501${String(i % 100).padStart(2, "0")}${i < 100 ? "" : "1"}`;
      const { answer: response, tagged } = await windowed(windowMs, () => httpRequest(url));
      tries.push(tagged);
      // Issue 27: a found customer's answer says an e-mail is on file, never which.
      assert.doesNotMatch(response.body, /@/, `guess ${i}`);
      if (response.status === 200 && (JSON.parse(response.body) as { status: string }).status === "found") found++;
      if (response.status === 429) {
        const retryAfter = Number(response.headers["retry-after"]);
        assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${response.headers["retry-after"]}`);
      }
    }
    // Each minute's window on its own (a slow machine may carry the 200 guesses past one's end).
    const windows = cutOffPerWindow(tries, limit);
    const first = windows[0]!.statuses;
    assert.ok(first.indexOf(429) > 0 || first.length <= limit, `the first window answered some guesses, then refused: ${first.join(",")}`);
    assert.ok(tries.filter(({ status }) => status === 429).length >= 200 - limit * (windows.length + tries.filter(({ window }) => window === null).length));
    assert.ok(found < 20, `${found} records found`);
    // The previous-quote check is cut off for this client too (in the window the guesses used up).
    const last = windows.at(-1)!;
    const { answer: check, tagged } = await windowed(windowMs, () =>
      postJson(`${site.api}/v1/quote/previous`, { companyId: "greenway-lawn", botId: "lawn", phoneNumber: "6145550110", street: "1112 Sawmill Road", postalCode: "43235" }),
    );
    if (tagged.window === last.window && last.statuses.includes(429)) assert.equal(check.status, 429);
    else assert.ok(check.status === 200 || check.status === 429, `a new window: ${check.status}`);
  });
});
