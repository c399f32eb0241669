// Steps of a visitor's journey shared by the end-to-end files: to the program picker, the
// lawn's size typed, the probing answers, the quote opened, the summary read as shown.
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { eventually } from "../eventually.ts";
import { clickAnswer, openChat, pickAddress, pickPrograms, PICKER_PROMPT, saw, typeAnswer } from "./chat.ts";

export interface Visit {
  company: string;
  bot: string;
  phone: string;
  search: string;
  label: string;
  /** The host page's path; default "/". */
  path?: string;
}

/** A new visitor with prefilled contact details, at the program picker. */
export async function toPicker(page: Page, host: string, v: Visit): Promise<Locator> {
  const query = new URLSearchParams({ company: v.company, bot: v.bot, customerName: "Kim Lee", phonenumber: v.phone, customerEmail: "kim@example.com" });
  const chat = await openChat(page, `${host}${v.path ?? "/"}?${query}`);
  await clickAnswer(chat, "Let's Get Started");
  await pickAddress(chat, v.search, v.label);
  await clickAnswer(chat, "No");
  if (v.company === "greenway-lawn") {
    await chat.getByLabel("How did you hear about us?").first().selectOption("google");
    await clickAnswer(chat, "Next");
  }
  await saw(chat, PICKER_PROMPT).catch(async (error: unknown) => {
    if (process.env.QA_SHOTS) await page.screenshot({ path: `.scratch/picker-${Date.now()}.png` });
    throw error;
  });
  return chat;
}

/** Closes the measuring tool and types the lawn's size instead (a size the tables price exactly). */
export async function typeSize(page: Page, chat: Locator, unit: string, size: string): Promise<void> {
  const modal = page.getByRole("dialog", { name: /Color in your lawn|Outline your property/ });
  await modal.waitFor();
  await modal.getByRole("button", { name: "Close" }).click();
  await typeAnswer(chat, `Size in ${unit}`, size);
}

export async function rate(chat: Locator, stars?: number): Promise<void> {
  const slider = chat.getByRole("slider", { name: "Your lawn's rating, in stars" });
  await slider.waitFor();
  assert.equal(await slider.getAttribute("aria-valuenow"), "3", "the rating starts at 3");
  if (stars !== undefined) {
    await slider.focus();
    const key = stars > 3 ? "ArrowRight" : "ArrowLeft";
    for (let i = 0; i < Math.abs(stars - 3) * 4; i++) await slider.press(key);
    assert.equal(await slider.getAttribute("aria-valuenow"), String(stars));
  }
  await clickAnswer(chat, "Rate");
}

export async function answerFertilizer(chat: Locator): Promise<void> {
  await saw(chat, "Who takes care of your lawn today?");
  await clickAnswer(chat, "I do it myself");
  await saw(chat, "Good for you! Let's see how we can give you some of your weekends back.");
  await rate(chat);
  await saw(chat, "How thick is your lawn?");
  await clickAnswer(chat, "Patchy");
  await saw(chat, "What is your lawn's biggest issue?");
  await clickAnswer(chat, "Crabgrass");
  await saw(chat, "What type of grass do you have?");
  await clickAnswer(chat, "Tall fescue");
}

/**
 * The quote opens. No demo company has probing questions, so ask-quote-now has one answer
 * ('Get My Quote Now'), taken as given: the quote is worked out as soon as the last question is answered.
 */
export async function quoteNow(page: Page, chat: Locator): Promise<Locator> {
  await saw(chat, "Calculating your custom quote...");
  const modal = page.getByRole("dialog", { name: /^Your quote from / });
  await modal.waitFor();
  if (process.env.QA_SHOTS) await page.screenshot({ path: `.scratch/quote-${Date.now()}.png` });
  return modal;
}

/** The summary rows the visitor can see, label → value. */
export async function summary(modal: Locator): Promise<Record<string, string>> {
  const card = modal.locator(".qa-summary:visible").last();
  await card.waitFor();
  const rows: Record<string, string> = {};
  for (const row of await card.locator(".qa-summary-row").all()) {
    rows[(await row.locator("dt").innerText()).trim()] = (await row.locator("dd").innerText()).trim();
  }
  return rows;
}


/** The summary row `name` once it reads `expected` (a failure naming the rows still shown after
 *  `timeoutMs`): a switch or a plan change re-renders the summary after the click has returned. */
export async function summaryRowBecomes(modal: Locator, name: string, expected: string, timeoutMs = 15_000): Promise<string> {
  const rows = await eventually(`the summary's ${name} to read ${expected}`, () => summary(modal), (seen) => seen[name] === expected, { timeoutMs, everyMs: 100 });
  return rows[name]!;
}

/** Records the page's `purchase` and `lead` events (read them with hostEvents). */
export async function listenForHostEvents(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Array<{ type: string; detail: unknown }> = [];
    (window as unknown as { qaEvents: typeof seen }).qaEvents = seen;
    for (const type of ["quote-assistant:purchase", "quote-assistant:lead", "quote-assistant:quote_started"]) {
      document.addEventListener(type, (event) => seen.push({ type, detail: (event as CustomEvent).detail }));
    }
  });
}

export const hostEvents = (page: Page) => page.evaluate(() => (window as unknown as { qaEvents: Array<{ type: string; detail: Record<string, unknown> }> }).qaEvents);

/** A demo-bot visitor with a Grub Control quote (no questions): straight to the modal. */
export async function demoQuote(page: Page, host: string, phone: string, search: string, label: string): Promise<{ chat: Locator; modal: Locator }> {
  const visit: Visit = { company: "demo-company", bot: "demo-bot", phone, search, label };
  const chat = await toPicker(page, host, visit);
  await pickPrograms(chat, "Grub Control");
  await typeSize(page, chat, "sq ft", "6000");
  await saw(chat, "Calculating your custom quote...");
  const modal = page.getByRole("dialog", { name: /^Your quote from / });
  await modal.waitFor();
  return { chat, modal };
}

/** Types a card into the stand-in Stripe Elements' frames (expiry 12/30, CVC 123). */
export async function fillStripe(page: Page, number = "4242424242424242"): Promise<void> {
  await page.frameLocator("iframe[title='Secure card number input frame']").locator("input").pressSequentially(number);
  await page.frameLocator("iframe[title='Secure expiration date input frame']").locator("input").pressSequentially("1230");
  await page.frameLocator("iframe[title='Secure CVC input frame']").locator("input").pressSequentially("123");
}

/** Waits until the quote's Sign Up can be pressed: the card fields answer slowly on a busy machine (30 s). */
export async function signUpEnabled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const host = document.querySelector("quote-assistant");
    const button = [...(host?.shadowRoot?.querySelectorAll("button") ?? [])].find((b) => b.textContent === "Sign Up");
    return button && !button.disabled;
  }, undefined, { timeout: 30_000 });
}
