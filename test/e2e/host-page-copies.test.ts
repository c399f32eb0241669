// Pages as they are really assembled: the snippet pasted more than once, the bundle's tag added
// by a plugin besides the loader, a page that took the element's name for one of its own.
// Whatever the order, one widget, one bubble, and the first click opens the chat.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { useDemoSite, watchErrors } from "./harness.ts";

const e2e = useDemoSite();

const BUBBLE = "Open the quote assistant chat";

async function openAndStart(page: Page, tag = "quote-assistant"): Promise<void> {
  await page.getByRole("button", { name: BUBBLE }).click();
  const chat = page.getByRole("dialog");
  await chat.getByRole("button", { name: "Let's Get Started" }).click();
  await chat.getByRole("log").getByText("Let's Get Started").waitFor();
  assert.equal(await page.locator(tag).count(), 1, `one <${tag}>`);
  assert.equal(await page.getByRole("dialog").count(), 1, "one chat window");
}

describe("a page that pastes the widget more than once", () => {
  const orders: Array<[string, string]> = [
    ["the snippet three times", "loaders=3&bundles=0"],
    ["the snippet three times and the bundle twice", "loaders=3&bundles=2"],
    ["the bundle twice before the snippet three times", "loaders=3&bundles=2&order=bundle-first"],
  ];
  for (const [what, query] of orders) {
    test(`${what}: one bubble, one widget, and the first click opens it`, async () => {
      const page = await e2e.newPage();
      const errors = watchErrors(page);
      await page.goto(`${e2e.site.urls.host}/copies.html?company=demo-company&bot=demo-bot&${query}`);
      await page.getByRole("button", { name: BUBBLE }).waitFor();
      // Whichever tag ran first, the page shows a single bubble: every tag has run (the load
      // event, which goto awaits, waits for async scripts), and any widget one of them placed
      // has drawn its own bubble.
      await page.waitForFunction(() => [...document.querySelectorAll("quote-assistant")].every((widget) => widget.shadowRoot?.querySelector(".qa-bubble")));
      assert.equal(await page.getByRole("button", { name: BUBBLE }).count(), 1, "one bubble");
      await openAndStart(page);
      assert.deepEqual(errors.pageErrors, []);
    });
  }
});

describe("a page that defined its own <quote-assistant> first", () => {
  test("the widget runs as <quote-assistant-widget>, says why in the console, and the bubble works", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    const warnings: string[] = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    await page.addInitScript(() => {
      customElements.define("quote-assistant", class extends HTMLElement {});
    });
    await page.goto(`${e2e.site.urls.host}/blank.html?company=demo-company&bot=demo-bot`);
    await openAndStart(page, "quote-assistant-widget");
    assert.equal(await page.locator("quote-assistant").count(), 0, "the page's own element class is left alone, ours moved");
    // The loader's element was a block until the widget was ready (set through CSSOM); the copy
    // takes none of it, and nothing is left inline for the page's CSS to fight.
    assert.equal((await page.locator("quote-assistant-widget").getAttribute("style")) ?? "", "");
    assert.ok(
      warnings.some((w) => w.includes("<quote-assistant>") && w.includes("<quote-assistant-widget>")),
      `the console says why: ${warnings.join(" | ")}`,
    );
    // The host-page API reaches the widget under its other name.
    await page.evaluate(() => (window as unknown as { QuoteAssistant(c: string): void }).QuoteAssistant("close"));
    await page.getByRole("dialog").waitFor({ state: "detached" });
    assert.deepEqual(errors.pageErrors, []);
  });
});
