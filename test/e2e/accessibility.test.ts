// Accessibility of the conversation's inputs and the measuring modal in real Chromium:
// axe-core finds no serious or critical violation, and the modal holds and returns focus.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { clickAnswer, openChat, pickAddress, pickPrograms, typeAnswer } from "./chat.ts";
import { seriousViolations } from "./axe.ts";
import { useDemoSite } from "./harness.ts";

const e2e = useDemoSite();

/** Where focus is, seen through the shadow root: "modal", "chat" or "page". */
function focusPlace(page: Page): Promise<string> {
  return page.evaluate(() => {
    const root = document.querySelector("quote-assistant")?.shadowRoot;
    const active = root?.activeElement;
    if (!active) return "page";
    if (active.closest(".qa-modal")) return "modal";
    return `chat:${active.getAttribute("aria-label") ?? active.id ?? active.tagName}`;
  });
}

describe("accessibility of the conversation", () => {
  test("a text input showing its error, the open address list and the dropdown have no serious violations", async () => {
    const page = await e2e.newPage();
    const chat = await openChat(page, `${e2e.site.urls.host}/?company=greenway-lawn&bot=lawn&customerName=Ann%20Bell&phonenumber=6145550191`);
    await clickAnswer(chat, "Let's Get Started");
    await typeAnswer(chat, "Email address", "ann@");
    await chat.getByText("Please enter a valid email address").waitFor();
    assert.deepEqual(await seriousViolations(page), [], "text input with an error");

    await typeAnswer(chat, "Email address", "ann@example.com");
    const box = chat.getByRole("combobox", { name: "Search address" });
    await box.fill("Brand Road 43017");
    await chat.getByRole("option").first().waitFor();
    assert.equal(await box.getAttribute("aria-expanded"), "true");
    await box.press("ArrowDown");
    assert.ok((await box.getAttribute("aria-activedescendant"))?.length, "the active suggestion is announced");
    assert.deepEqual(await seriousViolations(page), [], "address suggestions");

    await box.press("Enter");
    await clickAnswer(chat, "No");
    await chat.getByRole("combobox", { name: "How did you hear about us?" }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], "marketing dropdown");
  });

  test("the measuring modal holds focus while open, closes on Escape, and gives focus back to the chat", async () => {
    const page = await e2e.newPage();
    const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Ann Bell", phonenumber: "5555550291", customerEmail: "ann@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    await pickAddress(chat, "1234 Oak Street Dublin 43017", "1234 Oak Street, Dublin, OH 43017, USA");
    await clickAnswer(chat, "No");
    await pickPrograms(chat, "Fertilizer & Weed Control");
    const modal = page.getByRole("dialog", { name: "Color in your lawn" });
    await modal.waitFor();
    assert.equal(await modal.getAttribute("aria-modal"), "true");
    assert.equal(await focusPlace(page), "modal", "focus moves into the modal");
    assert.deepEqual(await seriousViolations(page), [], "measuring modal");

    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 3 === 2 ? "Shift+Tab" : "Tab");
      const inFrame = await page.evaluate(() => document.activeElement?.tagName === "QUOTE-ASSISTANT" && document.querySelector("quote-assistant")!.shadowRoot!.activeElement?.tagName === "IFRAME");
      const place = await focusPlace(page);
      assert.ok(place === "modal" || inFrame, `Tab ${i + 1} keeps focus in the modal (focus: ${place})`);
    }
    await modal.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
    await chat.getByLabel("Size in sq ft", { exact: true }).waitFor();
    await page.waitForFunction(() => document.querySelector("quote-assistant")?.shadowRoot?.activeElement?.id === "qa-text");
  });

  test("the program picker, the star rating and the quote modal (phone size) have no serious violations; the modal gives focus back", async () => {
    const page = await e2e.newPage({ viewport: { width: 375, height: 740 } });
    const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Ann Bell", phonenumber: "5555550292", customerEmail: "ann@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    await pickAddress(chat, "5565 Brand", "5565 Brand Road, Dublin, OH 43017, USA");
    await clickAnswer(chat, "No");
    await chat.getByRole("group", { name: "Services" }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], "program picker");
    await pickPrograms(chat, "Mowing");
    const tool = page.getByRole("dialog", { name: "Color in your lawn" });
    await tool.waitFor();
    await tool.getByRole("button", { name: "Close" }).click();
    await typeAnswer(chat, "Size in sq ft", "6000");
    await clickAnswer(chat, "2 weeks ago");
    await clickAnswer(chat, "I do it myself");
    const stars = chat.getByRole("slider", { name: "Your lawn's rating, in stars" });
    await stars.waitFor();
    assert.deepEqual(await seriousViolations(page), [], "star rating");
    await stars.focus();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    const modal = page.getByRole("dialog", { name: /^Your quote from / });
    await modal.waitFor();
    assert.equal(await modal.getAttribute("aria-modal"), "true");
    assert.deepEqual(await seriousViolations(page), [], "quote modal");
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
    assert.match(await focusPlace(page), /^chat/, "focus comes back to the chat");
  });
});
