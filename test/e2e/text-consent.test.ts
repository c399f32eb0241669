// The texts consent box (issue 34) end to end: a company whose served configuration has
// `textConsent` (set in the test's browser, as the server sets it when texts are on:
// server/ports/config-needs.ts, unit-tested in test/server/providers/text-consent-config.test.ts;
// the demo's own texts are off) shows an unticked, labelled box under the phone field. A
// keyboard visitor ticks it with Space and the quote keeps the exact words shown, ticked, with
// the time, the client's address and the browser's time zone; one who leaves it is kept as
// not given; a visitor in Spanish sees and is kept with the Spanish words. axe finds nothing
// serious.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { openDatabase } from "../../server/db/database.ts";
import { eventually } from "../eventually.ts";
import { seriousViolations } from "./axe.ts";
import { clickAnswer, openChat, saw } from "./chat.ts";
import { TEST_BOT_SPEED_MS, useDemoSite } from "./harness.ts";

const dir = mkdtempSync(join(tmpdir(), "qa-text-consent-"));
const DB_PATH = join(dir, "demo.db");
const e2e = useDemoSite({ dbPath: DB_PATH });
after(() => rmSync(dir, { recursive: true, force: true }));

const COMPANY = "Demo Lawn & Pest Co.";
const EN = `I agree to get texts from ${COMPANY} about this quote (at most 2). Message and data rates may apply. Reply STOP to end. Consent is not a condition of purchase.`;
const ES = `Acepto recibir mensajes de texto de ${COMPANY} sobre esta cotización (como máximo 2). Pueden aplicarse tarifas de mensajes y datos. Responda STOP para terminar. El consentimiento no es una condición de compra.`;
const CONFIGURATION_CALL = /\/v1\/company\/[^/]+\/bot\/[^/?]+(\?|$)/;

