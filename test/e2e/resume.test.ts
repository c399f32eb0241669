// SPEC §4 'Resume of a previous quote, in order', walked by returning visitors against the
// reference backend: each Greenway resume fixture (docs/api.md 'Demo data', phones
// 6145550110..116) is looked up, confirms the address, has its quote found and restarted with
// that id, read back, and lands where its rule says, and nowhere a new quote would start; a
// reload keeps the step and the answers; and a visitor's own priced quote reopens (rule 2).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Locator, Page, Response } from "playwright-core";
import { clickAnswer, openChat, pickAddress, pickPrograms, PICKER_PROMPT, saw, typeAnswer } from "./chat.ts";
import { useDemoSite } from "./harness.ts";
import { summary } from "./journey.ts";

const e2e = useDemoSite();
const greenway = "company=greenway-lawn&bot=lawn";
/** Greenway's value-add: said when a new quote starts, never when one is resumed. */
const VALUE_ADD = /Greenway technicians are state-certified applicators/;
const PORTAL = "https://portal.example.com/greenway";
/** Greenway's one preModalQuestions entry (demo-site/fixtures/companies/greenway-lawn.json). */
const GREENWAY_PRE_MODAL = "Before I put your quote together: what matters most to you about your lawn this season?";

interface Calls {
  /** The id each POST /v1/quote/start answered with. */
  started: string[];
  /** The id of each quote POST /v1/quote/details answered. */
  detailed: string[];
  /** Answers whose bodies are still being read (the listener is asynchronous). */
  reading: Promise<void>[];
}

/**
 * Records what the start and details calls answered, to prove the earlier quote is the one
 * used (the server's answers: Playwright shows no post data for the widget's fetch calls).
 */
function watchQuoteCalls(page: Page): Calls {
  const calls: Calls = { started: [], detailed: [], reading: [] };
  page.on("response", (response: Response) => {
    if (response.request().method() !== "POST" || !response.ok()) return;
    const path = new URL(response.url()).pathname;
    const list = path === "/v1/quote/start" ? calls.started : path === "/v1/quote/details" ? calls.detailed : null;
    if (list) calls.reading.push(response.json().then((body) => void list.push((body as { id: string }).id)));
  });
  return calls;
}

/** A returning visitor of a resume fixture, up to the address confirmation and past it. */
async function returnAs(page: Page, phone: string, firstName: string): Promise<Locator> {
  const chat = await openChat(page, `${e2e.site.urls.host}/?${greenway}&phonenumber=${phone}`);
  await clickAnswer(chat, "Let's Get Started");
  await saw(chat, `Welcome back, ${firstName}!`);
  await saw(chat, /You are looking for a quote for your home located at .+ Columbus, OH 43235\. Correct\?$/);
  await clickAnswer(chat, "Yes");
  await saw(chat, "Checking for previous quote...");
  await saw(chat, "It looks like you've quoted through our system already.");
  return chat;
}

async function assertResumed(chat: Locator, calls: Calls, quoteId: string): Promise<void> {
  // The bot has answered, so the calls are back; their bodies may still be on their way here.
  await Promise.all(calls.reading);
  assert.deepEqual(calls.started, [quoteId], "the quote is restarted with the earlier id");
  assert.ok(calls.detailed.includes(quoteId), "the earlier quote is read back");
  assert.equal(await chat.getByRole("log").getByText(VALUE_ADD).count(), 0, "no new quote's value-add");
}

