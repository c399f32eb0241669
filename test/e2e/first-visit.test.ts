// A visitor's first minute on a company's site: the bubble, the chat, the greeting, the start.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Response } from "playwright-core";
import { useDemoSite, watchErrors } from "./harness.ts";

const e2e = useDemoSite();

const GREENWAY_GREETING =
  "Hi there! Welcome to Greenway Lawn Care. I can have a custom lawn care quote ready for you in about two minutes.";

describe("a visitor on a company's site with the loader", () => {
  test("sees the bubble, clicks it, reads the company greeting and starts", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    const dist: Array<{ file: string; response: Response }> = [];
    page.on("response", (response) => {
      const file = new URL(response.url()).pathname;
      if (/^\/dist\/(loader|quote-assistant)\.js$/.test(file) && !dist.some((each) => each.file === file)) dist.push({ file, response });
    });
    await page.goto(`${e2e.site.urls.host}/?company=greenway-lawn&bot=lawn`);
    const bubble = page.getByRole("button", { name: "Open the quote assistant chat" });
    await bubble.waitFor();
    await bubble.click();

    const chat = page.getByRole("dialog", { name: "Gwen" });
    await chat.waitFor();
    await chat.getByText(GREENWAY_GREETING).waitFor();
    const start = chat.getByRole("button", { name: "Let's Get Started" });
    await start.waitFor();
    assert.equal(await chat.getByRole("button", { name: "Learn More" }).isVisible(), true);

    await start.click();
    await chat.getByRole("log").getByText("Let's Get Started").waitFor();
    assert.deepEqual(errors.pageErrors, []);

    // The loader and the bundle came compressed (the build's .br or .gz copies): a phone
    // downloads the bundle's 121 KB of brotli, not its 435 KB as written.
    assert.deepEqual(dist.map((each) => each.file).sort(), ["/dist/loader.js", "/dist/quote-assistant.js"]);
    for (const each of dist) {
      const { responseBodySize } = await each.response.request().sizes();
      const decoded = (await each.response.body()).length;
      assert.match(each.response.headers()["content-encoding"] ?? "none", /^(br|gzip)$/, each.file);
      assert.ok(responseBodySize > 0 && responseBodySize < decoded / 2.5, `${each.file}: ${responseBodySize} B over the wire for ${decoded} B`);
    }
  });

  test("a company without a greeting gets the default welcome", async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.site.urls.host}/?company=demo-company&bot=demo-bot`);
    await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
    const chat = page.getByRole("dialog");
    await chat.getByText(/measure your property, analyse your service area, tailor a custom program for you and deliver an instant quote/).waitFor();
    await chat.getByRole("button", { name: "Let's Get Started" }).waitFor();
  });

  test("the facade bubble and the real bubble stand in the same place, so the swap does not jump", async () => {
    const page = await e2e.newPage();
    // The facade's bubble as its first frame paints it: the widget takes it over on its own
    // once the page is idle (issue 35), perhaps before the test could look at it.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const bubble = document.querySelector("[data-quote-assistant-facade]")?.shadowRoot?.querySelector(".qa-bubble");
        if (!bubble) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          const { x, y, width, height } = bubble.getBoundingClientRect();
          (window as unknown as { facadeBox: object }).facadeBox = { x, y, width, height };
        });
      });
      observer.observe(document, { childList: true, subtree: true });
      // Every frame until the hand-over: a frame with both bubbles would show two.
      const w = window as unknown as { framesWithTwoBubbles: number };
      w.framesWithTwoBubbles = 0;
      const watch = () => {
        const facade = document.querySelector("[data-quote-assistant-facade]");
        const widgetBubble = document.querySelector("quote-assistant")?.shadowRoot?.querySelector(".qa-bubble");
        if (facade && widgetBubble) w.framesWithTwoBubbles++;
        if (facade || !widgetBubble) requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    });
    await page.goto(`${e2e.site.urls.host}/?company=greenway-lawn&bot=lawn`);
    const facadeBox = await (await page.waitForFunction(() => (window as unknown as { facadeBox?: object }).facadeBox)).jsonValue();
    // No gesture: the loader runs the widget when the page is idle, and the widget takes over.
    await page.locator("[data-quote-assistant-facade]").waitFor({ state: "detached" });
    const real = page.locator("quote-assistant .qa-bubble");
    await page.waitForFunction(
      (bubble) => !!bubble && bubble.getAnimations().length === 0 && getComputedStyle(bubble).transform === "none",
      await real.elementHandle(),
      { polling: "raf" },
    );
    const { x, y, width, height } = (await real.boundingBox())!;
    assert.deepEqual({ x, y, width, height }, facadeBox);
    assert.equal(await page.getByRole("dialog").count(), 0, "running the widget ahead does not open it");
    assert.equal(await page.evaluate(() => (window as unknown as { framesWithTwoBubbles: number }).framesWithTwoBubbles), 0, "no frame with two bubbles");
  });

  test("a keyboard visitor tabs to the bubble, presses Enter and lands inside the chat", async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.site.urls.host}/blank.html?company=demo-company&bot=demo-bot`);
    // The loader's bubble, or the widget's own once it has run ahead of the visitor (issue 35).
    await page.locator("[data-quote-assistant-facade] .qa-bubble, quote-assistant .qa-bubble").first().waitFor();
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press("Tab");
      const onBubble = await page.evaluate(() => {
        const active = document.activeElement;
        return !!active && (active.matches("[data-quote-assistant-facade], quote-assistant"));
      });
      if (onBubble) break;
    }
    await page.keyboard.press("Enter");
    const start = page.getByRole("button", { name: "Let's Get Started" });
    await start.waitFor();
    await page
      .waitForFunction(() => {
        const el = document.querySelector("quote-assistant");
        return el?.shadowRoot?.activeElement?.textContent === "Let's Get Started";
      })
      .catch(async (error: Error) => {
        const active = await page.evaluate(() => {
          const a = document.activeElement;
          return `${a?.tagName} > ${a?.shadowRoot?.activeElement?.outerHTML.slice(0, 120)}`;
        });
        throw new Error(`${error.message}; focus is on ${active}`);
      });
    await page.keyboard.press("Enter");
    await page.getByRole("log").getByText("Let's Get Started").waitFor();
  });

  test("a configuration that cannot load shows the error inside the widget, and the page keeps working", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    await page.goto(`${e2e.site.urls.host}/?company=no-such-company&bot=none`);
    await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
    await page.getByRole("alert").getByText("Sorry, instant quotes are unavailable right now.").waitFor();
    assert.deepEqual(errors.pageErrors, []);
    assert.ok(errors.consoleErrors.some((line) => line.includes("no-such-company")), "the reason is logged");
    const heading = page.getByRole("heading", { level: 1 });
    assert.equal(await heading.isVisible(), true, "the host page is intact");
  });
});

