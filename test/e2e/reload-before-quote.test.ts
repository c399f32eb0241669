// A reload before the quote has started (issue 27): on a phone the browser discards background
// tabs, so reading a text message costs a reload. What was typed (name, phone, e-mail, address)
// is kept for this tab only (sessionStorage) and comes back; a new tab, or a page without the
// visitor's consent, starts at the greeting; once the quote starts, the tab's copy is gone.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { clickAnswer, OPEN_CHAT, openChat, pickAddress, PICKER_PROMPT, saw, typeAnswer } from "./chat.ts";
import { useDemoSite } from "./harness.ts";

const e2e = useDemoSite();
const demo = "company=demo-company&bot=demo-bot";

async function reopen(page: Page) {
  await page.reload();
  await page.getByRole("button", { name: OPEN_CHAT.en }).click();
  const chat = page.getByRole("dialog");
  await chat.waitFor();
  return chat;
}

const tabKeys = (page: Page) => page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith("qa:")));

describe("a reload before the quote has started", () => {
  test("name, phone and e-mail typed, then a reload: the chat comes back at the address with what was typed; the quote then starts and the tab's copy is gone", async () => {
    const page = await e2e.newPage();
    let chat = await openChat(page, `${e2e.site.urls.host}/?${demo}`);
    await clickAnswer(chat, "Let's Get Started");
    await typeAnswer(chat, "First and last name", "Kim Lee");
    await typeAnswer(chat, "Phone number", "(614) 555-0241");
    await typeAnswer(chat, "Email address", "kim.reload@example.com");
    await chat.getByRole("combobox", { name: "Search address" }).waitFor();
    assert.deepEqual(await tabKeys(page), ["qa:unstarted:demo-company:demo-bot"]);
    assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("qa:conversation")).length), 0, "nothing of it in localStorage");

    chat = await reopen(page);
    for (const said of ["You: Kim Lee", "You: 6145550241", "You: kim.reload@example.com"]) {
      await chat.getByRole("log").locator(".qa-msg").filter({ hasText: said }).waitFor();
    }
    await saw(chat, "And your email address?");
    // It stands where it stood: the address search, and no question is asked twice.
    await pickAddress(chat, "5567 Coffman Park Drive 43017", "5567 Coffman Park Drive, Dublin, OH 43017, USA");
    await clickAnswer(chat, "No");
    await saw(chat, PICKER_PROMPT);
    assert.equal(await chat.getByRole("log").locator(".qa-msg").filter({ hasText: "What are your first and last names?" }).count(), 1);
    assert.deepEqual(await tabKeys(page), [], "the quote started: the tab's copy is removed");
  });

  test("another tab starts at the greeting; so does a page without the visitor's consent, which writes nothing", async () => {
    const page = await e2e.newPage();
    let chat = await openChat(page, `${e2e.site.urls.host}/?${demo}`);
    await clickAnswer(chat, "Let's Get Started");
    await typeAnswer(chat, "First and last name", "Ana Ruiz");
    await saw(chat, "Thanks, Ana! What's the best phone number to reach you?");

    const other = await page.context().newPage();
    await other.goto(`${e2e.site.urls.host}/?${demo}`);
    await other.getByRole("button", { name: OPEN_CHAT.en }).click();
    const fresh = other.getByRole("dialog");
    await fresh.getByRole("button", { name: "Let's Get Started" }).waitFor();
    assert.equal(await fresh.getByRole("log").locator(".qa-msg").filter({ hasText: "Ana Ruiz" }).count(), 0);

    const banner = await e2e.newPage();
    await banner.addInitScript({ content: "window.QuoteAssistant = function () { (window.QuoteAssistant.q = window.QuoteAssistant.q || []).push(arguments); }; QuoteAssistant('consent', false);" });
    chat = await openChat(banner, `${e2e.site.urls.host}/?${demo}`);
    await clickAnswer(chat, "Let's Get Started");
    await typeAnswer(chat, "First and last name", "Lee Park");
    await saw(chat, "Thanks, Lee! What's the best phone number to reach you?");
    assert.deepEqual(await tabKeys(banner), [], "memory only");
    chat = await reopen(banner);
    await chat.getByRole("button", { name: "Let's Get Started" }).waitFor();
    assert.equal(await chat.getByRole("log").locator(".qa-msg").filter({ hasText: "Lee Park" }).count(), 0);
  });
});
