// No lead lost (issue 12): the think-about-it lead sent while offline, or answered 503, waits in
// the widget's outbox; the visitor is told it will be sent, not that the team will call; once
// the backend has it (back online; the retry after the 503) the chat says the team will be in
// touch and the host page hears `lead` once. The backend keeps one lead: every attempt carried
// the same Idempotency-Key, and the company's export shows the objection.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page, Request } from "playwright-core";
import { clickAnswer, openChat, pickAddress, PICKER_PROMPT, saw, typeAnswer } from "./chat.ts";
import { useDemoSite } from "./harness.ts";
import { demoQuote, hostEvents, listenForHostEvents } from "./journey.ts";

const e2e = useDemoSite();

const WAITING = /(?:^|: )I couldn't reach our team just now\. I'll send your details as soon as the connection is back\. If you'd rather not wait, call us at /;
const WILL_CONTACT = "A member of our team will contact you shortly to answer any questions.";

/** The visitor thinks about it (Price, no to the rebuttal) and leaves a comment; `beforeComment` runs just before. */
async function thinkAboutIt(page: Page, phone: string, search: string, label: string, beforeComment: () => Promise<void>) {
  await listenForHostEvents(page);
  const { chat, modal } = await demoQuote(page, e2e.site.urls.host, phone, search, label);
  await modal.getByRole("button", { name: "I NEED TO THINK ABOUT IT" }).click();
  await modal.waitFor({ state: "detached" });
  await clickAnswer(chat, "Price");
  await clickAnswer(chat, "No, thanks");
  await clickAnswer(chat, "Add a comment");
  await beforeComment();
  await typeAnswer(chat, "Your comments", "Maybe next spring");
  return chat;
}

const leadEvents = async (page: Page) => (await hostEvents(page)).filter((e) => e.type === "quote-assistant:lead" && e.detail.kind === "objection");

/** The company's own export: the quote's objection as the backend stored it. */
async function exportedObjection(quoteId: string): Promise<{ status: string; objectionReason: string; objectionComments: string } | undefined> {
  const response = await fetch(`${e2e.site.urls.widget}/v1/company/demo-company/leads.json`, { headers: { Authorization: "Bearer qa_demo_key_demo-company" } });
  const { leads } = (await response.json()) as { leads: Array<{ quoteId: string; status: string; objectionReason: string; objectionComments: string }> };
  return leads.find((lead) => lead.quoteId === quoteId);
}

function leadCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/thinkaboutit") && request.method() === "POST") calls.push(request);
  });
  return calls;
}

describe("a think-about-it lead that could not be sent", () => {
  test("offline: the chat says it will be sent, nothing is promised; back online it is delivered once, then the promise and the event", async () => {
    const page = await e2e.newPage();
    const calls = leadCalls(page);
    const chat = await thinkAboutIt(page, "5555550431", "5565 Brand", "5565 Brand Road, Dublin, OH 43017, USA", () => page.context().setOffline(true));
    await saw(chat, WAITING);
    assert.equal(await chat.getByText(WILL_CONTACT).count(), 0, "no promise of a call before the backend has the lead");
    assert.deepEqual(await leadEvents(page), [], "no lead event before delivery");
    const quoteId = await quoteIdFromOutbox(page);
    assert.ok(quoteId, "the lead waits in the outbox");

    // 'Try again' while still offline: still waiting, said again.
    await clickAnswer(chat, "Try again");
    await chat.locator(".qa-msg").filter({ hasText: WAITING }).nth(1).waitFor();
    assert.equal(await chat.getByText(WILL_CONTACT).count(), 0);

    await page.context().setOffline(false);
    await saw(chat, WILL_CONTACT);
    const events = await leadEvents(page);
    assert.equal(events.length, 1, "the lead event once, after delivery");
    assert.equal(events[0]!.detail.reason, "Price");
    assert.equal(await quoteIdFromOutbox(page), null, "the outbox is empty once delivered");
    const stored = await exportedObjection(quoteId);
    assert.equal(stored?.status, "objection");
    assert.equal(stored?.objectionComments, "Maybe next spring");
    const keys = new Set(await Promise.all(calls.map((call) => call.headerValue("idempotency-key"))));
    assert.equal(keys.size, 1, "every attempt carried the same Idempotency-Key");
  });

  test("a 503, then 200: sent again with the same key after a short wait; one lead, one event", async () => {
    const page = await e2e.newPage();
    const calls = leadCalls(page);
    let refused = 0;
    await page.route("**/thinkaboutit", async (route) => {
      if (refused++ === 0) return route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"unavailable"}' });
      return route.continue();
    });
    const chat = await thinkAboutIt(page, "5555550432", "2870 Oak", "2870 Oak Street, Dublin, OH 43017, USA", async () => {});
    await saw(chat, WAITING);
    await saw(chat, WILL_CONTACT); // the outbox's retry, 2 s later
    assert.equal(calls.length, 2);
    assert.equal(await calls[0]!.headerValue("idempotency-key"), await calls[1]!.headerValue("idempotency-key"));
    assert.equal((await leadEvents(page)).length, 1);
    const body = JSON.parse(calls[1]!.postData()!) as { chatId: string };
    assert.equal((await exportedObjection(body.chatId))?.objectionReason, "Price");
  });
});

describe("a quote start that could not be sent (the visitor's contact details)", () => {
  test("offline: no promise and no lead event; back online the start is delivered once and the chat goes on to the services", async () => {
    const page = await e2e.newPage();
    await listenForHostEvents(page);
    const starts: Request[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/v1/quote/start") && request.method() === "POST") starts.push(request);
    });
    const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Kim Lee", phonenumber: "5555550433", customerEmail: "kim@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    await pickAddress(chat, "2874 Brand", "2874 Brand Road, Dublin, OH 43016, USA");
    await page.context().setOffline(true);
    await clickAnswer(chat, "No");
    await saw(chat, WAITING);
    const startEvents = async () => (await hostEvents(page)).filter((e) => e.type === "quote-assistant:quote_started" || (e.type === "quote-assistant:lead" && e.detail.kind === "contact"));
    assert.deepEqual(await startEvents(), [], "no lead before the backend has it");
    assert.equal(await chat.getByText(PICKER_PROMPT).count(), 0, "the conversation waits for the quote");

    await clickAnswer(chat, "Try again");
    await chat.locator(".qa-msg").filter({ hasText: WAITING }).nth(1).waitFor();

    await page.context().setOffline(false);
    await saw(chat, PICKER_PROMPT);
    const events = await startEvents();
    assert.deepEqual(events.map((e) => e.type).sort(), ["quote-assistant:lead", "quote-assistant:quote_started"], "the lead and quote_started once each");
    const keys = new Set(await Promise.all(starts.map((call) => call.headerValue("idempotency-key"))));
    assert.equal(keys.size, 1, "every attempt carried the same Idempotency-Key");
    assert.equal(await page.evaluate(() => localStorage.getItem("qa:leads:demo-company")), null, "the outbox is empty once delivered");
  });
});

/** The quote id of the lead waiting in the widget's outbox, or null when none waits. */
async function quoteIdFromOutbox(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem("qa:leads:demo-company");
    const leads = raw ? (JSON.parse(raw) as { data: Array<{ body: { chatId: string } }> }).data : [];
    return leads[0]?.body.chatId ?? null;
  });
}
