// Webhook signatures (docs/api.md "Webhooks"): what a receiver accepts and refuses, as a table,
// and that the documented Node verification example agrees with the signer.
import assert from "node:assert/strict";
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { test } from "node:test";
import { secretsEqual, signWebhook, verifyWebhook, type VerifyResult } from "../../../server/webhooks/signature.ts";

const SECRET = "whsec_test_0123456789abcdef";
const BODY = '{"id":"6f1c","type":"purchase","data":{"value":"50.00","currency":"USD"}}';
const AT = 1_795_000_000;
const GOOD = signWebhook(SECRET, AT, BODY);

const cases: Array<{ name: string; body?: string; timestamp?: string | null; signature?: string | null; secret?: string; now?: number; expected: VerifyResult }> = [
  { name: "the body as signed, at once", expected: { ok: true } },
  { name: "299 s later (within 5 min)", now: AT + 299, expected: { ok: true } },
  { name: "300 s early (clock skew)", now: AT - 300, expected: { ok: true } },
  { name: "a tampered amount", body: BODY.replace("50.00", "5000.00"), expected: { ok: false, reason: "mismatch" } },
  { name: "one byte more (a trailing newline)", body: `${BODY}\n`, expected: { ok: false, reason: "mismatch" } },
  { name: "another company's secret", secret: "whsec_other_0123456789abcdef", expected: { ok: false, reason: "mismatch" } },
  { name: "the timestamp changed (signature replayed with a fresh time)", timestamp: String(AT + 1), expected: { ok: false, reason: "mismatch" } },
  { name: "an old timestamp (replay after 301 s)", now: AT + 301, expected: { ok: false, reason: "expired" } },
  { name: "a timestamp a day ahead", now: AT - 86_400, expected: { ok: false, reason: "expired" } },
  { name: "no signature header", signature: null, expected: { ok: false, reason: "missing" } },
  { name: "no timestamp header", timestamp: null, expected: { ok: false, reason: "missing" } },
  { name: "a signature without v1=", signature: GOOD.slice(3), expected: { ok: false, reason: "malformed" } },
  { name: "an upper-case hex signature", signature: `v1=${GOOD.slice(3).toUpperCase()}`, expected: { ok: false, reason: "malformed" } },
  { name: "a truncated signature", signature: GOOD.slice(0, -2), expected: { ok: false, reason: "malformed" } },
  { name: "a timestamp in milliseconds", timestamp: String(AT * 1000), expected: { ok: false, reason: "malformed" } },
  { name: "a non-numeric timestamp", timestamp: "12e9", expected: { ok: false, reason: "malformed" } },
];

for (const c of cases) {
  test(`verify: ${c.name}`, () => {
    const result = verifyWebhook({
      secret: c.secret ?? SECRET,
      body: c.body ?? BODY,
      timestampHeader: c.timestamp === undefined ? String(AT) : c.timestamp,
      signatureHeader: c.signature === undefined ? GOOD : c.signature,
      now: c.now ?? AT,
    });
    assert.deepEqual(result, c.expected);
  });
}

test("sign: HMAC-SHA256 over `${timestamp}.${body}`, hex, after v1= (what docs/api.md tells receivers)", () => {
  const expected = createHmac("sha256", SECRET).update(`${AT}.${BODY}`).digest("hex");
  assert.equal(GOOD, `v1=${expected}`);
  // docs/api.md's verification example, verbatim in spirit: recompute and compare in constant time.
  const given = Buffer.from(GOOD.slice(3), "hex");
  assert.ok(timingSafeEqual(given, Buffer.from(expected, "hex")));
});

test("sign: a different body, timestamp or secret gives a different signature", () => {
  assert.notEqual(signWebhook(SECRET, AT, `${BODY} `), GOOD);
  assert.notEqual(signWebhook(SECRET, AT + 1, BODY), GOOD);
  assert.notEqual(signWebhook(`${SECRET}x`, AT, BODY), GOOD);
});

test("secretsEqual: equal only for the same text, any lengths", () => {
  assert.equal(secretsEqual("qa_demo_key_greenway-lawn", "qa_demo_key_greenway-lawn"), true);
  assert.equal(secretsEqual("qa_demo_key_greenway-lawn", "qa_demo_key_greenway-lawm"), false);
  assert.equal(secretsEqual("qa_demo_key_greenway-lawn", "qa_demo_key_greenway-law"), false);
  assert.equal(secretsEqual("", "x"), false);
});

test("docs/api.md's Node verification example accepts a real delivery and refuses a tampered or old one", async () => {
  const docs = readFileSync(new URL("../../../docs/api.md", import.meta.url), "utf8");
  const example = /```js\n(import \{ createHmac[\s\S]*?verifyQuoteAssistantWebhook[\s\S]*?)```/.exec(docs)?.[1];
  assert.ok(example, "the example is in docs/api.md");
  const dir = mkdtempSync(join(tmpdir(), "qa-docs-example-"));
  try {
    const file = join(dir, "verify.mjs");
    writeFileSync(file, example);
    const { verifyQuoteAssistantWebhook } = (await import(pathToFileURL(file).href)) as {
      verifyQuoteAssistantWebhook: (secret: string, body: string, headers: Record<string, string>) => boolean;
    };
    const now = Math.floor(Date.now() / 1000);
    const headers = (at: number, body: string) => ({ "quote-assistant-timestamp": String(at), "quote-assistant-signature": signWebhook(SECRET, at, body) });
    assert.equal(verifyQuoteAssistantWebhook(SECRET, BODY, headers(now, BODY)), true);
    assert.equal(verifyQuoteAssistantWebhook(SECRET, BODY.replace("50.00", "0.50"), headers(now, BODY)), false);
    assert.equal(verifyQuoteAssistantWebhook(SECRET, BODY, headers(now - 301, BODY)), false);
    assert.equal(verifyQuoteAssistantWebhook("whsec_other_0123456789abcdef", BODY, headers(now, BODY)), false);
    assert.equal(verifyQuoteAssistantWebhook(SECRET, BODY, {}), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
