// Resume links and what the browser keeps (issue 14 §5, issue 12), clicked through as visitors
// against the demo site: the `lead` webhook's resume link, opened in a second browser context,
// reopens the quote at its step with its transcript and prices; a tampered link is refused in
// the chat and a new conversation begins; a tab closed while its payment went through comes back
// to the confirmation and one `purchase`; a saved quote the server does not know ends in 'Start
// over'; and no storage of the page ever holds the visitor's name, phone, e-mail or street.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { eventually } from "../eventually.ts";
import { clickAnswer, openChat, pickAddress, pickPrograms, saw, typeAnswer } from "./chat.ts";
import { useDemoSite } from "./harness.ts";
import { answerFertilizer, fillStripe, signUpEnabled, summary, toPicker, typeSize } from "./journey.ts";

const e2e = useDemoSite();
const LINK_REFUSED = "This quote link has expired or is not valid, so let's start a new quote.";
const QUOTE_UNKNOWN = "I couldn't find your saved quote. Please start over.";
/** Greenway, 6,000 sq ft of Fertilizer & Weed Control at 43017 (test/e2e/resume.test.ts). */
const PRICES = { SUBTOTAL: "$41.60", "SERVICE TAX (7.500%)": "$3.12", "GET STARTED TODAY": "$44.72", "INSTALLMENT PAYMENT AMOUNT": "$55.90" };

interface LeadEvent {
  type: string;
  payload: { data: { quoteId: string; resumeUrl?: string; contact?: { phoneNumber: string } } };
}

/** The `lead` webhook the demo receiver got for this phone. */
async function leadFor(phone: string): Promise<LeadEvent["payload"]["data"]> {
  const lead = async () => {
    const received = (await (await fetch(`${e2e.site.urls.receiver}/received.json`)).json()) as { events: LeadEvent[] };
    return received.events.find((event) => event.type === "lead" && event.payload.data.contact?.phoneNumber === phone)?.payload.data;
  };
  return (await eventually(`a lead for ${phone} at the receiver`, lead, Boolean, { timeoutMs: 20_000, everyMs: 200 }))!;
}

/** Waits until the server's saved conversation of the link's quote stands at `stepId`. */
async function serverAt(resumeUrl: string, stepId: string): Promise<void> {
  const token = new URL(resumeUrl).searchParams.get("qa_resume")!;
  const serverStep = async () => {
    const response = await fetch(`${e2e.site.urls.widget}/v1/quote/resume?token=${encodeURIComponent(token)}`);
    return ((await response.json()) as { conversation?: { flow: { stepId: string } } | null }).conversation?.flow.stepId;
  };
  await eventually(`the server's conversation at ${stepId}`, serverStep, (seen) => seen === stepId, { timeoutMs: 15_000, everyMs: 200 });
}

const messages = (chat: Locator) => chat.getByRole("log").locator(".qa-msg").allInnerTexts();

/** Greenway to its program picker: the quote started. Each household its own e-mail (the same address). */
async function greenwayStart(page: Page, phone: string): Promise<Locator> {
  const query = new URLSearchParams({ company: "greenway-lawn", bot: "lawn", customerName: "Kim Lee", phonenumber: phone, customerEmail: `kim.${phone}@example.com` });
  const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
  await clickAnswer(chat, "Let's Get Started");
  await pickAddress(chat, "5565 Brand", "5565 Brand Road, Dublin, OH 43017, USA");
  await clickAnswer(chat, "No");
  await chat.getByLabel("How did you hear about us?").first().selectOption("google");
  await clickAnswer(chat, "Next");
  await saw(chat, "Which services would you like a quote for? Choose all that apply, then press Next.");
  return chat;
}

/** Greenway to its proposal: the quote started, prices shown. */
async function greenwayQuote(page: Page, phone: string): Promise<Locator> {
  const chat = await greenwayStart(page, phone);
  await pickPrograms(chat, "Fertilizer & Weed Control");
  await typeSize(page, chat, "sq ft", "6000");
  await answerFertilizer(chat);
  await clickAnswer(chat, "Fewer weeds");
  const modal = page.getByRole("dialog", { name: /^Your quote from / });
  assert.deepEqual(await summary(modal), PRICES);
  return chat;
}

/** Every value the page stores: localStorage, sessionStorage and cookies. */
async function storedValues(page: Page): Promise<string> {
  const local = await page.evaluate(() => JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie }));
  const cookies = await page.context().cookies();
  return `${local} ${JSON.stringify(cookies)}`;
}

