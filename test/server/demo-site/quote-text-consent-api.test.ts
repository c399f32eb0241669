// POST /v1/quote/start with the texts consent box and the visitor's time zone (issue 34):
// stored with the quote (text_consent: given, time, client address, version, words; time_zone),
// null when absent, updated when the quote is started again, and a 400 for a bad shape with
// nothing stored. The store's read is findTextConsent (store-databases.test.ts, both databases).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { newVisitorStart } from "./api-test-data.ts";
import { postJson } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

const WORDS = "I agree to get texts from Greenway Lawn Care about this quote (at most 1). Message and data rates may apply. Reply STOP to end. Consent is not a condition of purchase.";
const consent = (given: boolean, text = WORDS) => ({ given, version: "2026-11-28", text });

const stored = (quoteId: string) => {
  const row = site.db.prepare("SELECT text_consent, time_zone FROM quotes WHERE id = ?").get(quoteId) as { text_consent: string | null; time_zone: string | null };
  return { consent: row.text_consent === null ? null : (JSON.parse(row.text_consent) as Record<string, unknown>), timeZone: row.time_zone };
};
const quoteCount = () => (site.db.prepare("SELECT count(*) AS n FROM quotes").get() as { n: number }).n;

async function start(body: Record<string, unknown>): Promise<{ id: string; quoteToken: string }> {
  const { status, json } = await postJson(`${site.api}/v1/quote/start`, body);
  assert.equal(status, 200, JSON.stringify(json));
  return json as { id: string; quoteToken: string };
}

describe("POST /v1/quote/start: textConsent and timeZone", () => {
  test("ticked: stored with the time, the client's address, the version and the words; the time zone too", async () => {
    const before = Date.now();
    const { id } = await start({ ...newVisitorStart({ phoneNumber: "6145559401", street: "1 Consent Way" }), textConsent: consent(true), timeZone: "America/New_York" });
    const { consent: kept, timeZone } = stored(id);
    assert.ok(kept);
    assert.equal(kept.given, true);
    assert.equal(kept.version, "2026-11-28");
    assert.equal(kept.text, WORDS);
    assert.match(String(kept.ip), /^(::ffff:)?127\.0\.0\.1$|^::1$/);
    const at = Date.parse(String(kept.at));
    assert.ok(at >= before - 1000 && at <= Date.now() + 1000, `the start's time, ${String(kept.at)}`);
    assert.equal(timeZone, "America/New_York");
  });

  test("left unticked: stored as not given, with the words shown", async () => {
    const { id } = await start({ ...newVisitorStart({ phoneNumber: "6145559402", street: "2 Consent Way" }), textConsent: consent(false), timeZone: "America/Chicago" });
    assert.equal(stored(id).consent?.given, false);
    assert.equal(stored(id).consent?.text, WORDS);
  });

  test("no box shown (an older widget, a company without texts): both null", async () => {
    const { id } = await start(newVisitorStart({ phoneNumber: "6145559403", street: "3 Consent Way" }));
    assert.deepEqual(stored(id), { consent: null, timeZone: null });
  });

  test("a well-formed zone this server does not know: the quote is stored, its time zone null", async () => {
    const { id } = await start({ ...newVisitorStart({ phoneNumber: "6145559404", street: "4 Consent Way" }), timeZone: "Etc/Unknown" });
    assert.equal(stored(id).timeZone, null);
  });

  test("a quote started again (its id and token) takes the new answer and zone; without them it keeps the old", async () => {
    const first = await start({ ...newVisitorStart({ phoneNumber: "6145559405", street: "5 Consent Way" }), textConsent: consent(false), timeZone: "America/Denver" });
    const again = await start({ ...newVisitorStart({ phoneNumber: "6145559405", street: "5 Consent Way" }), quoteId: first.id, quoteToken: first.quoteToken, textConsent: consent(true), timeZone: "America/Phoenix" });
    assert.equal(again.id, first.id, "the same quote");
    assert.equal(stored(first.id).consent?.given, true);
    assert.equal(stored(first.id).timeZone, "America/Phoenix");
    await start({ ...newVisitorStart({ phoneNumber: "6145559405", street: "5 Consent Way" }), quoteId: first.id, quoteToken: again.quoteToken });
    assert.equal(stored(first.id).consent?.given, true, "a start without a box keeps the answer");
    assert.equal(stored(first.id).timeZone, "America/Phoenix");
  });

  test("the visitor's address never reaches the quote's details", async () => {
    const { id, quoteToken } = await start({ ...newVisitorStart({ phoneNumber: "6145559406", street: "6 Consent Way" }), textConsent: consent(true) });
    const { status, json } = await postJson(`${site.api}/v1/quote/details`, { companyId: "greenway-lawn", quoteId: id, quoteToken });
    assert.equal(status, 200);
    assert.doesNotMatch(JSON.stringify(json), /127\.0\.0\.1|textConsent|text_consent/);
  });

  const bad: Array<[string, Record<string, unknown>]> = [
    ["a consent that is not an object", { textConsent: "yes" }],
    ["a consent without given", { textConsent: { version: "2026-11-28", text: WORDS } }],
    ["given as text", { textConsent: { ...consent(true), given: "true" } }],
    ["a consent with an unknown key", { textConsent: { ...consent(true), ip: "1.2.3.4" } }],
    ["empty words", { textConsent: consent(true, "") }],
    ["words over 600 characters", { textConsent: consent(true, "w".repeat(601)) }],
    ["a version with a space", { textConsent: { ...consent(true), version: "v 1" } }],
    ["a time zone that is not text", { timeZone: 5 }],
    ["a time zone over 64 characters", { timeZone: `America/${"X".repeat(60)}` }],
    ["a time zone with a space", { timeZone: "America/New York" }],
    ["a time zone that is a path", { timeZone: "../etc/passwd" }],
  ];
  for (const [name, extra] of bad) {
    test(`400 for ${name}, nothing stored`, async () => {
      const before = quoteCount();
      const { status } = await postJson(`${site.api}/v1/quote/start`, { ...newVisitorStart({ phoneNumber: "6145559409", street: "9 Bad Way" }), ...extra });
      assert.equal(status, 400);
      assert.equal(quoteCount(), before);
    });
  }
});
