// The host origin: a company's site embedding the widget from the widget origin.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { getJson, httpRequest } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";
import { signResumeToken } from "../../../server/resume/resume-token.ts";

const site = useTestSite();

const page = (path: string) => httpRequest(`${site.urls.host}${path}`);
/** The snippet as a company pastes it; `name` is what the chat window's first frame says. */
const loaderTag = (company: string, bot: string, name?: string, color?: string) =>
  `<script async src="${site.urls.widget}/dist/loader.js" data-company="${company}" data-bot="${bot}"${name ? ` data-name="${name}"` : ""}${color ? ` data-color="${color}"` : ""}></script>`;

describe("the landing page (/)", () => {
  test("embeds the widget origin's loader for greenway-lawn/lawn by default", async () => {
    const { status, body } = await page("/");
    assert.equal(status, 200);
    assert.ok(body.includes(loaderTag("greenway-lawn", "lawn", "Greenway Lawn Care", "#8bc34a")), body);
    assert.match(body, /<h1>/);
    assert.match(body, /Greenway Lawn Care/);
  });

  test("embeds the company and bot named in the query", async () => {
    const { body } = await page("/?company=thames-lawns&bot=garden");
    assert.ok(body.includes(loaderTag("thames-lawns", "garden", "Thames Lawns Ltd", "#0b2a5b")));
    assert.match(body, /Thames Lawns Ltd/);
  });

  // The company's number as its country writes it, and a tel: link that dials from anywhere.
  const calls: Array<[string, string, string]> = [
    ["greenway-lawn&bot=lawn", "(614) 555-0187", "tel:+16145550187"],
    ["thames-lawns&bot=garden", "020 7946 0321", "tel:+442079460321"],
    ["alpen-rasen&bot=rasen", "044 555 01 99", "tel:+41445550199"],
  ];
  for (const [query, text, href] of calls) {
    test(`the call button of ${query.split("&")[0]}: "Call ${text}", ${href}`, async () => {
      const { body } = await page(`/?company=${query}`);
      assert.ok(body.includes(`<a class="button secondary" href="${href}">Call ${text}</a>`), body.match(/<a class="button secondary"[^>]*>[^<]*<\/a>/)?.[0]);
    });
  }

  test("uses a company's first bot when the query names only the company", async () => {
    const { body } = await page("/?company=bugbusters-pest");
    assert.ok(body.includes(loaderTag("bugbusters-pest", "pest", "BugBusters Pest Control", "#c62828")));
  });

  test("a resume link without ?company= opens the page of the company its token names; a junk token the default", async () => {
    const token = signResumeToken("any-secret", "bugbusters-pest", "q-1");
    assert.ok((await page(`/?qa_resume=${token}`)).body.includes(loaderTag("bugbusters-pest", "pest", "BugBusters Pest Control", "#c62828")));
    for (const junk of ["r1.!!!.x", "nonsense", `r1.${Buffer.from('["<b>",1]').toString("base64url")}.x`, `r1.${Buffer.from("{}").toString("base64url")}.x`]) {
      assert.ok((await page(`/?qa_resume=${encodeURIComponent(junk)}`)).body.includes(loaderTag("greenway-lawn", "lawn", "Greenway Lawn Care", "#8bc34a")), junk);
    }
    assert.ok((await page(`/?company=thames-lawns&qa_resume=${token}`)).body.includes(loaderTag("thames-lawns", "garden", "Thames Lawns Ltd", "#0b2a5b")), "?company= wins");
  });

  test("still embeds an unknown company, so the widget's error can be seen", async () => {
    const { body } = await page("/?company=nobody&bot=nothing");
    assert.ok(body.includes(loaderTag("nobody", "nothing", "Your Lawn Company")));
  });

  test("escapes query values instead of letting them into the markup", async () => {
    const { body } = await page(`/?company=${encodeURIComponent('"><script>alert(1)</script>')}`);
    assert.equal(body.includes("<script>alert(1)"), false);
    assert.ok(body.includes("&quot;&gt;&lt;script&gt;"));
  });

  test("keeps the query string on its links to the other demo pages", async () => {
    const { body } = await page("/?company=alpen-rasen&bot=rasen");
    for (const path of ["/inline.html", "/reset.html", "/csp.html", "/blank.html"]) {
      assert.ok(body.includes(`href="${path}?company=alpen-rasen&amp;bot=rasen"`), path);
    }
  });
});

