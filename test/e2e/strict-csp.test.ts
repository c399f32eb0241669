// The widget on host pages with a nonce-based CSP that also requires Trusted Types
// (/csp-strict.html with 'strict-dynamic', /csp-nonce.html without it): the first click opens
// the chat, and visitors pay by Stripe (the stand-in Stripe.js) and by the card vault, with not
// one CSP or Trusted Types violation, no page error, and every script we add carrying the nonce.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { openChat, pickPrograms, saw } from "./chat.ts";
import { collectCspViolations, useDemoSite, watchErrors, type CspViolation } from "./harness.ts";
import { fillStripe, quoteNow, signUpEnabled, toPicker, typeSize } from "./journey.ts";

const e2e = useDemoSite();
const CARD = "4242424242424242";
/** Each page's visitors at their own addresses: the same address would find the earlier quote. */
const PAGES = {
  "/csp-strict.html": { stripe: ["5555550481", "116 Brand", "116 Brand Road, Dublin, OH 43016, USA"], vault: ["07700900481", "5 Church Road", "5 Church Road, London SW13 9AA, UK"] },
  "/csp-nonce.html": { stripe: ["5555550482", "1238 Brand", "1238 Brand Road, Dublin, OH 43016, USA"], vault: ["07700900482", "14 Church Road", "14 Church Road, London SW13 9AA, UK"] },
} as const;

/** The page's nonce (from the loader's tag) and the nonce of every other script in the document. */
function scriptNonces(page: Page): Promise<{ page: string; scripts: Array<{ src: string; nonce: string }> }> {
  return page.evaluate(() => {
    const scripts = [...document.querySelectorAll("script")].map((s) => ({ src: s.src, nonce: s.nonce ?? "" }));
    const loader = scripts.find((s) => s.src.endsWith("/dist/loader.js"));
    return { page: loader?.nonce ?? "", scripts };
  });
}

async function assertHealthy(page: Page, violations: () => Promise<CspViolation[]>, errors: { pageErrors: string[]; consoleErrors: string[] }, expectScripts: string[]) {
  assert.deepEqual(await violations(), [], "no CSP or Trusted Types violation");
  assert.deepEqual(errors.pageErrors, [], "no page error");
  assert.deepEqual(errors.consoleErrors.filter((text) => /Trusted|Content Security Policy|refused/i.test(text)), [], "nothing refused");
  const nonces = await scriptNonces(page);
  assert.ok(nonces.page.length >= 16, "the loader's tag carries the page's nonce");
  for (const part of expectScripts) {
    const script = nonces.scripts.find((s) => s.src.includes(part));
    assert.ok(script, `${part} was added`);
    assert.equal(script.nonce, nonces.page, `${part} carries the page's nonce`);
  }
}

for (const [path, visitors] of Object.entries(PAGES)) {
  describe(`a host page with a nonce CSP requiring Trusted Types (${path})`, () => {
    test("serves a fresh nonce per response and the policy names only quote-assistant", async () => {
      const first = await fetch(`${e2e.site.urls.host}${path}`);
      const second = await fetch(`${e2e.site.urls.host}${path}`);
      const csp = [first.headers.get("content-security-policy") ?? "", second.headers.get("content-security-policy") ?? ""];
      for (const policy of csp) {
        assert.match(policy, /script-src 'nonce-[A-Za-z0-9+/=]{16,}'/);
        assert.match(policy, /require-trusted-types-for 'script'/);
        assert.match(policy, /trusted-types quote-assistant(;|$)/);
        assert.equal(policy.includes("'strict-dynamic'"), path === "/csp-strict.html");
        assert.ok(!policy.includes("allow-duplicates") && !policy.includes("unsafe"), policy);
      }
      assert.notEqual(csp[0], csp[1], "a new nonce each time");
    });

    test("the first click on the bubble opens the chat", async () => {
      const page = await e2e.newPage();
      const violations = await collectCspViolations(page);
      const errors = watchErrors(page);
      const chat = await openChat(page, `${e2e.site.urls.host}${path}?company=demo-company&bot=demo-bot`);
      await chat.getByRole("button", { name: "Let's Get Started", exact: true }).waitFor();
      await assertHealthy(page, violations, errors, ["/dist/quote-assistant.js"]);
    });

    test("Stripe: the quote chunk and Stripe.js carry the nonce, and the visitor pays", async () => {
      const page = await e2e.newPage();
      const violations = await collectCspViolations(page);
      const errors = watchErrors(page);
      const [phone, search, label] = visitors.stripe;
      const chat = await toPicker(page, e2e.site.urls.host, { company: "demo-company", bot: "demo-bot", phone, search, label, path });
      await pickPrograms(chat, "Grub Control");
      await typeSize(page, chat, "sq ft", "6000");
      const modal = page.getByRole("dialog", { name: /^Your quote from / });
      await modal.waitFor();
      await fillStripe(page, CARD);
      const signUp = modal.getByRole("button", { name: "Sign Up" });
      await signUpEnabled(page);
      await signUp.click();
      await saw(chat, /Congratulations, Kim! Your order is confirmed\./);
      await assertHealthy(page, violations, errors, ["/dist/quote-assistant.js", "/dist/quote-assistant-quote.js", "/stripe/v3.js"]);
    });

    test("the card vault (Thames Lawns): its script carries the nonce, and the visitor pays", async () => {
      const page = await e2e.newPage();
      const violations = await collectCspViolations(page);
      const errors = watchErrors(page);
      const [phone, search, label] = visitors.vault;
      const chat = await toPicker(page, e2e.site.urls.host, { company: "thames-lawns", bot: "garden", phone, search, label, path });
      await pickPrograms(chat, "Lawn Seeding");
      await typeSize(page, chat, "sq m", "240");
      const modal = await quoteNow(page, chat);
      await page.frameLocator("iframe[title='Card number (secure field)']").locator("input").pressSequentially(CARD);
      await page.frameLocator("iframe[title='CVV (secure field)']").locator("input").pressSequentially("123");
      await modal.getByLabel(/Expiry/).pressSequentially("1230");
      await modal.getByText("Expiry is valid").waitFor();
      await modal.getByRole("button", { name: "Sign Up" }).click();
      await saw(chat, /Congratulations, Kim!/);
      await assertHealthy(page, violations, errors, ["/dist/quote-assistant.js", "/dist/quote-assistant-quote.js", "/v1/vault.js"]);
    });
  });
}
