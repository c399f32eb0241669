// The one "quote-assistant" Trusted Types policy shared by the loader and the bundle, against a
// stand-in trustedTypes that, like a page with `trusted-types quote-assistant`, lets the name be
// created once. Real Chromium with the CSP: test/e2e/strict-csp.test.ts.
import "../setup.ts"; // happy-dom as the DOM, before anything else is imported
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, test } from "node:test";
import { trustedScriptUrl } from "../../../loader/trusted-script-url.ts";
import { defineScriptRule } from "../../../src/payments/script-rule.ts";

const POLICY_SLOT = Symbol.for("quote-assistant.trusted-types");
const RULE_SLOT = Symbol.for("quote-assistant.script-rule");
const WIDGET = "https://widget.example/dist/quote-assistant.js";

type Rules = { createScriptURL(url: string): string };
let created: string[];

beforeEach(() => {
  created = [];
  const policies = new Set<string>();
  (globalThis as { trustedTypes?: unknown }).trustedTypes = {
    createPolicy(name: string, rules: Rules) {
      if (policies.has(name)) throw new TypeError(`policy ${name} exists`);
      policies.add(name);
      created.push(name);
      return { createScriptURL: (url: string) => `trusted:${rules.createScriptURL(url)}` };
    },
  };
});
afterEach(() => {
  delete (globalThis as { trustedTypes?: unknown }).trustedTypes;
});

describe("the quote-assistant Trusted Types policy", () => {
  test("is created once, hidden, and reused by whichever file asks next; other URLs throw", () => {
    // The loader asks first, for the bundle.
    assert.equal(trustedScriptUrl("https://widget.example/dist/quote-assistant.js", WIDGET), "trusted:https://widget.example/dist/quote-assistant.js");
    // The bundle, for its chunk and (once its rule is set) Stripe.js: the same policy.
    assert.equal(trustedScriptUrl("https://widget.example/dist/quote-assistant-quote.js?v=2", WIDGET), "trusted:https://widget.example/dist/quote-assistant-quote.js?v=2");
    assert.throws(() => trustedScriptUrl("https://js.stripe.com/endive/stripe.js", WIDGET), "the providers only once the bundle's rule is set");
    defineScriptRule();
    assert.equal(trustedScriptUrl("https://js.stripe.com/endive/stripe.js", WIDGET), "trusted:https://js.stripe.com/endive/stripe.js");
    assert.deepEqual(created, ["quote-assistant"], "one createPolicy call in all");
    assert.equal(Object.getOwnPropertyDescriptor(globalThis, POLICY_SLOT)?.writable, false);
    assert.equal(Object.getOwnPropertyDescriptor(globalThis, POLICY_SLOT)?.enumerable, false);

    for (const url of [
      "https://widget.example/other/evil.js",
      "https://evil.test/dist/quote-assistant.js",
      "data:text/javascript,alert(1)",
      "javascript:alert(1)",
      "https://js.stripe.com.evil.test/v3",
      "https://js.stripe.com@evil.test/v3",
      "http://localhost:4403/stripe/v3.js",
    ]) {
      assert.throws(() => trustedScriptUrl(url, WIDGET), TypeError, url);
    }

    // This machine's stand-ins only where the page opted in.
    const meta = document.createElement("meta");
    meta.name = "quote-assistant-dev-origins";
    meta.content = "loopback";
    document.head.append(meta);
    assert.equal(trustedScriptUrl("http://localhost:4403/stripe/v3.js", WIDGET), "trusted:http://localhost:4403/stripe/v3.js");
    assert.throws(() => trustedScriptUrl("http://localhost.evil.test/x.js", WIDGET), TypeError);
    meta.remove();

    // The rule slot cannot be replaced by a wider one.
    assert.throws(() => Object.defineProperty(globalThis, RULE_SLOT, { value: () => true }));
  });
});