describe("a returning visitor's earlier quote resumes by the first rule that holds (SPEC §4)", () => {
  test("rule 1: a real-green converted sale goes to the customer portal, in the top window, after 3 s", async () => {
    const page = await e2e.newPage();
    // The portal is another company's site: answer it locally, nothing leaves the machine.
    await page.route(`${PORTAL}**`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>Portal</title><h1>Customer portal</h1>" }),
    );
    const calls = watchQuoteCalls(page);
    const chat = await returnAs(page, "6145550110", "Ruth");
    await saw(
      chat,
      "It appears that this address is already in our database. You are now being redirected to the customer portal to manage your account.",
    );
    const said = Date.now();
    await assertResumed(chat, calls, "q-greenway-resume-1");
    await page.waitForURL(PORTAL, { timeout: 10_000 });
    const waited = Date.now() - said;
    assert.ok(waited >= 2500, `the redirect waits about 3 s (${waited} ms)`);
    assert.equal(page.mainFrame().url(), PORTAL, "the top window itself went");
  });

  test("rule 2: price blocks exist: 'Re-Opening Your Quote', then the quote opens with its prices", async () => {
    const page = await e2e.newPage();
    const calls = watchQuoteCalls(page);
    const chat = await returnAs(page, "6145550111", "Dev");
    await saw(chat, "Re-Opening Your Quote");
    const modal = page.getByRole("dialog", { name: /^Your quote from / });
    await modal.waitFor();
    await assertResumed(chat, calls, "q-greenway-resume-2");
    // The quote's own lawn (adjustedLotSize 5,100 sq ft, not the 10,200 lot): $52.00 an
    // application; first −20 % = $41.60, tax 7.5 % (43235) $3.12 → $44.72; later $52.00 + $3.90.
    assert.deepEqual(await summary(modal), {
      SUBTOTAL: "$41.60",
      "SERVICE TAX (7.500%)": "$3.12",
      "GET STARTED TODAY": "$44.72",
      "INSTALLMENT PAYMENT AMOUNT": "$55.90",
    });
  });

  test("rule 3: no programs selected: the program picker", async () => {
    const page = await e2e.newPage();
    const calls = watchQuoteCalls(page);
    const chat = await returnAs(page, "6145550112", "Grace");
    await saw(chat, PICKER_PROMPT);
    await assertResumed(chat, calls, "q-greenway-resume-3");
  });

  test("rule 4: measur-it, a program needs the size and none is known: the measuring tool opens", async () => {
    const page = await e2e.newPage();
    const calls = watchQuoteCalls(page);
    const chat = await returnAs(page, "6145550113", "Omar");
    await saw(chat, "Opening our Measur.it technology");
    await page.getByRole("dialog", { name: /Color in your lawn|Outline your property/ }).waitFor();
    await assertResumed(chat, calls, "q-greenway-resume-4");
    assert.equal(await chat.getByRole("log").getByText(PICKER_PROMPT).count(), 0, "the programs are the quote's");
  });

  test("rule 5: a chosen program's questions unanswered: the mowing questions", async () => {
    const page = await e2e.newPage();
    const calls = watchQuoteCalls(page);
    const chat = await returnAs(page, "6145550114", "Nina");
    await saw(chat, "When was your lawn last mowed?");
    await assertResumed(chat, calls, "q-greenway-resume-5");
  });

  test("rule 6: Greenway's pre-modal question unanswered: the pre-modal question", async () => {
    const page = await e2e.newPage();
    const calls = watchQuoteCalls(page);
    const chat = await returnAs(page, "6145550115", "Sam");
    await saw(chat, GREENWAY_PRE_MODAL);
    await assertResumed(chat, calls, "q-greenway-resume-6");
    assert.equal(await chat.getByRole("log").getByText("Who takes care of your lawn today?").count(), 0, "answered questions are not asked");
  });

  test("rule 7: everything answered: get-quote-now, whose one answer works the quote out at once", async () => {
    const page = await e2e.newPage();
    const calls = watchQuoteCalls(page);
    const chat = await returnAs(page, "6145550116", "Lily");
    await saw(chat, "Calculating your custom quote...");
    await assertResumed(chat, calls, "q-greenway-resume-7");
    assert.equal(await chat.getByRole("log").getByText(GREENWAY_PRE_MODAL).count(), 0, "the pre-modal answer is the quote's");
  });
});

