// The stand-in payment origins: the card vault (its provider script on a production and a
// sandbox path, secure field pages, the Stripe stand-in) and the CRM payment frame, each page
// under a CSP without inline code, each script posting to a named origin, never "*".
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { TEST_CARDS } from "../../../server/payments/test-cards.ts";
import { httpRequest, postJson, siteFetch } from "./http-client.ts";
import { pricedRealGreenQuote } from "./priced-payment.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

/**
 * Every Content-Type header of a response, as sent (a browser shows a page as text when the
 * last says so): fetch joins repeated headers with ", ", which no media type here contains.
 */
async function contentTypes(url: string): Promise<string[]> {
  const response = await siteFetch(url);
  await response.body?.cancel();
  return response.headers.get("content-type")?.split(", ") ?? [];
}

const noInlineCode = (body: string) => assert.doesNotMatch(body, /<script>|<style>| style="| on[a-z]+="/);

describe("the stand-in card vault", () => {
  test("its front page says what it stands in for and lists every test card", async () => {
    const { status, body } = await httpRequest(`${site.urls.vault}/`);
    assert.equal(status, 200);
    assert.match(body, /Card vault/);
    for (const card of TEST_CARDS) assert.ok(body.includes(`<code>${card.number}</code>`), card.number);
  });

  for (const path of ["/v1/vault.js", "/sandbox/v1/vault.js", "/stripe/v3.js", "/fields.js"]) {
    test(`serves ${path} as one classic script that never posts to "*"`, async () => {
      const { status, headers, body } = await httpRequest(`${site.urls.vault}${path}`);
      assert.equal(status, 200);
      assert.match(headers["content-type"] ?? "", /^text\/javascript/);
      assert.doesNotMatch(body, /^\s*(import|export)\s/m);
      assert.match(body, /postMessage/);
      assert.doesNotMatch(body, /postMessage\([^)]*["']\*["']\)/);
    });
  }

  const fields: Array<[string, string, RegExp]> = [
    ["vault", "number", /autocomplete="cc-number"/],
    ["vault", "cvv", /autocomplete="cc-csc"/],
    ["stripe", "cardNumber", /autocomplete="cc-number"/],
    ["stripe", "cardExpiry", /autocomplete="cc-exp"/],
    ["stripe", "cardCvc", /autocomplete="cc-csc"/],
  ];
  for (const [provider, field, autocomplete] of fields) {
    test(`the ${provider} ${field} field page: a labelled input, its script, a strict CSP`, async () => {
      const { status, headers, body } = await httpRequest(`${site.urls.vault}/fields/${provider}/${field}?channel=abcdefghij&parent=${encodeURIComponent(site.urls.host)}`);
      assert.equal(status, 200);
      assert.match(body, /<label for="field"/);
      assert.match(body, /<input id="field"/);
      assert.match(body, autocomplete);
      assert.match(body, /<script defer src="\/fields.js"><\/script>/);
      noInlineCode(body);
      assert.deepEqual(await contentTypes(`${site.urls.vault}/fields/${provider}/${field}`), ["text/html; charset=UTF-8"]);
      const csp = headers["content-security-policy"] ?? "";
      assert.match(csp, /script-src 'self'/);
      assert.doesNotMatch(csp, /unsafe-inline/);
    });
  }

  for (const path of ["/fields/vault/cardNumber", "/fields/stripe/cvv", "/fields/other/number", "/fields/vault/pin"]) {
    test(`${path} does not exist`, async () => {
      assert.equal((await httpRequest(`${site.urls.vault}${path}`)).status, 404);
    });
  }

  const stripeTokens: Array<[string, string, number, number, unknown]> = [
    ["4242424242424242", "123", 12, 2030, { id: "tok_visa" }],
    ["4000000000000002", "123", 12, 2030, { id: "tok_chargeDeclined" }],
    ["378282246310005", "1234", 12, 2030, { id: "tok_amex" }],
    ["4242424242424241", "123", 12, 2030, { error: { type: "card_error", code: "incorrect_number", message: "Your card number is invalid." } }],
    ["4242424242424242", "12", 12, 2030, { error: { type: "card_error", code: "incorrect_cvc", message: "Your card's security code is invalid." } }],
    ["4242424242424242", "123", 1, 2020, { error: { type: "card_error", code: "invalid_expiry_year", message: "Your card's expiration date is in the past." } }],
  ];
  for (const [number, cvc, expMonth, expYear, expected] of stripeTokens) {
    test(`the Stripe stand-in tokenizes ${number} / ${cvc} / ${expMonth}-${expYear} as ${JSON.stringify(expected)}`, async () => {
      const { json } = await postJson(`${site.urls.vault}/stripe/v1/tokens`, { key: "pk_test_demo", number, cvc, expMonth, expYear });
      if ("id" in (expected as object)) assert.equal((json as { id: string }).id, (expected as { id: string }).id);
      else assert.deepEqual(json, expected);
    });
  }
});

describe("the stand-in CRM payment frame", () => {
  test("its front page says what it stands in for", async () => {
    const { status, body } = await httpRequest(`${site.urls.crm}/`);
    assert.equal(status, 200);
    assert.match(body, /CRM payment frame/);
  });

  test("opens with a live session: the session and amount, three labelled card fields, strict CSP", async () => {
    const quote = await pricedRealGreenQuote(site.urls.widget);
    const session = await postJson(`${site.urls.widget}/v1/quote/crm/realgreen/payment`, quote.session);
    assert.equal(session.status, 200, JSON.stringify(session.json));
    const { token, id } = session.json as { token: string; id: string };
    const { status, headers, body } = await httpRequest(`${site.urls.crm}/payment-frame?token=${token}&id=${id}&parent=${encodeURIComponent(site.urls.host)}`);
    assert.equal(status, 200);
    assert.match(body, /data-session="open"/);
    assert.deepEqual(await contentTypes(`${site.urls.crm}/payment-frame?token=${token}`), ["text/html; charset=UTF-8"]);
    assert.ok(body.includes(id));
    assert.ok(body.includes(`<strong>${quote.payment.amount}</strong>`), "the frame shows the amount the server worked out");
    for (const field of ["number", "expiry", "cvv"]) assert.match(body, new RegExp(`<label for="${field}">`));
    noInlineCode(body);
    assert.doesNotMatch(headers["content-security-policy"] ?? "", /unsafe-inline/);
  });

  test("an unknown session shows that it has expired", async () => {
    const { body } = await httpRequest(`${site.urls.crm}/payment-frame?token=rgp_unknown&parent=${encodeURIComponent(site.urls.host)}`);
    assert.match(body, /data-session="invalid"/);
    assert.match(body, /This payment session has expired or does not exist./);
  });

  test("serves its script, which posts to the parent's origin only", async () => {
    const { status, body } = await httpRequest(`${site.urls.crm}/payment-frame.js`);
    assert.equal(status, 200);
    assert.match(body, /crm-payment:token/);
    assert.doesNotMatch(body, /postMessage\([^)]*["']\*["']\)/);
  });
});
