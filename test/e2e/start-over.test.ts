// 'Start over' in the header menu (issue 16): a new conversation from the greeting at any
// point, what the visitor answered gone (also after a reload); the menu works by keyboard and
// Escape closes it without closing the chat.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { clickAnswer, openChat, saw, typeAnswer } from "./chat.ts";
import { useDemoSite } from "./harness.ts";

const e2e = useDemoSite();

describe("start over", () => {
  test("from the middle of the contact questions: back to the greeting, nothing of the old answers left, after a reload too", async () => {
    const page = await e2e.newPage();
    const url = `${e2e.site.urls.host}/?company=demo-company&bot=demo-bot`;
    const chat = await openChat(page, url);
    await clickAnswer(chat, "Let's Get Started");
    await typeAnswer(chat, "First and last name", "Robin Fields");
    await saw(chat, "Thanks, Robin! What's the best phone number to reach you?");
    const greeting = (await chat.locator(".qa-msg-bot").first().textContent()) ?? "";

    const menu = chat.getByRole("button", { name: "Menu" });
    await menu.press("Enter");
    const item = chat.getByRole("menuitem", { name: "Start over" });
    await item.waitFor();
    // Escape closes the menu, not the chat, and gives focus back to the menu button.
    await page.keyboard.press("Escape");
    await item.waitFor({ state: "detached" });
    assert.equal(await chat.isVisible(), true);
    assert.equal(await menu.evaluate((button) => (button.getRootNode() as ShadowRoot).activeElement === button), true);

    await menu.click();
    await item.click();
    await chat.getByRole("button", { name: "Let's Get Started", exact: true }).waitFor();
    assert.equal(await chat.locator(".qa-msg-visitor").count(), 0, "no answer of the old conversation");
    assert.equal(await chat.getByText("Robin", { exact: false }).count(), 0);
    assert.equal(await chat.locator(".qa-msg-bot").first().textContent(), greeting);

    await page.reload();
    await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
    const again = page.getByRole("dialog");
    await again.getByRole("button", { name: "Let's Get Started", exact: true }).waitFor();
    assert.equal(await again.locator(".qa-msg-visitor").count(), 0, "the old conversation is not brought back");
  });
});

describe("no dead ends", () => {
  test("an address outside the service area: the company's number as a call link and 'Start over', which begins again", async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    const query = new URLSearchParams({ company: "greenway-lawn", bot: "lawn", customerName: "Kim Lee", phonenumber: "6145550777", customerEmail: "kim@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    const box = chat.getByRole("combobox", { name: "Search address" });
    await box.fill("12 Vine Street Cincinnati");
    await chat.getByRole("option").filter({ hasText: "Cincinnati, OH 45202" }).first().click();
    await saw(chat, "It appears we are unable to quote your property; the address provided is outside our service area.");
    const call = chat.getByRole("link", { name: "Call (614) 555-0187" });
    await call.waitFor();
    assert.equal(await call.getAttribute("href"), "tel:+16145550187");
    await clickAnswer(chat, "Start over");
    await chat.getByRole("button", { name: "Let's Get Started", exact: true }).waitFor();
    assert.equal(await chat.locator(".qa-msg-visitor").count(), 0);
  });
});

describe("an ended conversation on the next visits", () => {
  // Issue 12: before a quote exists the device keeps nothing (the transcript holds the address),
  // so a dead end before the quote starts is not brought back; one after it is shown once more
  // from the server's copy (src/state/saved-conversation.ts, test/unit/state/saved-conversation.test.ts).
  test("a dead end before the quote starts is not kept: the reload starts at the greeting", async () => {
    const page = await e2e.newPage();
    const query = new URLSearchParams({ company: "greenway-lawn", bot: "lawn", customerName: "Kim Lee", phonenumber: "6145550778", customerEmail: "kim@example.com" });
    const url = `${e2e.site.urls.host}/?${query}`;
    const endMessage = "It appears we are unable to quote your property; the address provided is outside our service area.";
    const chat = await openChat(page, url);
    await clickAnswer(chat, "Let's Get Started");
    await chat.getByRole("combobox", { name: "Search address" }).fill("12 Vine Street Cincinnati");
    await chat.getByRole("option").filter({ hasText: "Cincinnati, OH 45202" }).first().click();
    await saw(chat, endMessage);
    assert.ok(!(await page.evaluate(() => JSON.stringify({ ...localStorage }))).includes("Vine"), "the address is not stored");

    await page.reload();
    await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
    const again = page.getByRole("dialog");
    await again.getByRole("button", { name: "Let's Get Started", exact: true }).waitFor();
    assert.equal(await again.getByText(endMessage).count(), 0);
  });
});