describe("a reload in a resumed quote", () => {
  /** The chat rebuilt from the server after a reload: 30 s on a busy machine (two e2e files on two cores). */
  const AFTER_RELOAD_MS = 30_000;

  /** Reloads the host page and opens the chat again. */
  async function reload(page: Page): Promise<Locator> {
    await page.reload();
    await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
    const chat = page.getByRole("dialog");
    await chat.waitFor();
    return chat;
  }

  /** How many times this was said (a screen reader's "Gwen: " prefix aside), like saw(). */
  const count = (chat: Locator, text: string) =>
    chat.getByRole("log").locator(".qa-msg").filter({ hasText: new RegExp(`(?:^|: )${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).count();

  test("at the program picker comes back to it, and the quote's lawn size is still known", async () => {
    const page = await e2e.newPage();
    const calls = watchQuoteCalls(page);
    let chat = await returnAs(page, "6145550112", "Grace");
    await saw(chat, PICKER_PROMPT);
    chat = await reload(page);
    await saw(chat, PICKER_PROMPT, AFTER_RELOAD_MS);
    await saw(chat, "Welcome back, Grace!");
    await pickPrograms(chat, "Fertilizer & Weed Control");
    // The quote's 8,800 sq ft lot came back with it: no measuring, straight to the questions.
    await saw(chat, "Who takes care of your lawn today?");
    assert.equal(await page.getByRole("dialog", { name: /Color in your lawn|Outline your property/ }).count(), 0, "nothing to measure");
    assert.equal(await count(chat, PICKER_PROMPT), 1, "the picker is asked once");
    await Promise.all(calls.reading);
    assert.deepEqual(calls.started, ["q-greenway-resume-3"], "the reload starts no quote");
  });

  test("at a mowing question comes back to it, with the answer before it kept", async () => {
    const page = await e2e.newPage();
    const calls = watchQuoteCalls(page);
    let chat = await returnAs(page, "6145550114", "Nina");
    await saw(chat, "When was your lawn last mowed?");
    // The reload comes before the server has this answer's save (the page goes first, or the
    // network drops it): the tab's copy carries the latest question across the reload.
    await page.route("**/v1/quote/conversation", (route) => route.abort());
    await clickAnswer(chat, "2 weeks ago");
    await saw(chat, "Who mows your lawn today?");
    chat = await reload(page);
    await page.unroute("**/v1/quote/conversation");
    await saw(chat, "Who mows your lawn today?", AFTER_RELOAD_MS);
    await saw(chat, "2 weeks ago");
    await clickAnswer(chat, "I do it myself");
    const slider = chat.getByRole("slider", { name: "Your lawn's rating, in stars" });
    await slider.waitFor();
    await clickAnswer(chat, "Rate");
    // The mowing questions are done (the one before the reload counted): the pre-modal question.
    await saw(chat, GREENWAY_PRE_MODAL);
    assert.equal(await count(chat, "When was your lawn last mowed?"), 1, "the answered question is not asked again");
    await Promise.all(calls.reading);
    assert.deepEqual(calls.started, ["q-greenway-resume-5"], "the reload starts no quote");
  });
});

describe("a visitor's own priced quote (rule 2 for real quotes)", () => {
  test("comes back to 'Re-Opening Your Quote' and the same prices, with local storage and cookies cleared", async () => {
    const page = await e2e.newPage();
    const phone = "6145550391";
    const query = new URLSearchParams({ company: "greenway-lawn", bot: "lawn", customerName: "Kim Lee", phonenumber: phone, customerEmail: "kim@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    await pickAddress(chat, "5565 Brand", "5565 Brand Road, Dublin, OH 43017, USA");
    await clickAnswer(chat, "No");
    await chat.getByLabel("How did you hear about us?").first().selectOption("google");
    await clickAnswer(chat, "Next");
    await pickPrograms(chat, "Fertilizer & Weed Control");
    const measuring = page.getByRole("dialog", { name: /Color in your lawn|Outline your property/ });
    await measuring.getByRole("button", { name: "Close" }).click();
    await typeAnswer(chat, "Size in sq ft", "6000");
    await clickAnswer(chat, "I do it myself");
    await chat.getByRole("slider", { name: "Your lawn's rating, in stars" }).waitFor();
    await clickAnswer(chat, "Rate");
    await clickAnswer(chat, "Patchy");
    await clickAnswer(chat, "Crabgrass");
    await clickAnswer(chat, "Tall fescue");
    await clickAnswer(chat, "Fewer weeds");
    const modal = page.getByRole("dialog", { name: /^Your quote from / });
    // $52.00 an application (6,000 sq ft); first −20 % = $41.60, tax 7.5 % (43017) $3.12.
    const PRICES = { SUBTOTAL: "$41.60", "SERVICE TAX (7.500%)": "$3.12", "GET STARTED TODAY": "$44.72", "INSTALLMENT PAYMENT AMOUNT": "$55.90" };
    assert.deepEqual(await summary(modal), PRICES);
    const first = (await page.evaluate(() => Object.keys(localStorage))).length;
    assert.ok(first > 0, "the widget kept the conversation locally");

    // The same visitor comes back with nothing local: only the server knows the quote now.
    await page.evaluate(() => localStorage.clear());
    await page.context().clearCookies();
    const calls = watchQuoteCalls(page);
    const again = await openChat(page, `${e2e.site.urls.host}/?company=greenway-lawn&bot=lawn&phonenumber=${phone}`);
    await clickAnswer(again, "Let's Get Started");
    await saw(again, "Welcome back, Kim!");
    await saw(again, "You are looking for a quote for your home located at 5565 Brand Road, Dublin, OH 43017. Correct?");
    await clickAnswer(again, "Yes");
    await saw(again, "It looks like you've quoted through our system already.");
    await saw(again, "Re-Opening Your Quote");
    await modal.waitFor();
    assert.deepEqual(await summary(modal), PRICES);
    await Promise.all(calls.reading);
    assert.equal(calls.started.length, 1);
    assert.deepEqual(calls.detailed, calls.started, "the quote read back is the one restarted");
    assert.equal(await again.getByRole("log").getByText(VALUE_ADD).count(), 0, "no new quote's value-add");
  });
});
