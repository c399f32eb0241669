// From the program picker to the proposal, as visitors walk it against the reference backend:
// each probing path, then a quote per demo currency whose proposal shows the figures worked
// out by hand from the pricing tables (docs/api.md 'Demo pricing'), and a plan switch and an
// add-on that change the summary.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { clickAnswer, pickPrograms, saw } from "./chat.ts";
import { useDemoSite } from "./harness.ts";
import { answerFertilizer, quoteNow, rate, summary, summaryRowBecomes, toPicker as toPickerAt, typeSize, type Visit } from "./journey.ts";

const e2e = useDemoSite();

/** A recommended service's price lines as read: amount, what it is, its offers. */
async function priceLines(modal: Locator, service: string): Promise<string[]> {
  const block = modal.locator("article.qa-service").filter({ has: modal.page().getByRole("heading", { name: service, exact: true }) });
  return block.locator(".qa-price-line").evaluateAll((lines) =>
    lines.map((line) => Array.from(line.querySelectorAll(".qa-amount, .qa-price-caption, .qa-discount")).map((el) => el.textContent?.trim()).join(" ")),
  );
}
const toPicker = (page: Page, v: Visit) => toPickerAt(page, e2e.site.urls.host, v);

describe("probing questions, as a visitor answers them", () => {
  test("mowing, another company: what it misses, a five-star lawn, then the quote choice", async () => {
    const page = await e2e.newPage();
    const chat = await toPicker(page, { company: "demo-company", bot: "demo-bot", phone: "5555550301", search: "2874 Brand", label: "2874 Brand Road, Dublin, OH 43017, USA" });
    await pickPrograms(chat, "Mowing");
    await typeSize(page, chat, "sq ft", "6000");
    await saw(chat, "When was your lawn last mowed?");
    await clickAnswer(chat, "1 month ago +");
    await saw(chat, "Who mows your lawn today?");
    await clickAnswer(chat, "I use another company");
    await saw(chat, "Thanks for considering us. We'd love to earn your business.");
    await saw(chat, "What is your current company missing?");
    await clickAnswer(chat, "Better Quality");
    await rate(chat, 5);
    await saw(chat, "5 of 5 stars");
    await saw(chat, "A five-star lawn! We'll help you keep it that way all season.");
    await saw(chat, "Calculating your custom quote...");
  });

  test("mowing and fertilizer, moved in: the shared questions once, a lower rating, then all of fertilizer's", async () => {
    const page = await e2e.newPage();
    const chat = await toPicker(page, { company: "demo-company", bot: "demo-bot", phone: "5555550302", search: "5565 Brand", label: "5565 Brand Road, Dublin, OH 43017, USA" });
    await pickPrograms(chat, "Fertilizer & Weed Control", "Mowing");
    await typeSize(page, chat, "sq ft", "6000");
    await clickAnswer(chat, "2 weeks ago");
    await clickAnswer(chat, "I just moved in");
    await saw(chat, "Welcome to the neighborhood! Let's get your new lawn off to a great start.");
    await rate(chat, 2.25);
    await saw(chat, "Thanks for being honest. Our team will help you get that lawn to five stars.");
    await saw(chat, "How thick is your lawn?");
    await clickAnswer(chat, "Thin");
    await clickAnswer(chat, "Grubs");
    await clickAnswer(chat, "Zoysiagrass");
    await saw(chat, "Calculating your custom quote...");
    assert.equal(await chat.getByRole("log").getByText("Who takes care of your lawn today?").count(), 0, "who cares for the lawn is asked once");
  });

  test("the picker is a keyboard-operable toggle grid, needs a choice, and is gone once submitted", async () => {
    const page = await e2e.newPage();
    const chat = await toPicker(page, { company: "demo-company", bot: "demo-bot", phone: "5555550303", search: "2870 Oak", label: "2870 Oak Street, Dublin, OH 43017, USA" });
    const next = chat.getByRole("button", { name: "Next", exact: true });
    assert.equal(await next.isDisabled(), true, "Next waits for a choice");
    const seeding = chat.getByRole("group", { name: "Services" }).getByRole("button", { name: /^Lawn Seeding/ });
    await seeding.focus();
    await page.keyboard.press("Space");
    assert.equal(await seeding.getAttribute("aria-pressed"), "true");
    await page.keyboard.press("Enter");
    assert.equal(await seeding.getAttribute("aria-pressed"), "false", "a second press removes it");
    await page.keyboard.press("Enter");
    await next.click();
    await saw(chat, "Lawn Seeding");
    assert.equal(await chat.getByRole("group", { name: "Services" }).count(), 0, "the picker is locked after Next");
  });
});