/**
 * Every value the page stores once the server has the latest save: until then the tab keeps
 * that save's transcript in sessionStorage (`qa:unsent:`, src/state/saved-conversation.ts), so
 * that a reload cannot lose it; on a busy machine the save can still be on its way.
 */
async function storedValuesAtRest(page: Page): Promise<string> {
  await eventually("the latest save acknowledged (no qa:unsent: left in the tab)", () => storedValues(page), (stored) => !stored.includes("qa:unsent:"));
  return storedValues(page);
}

/** No name, phone, e-mail or street, in any spelling the visitor or the widget would use. */
function assertNothingPersonal(stored: string, when: string): void {
  for (const value of ["Kim", "Lee", "5555550482", "555-0482", "555) 555", "kim@example.com", "kim%40example.com", "Brand Road", "116 Brand", "Brand%20Road"]) {
    assert.ok(!stored.includes(value), `${when}: "${value}" is stored: ${stored}`);
  }
}

/** Collects the host page's `purchase` events (each page of the context). */
async function countPurchases(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { purchases: unknown[] };
    w.purchases = [];
    document.addEventListener("quote-assistant:purchase", (event) => w.purchases.push((event as CustomEvent).detail));
  });
}
const purchasesOf = (page: Page) => page.evaluate(() => (window as unknown as { purchases: Array<{ transactionId: string; value: string }> }).purchases);

describe("resume links", () => {
  test("the lead's resume link, on a second browser context, reopens the quote at its step with its transcript and prices", { timeout: 120_000 }, async () => {
    const phone = "6145550481";
    const page = await e2e.newPage();
    const chat = await greenwayQuote(page, phone);
    const lead = await leadFor(phone);
    assert.ok(lead.resumeUrl, "the lead webhook carries resumeUrl");
    const link = new URL(lead.resumeUrl);
    assert.equal(link.origin, e2e.site.urls.host, "on the company's site");
    assert.match(link.searchParams.get("qa_resume") ?? "", /^t1\.[\w-]+\.[\w-]{43}$/);
    await serverAt(lead.resumeUrl, "quoteOpen");
    const before = await messages(chat);

    // Another device: nothing local, only the link.
    const other = await e2e.newPage();
    await other.goto(lead.resumeUrl);
    const resumed = other.getByRole("dialog").first();
    await resumed.getByRole("button", { name: "View My Quote", exact: true }).waitFor();
    assert.deepEqual(await messages(resumed), before, "the same transcript");
    assert.equal(new URL(other.url()).searchParams.has("qa_resume"), false, "the link's token left the address bar");
    await clickAnswer(resumed, "View My Quote");
    const modal = other.getByRole("dialog", { name: /^Your quote from / });
    assert.deepEqual(await summary(modal), PRICES, "the same prices");
    assert.equal(await resumed.getByRole("button", { name: "Let's Get Started", exact: true }).count(), 0, "no new conversation");
  });

  test("a tampered link says so and starts a new conversation, showing nothing of the quote", { timeout: 120_000 }, async () => {
    const phone = "6145550483";
    const page = await e2e.newPage();
    await greenwayStart(page, phone);
    const lead = await leadFor(phone);
    const url = new URL(lead.resumeUrl!);
    const token = url.searchParams.get("qa_resume")!;
    url.searchParams.set("qa_resume", `${token.slice(0, -3)}${token.endsWith("AAA") ? "BBB" : "AAA"}`);
    const other = await e2e.newPage();
    await other.goto(url.href);
    const chat = other.getByRole("dialog").first();
    await saw(chat, LINK_REFUSED);
    await chat.getByRole("button", { name: "Let's Get Started", exact: true }).waitFor();
    const said = (await messages(chat)).join("\n");
    assert.doesNotMatch(said, /Kim|Brand Road/);
  });
});

