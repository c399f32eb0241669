// The rules for configuration URLs, through the function the widget uses (checkUrl, and
// checkConfigUrls behind parseCompanyConfig): https only, providers' scripts and frames only
// from their own hosts, this machine only where the page opted in.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseCompanyConfig } from "../../../src/config/company-config.ts";
import { PROVIDER_HOSTS, PROVIDER_SCRIPT_URL, checkUrl, type UrlUse } from "../../../src/config/safe-url.ts";

const STRIPE: UrlUse = { kind: "provider", provider: "stripe", environment: "any" };
const VAULT_LIVE: UrlUse = { kind: "provider", provider: "cardVault", environment: "production" };
const VAULT_TEST: UrlUse = { kind: "provider", provider: "cardVault", environment: "sandbox" };
const CRM: UrlUse = { kind: "provider", provider: "crmPaymentFrame", environment: "any" };
const HTTPS: UrlUse = { kind: "https" };
const VIDEO: UrlUse = { kind: "video" };
const PRODUCTION = { devOrigins: false };
const DEV = { devOrigins: true };

// [url, use, allowed in production, allowed with development origins]
const TABLE: [string, UrlUse, boolean, boolean][] = [
  // The providers' real hosts.
  ["https://js.stripe.com/v3", STRIPE, true, true],
  ["https://js.stripe.com/endive/stripe.js", STRIPE, true, true],
  ["HTTPS://JS.STRIPE.COM/v3", STRIPE, true, true],
  ["https://secure.card-vault.example/v1/vault.js", VAULT_LIVE, true, true],
  ["https://sandbox.card-vault.example/v1/vault.js", VAULT_TEST, true, true],
  ["https://pay.realgreen.com/payment-frame", CRM, true, true],
  ["https://realgreen.com/payment-frame", CRM, true, true],
  // A production host is not the sandbox's, nor one provider's host another's.
  ["https://sandbox.card-vault.example/v1/vault.js", VAULT_LIVE, false, false],
  ["https://secure.card-vault.example/v1/vault.js", STRIPE, false, false],
  ["https://js.stripe.com/v3", VAULT_TEST, false, false],
  // Schemes that run code or are not https.
  ["javascript:alert(1)", STRIPE, false, false],
  ["JAVASCRIPT:alert(1)", HTTPS, false, false],
  ["JaVaScRiPt:alert(1)", HTTPS, false, false],
  ["data:text/javascript,window.pwned=1", STRIPE, false, false],
  ["data:image/png;base64,iVBORw0KGgo=", HTTPS, false, false],
  ["blob:https://js.stripe.com/1234", STRIPE, false, false],
  ["http://js.stripe.com/v3", STRIPE, false, false],
  ["http://cdn.example/logo.png", HTTPS, false, false],
  ["ftp://cdn.example/logo.png", HTTPS, false, false],
  ["file:///etc/passwd", HTTPS, false, false],
  // Relative and protocol-relative URLs are never resolved against anything.
  ["//js.stripe.com/v3", STRIPE, false, false],
  ["//evil.test/x.js", HTTPS, false, false],
  ["/dist/evil.js", HTTPS, false, false],
  ["js.stripe.com/v3", STRIPE, false, false],
  ["", HTTPS, false, false],
  // Look-alike hosts.
  ["https://js.stripe.com.evil.test/v3", STRIPE, false, false],
  ["https://evil-js.stripe.com/v3", STRIPE, false, false],
  ["https://evil.js.stripe.com/v3", STRIPE, false, false],
  ["https://js-stripe.com/v3", STRIPE, false, false],
  ["https://realgreen.com.evil.test/frame", CRM, false, false],
  ["https://evilrealgreen.com/frame", CRM, false, false],
  ["https://js.stripe.com:8443/v3", STRIPE, false, false],
  // User-info tricks: the host is what follows "@".
  ["https://js.stripe.com@evil.test/v3", STRIPE, false, false],
  ["https://user:pass@js.stripe.com/v3", STRIPE, false, false],
  ["https://js.stripe.com%40evil.test/v3", STRIPE, false, false],
  ["https://cdn.example@evil.test/logo.png", HTTPS, false, false],
  // Whitespace and control characters the parser would strip silently; backslashes it reads as "/".
  [" https://js.stripe.com/v3", STRIPE, false, false],
  ["https://js.stripe.com/v3 ", STRIPE, false, false],
  ["https://js.stri\tpe.com/v3", STRIPE, false, false],
  ["https://js.stripe.com/v3\n", STRIPE, false, false],
  ["java\nscript:alert(1)", HTTPS, false, false],
  ["https:\\\\evil.test\\x.js", HTTPS, false, false],
  // Any https URL for pictures, video, the measuring tool and navigation.
  ["https://cdn.example/logo.png", HTTPS, true, true],
  ["https://portal.example/login?x=1#y", HTTPS, true, true],
  // aboutUsVideo (issue 13): a video file on any https host, or a video service's player; no other page.
  ["https://cdn.example/videos/about-us.mp4", VIDEO, true, true],
  ["https://cdn.example/videos/about-us.WEBM?v=2", VIDEO, true, true],
  ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", VIDEO, true, true],
  ["https://player.vimeo.com/video/76979871", VIDEO, true, true],
  ["https://cdn.example/about-us.html", VIDEO, false, false],
  ["https://www.youtube.com.evil.test/embed/x", VIDEO, false, false],
  ["https://player.vimeo.com:8443/video/1", VIDEO, false, false],
  ["http://cdn.example/videos/about-us.mp4", VIDEO, false, false],
  ["javascript:alert(1)//.mp4", VIDEO, false, false],
  ["http://localhost:4401/demo-assets/videos/about.html", VIDEO, false, true],
  // This machine: only with development origins, and only this machine.
  ["http://localhost:4403/stripe/v3.js", STRIPE, false, true],
  ["http://127.0.0.1:4403/v1/vault.js", VAULT_LIVE, false, true],
  ["http://[::1]:4404/payment-frame", CRM, false, true],
  ["http://localhost:4401/demo-assets/logo.svg", HTTPS, false, true],
  ["http://localhost.evil.test/x.js", STRIPE, false, false],
  ["http://localhost@evil.test/x.js", STRIPE, false, false],
  ["http://127.0.0.2/x.js", STRIPE, false, false],
  ["javascript://localhost/%0aalert(1)", HTTPS, false, false],
];

