// The snippet delivered by Google Tag Manager: a Custom HTML tag is fired after the page's
// load event, and GTM re-creates the tag's <script> as a new element appended by its own
// script (demo-site/host-static/tag-manager.js does the same). The widget must work exactly as
// when the snippet is in the page's markup: one bubble, the first click opens the chat.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useDemoSite, watchErrors } from "./harness.ts";
import { seriousViolations } from "./axe.ts";

const e2e = useDemoSite();

describe("the snippet in a Tag Manager Custom HTML tag", () => {
  test("the tag fires after load, and the first click on its bubble opens a working chat", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    const url = `${e2e.site.urls.host}/tag-manager.html?company=greenway-lawn&bot=lawn`;
    // The page's own markup runs no loader: the only copy of the snippet is the tag's.
    const markup = await (await page.request.get(url)).text();
    const outsideTemplate = markup.replace(/<template[\s\S]*?<\/template>/g, "");
    assert.ok(!outsideTemplate.includes("loader.js"), "no loader tag outside the Custom HTML tag");
    assert.ok(markup.includes("loader.js"), "the Custom HTML tag holds the snippet");

    await page.goto(url);
    await page.locator("html[data-tag-fired]").waitFor({ state: "attached" });
    const state = await page.evaluate(() => ({
      readyState: document.readyState,
      loaders: document.querySelectorAll('script[src*="/dist/loader.js"]').length,
      events: ((window as unknown as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).map((entry) => entry.event),
    }));
    assert.equal(state.readyState, "complete");
    assert.equal(state.loaders, 1, "the tag manager inserted one loader script");
    assert.deepEqual(state.events.slice(0, 2), ["gtm.js", "gtm.load"]);

    const bubble = page.getByRole("button", { name: "Open the quote assistant chat" });
    await bubble.waitFor();
    // The tag has fired and the page has loaded (above), and the one loader it inserted has painted its bubble: the only one.
    assert.equal(await bubble.count(), 1, "one bubble");
    await bubble.click();
    const chat = page.getByRole("dialog");
    await chat.waitFor(); // the first click opened the chat (15 s)
    // The configuration has loaded (30 s on a busy machine): the bot named in the title, the
    // company under it, the company's welcome said, the start button offered.
    const start = chat.getByRole("button", { name: "Let's Get Started" });
    await start.waitFor({ timeout: 30_000 });
    assert.equal(await chat.getByRole("heading", { level: 2 }).first().innerText(), "Gwen");
    assert.equal(await chat.locator(".qa-header-sub").innerText(), "Greenway Lawn Care");
    await chat.getByRole("log").getByText(/Welcome to Greenway Lawn Care/).waitFor();
    await start.click();
    await chat.getByRole("log").getByText("Let's Get Started").waitFor();
    assert.equal(await page.locator("quote-assistant").count(), 1, "one widget");
    assert.deepEqual(await seriousViolations(page), []);
    assert.deepEqual(errors.pageErrors, []);
  });
});
