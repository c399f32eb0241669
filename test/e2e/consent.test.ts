// Cookie banners: a page that asks for consent first keeps the widget in memory only. Nothing
// reaches localStorage or a cookie through a whole start of a quote, and the conversation
// still works; once the page grants storage, the conversation is kept and comes back on reload.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { saw, PICKER_PROMPT } from "./chat.ts";
import { useDemoSite, watchErrors } from "./harness.ts";
import { toPicker, type Visit } from "./journey.ts";

const e2e = useDemoSite();

const GREENWAY: Visit = { company: "greenway-lawn", bot: "lawn", phone: "6145550177", search: "2874 Brand", label: "2874 Brand Road, Dublin, OH 43016, USA" };

/** Everything the page's origin holds for us: localStorage keys and cookie names. */
async function deviceState(page: Page): Promise<{ keys: string[]; cookies: string[] }> {
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  const cookies = (await page.context().cookies()).map((c) => c.name).sort();
  return { keys, cookies };
}

/** The landing page's snippet with `data-consent="required"`, as a consent-first site pastes it. */
async function askForConsentFirst(page: Page): Promise<void> {
  await page.addInitScript(() => {
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLScriptElement && node.src.endsWith("/dist/loader.js")) node.dataset.consent = "required";
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

describe("storage only with the page's consent", () => {
  test('data-consent="required": nothing stored through a quote start, then kept once the page grants it', async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    await askForConsentFirst(page);
    await toPicker(page, e2e.site.urls.host, GREENWAY);
    assert.deepEqual(await deviceState(page), { keys: [], cookies: [] }, "memory only before consent");

    await page.evaluate(() => (window as unknown as { QuoteAssistant(...args: unknown[]): void }).QuoteAssistant("consent", true));
    const after = await deviceState(page);
    assert.ok(after.keys.length > 0, "granting consent keeps the conversation on the device");

    // The next page view: the banner remembers the visitor's choice and says so again.
    await page.reload();
    await page.evaluate(() => (window as unknown as { QuoteAssistant(...args: unknown[]): void }).QuoteAssistant("consent", true));
    await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
    await saw(page.getByRole("dialog", { name: "Gwen" }), PICKER_PROMPT);
    assert.deepEqual(errors.pageErrors, []);
  });

  test('QuoteAssistant("consent", false) said before the loader arrives keeps the widget in memory only; the chat goes on', async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    // The page's own stub, as a consent banner that runs before the snippet would define it.
    await page.addInitScript(() => {
      const w = window as unknown as { QuoteAssistant: ((...args: unknown[]) => void) & { q?: unknown[] } };
      w.QuoteAssistant = function (...args: unknown[]) {
        (w.QuoteAssistant.q = w.QuoteAssistant.q || []).push(args);
      } as typeof w.QuoteAssistant;
      w.QuoteAssistant("consent", false);
    });
    await toPicker(page, e2e.site.urls.host, { ...GREENWAY, phone: "6145550178", search: "5565 Brand", label: "5565 Brand Road, Dublin, OH 43017, USA" });
    assert.deepEqual(await deviceState(page), { keys: [], cookies: [] });
    assert.deepEqual(errors.pageErrors, []);
  });
});
