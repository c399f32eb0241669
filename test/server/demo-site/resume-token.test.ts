// Resume links' tokens (issue 14 §5): signed with HMAC-SHA256 in the one signed-token format
// (issue 36), carrying the company and the quote, refused when tampered with, expired, issued
// for the other use (unsubscribe) or not a token at all. Links sent before issue 36 (format r1)
// still open until they expire.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { describe, test } from "node:test";
import * as v from "valibot";
import { ResumeBodySchema } from "../../../src/contract/quote-resume.ts";
import { companyNamedBy, RESUME_TOKEN_DAYS, signResumeToken, verifyResumeToken } from "../../../server/resume/resume-token.ts";

const SECRET = "test-secret-of-the-server";
const ISSUED = new Date("2026-11-01T12:00:00Z");
const DAY = 86_400_000;
const EXPIRES = ISSUED.getTime() / 1000 + RESUME_TOKEN_DAYS * 86_400;
const token = signResumeToken(SECRET, "greenway-lawn", "3f1c-quote", ISSUED);
const [prefix, payload, mac] = token.split(".") as [string, string, string];
const reencode = (claim: unknown) => Buffer.from(JSON.stringify(claim)).toString("base64url");
/** One character of the signature changed. */
const flip = (text: string) => text.slice(0, -2) + (text.at(-2) === "A" ? "B" : "A") + text.at(-1);
/** A token as the server signed them before issue 36 (the links in e-mails and texts already sent). */
const legacyToken = (secret: string, claim: unknown) => {
  const body = reencode(claim);
  return `r1.${body}.${createHmac("sha256", secret).update(`r1.${body}`).digest("base64url")}`;
};
const legacy = legacyToken(SECRET, ["greenway-lawn", "3f1c-quote", EXPIRES]);
const [, legacyPayload, legacyMac] = legacy.split(".") as [string, string, string];

