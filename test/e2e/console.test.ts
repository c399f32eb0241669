// The company's console end to end (issue 24), in Chromium on the demo site: the Greenway owner
// signs in from the link in the demo's mail sink; a visitor's journey on the host page appears
// in the open inbox without a reload, with its status and amount; its alert e-mail is in the
// sink with the lead's name, phone and address; the lead's page shows the transcript; another
// company's owner sees it neither in the console nor through the API; the funnel counts it.
// The pages run under their strict CSP with no violation and are axe clean. With
// CONSOLE_SCREENS_DIR set, the inbox, the lead and the funnel are saved there at 1280 and 390 px.
import assert from "node:assert/strict";
import { join } from "node:path";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { eventually } from "../eventually.ts";
import { clickAnswer, pickPrograms, saw } from "./chat.ts";
import { collectCspViolations, useDemoSite, watchErrors } from "./harness.ts";
import { consoleViolations, signInAtConsole, sunkMail, type SunkMail } from "./console-session.ts";
import { toPicker, typeSize } from "./journey.ts";

const e2e = useDemoSite();
const OWNER = "owner@greenway-lawn.example";
const OTHER_OWNER = "owner@bugbusters-pest.example";
const PHONE = "6145550824";
const CARD = "4242424242424242";
const SCREENS = process.env.CONSOLE_SCREENS_DIR;

const sunk = () => sunkMail(e2e.site.urls);
async function waitForMail(match: (m: SunkMail) => boolean, timeoutMs = 60_000): Promise<SunkMail> {
  const mail = await eventually("the e-mail in the mail sink", sunk, (all) => all.some(match), { timeoutMs, everyMs: 250 });
  return mail.find(match)!;
}

/** Signs in at the console as the owner would: types the address, opens the link from the mail sink. */
async function signIn(page: Page, email: string): Promise<void> {
  await signInAtConsole(page, e2e.site.urls, email);
  assert.equal(new URL(page.url()).hash, "#/", "the token left the address bar");
}

async function funnelTotals(page: Page) {
  const answer = (await (await page.request.get(`${e2e.site.urls.widget}/console/api/funnel`)).json()) as { rows: Array<Record<string, number>> };
  const sum = (key: string) => answer.rows.reduce((total, row) => total + Number(row[key]), 0);
  return { opened: sum("opened"), started: sum("started"), priced: sum("priced"), checkout: sum("checkout"), won: sum("won") };
}

