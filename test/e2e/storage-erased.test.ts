// Safari's storage rule (issue 26): script-written storage is erased after 7 days without a
// visit, and a visitor's tab can outlive it. Here the page's storage (localStorage,
// sessionStorage, cookies, IndexedDB) is erased at each step of one journey, in Chromium, and
// each step shows what carries the visitor on:
// - the outbox: a quote start and a think-about-it lead that wait (offline) when the storage
//   is erased are still delivered, once, by the page that holds them, when the browser is back
//   online; the chat goes on and the backend has them;
// - the resume link (the `lead` webhook's, the company's e-mail) and the server's copy of the
//   conversation: opened with nothing stored, it brings back the step the visitor left, with the
//   same prices;
// - and in between, the conversation itself goes on in the open page with nothing stored.
// (WebKit walks the resume-link part too: test/e2e/engine-journey.ts.)
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Locator, Page, Request } from "playwright-core";
import { eventually } from "../eventually.ts";
import { clickAnswer, openChat, pickAddress, pickPrograms, PICKER_PROMPT, saw, typeAnswer } from "./chat.ts";
import { useDemoSite } from "./harness.ts";
import { hostEvents, listenForHostEvents, summary, typeSize } from "./journey.ts";

const e2e = useDemoSite();

const PHONE = "6145550741";
const WAITING = /(?:^|: )I couldn't reach our team just now\. I'll send your details as soon as the connection is back\./;
const WILL_CONTACT = "A member of our team will contact you shortly to answer any questions.";
const OUTBOX = "qa:leads:demo-company";

/** Erases everything script-written the page's origin keeps, as Safari does; true when nothing is left. */
async function eraseStorage(page: Page): Promise<void> {
  await page.context().clearCookies();
  const empty = await page.evaluate(async () => {
    for (const db of (await indexedDB.databases?.()) ?? []) if (db.name) indexedDB.deleteDatabase(db.name);
    // After the await, in one synchronous run: the widget, which may write while the page
    // waits on IndexedDB (its outbox's retry), cannot write between the erasing and the check.
    localStorage.clear();
    sessionStorage.clear();
    return localStorage.length === 0 && sessionStorage.length === 0 && document.cookie === "";
  });
  assert.ok(empty, "the page's storage is empty");
  assert.deepEqual(await page.context().cookies(), [], "no cookie is left");
}

/** The `lead` webhook's resume link for the phone, as the demo receiver got it. */
async function resumeLinkFor(phone: string): Promise<string> {
  const resumeLink = async () => {
    const received = (await (await fetch(`${e2e.site.urls.receiver}/received.json`)).json()) as {
      events: Array<{ type: string; payload: { data: { resumeUrl?: string; contact?: { phoneNumber: string } } } }>;
    };
    return received.events.find((event) => event.type === "lead" && event.payload.data.contact?.phoneNumber === phone)?.payload.data.resumeUrl;
  };
  return (await eventually(`a lead with a resume link for ${phone} at the receiver`, resumeLink, Boolean, { timeoutMs: 20_000, everyMs: 200 }))!;
}

/** The company's own export: the quote's lead as the backend stored it. */
async function exportedLead(quoteId: string): Promise<{ status: string; objectionReason: string; objectionComments: string } | undefined> {
  const response = await fetch(`${e2e.site.urls.widget}/v1/company/demo-company/leads.json`, { headers: { Authorization: "Bearer qa_demo_key_demo-company" } });
  const { leads } = (await response.json()) as { leads: Array<{ quoteId: string; status: string; objectionReason: string; objectionComments: string }> };
  return leads.find((lead) => lead.quoteId === quoteId);
}

function posts(page: Page, path: string): Request[] {
  const calls: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.endsWith(path)) calls.push(request);
  });
  return calls;
}

const events = async (page: Page, type: string, kind?: string) =>
  (await hostEvents(page)).filter((event) => event.type === `quote-assistant:${type}` && (kind === undefined || event.detail.kind === kind));

