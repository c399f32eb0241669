// Resume links' tokens (issue 14 §5): signed with HMAC-SHA256, carrying the company and the
// quote, refused when tampered with, expired or not a token at all.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { describe, test } from "node:test";
import { RESUME_TOKEN_DAYS, signResumeToken, verifyResumeToken } from "../../../server/resume/resume-token.ts";

const SECRET = "test-secret-of-the-server";
const ISSUED = new Date("2026-11-01T12:00:00Z");
const DAY = 86_400_000;
const token = signResumeToken(SECRET, "greenway-lawn", "3f1c-quote", ISSUED);
const [prefix, payload, mac] = token.split(".") as [string, string, string];
const reencode = (claim: unknown) => Buffer.from(JSON.stringify(claim)).toString("base64url");
/** One character of the signature changed. */
const flip = (text: string) => text.slice(0, -2) + (text.at(-2) === "A" ? "B" : "A") + text.at(-1);

describe("resume tokens", () => {
  const cases: Array<{ name: string; token: unknown; at: Date; verdict: string }> = [
    { name: "valid, just issued", token, at: ISSUED, verdict: "ok" },
    { name: `valid, ${RESUME_TOKEN_DAYS} days less a second later`, token, at: new Date(ISSUED.getTime() + RESUME_TOKEN_DAYS * DAY - 1000), verdict: "ok" },
    { name: `expired, ${RESUME_TOKEN_DAYS} days later`, token, at: new Date(ISSUED.getTime() + RESUME_TOKEN_DAYS * DAY), verdict: "expired" },
    { name: "expired, a year later", token, at: new Date(ISSUED.getTime() + 365 * DAY), verdict: "expired" },
    { name: "tampered signature", token: `${prefix}.${payload}.${flip(mac)}`, at: ISSUED, verdict: "signature" },
    { name: "signature cut short", token: `${prefix}.${payload}.${mac.slice(0, 20)}`, at: ISSUED, verdict: "signature" },
    { name: "signed with another secret", token: signResumeToken("another secret", "greenway-lawn", "3f1c-quote", ISSUED), at: ISSUED, verdict: "signature" },
    { name: "tampered quote id", token: `${prefix}.${reencode(["greenway-lawn", "other-quote", 1_900_000_000])}.${mac}`, at: ISSUED, verdict: "signature" },
    { name: "tampered company", token: `${prefix}.${reencode(["thames-lawns", "3f1c-quote", 1_900_000_000])}.${mac}`, at: ISSUED, verdict: "signature" },
    { name: "expiry pushed later", token: `${prefix}.${reencode(["greenway-lawn", "3f1c-quote", 4_000_000_000])}.${mac}`, at: ISSUED, verdict: "signature" },
    { name: "another version", token: `r2.${payload}.${mac}`, at: ISSUED, verdict: "malformed" },
    { name: "two parts", token: `${prefix}.${payload}`, at: ISSUED, verdict: "malformed" },
    { name: "four parts", token: `${token}.x`, at: ISSUED, verdict: "malformed" },
    { name: "empty", token: "", at: ISSUED, verdict: "malformed" },
    { name: "not base64url", token: `${prefix}.${payload}+/.${mac}`, at: ISSUED, verdict: "malformed" },
    { name: "overlong", token: `${prefix}.${"A".repeat(500)}.${mac}`, at: ISSUED, verdict: "malformed" },
    { name: "not a string", token: 42, at: ISSUED, verdict: "malformed" },
  ];
  for (const c of cases) {
    test(c.name, () => {
      const verdict = verifyResumeToken(SECRET, c.token, c.at);
      assert.equal(verdict.ok ? "ok" : verdict.reason, c.verdict);
      if (verdict.ok) assert.deepEqual(verdict.claim, { companyId: "greenway-lawn", quoteId: "3f1c-quote", expiresAt: ISSUED.getTime() / 1000 + RESUME_TOKEN_DAYS * 86_400 });
    });
  }

  test("a well-signed token whose claim is not [company, quote, expiry] is malformed", () => {
    for (const claim of [["greenway-lawn", "q"], ["greenway-lawn", 7, 1_900_000_000], ["greenway-lawn", "q", "soon"], { q: "q" }]) {
      const body = reencode(claim);
      const signed = `r1.${body}.${createHmac("sha256", SECRET).update(`r1.${body}`).digest("base64url")}`;
      assert.deepEqual(verifyResumeToken(SECRET, signed, ISSUED), { ok: false, reason: "malformed" }, JSON.stringify(claim));
    }
  });

  test("unguessable: two quotes' tokens differ in their signature, and it is 256 bits", () => {
    const other = signResumeToken(SECRET, "greenway-lawn", "3f1c-quotf", ISSUED);
    assert.notEqual(other.split(".")[2], mac);
    assert.equal(Buffer.from(mac, "base64url").length, 32);
  });
});
