// Issue 14 §1-3 as a visitor and the company's page see them: a journey from an ad click to a
// purchase on the demo company, with a reload in the middle and one after the sale. Every host
// event fires once with its payload (as DOM events and through QuoteAssistant("on")), the
// page's dataLayer receives the GA4 funnel with the amount charged, and the UTM tags and
// gclid of the landing URL arrive in the stored quote.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { HOST_EVENTS } from "../../src/state/host-events.ts";
import { clickAnswer, openChat, pickAddress, pickPrograms, PICKER_PROMPT, saw } from "./chat.ts";
import { useDemoSite, watchErrors } from "./harness.ts";
import { fillStripe, signUpEnabled, summary, typeSize } from "./journey.ts";
import { eventually } from "../eventually.ts";
import { openDatabase } from "../../server/db/database.ts";

const dir = mkdtempSync(join(tmpdir(), "qa-host-events-"));
const DB_PATH = join(dir, "demo.db");
const e2e = useDemoSite({ dbPath: DB_PATH });
after(() => rmSync(dir, { recursive: true, force: true }));
const PHONE = "5555550491";

interface Heard {
  via: "dom" | "on";
  name: string;
  detail: Record<string, unknown>;
}

/**
 * Before any script of the page: a listener for every event (DOM and QuoteAssistant("on"), the
 * latter queued the way a page's own stub does) and a dataLayer, each kept in sessionStorage
 * so that what was heard before a reload is still there after it.
 */
async function listen(page: Page): Promise<void> {
  // A string, not a function: the test runner's transform would add helpers the page lacks.
  await page.addInitScript({
    content: `(() => {
      const keep = (key, item) => {
        const list = JSON.parse(sessionStorage.getItem(key) ?? "[]");
        list.push(item);
        sessionStorage.setItem(key, JSON.stringify(list));
      };
      const dataLayer = [];
      dataLayer.push = (...items) => {
        for (const item of items) keep("qa-datalayer", item);
        return Array.prototype.push.apply(dataLayer, items);
      };
      window.dataLayer = dataLayer;
      window.QuoteAssistant = function () { (window.QuoteAssistant.q = window.QuoteAssistant.q || []).push(arguments); };
      for (const name of ${JSON.stringify(HOST_EVENTS)}) {
        document.addEventListener("quote-assistant:" + name, (event) => keep("qa-heard", { via: "dom", name, detail: event.detail }));
        window.QuoteAssistant("on", name, (detail) => keep("qa-heard", { via: "on", name, detail }));
      }
    })();`,
  });
}

const heard = async (page: Page) => JSON.parse((await page.evaluate(() => sessionStorage.getItem("qa-heard"))) ?? "[]") as Heard[];
const pushed = async (page: Page) => JSON.parse((await page.evaluate(() => sessionStorage.getItem("qa-datalayer"))) ?? "[]") as Array<Record<string, unknown>>;

async function reopen(page: Page): Promise<Locator> {
  await page.reload();
  await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
  const chat = page.getByRole("dialog");
  await chat.waitFor();
  return chat;
}

async function payByCard(page: Page, modal: Locator): Promise<void> {
  await fillStripe(page);
  await signUpEnabled(page);
  await modal.getByRole("button", { name: "Sign Up" }).click();
}