describe("the storage erased at each step of a journey (Safari's 7-day rule)", () => {
  test("the outbox held by the page, the resume link and the server's copy carry the visitor on to a priced quote and a delivered lead", async () => {
    const page = await e2e.newPage();
    await listenForHostEvents(page);
    const starts = posts(page, "/v1/quote/start");
    const leads = posts(page, "/thinkaboutit");
    const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Kim Lee", phonenumber: PHONE, customerEmail: "kim@example.com" });
    let chat: Locator = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    await eraseStorage(page);
    await pickAddress(chat, "2874 Brand", "2874 Brand Road, Dublin, OH 43016, USA");

    // 1. The quote start (the visitor's contact details) waits in the outbox, offline; the
    //    storage is erased under it; back online, the page delivers it on its own, once.
    await page.context().setOffline(true);
    await clickAnswer(chat, "No");
    await saw(chat, WAITING);
    assert.ok(await page.evaluate((key) => localStorage.getItem(key), OUTBOX), "the start waits in the outbox");
    await eraseStorage(page);
    await page.context().setOffline(false);
    await saw(chat, PICKER_PROMPT);
    assert.equal((await events(page, "quote_started")).length, 1, "quote_started once");
    assert.equal((await events(page, "lead", "contact")).length, 1, "the contact lead once");
    assert.equal(new Set(await Promise.all(starts.map((call) => call.headerValue("idempotency-key")))).size, 1, "one start, one Idempotency-Key");
    const quoteId = String((await events(page, "quote_started"))[0]!.detail.quoteId);
    const lookup = (await (await fetch(`${e2e.site.urls.widget}/v1/company/demo-company/customer/lookup?phonenumber=${PHONE}`)).json()) as { record: { quoteId: string } | null };
    assert.equal(lookup.record?.quoteId, quoteId, "the backend has the visitor's quote");

    // 2. The conversation goes on in the open page with nothing stored, to a priced quote.
    await eraseStorage(page);
    await pickPrograms(chat, "Grub Control");
    await eraseStorage(page);
    await typeSize(page, chat, "sq ft", "6000");
    let modal = page.getByRole("dialog", { name: /^Your quote from / });
    await modal.waitFor();
    const priced = await summary(modal);
    assert.match(priced["GET STARTED TODAY"] ?? "", /^\$\d/);

    // 3. Gone for a week: nothing stored; the resume link brings the server's copy back, at the
    //    quote, with the same prices.
    const link = await resumeLinkFor(PHONE);
    await eraseStorage(page);
    await page.goto(link);
    chat = page.getByRole("dialog");
    await saw(chat, "Here is your custom quote, Kim!", 30_000);
    await clickAnswer(chat, "View My Quote");
    modal = page.getByRole("dialog", { name: /^Your quote from / });
    assert.deepEqual(await summary(modal), priced, "the same proposal, from the server's copy");

    // 4. The think-about-it lead waits in the outbox, offline; the storage is erased under it;
    //    back online, the page delivers it once, and only then says the team will call.
    await modal.getByRole("button", { name: "I NEED TO THINK ABOUT IT" }).click();
    await modal.waitFor({ state: "detached" });
    await clickAnswer(chat, "Price");
    await clickAnswer(chat, "No, thanks");
    await clickAnswer(chat, "Add a comment");
    await page.context().setOffline(true);
    // The transcript from the server's copy already says it once (the start's wait, step 1).
    const waiting = chat.locator(".qa-msg").filter({ hasText: WAITING });
    const saidBefore = await waiting.count();
    await typeAnswer(chat, "Your comments", "Maybe next spring");
    await waiting.nth(saidBefore).waitFor();
    assert.ok(await page.evaluate((key) => localStorage.getItem(key), OUTBOX), "the lead waits in the outbox");
    await eraseStorage(page);
    // 'Try again' with the outbox erased: still waiting, never a promise of a call.
    await clickAnswer(chat, "Try again");
    await waiting.nth(saidBefore + 1).waitFor();
    assert.equal(await chat.getByText(WILL_CONTACT).count(), 0, "no promise before the backend has the lead");
    assert.deepEqual(await events(page, "lead", "objection"), [], "no lead event before delivery");
    await page.context().setOffline(false);
    await saw(chat, WILL_CONTACT);
    assert.equal((await events(page, "lead", "objection")).length, 1, "the lead event once, after delivery");
    assert.equal(new Set(await Promise.all(leads.map((call) => call.headerValue("idempotency-key")))).size, 1, "one lead, one Idempotency-Key");
    const stored = await exportedLead(quoteId);
    assert.equal(stored?.status, "objection");
    assert.equal(stored?.objectionComments, "Maybe next spring");

    // 5. Erased again: the resume link brings back the conversation where it ended.
    await eraseStorage(page);
    await page.goto(await resumeLinkFor(PHONE));
    chat = page.getByRole("dialog");
    await saw(chat, WILL_CONTACT, 30_000);
  });
});