describe("configuration URLs", () => {
  for (const [url, use, production, dev] of TABLE) {
    const what = use.kind === "provider" ? `${use.provider} ${use.environment}` : use.kind;
    test(`${JSON.stringify(url)} as ${what}: ${production ? "allowed" : "refused"}${dev !== production ? `, ${dev ? "allowed" : "refused"} with development origins` : ""}`, () => {
      assert.equal(checkUrl(url, use, PRODUCTION).ok, production);
      assert.equal(checkUrl(url, use, DEV).ok, dev);
    });
  }

  test("an allowed URL comes back normalised", () => {
    assert.deepEqual(checkUrl("HTTPS://JS.STRIPE.COM/v3", STRIPE, PRODUCTION), { ok: true, url: "https://js.stripe.com/v3" });
  });

  test("the loader's script pattern agrees with the host table", () => {
    const scriptHosts = [...PROVIDER_HOSTS.stripe.production, ...PROVIDER_HOSTS.stripe.sandbox, ...PROVIDER_HOSTS.cardVault.production, ...PROVIDER_HOSTS.cardVault.sandbox];
    for (const host of scriptHosts) assert.ok(PROVIDER_SCRIPT_URL.test(`https://${host}/x.js`), host);
    for (const [url, use, production] of TABLE) {
      if (use.kind !== "provider" || use.provider === "crmPaymentFrame" || !production) continue;
      assert.ok(PROVIDER_SCRIPT_URL.test(new URL(url).href), url);
    }
    for (const url of ["https://js.stripe.com.evil.test/v3", "https://js.stripe.com@evil.test/", "https://js.stripe.com:444/", "http://js.stripe.com/", "https://evil-js.stripe.com/", "https://x.secure.card-vault.example/"]) {
      assert.equal(PROVIDER_SCRIPT_URL.test(url), false, url);
    }
  });
});

describe("a configuration with bad URLs", () => {
  const raw = {
    id: "c1",
    companyName: "Acme",
    cardProcessor: "acme-credit-card-vault",
    companyLogo: "javascript:alert(1)",
    companyTeamPic: "https://cdn.example/team.png",
    redirectUrl: "http://evil.test/",
    willRedirect: true,
    crmPortalUrl: "//evil.test/portal",
    aboutUsVideo: "data:video/mp4;base64,AAAA",
    measuringToolUrl: "http://localhost:4402/",
    payments: {
      stripe: { publishableKey: "pk_test_1", scriptUrl: "data:text/javascript,window.pwned=1" },
      cardVault: {
        productionScriptUrl: "https://js.stripe.com.evil.test/vault.js",
        sandboxScriptUrl: "https://sandbox.card-vault.example/v1/vault.js",
        liveMerchantId: "live_1",
        testMerchantId: "test_1",
      },
      crmPaymentFrameUrl: "not a url",
    },
  };

  test("is still a configuration: each bad URL is dropped and named, the rest kept", () => {
    const result = parseCompanyConfig(raw);
    assert.ok(result.ok);
    const c = result.config;
    assert.equal(c.companyName, "Acme");
    assert.equal(c.companyTeamPic, "https://cdn.example/team.png");
    for (const field of ["companyLogo", "redirectUrl", "crmPortalUrl", "aboutUsVideo", "measuringToolUrl"] as const) {
      assert.equal(c[field], undefined, field);
    }
    assert.equal(c.payments?.stripe?.publishableKey, "pk_test_1");
    assert.equal(c.payments?.stripe?.scriptUrl, undefined);
    assert.equal(c.payments?.cardVault?.productionScriptUrl, undefined);
    assert.equal(c.payments?.cardVault?.sandboxScriptUrl, "https://sandbox.card-vault.example/v1/vault.js");
    assert.equal(c.payments?.crmPaymentFrameUrl, undefined);
    assert.deepEqual(result.urlProblems.map((p) => p.field).sort(), [
      "aboutUsVideo",
      "companyLogo",
      "crmPortalUrl",
      "measuringToolUrl",
      "payments.cardVault.productionScriptUrl",
      "payments.crmPaymentFrameUrl",
      "payments.stripe.scriptUrl",
      "redirectUrl",
    ]);
  });

  test("with development origins, this machine's stand-ins are kept; the rest is still refused", () => {
    const result = parseCompanyConfig(raw, { devOrigins: true });
    assert.ok(result.ok);
    assert.equal(result.config.measuringToolUrl, "http://localhost:4402/");
    assert.equal(result.config.payments?.stripe?.scriptUrl, undefined);
    assert.equal(result.urlProblems.length, 7);
  });

  test("logo given under its other name is reported once, as the company wrote it", () => {
    const result = parseCompanyConfig({ id: "c1", companyName: "Acme", logo: "http://evil.test/logo.png" });
    assert.ok(result.ok);
    assert.equal(result.config.companyLogo, undefined);
    assert.deepEqual(result.urlProblems.map((p) => p.field), ["logo"]);
  });
});