describe("/inline.html", () => {
  test("loads the bundle from the widget origin and places an inline element for the company", async () => {
    const { body } = await page("/inline.html?company=alpen-rasen&bot=rasen");
    assert.ok(body.includes(`<script async src="${site.urls.widget}/dist/quote-assistant.js"></script>`));
    assert.match(body, /<div class="quote-box">\s*<quote-assistant mode="inline" company="alpen-rasen" bot="rasen"><\/quote-assistant>/);
    assert.equal(body.includes("/dist/loader.js"), false, "the inline page runs the bundle, not the facade");
  });

  test("sizes the inline box in the site stylesheet", async () => {
    const { body } = await page("/site.css");
    assert.match(body, /\.quote-box \{[^}]*width: 420px;[^}]*height: 640px;/);
  });
});

describe("/reset.html", () => {
  test("is the landing page plus the hostile reset stylesheet", async () => {
    const { body } = await page("/reset.html");
    assert.ok(body.includes(loaderTag("greenway-lawn", "lawn", "Greenway Lawn Care", "#8bc34a")));
    assert.ok(body.includes('<link rel="stylesheet" href="/reset.css">'));
  });

  test("the reset resets everything, hides SVG, pins divs static and targets the widget's tag", async () => {
    const { status, headers, body } = await page("/reset.css");
    assert.equal(status, 200);
    assert.match(headers["content-type"] ?? "", /^text\/css/);
    assert.match(body, /\*, \*::before, \*::after \{[^}]*font: italic 23px\/3 "Comic Sans MS", cursive !important;/);
    assert.match(body, /svg \{ display: none !important; \}/);
    assert.match(body, /:root \{ font-size: 31px; \}/);
    assert.match(body, /div \{ position: static !important; \}/);
    assert.match(body, /quote-assistant, quote-assistant \* \{/);
  });
});

describe("/csp.html", () => {
  test("carries a strict Content-Security-Policy naming the widget and stand-in origins", async () => {
    const { headers, body } = await page("/csp.html");
    const { widget, measure, vault, crm } = site.urls;
    assert.equal(
      headers["content-security-policy"],
      `default-src 'none'; script-src ${widget} ${vault}; connect-src ${widget}; img-src ${widget} data:; style-src 'self'; frame-src ${widget} ${measure} ${vault} ${crm}; base-uri 'none'`,
    );
    assert.ok(body.includes(loaderTag("greenway-lawn", "lawn", "Greenway Lawn Care", "#8bc34a")));
  });
});

describe("/blank.html", () => {
  test("holds the loader tag for the chosen company and nothing else in its body", async () => {
    const { body } = await page("/blank.html?company=demo-company&bot=demo-bot");
    const inBody = /<body>([\s\S]*)<\/body>/.exec(body)?.[1]?.trim();
    assert.equal(inBody, loaderTag("demo-company", "demo-bot", "Demo Lawn &amp; Pest Co.", "#0f766e"));
  });
});

describe("every host page", () => {
  for (const path of ["/", "/inline.html", "/reset.html", "/csp.html", "/blank.html"]) {
    test(`${path} declares its language, a mobile viewport and a title`, async () => {
      const { status, headers, body } = await page(path);
      assert.equal(status, 200);
      assert.match(headers["content-type"] ?? "", /^text\/html/);
      assert.match(body, /^<!doctype html>\n<html lang="en">/);
      assert.ok(body.includes('<meta name="viewport" content="width=device-width, initial-scale=1">'));
      assert.match(body, /<title>[^<]+<\/title>/);
    });

    test(`${path} has no inline style or script, so the strict policy blocks nothing of its own`, async () => {
      const { body } = await page(path);
      assert.equal(/<style/i.test(body), false, "a <style> element");
      assert.equal(/\sstyle=/i.test(body), false, "a style attribute");
      assert.equal(/<script(?![^>]*\ssrc=)/i.test(body), false, "an inline script");
      assert.equal(/\son[a-z]+=/i.test(body), false, "an event-handler attribute");
    });
  }

  test("/healthz answers JSON", async () => {
    const { status, json } = await getJson(`${site.urls.host}/healthz`);
    assert.equal(status, 200);
    assert.deepEqual(json, { ok: true, origin: "host" });
  });
});