describe("interrupted work and what the browser keeps", () => {
  test("a tab closed while its payment went through comes back to the receipt and one purchase; nothing personal is ever stored", { timeout: 150_000 }, async () => {
    const phone = "5555550482";
    const page = await e2e.newPage();
    const context = page.context();
    await countPurchases(context);
    const fromHost = `${e2e.site.urls.host}/?company=demo-company&bot=demo-bot`;
    // The bundle is fetched by the loader's idle preload or by the hover, whichever comes first:
    // on a slow machine the preload can finish before the test reaches the hover.
    const bundle = page.waitForResponse((response) => response.url().endsWith("/dist/quote-assistant.js"));
    await page.goto(fromHost);
    assertNothingPersonal(await storedValues(page), "after load");
    assert.equal(await page.evaluate(() => localStorage.length), 0, "nothing is written before the chat opens");
    await page.getByRole("button", { name: "Open the quote assistant chat" }).hover();
    // The hover runs the bundle (the element upgrades) without the chat opening.
    await bundle;
    await page.waitForFunction(() => (window as unknown as { QuoteAssistant?: { loaded?: boolean } }).QuoteAssistant?.loaded === true);
    assert.equal(await page.evaluate(() => localStorage.length), 0, "nor when the bubble is hovered (the bundle is fetched)");

    const chat = await toPicker(page, e2e.site.urls.host, { company: "demo-company", bot: "demo-bot", phone, search: "116 Brand", label: "116 Brand Road, Dublin, OH 43016, USA" });
    assertNothingPersonal(await storedValuesAtRest(page), "after the first answers and the quote start");
    await pickPrograms(chat, "Grub Control");
    await typeSize(page, chat, "sq ft", "6000");
    const modal = page.getByRole("dialog", { name: /^Your quote from / });
    const today = (await summary(modal))["GET STARTED TODAY"]!;
    assertNothingPersonal(await storedValuesAtRest(page), "with the prices shown");
    const lead = await leadFor(phone);
    await serverAt(lead.resumeUrl!, "quoteOpen");

    // The payment goes through on the server; the tab never hears of it and is closed.
    let charged: (() => void) | undefined;
    const paid = new Promise<void>((resolve) => (charged = resolve));
    await page.route("**/v1/secure/payment", async (route) => {
      await route.fetch();
      charged!();
      await route.abort();
    });
    await fillStripe(page);
    await signUpEnabled(page);
    await modal.getByRole("button", { name: "Sign Up" }).click();
    await paid;
    await page.close();

    // Reopened: the server says it was paid; the confirmation and the receipt, one purchase.
    const back = await context.newPage();
    const again = await openChat(back, fromHost);
    await saw(again, /Congratulations, Kim! Your order is confirmed\./);
    await saw(again, /Data submitted successfully with transaction # \S+$/);
    await saw(again, new RegExp(`Paid today: \\${today}\\.`));
    const purchases = await purchasesOf(back);
    assert.equal(purchases.length, 1, JSON.stringify(purchases));
    assert.equal(`$${purchases[0]!.value}`, today, "the amount charged");
    assertNothingPersonal(await storedValuesAtRest(back), "after the purchase");
    assert.equal(await back.evaluate(() => localStorage.getItem("qa:conversation:demo-company:demo-bot")), null, "a finished sale is forgotten at once");

    // Reloaded: a new conversation, and no second purchase.
    await back.reload();
    await back.getByRole("button", { name: "Open the quote assistant chat" }).click();
    await back.getByRole("dialog").first().getByRole("button", { name: "Let's Get Started", exact: true }).waitFor();
    assert.deepEqual(await purchasesOf(back), []);
  });

  test("inline, where the chat is open from the start: nothing is written on load, nor after a first answer", { timeout: 60_000 }, async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.site.urls.host}/inline.html?company=demo-company&bot=demo-bot&customerName=Kim%20Lee`);
    const chat = page.locator("quote-assistant").first();
    await chat.getByRole("button", { name: "Let's Get Started", exact: true }).click();
    await chat.getByRole("log").locator(".qa-msg-visitor").first().waitFor();
    // The bot's whole reply: its next question is offered (whatever the step wrote is written).
    await chat.locator(".qa-text, .qa-choices button").first().waitFor();
    assert.deepEqual(await page.evaluate(() => ({ ...localStorage })), {});
    assert.equal(await page.evaluate(() => document.cookie), "");
  });

  test("a saved quote the server does not know ends in 'Start over', and Start over begins anew", { timeout: 120_000 }, async () => {
    const page = await e2e.newPage();
    const chat = await toPicker(page, e2e.site.urls.host, { company: "demo-company", bot: "demo-bot", phone: "5555550484", search: "2870 Oak", label: "2870 Oak Street, Dublin, OH 43017, USA" });
    assert.ok(await chat.isVisible());
    // The server no longer knows the device's quote.
    await page.evaluate(() => {
      const key = "qa:conversation:demo-company:demo-bot";
      const record = JSON.parse(localStorage.getItem(key)!) as { data: { flow: { answers: Record<string, string> } } };
      record.data.flow.answers.quoteId = "q-no-longer-known";
      localStorage.setItem(key, JSON.stringify(record));
    });
    await page.reload();
    await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
    const back = page.getByRole("dialog").first();
    await saw(back, QUOTE_UNKNOWN);
    await clickAnswer(back, "Start over");
    await back.getByRole("button", { name: "Let's Get Started", exact: true }).waitFor();
  });
});