describe("resume tokens", () => {
  const cases: Array<{ name: string; token: unknown; at: Date; verdict: string; purpose?: "resume" | "unsubscribe" }> = [
    { name: "valid, just issued", token, at: ISSUED, verdict: "ok" },
    { name: `valid, ${RESUME_TOKEN_DAYS} days less a second later`, token, at: new Date(ISSUED.getTime() + RESUME_TOKEN_DAYS * DAY - 1000), verdict: "ok" },
    { name: `expired, ${RESUME_TOKEN_DAYS} days later`, token, at: new Date(ISSUED.getTime() + RESUME_TOKEN_DAYS * DAY), verdict: "expired" },
    { name: "expired, a year later", token, at: new Date(ISSUED.getTime() + 365 * DAY), verdict: "expired" },
    { name: "a resume link used to unsubscribe", token, at: ISSUED, verdict: "purpose", purpose: "unsubscribe" },
    { name: "an unsubscribe link used to resume", token: signResumeToken(SECRET, "greenway-lawn", "3f1c-quote", ISSUED, "unsubscribe"), at: ISSUED, verdict: "purpose" },
    { name: "an unsubscribe link used to unsubscribe", token: signResumeToken(SECRET, "greenway-lawn", "3f1c-quote", ISSUED, "unsubscribe"), at: ISSUED, verdict: "ok", purpose: "unsubscribe" },
    { name: "tampered signature", token: `${prefix}.${payload}.${flip(mac)}`, at: ISSUED, verdict: "signature" },
    { name: "signature cut short", token: `${prefix}.${payload}.${mac.slice(0, 20)}`, at: ISSUED, verdict: "signature" },
    { name: "signed with another secret", token: signResumeToken("another secret", "greenway-lawn", "3f1c-quote", ISSUED), at: ISSUED, verdict: "signature" },
    { name: "tampered quote id", token: `${prefix}.${reencode({ p: "resume", e: EXPIRES, d: { companyId: "greenway-lawn", quoteId: "other-quote" } })}.${mac}`, at: ISSUED, verdict: "signature" },
    { name: "tampered company", token: `${prefix}.${reencode({ p: "resume", e: EXPIRES, d: { companyId: "thames-lawns", quoteId: "3f1c-quote" } })}.${mac}`, at: ISSUED, verdict: "signature" },
    { name: "expiry pushed later", token: `${prefix}.${reencode({ p: "resume", e: 4_000_000_000, d: { companyId: "greenway-lawn", quoteId: "3f1c-quote" } })}.${mac}`, at: ISSUED, verdict: "signature" },
    { name: "another version", token: `r2.${payload}.${mac}`, at: ISSUED, verdict: "malformed" },
    { name: "two parts", token: `${prefix}.${payload}`, at: ISSUED, verdict: "malformed" },
    { name: "four parts", token: `${token}.x`, at: ISSUED, verdict: "malformed" },
    { name: "empty", token: "", at: ISSUED, verdict: "malformed" },
    { name: "not base64url", token: `${prefix}.${payload}+/.${mac}`, at: ISSUED, verdict: "malformed" },
    { name: "overlong", token: `${prefix}.${"A".repeat(1000)}.${mac}`, at: ISSUED, verdict: "malformed" },
    { name: "not a string", token: 42, at: ISSUED, verdict: "malformed" },
    // Sent before issue 36: still accepted until they expire, for the use their secret was for.
    { name: "an old-format link, still valid", token: legacy, at: ISSUED, verdict: "ok" },
    { name: "an old-format link from an unsubscribe e-mail", token: legacy, at: ISSUED, verdict: "ok", purpose: "unsubscribe" },
    { name: "an old-format link, expired", token: legacy, at: new Date(ISSUED.getTime() + RESUME_TOKEN_DAYS * DAY), verdict: "expired" },
    { name: "an old-format link, tampered signature", token: `r1.${legacyPayload}.${flip(legacyMac)}`, at: ISSUED, verdict: "signature" },
    { name: "an old-format link, tampered quote id", token: `r1.${reencode(["greenway-lawn", "other-quote", EXPIRES])}.${legacyMac}`, at: ISSUED, verdict: "signature" },
    { name: "an old-format link under another secret", token: legacyToken("another secret", ["greenway-lawn", "3f1c-quote", EXPIRES]), at: ISSUED, verdict: "signature" },
    { name: "an old-format link, overlong", token: `r1.${"A".repeat(500)}.${legacyMac}`, at: ISSUED, verdict: "malformed" },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const verdict = verifyResumeToken(SECRET, c.token, c.at, c.purpose);
      assert.equal(verdict.ok ? "ok" : verdict.reason, c.verdict);
      if (verdict.ok) assert.deepEqual(verdict.claim, { companyId: "greenway-lawn", quoteId: "3f1c-quote", expiresAt: EXPIRES });
    });
  }

  test("a well-signed old-format token whose claim is not [company, quote, expiry] is malformed", () => {
    for (const claim of [["greenway-lawn", "q"], ["greenway-lawn", 7, 1_900_000_000], ["greenway-lawn", "q", "soon"], { q: "q" }, ["greenway-lawn", "q", 1_900_000_000, "x"]]) {
      assert.deepEqual(verifyResumeToken(SECRET, legacyToken(SECRET, claim), ISSUED), { ok: false, reason: "malformed" }, JSON.stringify(claim));
    }
  });

  test("unguessable: two quotes' tokens differ in their signature, and it is 256 bits", () => {
    const other = signResumeToken(SECRET, "greenway-lawn", "3f1c-quotf", ISSUED);
    assert.notEqual(other.split(".")[2], mac);
    assert.equal(Buffer.from(mac, "base64url").length, 32);
  });

  test("fits the 400 characters the resume call accepts, for the longest company id and a quote's UUID", () => {
    const longest = signResumeToken(SECRET, "c".repeat(100), "9c5e52b1-5db5-41d2-a7bb-2b61f80c4c2b", ISSUED);
    assert.ok(longest.length <= 400, `${longest.length} characters`);
    assert.equal(v.safeParse(ResumeBodySchema, { resumeToken: longest }).success, true);
  });

  test("the company a link names, read unverified for the demo's page, in either format", () => {
    assert.equal(companyNamedBy(token), "greenway-lawn");
    assert.equal(companyNamedBy(legacy), "greenway-lawn");
    for (const junk of [undefined, "", "x", "t1.%%%.x", `t1.${reencode({ d: { companyId: "<script>" } })}.x`, `r1.${reencode([7])}.x`]) assert.equal(companyNamedBy(junk), undefined, junk);
  });
});