describe("a proposal per demo currency, with the figures worked out by hand", () => {
  test("USD with tax (Greenway, 6,000 sq ft, Dublin 43017): plan switch and an add-on change the summary", async () => {
    const page = await e2e.newPage();
    const chat = await toPicker(page, { company: "greenway-lawn", bot: "lawn", phone: "6145550311", search: "5565 Brand", label: "5565 Brand Road, Dublin, OH 43017, USA" });
    await pickPrograms(chat, "Fertilizer & Weed Control");
    await typeSize(page, chat, "sq ft", "6000");
    await answerFertilizer(chat);
    // Greenway's own pre-modal question.
    await clickAnswer(chat, "Fewer weeds");
    const modal = await quoteNow(page, chat);
    await modal.getByText("Based on your selections we recommend these services").waitFor();
    // The season's first application is past: the offer is on the first one still to come.
    await modal.locator(".qa-discounts:visible").getByText("20% off for the 2nd application").waitFor();
    // $52.00 × 5 chargeable; first −20 % = $41.60, tax 7.5 % = $3.12 → $44.72; later $52.00 + $3.90 = $55.90.
    assert.deepEqual(await summary(modal), {
      SUBTOTAL: "$41.60",
      "SERVICE TAX (7.500%)": "$3.12",
      "GET STARTED TODAY": "$44.72",
      "INSTALLMENT PAYMENT AMOUNT": "$55.90",
    });

    const prepay = modal.getByRole("radio", { name: /PRE-PAY/ });
    await modal.getByRole("radio", { name: /EASY PAY/ }).waitFor();
    await prepay.click();
    await summaryRowBecomes(modal, "GET STARTED TODAY", "$254.90");
    const prepaid = await summary(modal);
    // Pre-pay bills the same 5 applications with the same offer: $41.60 + 4 × $52.00 = $249.60;
    // 5 % pre-pay discount $12.48 → $237.12; tax 7.5 % = $17.784 → $17.78; no installments.
    assert.deepEqual(prepaid, {
      SUBTOTAL: "$237.12",
      "SERVICE TAX (7.500%)": "$17.78",
      "GET STARTED TODAY": "$254.90",
    });
    assert.equal(await prepay.getAttribute("aria-checked"), "true");

    // Back to EASY PAY, then add Core Aeration from 'What else can we do for you?'.
    await modal.getByRole("radio", { name: /EASY PAY/ }).click();
    await modal.getByText("What else can we do for you?").waitFor();
    await modal.getByRole("button", { name: "Add Core Aeration" }).click();
    await modal.getByRole("switch", { name: /Core Aeration/ }).waitFor();
    await summaryRowBecomes(modal, "GET STARTED TODAY", "$151.15");
    // Core Aeration, one application at the 7,500 sq ft bracket: $99.00 + tax $7.425 → $7.43 today,
    // and nothing later (issue 16: a one-time service has no installment): fertilizer's $55.90 alone.
    assert.deepEqual(await summary(modal), {
      SUBTOTAL: "$140.60",
      "SERVICE TAX (7.500%)": "$10.55",
      "GET STARTED TODAY": "$151.15",
      "INSTALLMENT PAYMENT AMOUNT": "$55.90",
    });
    // Each block's amounts before tax, as the SUBTOTAL is, saying what they are; the offer on its application.
    assert.deepEqual(await priceLines(modal, "Fertilizer & Weed Control"), ["$41.60 today 20% off for the 2nd application", "$52.00 per application"]);
    assert.deepEqual(await priceLines(modal, "Core Aeration"), ["$99.00 today"]);
    await modal.getByRole("switch", { name: /Core Aeration/ }).click();
    assert.equal(await summaryRowBecomes(modal, "GET STARTED TODAY", "$44.72"), "$44.72", "switched off again");
    await modal.getByRole("button", { name: "I NEED TO THINK ABOUT IT" }).waitFor();
  });

  test("an untaxed zip (Greenway, Westerville 43082): no tax on the same lawn", async () => {
    const page = await e2e.newPage();
    const chat = await toPicker(page, { company: "greenway-lawn", bot: "lawn", phone: "6145550312", search: "2870 Polaris Westerville", label: "2870 Polaris Parkway, Westerville, OH 43082, USA" });
    await pickPrograms(chat, "Fertilizer & Weed Control");
    await typeSize(page, chat, "sq ft", "6000");
    await answerFertilizer(chat);
    await clickAnswer(chat, "Fewer weeds");
    const modal = await quoteNow(page, chat);
    const rows = await summary(modal);
    assert.equal(rows.SUBTOTAL, "$41.60");
    assert.equal(rows["SERVICE TAX (0.000%)"], "$0.00");
    assert.equal(rows["GET STARTED TODAY"], "$41.60");
  });

  test("GBP with VAT, monthly over 10 months (Thames Lawns, Mowing, 240 sq m)", async () => {
    const page = await e2e.newPage();
    const chat = await toPicker(page, { company: "thames-lawns", bot: "garden", phone: "07700900311", search: "14 Church Road", label: "14 Church Road, London SW13 9AA, UK" });
    await pickPrograms(chat, "Mowing");
    await typeSize(page, chat, "sq m", "240");
    await clickAnswer(chat, "4 weeks ago");
    await clickAnswer(chat, "I do it myself");
    await rate(chat);
    const modal = await quoteNow(page, chat);
    // £33.00 × 20, 10 % off every visit: £29.70 × 20 = £594.00, VAT 20 % £5.94 × 20 = £118.80;
    // over 10 months: £59.40 + £11.88 = £71.28 a month, the first month the same.
    assert.deepEqual(await summary(modal), {
      "FIRST MONTH'S PAYMENT": "£59.40",
      "VAT (20.000%)": "£11.88",
      "GET STARTED TODAY": "£71.28",
      "INSTALLMENT PAYMENT AMOUNT": "£71.28",
    });
    assert.equal((await modal.locator(".qa-period:visible").textContent())?.trim(), "Budget Billing");
    // The block on the summary's basis (before VAT), per month, not '£71.28 per visit' (issue 16).
    assert.deepEqual(await priceLines(modal, "Mowing"), ["£59.40 today 10% off every visit", "£59.40 per month"]);
    // The company's quoteModalImage across the proposal's header, and its alternativePaymentVerbiage.
    const banner = modal.locator("img.qa-proposal-banner");
    assert.match((await banner.getAttribute("src")) ?? "", /\/demo-assets\/banners\/thames-lawns\.svg$/);
    assert.ok(await banner.evaluate((img) => (img as HTMLImageElement).naturalWidth > 0), "the banner loaded");
    assert.equal(
      (await modal.locator(".qa-payment-note").textContent())?.trim(),
      "Prefer to pay by Direct Debit? Choose monthly billing and we will send the mandate form with your welcome pack.",
    );
  });

  test("CHF rounded to 0.05 (Alpen Rasen, Fertilizer, 180 sq m, Zürich 8001)", async () => {
    const page = await e2e.newPage();
    const chat = await toPicker(page, { company: "alpen-rasen", bot: "rasen", phone: "0445550311", search: "Bahnhofstrasse 12", label: "Bahnhofstrasse 12, 8001 Zürich, Switzerland" });
    await pickPrograms(chat, "Fertilizer & Weed Control");
    await typeSize(page, chat, "sq m", "180");
    await answerFertilizer(chat);
    const modal = await quoteNow(page, chat);
    // CHF 64.85, 15 % off every application: 55.1225 → 55.10; tax 8.1 %: 4.4631 → 4.45; 59.55.
    assert.deepEqual(await summary(modal), {
      SUBTOTAL: "CHF 55.10",
      "SERVICE TAX (8.100%)": "CHF 4.45",
      "GET STARTED TODAY": "CHF 59.55",
      "INSTALLMENT PAYMENT AMOUNT": "CHF 59.55",
    });
  });

  test("JPY without decimals (yen bot, Fertilizer, 600 sq m)", async () => {
    const page = await e2e.newPage();
    const chat = await toPicker(page, { company: "demo-company", bot: "yen-bot", phone: "5555550311", search: "1238 Brand", label: "1238 Brand Road, Dublin, OH 43016, USA" });
    await pickPrograms(chat, "Fertilizer & Weed Control");
    await typeSize(page, chat, "sq m", "600");
    await answerFertilizer(chat);
    const modal = await quoteNow(page, chat);
    // First application at the table's ¥3,980, tax 10 % ¥398 → ¥4,378; then ¥6,575 + ¥657.5 → ¥658 = ¥7,233.
    assert.deepEqual(await summary(modal), {
      SUBTOTAL: "¥3,980",
      "SERVICE TAX (10.000%)": "¥398",
      "GET STARTED TODAY": "¥4,378",
      "INSTALLMENT PAYMENT AMOUNT": "¥7,233",
    });
  });
});
