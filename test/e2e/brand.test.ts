// Each company's own look, in Chromium: the snippet's colour on the loader's first bubble,
// the configured colour on the widget's header and primary buttons with readable text on
// them (WCAG AA, 4.5:1), and an agency's theme through the public CSS variables and parts,
// which reach nothing else.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { contrast, parseColor, type Rgb } from "../../src/config/brand-colors.ts";
import { openChat } from "./chat.ts";
import { useDemoSite, watchErrors } from "./harness.ts";

const e2e = useDemoSite();

const BRANDS: { company: string; brand: string; text: string }[] = [
  { company: "demo-company", brand: "rgb(15, 118, 110)", text: "rgb(255, 255, 255)" },
  { company: "greenway-lawn", brand: "rgb(139, 195, 74)", text: "rgb(0, 0, 0)" },
  { company: "thames-lawns", brand: "rgb(11, 42, 91)", text: "rgb(255, 255, 255)" },
  { company: "bugbusters-pest", brand: "rgb(198, 40, 40)", text: "rgb(255, 255, 255)" },
  { company: "alpen-rasen", brand: "rgb(213, 43, 30)", text: "rgb(255, 255, 255)" },
];

const color = (computed: string): Rgb => {
  const parsed = parseColor(computed);
  assert.ok(parsed, `a computed colour: ${computed}`);
  return parsed;
};

const styleOf = (locator: Locator, property: string): Promise<string> =>
  locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

/**
 * The loader's bubble as its first frame paints it, read in that frame: the widget may take the
 * bubble over soon after, as it runs when the page is idle (issue 35). Call before goto.
 */
async function watchFacadeBubbleColor(page: Page): Promise<() => Promise<string>> {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const bubble = document.querySelector("[data-quote-assistant-facade]")?.shadowRoot?.querySelector(".qa-bubble");
      if (!bubble) return;
      observer.disconnect();
      requestAnimationFrame(() => ((window as unknown as { facadeColor: string }).facadeColor = getComputedStyle(bubble).backgroundColor));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  return async () => (await page.waitForFunction(() => (window as unknown as { facadeColor?: string }).facadeColor)).jsonValue() as Promise<string>;
}

describe("every demo company in its own colours", () => {
  for (const { company, brand, text } of BRANDS) {
    test(`${company}: the bubble from the first frame, the header and the primary buttons in ${brand}, readable`, async () => {
      const page = await e2e.newPage({ viewport: { width: 390, height: 800 } });
      const errors = watchErrors(page);
      const facadeBubbleColor = await watchFacadeBubbleColor(page);
      await page.goto(`${e2e.site.urls.host}/?company=${company}`);
      // The loader's bubble, painted before the bundle has run: the snippet's data-color.
      assert.equal(await facadeBubbleColor(), brand);

      const chat = await openChat(page, `${e2e.site.urls.host}/?company=${company}`);
      const header = chat.locator(".qa-header");
      // The configuration's colour replaces the snippet's (the same here) once it has loaded.
      await chat.locator(".qa-header-sub").waitFor();
      assert.equal(await styleOf(header, "background-color"), brand);
      assert.equal(await styleOf(chat.locator(".qa-header-title"), "color"), text);
      assert.ok(contrast(color(await styleOf(chat.locator(".qa-header-title"), "color")), color(brand)) >= 4.5);

      const primary = chat.locator('[part~="primary-button"]').first();
      await primary.waitFor();
      assert.equal(await styleOf(primary, "background-color"), brand);
      assert.ok(contrast(color(await styleOf(primary, "color")), color(await styleOf(primary, "background-color"))) >= 4.5);
      // A secondary choice: the brand as text on white, readable too.
      const secondary = chat.locator(".qa-choice:not(.qa-choice-primary)").first();
      if (await secondary.count()) {
        assert.ok(contrast(color(await styleOf(secondary, "color")), color("#ffffff")) >= 4.5);
      }
      assert.deepEqual(errors.pageErrors, []);
    });
  }
});

describe("the configured colour without a snippet", () => {
  test("the inline widget (the bundle's own tag, no data-color) takes its colour from the company's configuration", async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.site.urls.host}/inline.html?company=bugbusters-pest`);
    const widget = page.locator("quote-assistant");
    await widget.locator(".qa-header-sub").waitFor();
    assert.equal(await widget.getAttribute("brand-color"), null);
    assert.equal(await styleOf(widget.locator(".qa-header"), "background-color"), "rgb(198, 40, 40)");
    assert.equal(await styleOf(widget.locator(".qa-header-title"), "color"), "rgb(255, 255, 255)");
  });
});

describe("an agency's theme on the host page", () => {
  test("--qa-brand, --qa-font, --qa-radius and the parts apply; the text on the agency's colour stays readable; nothing else is reached", async () => {
    const page = await e2e.newPage();
    const facadeBubbleColor = await watchFacadeBubbleColor(page);
    await page.goto(`${e2e.site.urls.host}/themed.html?company=thames-lawns`);
    // The page's variables reach the loader's bubble too.
    assert.equal(await facadeBubbleColor(), "rgb(109, 40, 217)");
    const chat = await openChat(page, `${e2e.site.urls.host}/themed.html?company=thames-lawns`);
    await chat.locator(".qa-header-sub").waitFor();
    const header = chat.locator(".qa-header");
    // The agency's colour wins over the company's navy.
    assert.equal(await styleOf(header, "background-color"), "rgb(109, 40, 217)");
    assert.ok(contrast(color(await styleOf(chat.locator(".qa-header-title"), "color")), color("rgb(109, 40, 217)")) >= 4.5);
    assert.match(await styleOf(chat.locator(".qa-header-title"), "font-family"), /^Georgia/);
    assert.equal(await styleOf(chat, "border-top-left-radius"), "6px");
    const primary = chat.locator('[part~="primary-button"]').first();
    await primary.waitFor();
    assert.equal(await styleOf(primary, "text-transform"), "uppercase");
    // Not a part: the page's rules stop at the shadow root.
    assert.equal(await styleOf(chat.locator(".qa-msg").first(), "text-transform"), "none");
    const bubble = page.locator("quote-assistant .qa-bubble");
    assert.match(await styleOf(bubble, "box-shadow"), /rgb\(237, 233, 254\) 0px 0px 0px 4px/);
  });
});

describe("the company's avatar", () => {
  test("beside the first of the bot's messages in a row (BugBusters has one), and nowhere for a company without", async () => {
    const page = await e2e.newPage();
    const chat = await openChat(page, `${e2e.site.urls.host}/?company=bugbusters-pest`);
    await chat.locator(".qa-choices").waitFor();
    const avatars = chat.locator("img.qa-avatar");
    assert.equal(await avatars.count(), 1, "one run of bot messages so far: one avatar");
    assert.match((await avatars.getAttribute("src")) ?? "", /\/demo-assets\/avatars\/bugbusters-pest\.svg$/);
    // Decorative: the bot's name is already read out with each message.
    assert.equal(await avatars.getAttribute("alt"), "");
    assert.equal(await chat.locator(".qa-msg-row .qa-msg-bot").count(), await chat.locator(".qa-msg-bot").count());
    assert.ok((await avatars.evaluate((img) => (img as HTMLImageElement).naturalWidth)) > 0, "the picture loaded");

    const other = await e2e.newPage();
    const plain = await openChat(other, `${e2e.site.urls.host}/?company=thames-lawns`);
    await plain.locator(".qa-choices").waitFor();
    assert.equal(await plain.locator(".qa-avatar").count(), 0);
  });
});