test("from an ad click to a purchase, with reloads: every event once with its payload, GA4 in the dataLayer, the ad on the quote", async () => {
  const page = await e2e.newPage();
  const errors = watchErrors(page);
  await listen(page);
  const query = new URLSearchParams({
    company: "demo-company",
    bot: "demo-bot",
    customerName: "Kim Lee",
    phonenumber: PHONE,
    customerEmail: "kim@example.com",
    utm_source: "google",
    utm_medium: "cpc",
    utm_campaign: "spring lawn",
    gclid: "Cj0KCQ-test_123",
  });
  let chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
  await clickAnswer(chat, "Let's Get Started");
  await pickAddress(chat, "116 Brand", "116 Brand Road, Dublin, OH 43016, USA");
  await clickAnswer(chat, "No");
  await saw(chat, PICKER_PROMPT);

  // A reload in the middle: the conversation resumes at the picker, nothing is heard twice.
  chat = await reopen(page);
  await saw(chat, PICKER_PROMPT);
  await pickPrograms(chat, "Grub Control");
  await typeSize(page, chat, "sq ft", "6000");
  const modal = page.getByRole("dialog", { name: /^Your quote from / });
  await modal.waitFor();
  const today = (await summary(modal))["GET STARTED TODAY"]!;
  await payByCard(page, modal);
  await saw(chat, /Congratulations, Kim! Your order is confirmed\./);

  // A reload after the sale: the saved conversation shows it again; purchase is not repeated.
  // Past the moment a repeated purchase would be heard: the third page view has said ready and
  // open (to the DOM and to QuoteAssistant('on')), and the chat shows the saved sale again.
  const restored = await reopen(page);
  await eventually("ready and open heard on each of the three page views, both ways", async () => (await heard(page)).filter((h) => h.name === "ready" || h.name === "open").length, (n) => n >= 12, {
    timeoutMs: 15_000,
    everyMs: 100,
  });
  // Rebuilt from the server after a reload: on a busy machine longer than the default wait.
  await saw(restored, /Congratulations, Kim! Your order is confirmed\./, 30_000);

  const all = await heard(page);
  const dom = all.filter((h) => h.via === "dom");
  const on = all.filter((h) => h.via === "on");
  assert.deepEqual(on, dom.map((h) => ({ ...h, via: "on" })), "QuoteAssistant('on') hears exactly the DOM events");
  const once = (name: string) => {
    const found = dom.filter((h) => h.name === name);
    assert.equal(found.length, 1, `${name} once: ${JSON.stringify(found)}`);
    return found[0]!.detail;
  };
  const quoteId = once("quote_started").quoteId as string;
  assert.match(quoteId, /^[0-9a-f-]{36}$/);
  const base = { company: "demo-company", bot: "demo-bot" };
  assert.deepEqual(once("lead"), { ...base, quoteId, kind: "contact", reason: null });
  const value = today.replace("$", "");
  assert.deepEqual(once("quote_shown"), { ...base, quoteId, value, currency: "USD" });
  assert.deepEqual(once("checkout_started"), { ...base, quoteId, value, currency: "USD" });
  const purchase = once("purchase");
  assert.deepEqual({ ...purchase, transactionId: "" }, { ...base, transactionId: "", value, currency: "USD", paymentMethod: purchase.paymentMethod, quoteId });
  assert.ok(typeof purchase.transactionId === "string" && purchase.transactionId.length > 0);
  if (process.env.QA_DEBUG) console.log(dom.map((h) => `${h.name}${h.name === "step" ? ":" + String(h.detail.stepId) : ""}`).join(" "));
  // Three page views (two reloads): ready and open on each; the chat was never closed.
  assert.equal(dom.filter((h) => h.name === "ready").length, 3);
  assert.equal(dom.filter((h) => h.name === "open").length, 3);
  assert.equal(dom.filter((h) => h.name === "close").length, 0);
  assert.equal(dom.filter((h) => h.name === "error").length, 0);
  const steps = dom.filter((h) => h.name === "step").map((h) => h.detail);
  assert.deepEqual(steps[0], { ...base, stepId: "startButtons", chapter: "welcome" });
  assert.deepEqual(steps.find((s) => s.stepId === "startQuote"), { ...base, stepId: "startQuote", chapter: "start-quote" });
  assert.ok(steps.some((s) => s.chapter === "quote"), "the quote chapter's steps are heard");
  const stepIds = steps.map((s) => s.stepId);
  assert.equal(new Set(stepIds).size, stepIds.length, `each step once, also across the reloads: ${stepIds.join(", ")}`);
  for (const step of steps) assert.equal(typeof step.chapter, "string");
  for (const event of dom) {
    const text = JSON.stringify(event.detail);
    assert.ok(!/4242|Kim|kim@example|5555550491|Brand Road/.test(text), `no card or contact details in ${event.name}: ${text}`);
  }

  // GA4 in the page's dataLayer: generate_lead, begin_checkout, purchase with the amount charged.
  const layer = await pushed(page);
  const events = layer.map((item) => item.event).filter(Boolean);
  assert.equal(events.filter((e) => e === "purchase").length, 1, "purchase pushed once");
  assert.equal(events.filter((e) => e === "generate_lead").length, 1);
  assert.equal(events.filter((e) => e === "begin_checkout").length, 1);
  assert.ok(events.includes("quote_assistant_quote_shown") && events.includes("quote_assistant_step"));
  const sale = layer.find((item) => item.event === "purchase") as { ecommerce: Record<string, unknown> };
  assert.deepEqual(layer[layer.indexOf(sale) - 1], { ecommerce: null }, "the previous ecommerce object cleared first");
  assert.equal(sale.ecommerce.value, Number(value));
  assert.equal(sale.ecommerce.currency, "USD");
  assert.equal(sale.ecommerce.transaction_id, purchase.transactionId);
  assert.deepEqual(sale.ecommerce.items, [{ item_id: quoteId, item_name: "Quote from demo-company", price: Number(value), quantity: 1 }]);

  // The ad click on the stored quote.
  const db = openDatabase(DB_PATH);
  try {
    const row = db.prepare("SELECT attribution FROM quotes WHERE id = ?").get(quoteId) as { attribution: string };
    assert.deepEqual(JSON.parse(row.attribution), {
      landingPage: `${e2e.site.urls.host}/`,
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "spring lawn",
      gclid: "Cj0KCQ-test_123",
    });
  } finally {
    db.close();
  }
  assert.deepEqual(errors.pageErrors, []);
});