describe("the widget in place and on its own page", () => {
  test("inline mode renders the chat where the page puts it", async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.site.urls.host}/inline.html?company=greenway-lawn&bot=lawn`);
    const region = page.getByRole("region", { name: "Gwen" });
    await region.getByRole("button", { name: "Let's Get Started" }).waitFor();
    const box = await region.boundingBox();
    const slot = await page.locator("quote-assistant").evaluate((el) => {
      const r = el.parentElement!.getBoundingClientRect();
      return { x: r.x, y: r.y };
    });
    assert.ok(box && Math.abs(box.x - slot.x) < 40 && box.y >= slot.y, "the chat sits in its column");
    assert.equal(await page.getByRole("button", { name: "Open the quote assistant chat" }).count(), 0);
  });

  const hosted: Array<[string, RegExp | string]> = [
    ["/greenway-lawn/lawn", GREENWAY_GREETING],
    ["/", /deliver an instant quote/],
    ["/index.html", /deliver an instant quote/],
  ];
  for (const [path, greeting] of hosted) {
    test(`the hosted page ${path} takes company and bot from its path`, async () => {
      const page = await e2e.newPage();
      await page.goto(`${e2e.site.urls.widget}${path}`);
      await page.getByText(greeting).waitFor();
    });
  }
});

describe("on a phone", () => {
  test("the open chat fills the screen and its buttons are thumb-sized", async () => {
    const page = await e2e.newPage({ viewport: { width: 375, height: 667 } });
    await page.goto(`${e2e.site.urls.host}/?company=greenway-lawn&bot=lawn`);
    await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
    const chat = page.getByRole("dialog");
    const start = chat.getByRole("button", { name: "Let's Get Started" });
    await start.waitFor();
    assert.deepEqual(await chat.boundingBox(), { x: 0, y: 0, width: 375, height: 667 });
    const startBox = await start.boundingBox();
    assert.ok(startBox && startBox.height >= 44, "at least 44 px tall");
    await chat.getByRole("button", { name: "Close chat" }).click();
    await page.getByRole("button", { name: "Open the quote assistant chat" }).waitFor();
  });
});
