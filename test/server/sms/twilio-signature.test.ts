// X-Twilio-Signature (issue 34): the values of Twilio's own published examples (auth token
// 12345, https://mycompany.com/myapp.php?foo=1&bar=2 and a call's parameters, from
// TwilioDevEd/api-snippets security/signature_validation, the snippets of the "Webhooks
// security" page) sign as Twilio says; any changed parameter, name, URL or token fails.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { formParams, isValidTwilioSignature, signTwilioRequest } from "../../../server/sms/twilio-signature.ts";

const TOKEN = "12345";
const URL = "https://mycompany.com/myapp.php?foo=1&bar=2";
const callParams = (caller: string) => ({ CallSid: "CA1234567890ABCDE", Caller: caller, Digits: "1234", From: caller, To: "+18005551212" });
// Twilio's snippets over the years, each with the signature it documents.
const DOCUMENTED: [string, string][] = [
  ["+14158675310", "GvWf1cFY/Q7PnoempGyD5oXAezc="],
  ["+14158675309", "RSOYDt4T1cUTdK1PDd93/VVr8B8="],
  ["+12349013030", "0/KCTR6DLpKmkAf8muzZqo1nDgQ="],
];

describe("Twilio's documented examples", () => {
  for (const [caller, signature] of DOCUMENTED) {
    test(`caller ${caller} signs as ${signature}`, () => {
      assert.equal(signTwilioRequest(URL, callParams(caller), TOKEN), signature);
      assert.equal(isValidTwilioSignature(signature, URL, callParams(caller), TOKEN), true);
    });
  }
  test("the parameters' order in the body does not matter: they are sorted by name", () => {
    const reversed = Object.fromEntries(Object.entries(callParams("+14158675310")).reverse());
    assert.equal(signTwilioRequest(URL, reversed, TOKEN), "GvWf1cFY/Q7PnoempGyD5oXAezc=");
  });
});

describe("anything changed fails", () => {
  const params = callParams("+14158675310");
  const signature = "GvWf1cFY/Q7PnoempGyD5oXAezc=";
  const valid = (p: Record<string, string>, url = URL, token = TOKEN, sig: string | undefined = signature) => isValidTwilioSignature(sig, url, p, token);

  test("each parameter's value, changed by one character", () => {
    for (const name of Object.keys(params)) {
      const value = params[name as keyof typeof params];
      const changed = { ...params, [name]: value.slice(0, -1) + (value.endsWith("1") ? "2" : "1") };
      assert.equal(valid(changed), false, name);
    }
  });
  test("a parameter added, removed or renamed", () => {
    assert.equal(valid({ ...params, Body: "STOP" }), false);
    const { Digits: _digits, ...withoutDigits } = params;
    assert.equal(valid(withoutDigits), false);
    const { Digits, ...rest } = params;
    assert.equal(valid({ ...rest, digits: Digits }), false);
  });
  test("the URL: scheme, host, port, path, query", () => {
    for (const url of [
      "http://mycompany.com/myapp.php?foo=1&bar=2",
      "https://evil.example/myapp.php?foo=1&bar=2",
      "https://mycompany.com:8443/myapp.php?foo=1&bar=2",
      "https://mycompany.com/myapp.php",
      "https://mycompany.com/myapp.php?foo=1&bar=3",
      "https://mycompany.com/other.php?foo=1&bar=2",
    ]) {
      assert.equal(valid(params, url), false, url);
    }
  });
  test("another token, a missing, empty or altered signature", () => {
    assert.equal(valid(params, URL, "12346"), false);
    assert.equal(valid(params, URL, ""), false);
    assert.equal(isValidTwilioSignature(undefined, URL, params, TOKEN), false);
    assert.equal(valid(params, URL, TOKEN, ""), false);
    assert.equal(valid(params, URL, TOKEN, signature.toLowerCase()), false);
    assert.equal(valid(params, URL, TOKEN, signature.slice(1)), false);
  });
  test("random parameters: valid as signed, invalid with any one value changed", () => {
    for (let round = 0; round < 200; round++) {
      const random: Record<string, string> = {};
      const count = 1 + (round % 7);
      for (let i = 0; i < count; i++) random[`P${Math.random().toString(36).slice(2, 7)}`] = Math.random().toString(36).slice(2);
      const url = `https://quotes.example.com/v1/sms/twilio/inbound?n=${round}`;
      const sig = signTwilioRequest(url, random, "token-" + round);
      assert.equal(isValidTwilioSignature(sig, url, random, "token-" + round), true);
      const name = Object.keys(random)[round % count]!;
      assert.equal(isValidTwilioSignature(sig, url, { ...random, [name]: random[name] + "x" }, "token-" + round), false);
      assert.equal(isValidTwilioSignature(sig, url + "0", random, "token-" + round), false);
    }
  });
});

test("a form body: a name given twice keeps both values, and signs them sorted", () => {
  const params = formParams(new URLSearchParams("To=%2B1&MediaUrl=b&MediaUrl=a"));
  assert.deepEqual(params, { To: "+1", MediaUrl: ["b", "a"] });
  assert.equal(signTwilioRequest("https://x.example/", params, "t"), signTwilioRequest("https://x.example/", { To: "+1", MediaUrl: ["a", "b"] }, "t"));
});