/** A page whose configuration says texts are on (at most 2), at the tests' quick pace, in `timezoneId`. */
async function textingPage(timezoneId: string): Promise<Page> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId });
  after(() => context.close().catch(() => undefined));
  await context.route(CONFIGURATION_CALL, async (route) => {
    const response = await route.fetch().catch(() => null);
    if (!response) return route.abort().catch(() => undefined);
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({ response, json: { ...config, botSpeed: TEST_BOT_SPEED_MS, textConsent: { texts: 2 } } }).catch(() => undefined);
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** The visitor's quote started: the address, no unit, and the quote's start (the picker's prompt). */
async function toQuoteStart(chat: Locator, street: string, label: string, picker: RegExp): Promise<void> {
  const box = chat.getByRole("combobox");
  await box.fill(street);
  await chat.getByRole("option", { name: label }).click();
  await chat.getByRole("button", { name: /^(No)$/ }).click();
  await saw(chat, picker, 30_000);
}

/** What the quote of this phone number keeps. */
async function keptFor(phone: string) {
  const db = openDatabase(DB_PATH);
  try {
    const row = await eventually(
      `the quote of ${phone}`,
      () => db.prepare("SELECT text_consent, time_zone FROM quotes WHERE json_extract(customer, '$.phoneNumber') = ?").get(phone) as { text_consent: string | null; time_zone: string | null } | undefined,
      (found) => found !== undefined,
      { timeoutMs: 15_000, everyMs: 100 },
    );
    return { consent: row!.text_consent === null ? null : (JSON.parse(row!.text_consent) as Record<string, unknown>), timeZone: row!.time_zone };
  } finally {
    db.close();
  }
}

/** The focused control in the widget: its id, else its class. */
const shadowFocus = (page: Page) =>
  page.evaluate(() => {
    const focused = document.querySelector("quote-assistant")?.shadowRoot?.activeElement;
    return focused ? focused.id || focused.className : null;
  });

describe("the texts consent box", () => {
  test("a keyboard visitor ticks it with Space: the quote keeps the exact words, ticked, with time, address and time zone; axe clean", async () => {
    const page = await textingPage("America/Chicago");
    const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Kim Lee", customerEmail: "kim@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    await saw(chat, "Thanks, Kim! What's the best phone number to reach you?");
    const box = chat.getByRole("checkbox", { name: EN, exact: true });
    await box.waitFor();
    assert.equal(await box.isChecked(), false, "unticked at first");
    assert.deepEqual(await seriousViolations(page), [], "the phone's step with the box");

    const field = chat.getByLabel("Phone number", { exact: true });
    await field.focus();
    await page.keyboard.type("6145550377");
    await page.keyboard.press("Tab");
    assert.equal(await shadowFocus(page), "qa-send", "the send button after the field");
    await page.keyboard.press("Tab");
    assert.equal(await shadowFocus(page), "qa-consent", "then the box");
    await page.keyboard.press("Space");
    assert.equal(await box.isChecked(), true, "Space ticks it");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await saw(chat, "What's the address of the property you'd like a quote for?");

    const before = Date.now();
    await toQuoteStart(chat, "5565 Brand", "5565 Brand Road, Dublin, OH 43017, USA", /Which services would you like a quote for\?/);
    const kept = await keptFor("6145550377");
    assert.ok(kept.consent);
    assert.deepEqual({ given: kept.consent.given, version: kept.consent.version, text: kept.consent.text }, { given: true, version: "2026-11-28", text: EN });
    assert.match(String(kept.consent.ip), /127\.0\.0\.1|::1/);
    assert.ok(Math.abs(Date.parse(String(kept.consent.at)) - before) < 60_000, "the time of the quote's start");
    assert.equal(kept.timeZone, "America/Chicago");
  });

  test("ticked and unticked again by mouse, then sent: the quote keeps the words shown, not given", async () => {
    const page = await textingPage("America/New_York");
    const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Lee Park", customerEmail: "lee@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    const field = chat.getByLabel("Phone number", { exact: true });
    await field.fill("6145550378");
    const box = chat.getByRole("checkbox", { name: EN, exact: true });
    // Ticked and unticked again by clicks on the box itself; the number is not sent meanwhile.
    await box.click();
    assert.equal(await box.isChecked(), true);
    await box.click();
    assert.equal(await box.isChecked(), false);
    assert.equal(await field.inputValue(), "6145550378", "still in the field, not sent");
    await field.press("Enter");
    await toQuoteStart(chat, "2874 Brand", "2874 Brand Road, Dublin, OH 43017, USA", /Which services would you like a quote for\?/);
    const kept = await keptFor("6145550378");
    assert.equal(kept.consent?.given, false);
    assert.equal(kept.consent?.text, EN);
    assert.equal(kept.timeZone, "America/New_York");
  });

  test("in Spanish: the Spanish words, ticked by a press on them, kept as shown; axe clean", async () => {
    const page = await textingPage("America/Los_Angeles");
    const query = new URLSearchParams({ company: "demo-company", bot: "es-bot", customerName: "Ana López", customerEmail: "ana@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`, "either");
    await clickAnswer(chat, "Empecemos");
    const field = chat.getByLabel("Número de teléfono", { exact: true });
    await field.fill("6145550379");
    // A press on the words (not the box): the field's leaving must not send the answer first.
    await chat.getByText(ES, { exact: true }).click();
    const box = chat.getByRole("checkbox", { name: ES, exact: true });
    assert.equal(await box.isChecked(), true);
    assert.deepEqual(await seriousViolations(page), [], "the box in Spanish");
    await field.press("Enter");
    await toQuoteStart(chat, "1238 Brand", "1238 Brand Road, Dublin, OH 43016, USA", /¿Qué servicios desea cotizar\?/);
    const kept = await keptFor("6145550379");
    assert.equal(kept.consent?.given, true);
    assert.equal(kept.consent?.text, ES);
  });
});
