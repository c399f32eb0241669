// The one signed-token format (issue 36): what is signed comes back, and a token altered, signed
// under another secret, expired, issued for another purpose or not a token at all is refused
// with the reason.
import assert from "node:assert/strict";
import { createHmac } from "node:crypto";
import { describe, test } from "node:test";
import * as v from "valibot";
import { signToken, verifyToken } from "../../../server/security/signed-token.ts";

const SECRET = "test-secret";
const NOW = new Date("2026-11-28T10:00:00Z");
const SECONDS = NOW.getTime() / 1000;
const DataSchema = v.object({ companyId: v.string(), botId: v.string() });
const DATA = { companyId: "greenway-lawn", botId: "lawn" };
const token = signToken(SECRET, "console-preview", DATA, SECONDS + 3600);
const [version, payload, mac] = token.split(".") as [string, string, string];
/** A payload signed properly under SECRET: what a holder of the secret could issue. */
const signed = (json: unknown) => {
  const body = Buffer.from(JSON.stringify(json)).toString("base64url");
  return `t1.${body}.${createHmac("sha256", SECRET).update(`t1.${body}`).digest("base64url")}`;
};
const reencode = (json: unknown) => Buffer.from(JSON.stringify(json)).toString("base64url");
const flip = (text: string) => text.slice(0, -2) + (text.at(-2) === "A" ? "B" : "A") + text.at(-1);

describe("signed tokens", () => {
  test("round trip: the data and the expiry come back", () => {
    assert.deepEqual(verifyToken(SECRET, "console-preview", DataSchema, token, NOW), { ok: true, data: DATA, expiresAt: SECONDS + 3600 });
    assert.equal(version, "t1");
    assert.equal(Buffer.from(mac, "base64url").length, 32, "HMAC-SHA256");
  });

  const cases: Array<[string, unknown, Date, string, string?]> = [
    ["a second before its expiry", token, new Date(NOW.getTime() + 3599_000), "ok"],
    ["at its expiry", token, new Date(NOW.getTime() + 3600_000), "expired"],
    ["for another purpose", token, NOW, "purpose", "resume"],
    ["a signature changed", `${version}.${payload}.${flip(mac)}`, NOW, "signature"],
    ["a signature cut short", `${version}.${payload}.${mac.slice(0, 20)}`, NOW, "signature"],
    ["signed under another secret", signToken("another secret", "console-preview", DATA, SECONDS + 3600), NOW, "signature"],
    ["the data changed", `${version}.${reencode({ p: "console-preview", e: SECONDS + 3600, d: { ...DATA, botId: "pest" } })}.${mac}`, NOW, "signature"],
    ["the purpose changed", `${version}.${reencode({ p: "resume", e: SECONDS + 3600, d: DATA })}.${mac}`, NOW, "signature"],
    ["the expiry pushed later", `${version}.${reencode({ p: "console-preview", e: SECONDS + 9e6, d: DATA })}.${mac}`, NOW, "signature"],
    ["another version", `t2.${payload}.${mac}`, NOW, "malformed"],
    ["two parts", `${version}.${payload}`, NOW, "malformed"],
    ["not base64url", `${version}.${payload}+/.${mac}`, NOW, "malformed"],
    ["overlong", `${version}.${"A".repeat(1000)}.${mac}`, NOW, "malformed"],
    ["not a string", 42, NOW, "malformed"],
    ["well signed, not JSON", `t1.${Buffer.from("{").toString("base64url")}.${createHmac("sha256", SECRET).update(`t1.${Buffer.from("{").toString("base64url")}`).digest("base64url")}`, NOW, "malformed"],
    ["well signed, no expiry", signed({ p: "console-preview", d: DATA }), NOW, "malformed"],
    ["well signed, an expiry that is not whole seconds", signed({ p: "console-preview", e: "soon", d: DATA }), NOW, "malformed"],
    ["well signed, data of another shape", signed({ p: "console-preview", e: SECONDS + 60, d: { companyId: 7 } }), NOW, "malformed"],
  ];
  for (const [name, given, at, verdict, purpose = "console-preview"] of cases) {
    test(`${name}: ${verdict}`, () => {
      const result = verifyToken(SECRET, purpose, DataSchema, given, at);
      assert.equal(result.ok ? "ok" : result.reason, verdict);
    });
  }
});