async function shoot(page: Page, name: string) {
  if (!SCREENS) return;
  for (const [width, height, label] of [
    [1280, 800, "desktop"],
    [390, 844, "phone"],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(SCREENS, `console-${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("the Greenway owner sees a visitor's journey in the console within a minute, with its alert in the mail sink; another company sees nothing of it", { timeout: 240_000 }, async () => {
  const owner = await e2e.newPage();
  const cspViolations = await collectCspViolations(owner);
  const errors = watchErrors(owner);
  await signIn(owner, OWNER);
  const before = await funnelTotals(owner);

  // The visitor, on the company's site, in another browser context.
  const visitor = await e2e.newPage();
  const chat = await toPicker(visitor, e2e.site.urls.host, { company: "greenway-lawn", bot: "lawn", phone: PHONE, search: "2874 Brand", label: "2874 Brand Road, Dublin, OH 43016, USA" });
  await pickPrograms(chat, "Grub Control");
  await typeSize(visitor, chat, "sq ft", "6000");
  await clickAnswer(chat, "Fewer weeds");
  const modal = visitor.getByRole("dialog", { name: /^Your quote from / });
  await modal.waitFor();
  const frame = visitor.frameLocator("iframe.qa-crm-frame");
  await frame.locator("#number").pressSequentially(CARD);
  await frame.locator("#expiry").pressSequentially("1230");
  await frame.locator("#cvv").pressSequentially("123");
  const signUp = modal.getByRole("button", { name: "Sign Up" });
  await visitor.waitForFunction(() => {
    const host = document.querySelector("quote-assistant");
    const button = [...(host?.shadowRoot?.querySelectorAll("button") ?? [])].find((b) => b.textContent?.trim() === "Sign Up");
    return button && !button.hasAttribute("disabled") && button.getAttribute("aria-disabled") !== "true";
  });
  await signUp.click();
  await saw(chat, /Congratulations, Kim!/);
  const paidAt = Date.now();

  // The open inbox shows it without a reload, paid, with the amount.
  const card = owner.locator(".lead-card").filter({ hasText: "Kim Lee" }).filter({ hasText: PHONE });
  await card.waitFor({ timeout: 60_000 });
  assert.ok(Date.now() - paidAt < 60_000);
  await card.locator(".badge", { hasText: "Paid" }).waitFor({ timeout: 30_000 });
  const amount = (await card.locator(".amount").innerText()).trim();
  assert.match(amount, /^\$\d+\.\d\d paid$/);
  assert.match(await card.innerText(), /2874 Brand Road, Dublin, OH 43016/);
  assert.match(await card.innerText(), /Grub Control/);
  const quoteId = await card.getAttribute("data-quote-id");
  assert.ok(quoteId);

  // The alert e-mails in the sink: the lead's, with name, phone (a tel: link) and address, and the sale's.
  const leadAlert = await waitForMail((m) => m.to.includes(OWNER) && m.subject.startsWith("New lead: Kim Lee") && m.text.includes(PHONE));
  assert.match(leadAlert.text, /Address: 2874 Brand Road, Dublin, OH 43016/);
  assert.match(leadAlert.html, new RegExp(`href="tel:${PHONE}"`));
  assert.ok(leadAlert.text.includes(`/console/#/leads/${quoteId}`));
  const saleAlert = await waitForMail((m) => m.to.includes(OWNER) && m.subject.startsWith("New sale: Kim Lee"));
  assert.ok(saleAlert.text.includes(`Amount: ${amount.replace(/^\$/, "").replace(" paid", "")} USD paid`), saleAlert.text);

  assert.deepEqual(await consoleViolations(owner), []);
  await shoot(owner, "inbox");

  // The lead's page: the conversation as the visitor saw it.
  await card.getByRole("link", { name: "Kim Lee" }).click();
  await owner.getByRole("heading", { name: "Conversation as the visitor saw it" }).waitFor();
  const transcript = owner.locator(".transcript");
  await transcript.waitFor();
  await transcript.getByText("Which services would you like a quote for?", { exact: false }).first().waitFor();
  await transcript.locator(".from-visitor").first().waitFor();
  await owner.getByText("Payments").waitFor();
  await owner.getByRole("combobox", { name: "Your status" }).selectOption("contacted");
  await owner.getByRole("button", { name: "Save" }).click();
  await owner.getByText("Saved.").waitFor();
  assert.deepEqual(await consoleViolations(owner), []);
  await shoot(owner, "lead");

  // The funnel counts the journey: opened, started, priced, checkout and paid, one more each.
  await owner.getByRole("link", { name: "Funnel" }).click();
  await owner.locator(".funnel-chart").waitFor();
  const after = await funnelTotals(owner);
  assert.deepEqual(
    Object.fromEntries(Object.entries(after).map(([key, value]) => [key, value - before[key as keyof typeof before]])),
    { opened: 1, started: 1, priced: 1, checkout: 1, won: 1 },
  );
  assert.deepEqual(await consoleViolations(owner), []);
  await shoot(owner, "funnel");
  assert.deepEqual(await cspViolations(), [], "the console runs under its CSP");
  assert.deepEqual(errors.pageErrors, []);

  // Another company's owner: not in their inbox, and the API answers 404 for it.
  const other = await e2e.newPage();
  await signIn(other, OTHER_OWNER);
  await other.locator(".count").filter({ hasText: /lead/ }).waitFor();
  assert.equal(await other.locator(`[data-quote-id="${quoteId}"]`).count(), 0);
  assert.equal((await other.request.get(`${e2e.site.urls.widget}/console/api/leads/${quoteId}`)).status(), 404);
  const theirs = (await (await other.request.get(`${e2e.site.urls.widget}/console/api/leads?q=${PHONE}`)).json()) as { leads: unknown[] };
  assert.deepEqual(theirs.leads, []);
  await other.goto(`${e2e.site.urls.widget}/console/#/leads/${quoteId}`);
  await other.getByRole("alert").waitFor();
});

test("the console in Spanish, and at 390 px nothing is wider than the screen", { timeout: 60_000 }, async () => {
  const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(page, "owner@thames-lawns.example");
  await page.getByLabel("Language").selectOption("es");
  await page.getByRole("heading", { name: "Bandeja" }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), "es");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
  assert.deepEqual(await consoleViolations(page), []);
});
