// POST /v1/quote/start with the widget's `attribution` (docs/api.md): stored with the quote as
// sent, absent for older widgets, and a 400 for a bad shape, nothing stored.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { newVisitorStart } from "./api-test-data.ts";
import { postJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

const storedAttribution = (quoteId: string): unknown => {
  const row = site.db.prepare("SELECT attribution FROM quotes WHERE id = ?").get(quoteId) as { attribution: string | null };
  return row.attribution === null ? null : JSON.parse(row.attribution);
};
const quoteCount = () => (site.db.prepare("SELECT count(*) AS n FROM quotes").get() as { n: number }).n;

describe("POST /v1/quote/start: attribution", () => {
  test("stored with the quote, as sent", async () => {
    const attribution = {
      utm_source: "google", utm_medium: "cpc", utm_campaign: "spring", utm_term: "lawn care", utm_content: "ad-2",
      gclid: "Cj0KCQ_abc-123", gbraid: "0AAA", wbraid: "Cj~w", fbclid: "IwAR1", msclkid: "8a5f",
      referrer: "https://www.google.com/search", landingPage: "https://lawn.example/offer",
    };
    const { status, json } = await postJson(`${site.api}/v1/quote/start`, { ...newVisitorStart({ phoneNumber: "6145559301" }), attribution });
    assert.equal(status, 200);
    assert.deepEqual(storedAttribution((json as { id: string }).id), attribution);
  });

  test("absent (an older widget) or null: stored as null", async () => {
    for (const [phone, extra] of [["6145559302", {}], ["6145559303", { attribution: null }]] as const) {
      const { status, json } = await postJson(`${site.api}/v1/quote/start`, { ...newVisitorStart({ phoneNumber: phone, street: `${phone} Elm St` }), ...extra });
      assert.equal(status, 200);
      assert.equal(storedAttribution((json as { id: string }).id), null);
    }
  });

  const bad: Array<[string, unknown]> = [
    ["not an object", "utm_source=google"],
    ["an unknown key", { utm_id: "7" }],
    ["a number", { utm_source: 7 }],
    ["an empty value", { utm_source: "" }],
    ["an overlong UTM value", { utm_campaign: "c".repeat(151) }],
    ["a click id with a space", { gclid: "abc def" }],
    ["an overlong click id", { gclid: "g".repeat(301) }],
    ["a landing page that is not http(s)", { landingPage: "javascript:alert(1)" }],
    ["a landing page with a query", { landingPage: "https://lawn.example/?customerEmail=kim@example.com" }],
  ];
  for (const [name, attribution] of bad) {
    test(`400 for ${name}, nothing stored`, async () => {
      const before = quoteCount();
      const { status } = await postJson(`${site.api}/v1/quote/start`, { ...newVisitorStart({ phoneNumber: "6145559309", street: "9 Bad Way" }), attribution });
      assert.equal(status, 400);
      assert.equal(quoteCount(), before);
    });
  }
});