test("a hostile page whose dataLayer throws and whose URL carries garbage still gets a quote started", async () => {
  const page = await e2e.newPage();
  const errors = watchErrors(page);
  await page.addInitScript({ content: `window.dataLayer = { push() { throw new Error("hostile dataLayer"); } };` });
  const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Kim Lee", phonenumber: "5555550492", customerEmail: "kim@example.com", gclid: "<script>", utm_source: "x".repeat(400) });
  const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
  await clickAnswer(chat, "Let's Get Started");
  await pickAddress(chat, "1238 Brand", "1238 Brand Road, Dublin, OH 43016, USA");
  await clickAnswer(chat, "No");
  await saw(chat, PICKER_PROMPT);
  assert.deepEqual(errors.pageErrors, []);
});

test("a declined card: checkout_started once, and an error with the message the visitor saw; no purchase", async () => {
  const page = await e2e.newPage();
  await listen(page);
  const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Kim Lee", phonenumber: "5555550493", customerEmail: "kim@example.com" });
  const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
  await clickAnswer(chat, "Let's Get Started");
  await pickAddress(chat, "2874 Brand", "2874 Brand Road, Dublin, OH 43016, USA");
  await clickAnswer(chat, "No");
  await pickPrograms(chat, "Grub Control");
  await typeSize(page, chat, "sq ft", "6000");
  const modal = page.getByRole("dialog", { name: /^Your quote from / });
  await modal.waitFor();
  await fillStripe(page, "4000000000000002");
  await signUpEnabled(page);
  await modal.getByRole("button", { name: "Sign Up" }).click();
  await modal.getByText("Your card was declined.").first().waitFor();
  const dom = (await heard(page)).filter((h) => h.via === "dom");
  assert.equal(dom.filter((h) => h.name === "checkout_started").length, 1);
  assert.deepEqual(
    dom.filter((h) => h.name === "error").map((h) => h.detail),
    [{ company: "demo-company", bot: "demo-bot", where: "payment", message: "Your card was declined." }],
  );
  assert.equal(dom.filter((h) => h.name === "purchase").length, 0);
  const layer = await pushed(page);
  assert.ok(layer.some((item) => item.event === "quote_assistant_error" && item.where === "payment"));
});
