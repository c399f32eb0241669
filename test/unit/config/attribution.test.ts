// The attribution read from the host page on first open: every parameter, malformed values
// dropped (never an error), overlong ones capped or dropped, a repeated parameter's first value.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { CLICK_ID_KEYS, CLICK_ID_MAX, parseAttribution, URL_MAX, UTM_KEYS, UTM_MAX, type Attribution } from "../../../src/config/attribution.ts";

const PAGE = "https://lawn.example/offer";

describe("parseAttribution", () => {
  const cases: Array<[string, string, string, Attribution]> = [
    ["a page without parameters: the landing page alone", `${PAGE}`, "", { landingPage: PAGE }],
    ["every UTM tag and click id", `${PAGE}?utm_source=google&utm_medium=cpc&utm_campaign=spring%20lawn&utm_term=lawn+care&utm_content=ad-2&gclid=Cj0KCQ_abc-123&gbraid=0AAAAA.x&wbraid=Cj~w&fbclid=IwAR1_z&msclkid=8a5f0c`, "", {
      landingPage: PAGE, utm_source: "google", utm_medium: "cpc", utm_campaign: "spring lawn", utm_term: "lawn care", utm_content: "ad-2",
      gclid: "Cj0KCQ_abc-123", gbraid: "0AAAAA.x", wbraid: "Cj~w", fbclid: "IwAR1_z", msclkid: "8a5f0c",
    }],
    ["the landing page keeps origin and path: no query (it may carry the visitor's e-mail), no hash", `${PAGE}?customerEmail=kim%40example.com&utm_source=fb#top`, "", { landingPage: PAGE, utm_source: "fb" }],
    ["a repeated parameter: the first value", `${PAGE}?utm_source=first&utm_source=second&gclid=a1&gclid=b2`, "", { landingPage: PAGE, utm_source: "first", gclid: "a1" }],
    ["empty and blank values are dropped; values are trimmed", `${PAGE}?utm_source=&utm_medium=%20%20&utm_campaign=%20x%20&gclid=`, "", { landingPage: PAGE, utm_campaign: "x" }],
    ["a UTM value with a control character is dropped", `${PAGE}?utm_source=a%00b&utm_medium=line%0Abreak&utm_term=ok`, "", { landingPage: PAGE, utm_term: "ok" }],
    ["a click id with anything but letters, digits and -_.~ is dropped", `${PAGE}?gclid=abc%20def&fbclid=%3Cscript%3E&msclkid=a/b&wbraid=good_1`, "", { landingPage: PAGE, wbraid: "good_1" }],
    ["an overlong UTM value is cut to its cap", `${PAGE}?utm_campaign=${"c".repeat(UTM_MAX + 40)}`, "", { landingPage: PAGE, utm_campaign: "c".repeat(UTM_MAX) }],
    ["an overlong click id is dropped (cut, it would name another click)", `${PAGE}?gclid=${"g".repeat(CLICK_ID_MAX + 1)}&fbclid=${"f".repeat(CLICK_ID_MAX)}`, "", { landingPage: PAGE, fbclid: "f".repeat(CLICK_ID_MAX) }],
    ["parameter names are exact (case matters), unknown ones ignored", `${PAGE}?UTM_SOURCE=x&utm_id=7&dclid=9`, "", { landingPage: PAGE }],
    ["another site's referrer: origin and path", PAGE, "https://www.google.com/search?q=lawn+care", { landingPage: PAGE, referrer: "https://www.google.com/search" }],
    ["a referrer on the page's own site is a click inside it: dropped", PAGE, "https://lawn.example/pricing", { landingPage: PAGE }],
    ["a referrer that is not an http(s) URL is dropped", PAGE, "android-app://com.google.android.gm/", { landingPage: PAGE }],
    ["a malformed referrer is dropped", PAGE, "not a url", { landingPage: PAGE }],
    ["an overlong referrer is dropped", PAGE, `https://ads.example/${"p".repeat(URL_MAX)}`, { landingPage: PAGE }],
    ["a page that is not http(s) (a file, an about:blank frame): nothing at all", "about:blank?utm_source=x", "https://www.google.com/", {}],
  ];
  for (const [name, href, referrer, expected] of cases) {
    test(name, () => assert.deepEqual(parseAttribution(href, referrer), expected));
  }

  test("each parameter is read on its own (table of every key)", () => {
    for (const key of [...UTM_KEYS, ...CLICK_ID_KEYS]) {
      assert.deepEqual(parseAttribution(`${PAGE}?${key}=v1`, ""), { landingPage: PAGE, [key]: "v1" }, key);
    }
  });

  test("never throws, whatever the URL", () => {
    for (const href of ["", "::", "https://", "http://[bad", `${PAGE}?%E0%A4%A=1&utm_source=%`, "javascript:alert(1)"]) {
      assert.doesNotThrow(() => parseAttribution(href, "%%%"), href);
    }
  });
});
