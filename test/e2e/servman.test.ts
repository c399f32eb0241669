// A ServMan company's visitors (BugBusters), in Chromium against the reference backend: an
// emergency ends with a call button; no agreement and a problem the office follows up; the
// calendar's days without windows crossed out before any click; a day without slots (when the
// month's availability cannot load), then terms refused; two visitors racing for one window, the winner
// booked (and recorded at the backend), the other offered the remaining windows. The calendar
// is its own file (dist/quote-assistant-scheduling.js), fetched ahead once the ServMan questions
// start; when it cannot be loaded the visitor is offered 'Try again' where the calendar goes.
// ServMan's chapter of the flow (its questions, tasks and calls) is another file
// (dist/quote-assistant-servman.js), fetched with the configuration: a visitor still books a
// window with it, and when it cannot be loaded the conversation ends at the office.
// Over 300 lines on purpose: ServMan's whole variant of the flow, from the emergency question to a booked window, on one demo site.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Locator, Page, Request, Route } from "playwright-core";
import { eventually } from "../eventually.ts";
import { clickAnswer, OPEN_CHAT, openChat, pickAddress, saw, typeAnswer } from "./chat.ts";
import { seriousViolations } from "./axe.ts";
import { collectCspViolations, useDemoSite, watchErrors } from "./harness.ts";
import { POLLUTED_PROTOTYPE } from "./hostile-scripts.ts";

const e2e = useDemoSite();

const CALL_OFFICE = "Please call our office at (512) 555-0163 and we will be glad to help you.";
const TUESDAY_WINDOWS = ["10:00 AM - 12:00 PM", "1:00 PM - 3:00 PM", "3:00 PM - 5:00 PM"];

/** The visitor's today, as the browser on this machine has it. */
function today(): string {
  const now = new Date();
  return [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n, i) => String(n).padStart(i === 0 ? 4 : 2, "0")).join("-");
}

function plusDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** "Tuesday, November 3, 2026", written by the platform rather than the widget. */
function longDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
}

/** The next day after today on this weekday (0 Sunday) that is not a full route day (10th, 20th, 30th). */
function next(weekday: number): string {
  let day = plusDays(today(), 1);
  while (new Date(`${day}T12:00:00Z`).getUTCDay() !== weekday || ["10", "20", "30"].includes(day.slice(8))) day = plusDays(day, 1);
  return day;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000);

let phone = 5125557000;
/** A new visitor (contact details prefilled) at the emergency question. */
async function toEmergency(page: Page, address: { search: string; label: string }, pagePath = "/"): Promise<Locator> {
  const query = new URLSearchParams({
    company: "bugbusters-pest",
    bot: "pest",
    customerName: "Kim Lee",
    phonenumber: String(phone++),
    customerEmail: "kim@example.com",
  });
  const chat = await openChat(page, `${e2e.site.urls.host}${pagePath}?${query}`);
  await expectButtons(chat, ["Book a Technician"]);
  await clickAnswer(chat, "Book a Technician");
  await pickAddress(chat, address.search, address.label);
  await clickAnswer(chat, "No");
  await saw(chat, "Is this an emergency?");
  return chat;
}

/** No emergency, the agreement answer, a problem, and some words for the technician. */
async function toOrder(chat: Locator, agreement: "Yes" | "No", category: string, problem: string): Promise<void> {
  await clickAnswer(chat, "No");
  await saw(chat, "Do you have an active service agreement with BugBusters? Agreement customers get free re-treatments between scheduled visits.");
  await clickAnswer(chat, agreement);
  await saw(chat, "What do you need help with?");
  await clickAnswer(chat, category);
  await saw(chat, "Which of these best describes the problem?");
  await clickAnswer(chat, problem);
  await saw(chat, "Is there anything else our technician should know? For example, where you have seen the problem, or a gate code.");
  await typeAnswer(chat, "Additional information", "Gate code 1234");
}

/** Waits for the last of `names` among the answer buttons, then checks they are exactly these. */
async function expectButtons(chat: Locator, names: string[]): Promise<void> {
  const group = chat.getByRole("group", { name: "Your answer" });
  await group.getByRole("button", { name: names.at(-1)!, exact: true }).waitFor();
  assert.deepEqual(await group.getByRole("button").allTextContents(), names);
}

async function focusedDay(page: Page): Promise<string | null> {
  return page.evaluate(() => document.querySelector("quote-assistant")?.shadowRoot?.activeElement?.getAttribute("data-date") ?? null);
}

/** Chooses a day with the keyboard: from today, arrow keys, then Enter. */
async function chooseDayByKeyboard(page: Page, chat: Locator, day: string): Promise<void> {
  const calendar = chat.getByRole("group", { name: "Choose a day for your visit" });
  await calendar.waitFor();
  // Today's button by its mark, not its name: a day with no window (a Sunday) is named so too.
  const todayButton = calendar.locator('button[aria-current="date"]');
  const start = (await todayButton.getAttribute("data-date"))!;
  assert.ok([today(), plusDays(today(), -1)].includes(start), `the calendar's today is ${start}, the machine's ${today()}`);
  await todayButton.focus();
  const steps = daysBetween(start, day);
  // By weeks, then by days: both keys are part of the grid's keyboard.
  for (let i = 0; i < Math.floor(steps / 7); i++) await page.keyboard.press("ArrowDown");
  for (let i = 0; i < steps % 7; i++) await page.keyboard.press("ArrowRight");
  assert.equal(await focusedDay(page), day);
  await page.keyboard.press("Enter");
  await saw(chat, longDate(day));
}

/** Chooses a day by pointer, paging months with 'Next month' as needed. */
async function chooseDayByClick(chat: Locator, day: string): Promise<void> {
  const calendar = chat.getByRole("group", { name: "Choose a day for your visit" });
  await calendar.waitFor();
  const button = calendar.getByRole("button", { name: longDate(day), exact: true });
  if ((await button.count()) === 0) await calendar.getByRole("button", { name: "Next month" }).click();
  await button.click();
  await saw(chat, longDate(day));
}

describe("a servman visitor", () => {
  test("with an emergency: Tell Me More explains, Yes ends at the office with a call button", async () => {
    const page = await e2e.newPage();
    const chat = await toEmergency(page, { search: "112 Congress Avenue", label: "112 Congress Avenue, Austin, TX 78701, USA" });
    await expectButtons(chat, ["Yes", "No", "Tell Me More"]);
    await clickAnswer(chat, "Tell Me More");
    await saw(
      chat,
      "An emergency is a pest problem that puts people or pets at risk right now: stinging insects inside the home, a swarm near a doorway, or rodents in living areas. For those, our office sends the nearest technician the same day.",
    );
    await saw(chat, "So, is this an emergency?");
    await expectButtons(chat, ["Yes", "No"]);
    await clickAnswer(chat, "Yes");
    await saw(chat, "For an emergency, please call our office at (512) 555-0163 right away and we will send a technician as soon as possible.");
    // The number in the message is formatted and itself a call link (issue 16), as is the button.
    const inMessage = chat.getByRole("log").getByRole("link", { name: "(512) 555-0163", exact: true });
    assert.equal(await inMessage.getAttribute("href"), "tel:+15125550163");
    const call = chat.getByRole("link", { name: "Call (512) 555-0163" });
    assert.equal(await call.getAttribute("href"), "tel:+15125550163");
  });

  test("without an agreement, a problem the office follows up: the order is made and the visitor told", async () => {
    const page = await e2e.newPage();
    const chat = await toEmergency(page, { search: "1234 Congress Avenue", label: "1234 Congress Avenue, Austin, TX 78701, USA" });
    await clickAnswer(chat, "No");
    await saw(chat, "Do you have an active service agreement with BugBusters? Agreement customers get free re-treatments between scheduled visits.");
    await clickAnswer(chat, "Tell Me More");
    await saw(chat, "A service agreement is our quarterly plan: four scheduled treatments a year, inside and out, plus free call-backs if pests come back in between.");
    await saw(chat, "So, do you have a service agreement with BugBusters Pest Control?");
    await expectButtons(chat, ["Yes", "No"]);
    await clickAnswer(chat, "No");
    await saw(chat, "No problem! You can book a one-time visit, and your technician can tell you about our quarterly plans.");
    await expectButtons(chat, ["Ants", "Rodents", "Stinging insects", "Termites", "My service agreement"]);
    await clickAnswer(chat, "Ants");
    await saw(chat, "Which of these best describes the problem?");
    await expectButtons(chat, ["Ants in the kitchen or bathroom", "Fire ant mounds in the yard", "Carpenter ants (inspection first)"]);
    await clickAnswer(chat, "Carpenter ants (inspection first)");
    await typeAnswer(chat, "Additional information", "Sawdust by the back porch");
    await saw(chat, /Thank you! Your service request \(number \d+\) is in\. Our office will contact you shortly to arrange the visit\.$/);
    assert.equal(await chat.getByRole("group", { name: "Choose a day for your visit" }).count(), 0);
  });

  test("the calendar marks the days without windows (Sundays, full route days) before any click", async () => {
    const page = await e2e.newPage();
    const chat = await toEmergency(page, { search: "116 South Lamar", label: "116 South Lamar Boulevard, Austin, TX 78701, USA" });
    await toOrder(chat, "No", "Ants", "Ants in the kitchen or bathroom");
    const calendar = chat.getByRole("group", { name: "Choose a day for your visit" });
    await calendar.waitFor();
    const sunday = next(0);
    if (sunday.slice(0, 7) !== today().slice(0, 7)) await calendar.getByRole("button", { name: "Next month" }).click();
    const none = calendar.getByRole("button", { name: `${longDate(sunday)}, no times available`, exact: true });
    await none.waitFor();
    assert.equal(await none.getAttribute("aria-disabled"), "true");
    assert.equal(await none.evaluate((el) => getComputedStyle(el).textDecorationLine), "line-through", "crossed out");
    // The same month's weekdays with windows are offered as before.
    const open = [-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6]
      .map((d) => plusDays(sunday, d))
      .find((day) => day.slice(0, 7) === sunday.slice(0, 7) && day >= today() && !["10", "20", "30"].includes(day.slice(8)))!;
    const openDay = calendar.getByRole("button", { name: longDate(open), exact: true });
    assert.equal(await openDay.getAttribute("aria-disabled"), null);
    // Choosing it does nothing; the keyboard still reaches it (no trap) and moves on.
    await none.click({ force: true });
    await none.press("Enter");
    await none.press("ArrowRight");
    assert.equal(await focusedDay(page), plusDays(sunday, 1));
    assert.equal(await chat.getByRole("log").locator(".qa-msg").filter({ hasText: longDate(sunday) }).count(), 0, "no answer was given");
    assert.deepEqual(await seriousViolations(page), [], "the marked calendar");
    await openDay.click();
    await saw(chat, longDate(open));
  });

  test("a day without slots says so and offers another day; refusing the terms ends at the office", async () => {
    const page = await e2e.newPage();
    // The month's availability cannot load: every day can be chosen, as before it existed.
    await page.route("**/v1/servman/schedule/availability?**", (route) => route.fulfill({ status: 503, body: "{}" }));
    const chat = await toEmergency(page, { search: "2870 Congress Avenue", label: "2870 Congress Avenue, Austin, TX 78701, USA" });
    await toOrder(chat, "No", "Rodents", "Mice or rats inside the home");
    await saw(chat, "Let's find a time for your visit. Which day works best for you?");

    await chat.getByRole("group", { name: "Choose a day for your visit" }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], "the calendar");
    const sunday = next(0);
    await chooseDayByClick(chat, sunday);
    await saw(chat, "No Available Time Slots");
    await saw(chat, `There are no open time windows on ${longDate(sunday)}. Please choose another day, or contact our office at (512) 555-0163 to schedule your visit.`);
    await clickAnswer(chat, "Choose another day");

    const tuesday = next(2);
    await chooseDayByKeyboard(page, chat, tuesday);
    await saw(chat, `Here are the open time windows on ${longDate(tuesday)}. Which works best for you?`);
    await expectButtons(chat, [...TUESDAY_WINDOWS, "Choose another day"]);
    assert.deepEqual(await seriousViolations(page), [], "the time windows");
    await clickAnswer(chat, "3:00 PM - 5:00 PM");
    await saw(chat, `You have chosen ${longDate(tuesday)}, between 3:00 PM - 5:00 PM. Before I book it, please read our service terms.`);
    await saw(chat, "An adult must be present for interior treatments. Please keep children and pets away from treated areas until they are dry, usually about an hour.");
    await saw(chat, "Do you agree to these terms?");
    await clickAnswer(chat, "No");
    await saw(chat, "Sorry, we can't schedule an appointment without your agreement.");
    await saw(chat, CALL_OFFICE);
    await chat.getByRole("link", { name: "Call (512) 555-0163" }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], "the call button");
  });

  test("two visitors race for one window: the first is booked, the second offered the remaining windows", async () => {
    const tuesday = next(2);
    const [pageA, pageB] = [await e2e.newPage(), await e2e.newPage()];
    // Both with an agreement, at the same day's windows.
    const [chatA, chatB] = await Promise.all(
      [
        { page: pageA, address: { search: "5561 Congress Avenue", label: "5561 Congress Avenue, Austin, TX 78701, USA" } },
        { page: pageB, address: { search: "114 East Cesar Chavez", label: "114 East Cesar Chavez Street, Austin, TX 78701, USA" } },
      ].map(async ({ page, address }) => {
        const chat = await toEmergency(page, address);
        await toOrder(chat, "Yes", "Stinging insects", "Wasp or hornet nest");
        await chooseDayByKeyboard(page, chat, tuesday);
        await saw(chat, `Here are the open time windows on ${longDate(tuesday)}. Which works best for you?`);
        await clickAnswer(chat, "10:00 AM - 12:00 PM");
        await saw(chat, "Do you agree to these terms?");
        await clickAnswer(chat, "Yes");
        await chat.getByRole("button", { name: "Confirm time slot", exact: true }).waitFor();
        return chat;
      }),
    );
    assert.ok(chatA && chatB);

    await clickAnswer(chatA, "Confirm time slot");
    await saw(chatA, `You're booked! Your BugBusters technician will arrive on ${longDate(tuesday)} between 10:00 AM - 12:00 PM and will call 30 minutes ahead.`);
    assert.equal(await chatA.getByRole("group", { name: "Your answer" }).count(), 0, "a confirmed window cannot be changed");
    assert.equal(await chatA.getByRole("group", { name: "Choose a day for your visit" }).count(), 0);

    // Recorded at the backend: that day no longer offers the window to anyone.
    const api = e2e.site.urls.widget;
    const order = (await postJson(`${api}/v1/servman/order`, { companyId: "bugbusters-pest", botId: "pest", client_id: "SM-1", contact_id: "SM-1-C1", question_id: 301 })) as {
      data: Array<{ id: number }>;
    };
    const day = (await postJson(`${api}/v1/servman/schedule`, {
      companyId: "bugbusters-pest",
      botId: "pest",
      client_id: "SM-1",
      date: tuesday,
      order_id: order.data[0]!.id,
      branchId: "SM-BR1",
      question_id: 301,
      day: "Tuesday",
    })) as { data: Array<{ service_window_desc: string }> };
    assert.deepEqual(day.data.map((s) => s.service_window_desc), ["1:00 PM - 3:00 PM", "3:00 PM - 5:00 PM"]);

    await clickAnswer(chatB, "Confirm time slot");
    await saw(chatB, `Sorry, the 10:00 AM - 12:00 PM window on ${longDate(tuesday)} was just booked by someone else.`);
    await saw(chatB, `Here are the open time windows on ${longDate(tuesday)}. Which works best for you?`);
    await expectButtons(chatB, ["1:00 PM - 3:00 PM", "3:00 PM - 5:00 PM", "Choose another day"]);
    await clickAnswer(chatB, "1:00 PM - 3:00 PM");
    await clickAnswer(chatB, "Yes");
    await clickAnswer(chatB, "Confirm time slot");
    await saw(chatB, `You're booked! Your BugBusters technician will arrive on ${longDate(tuesday)} between 1:00 PM - 3:00 PM and will call 30 minutes ahead.`);
  });
});

async function postJson(url: string, body: unknown): Promise<unknown> {
  const response = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  assert.equal(response.status, 200, `${url}: HTTP ${response.status}`);
  return response.json();
}

const SCHEDULING_PATH = "/dist/quote-assistant-scheduling.js";

/** Every request the page makes for the calendar's file (or another file at `pathname`). */
function schedulingRequests(page: Page, pathname = SCHEDULING_PATH): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === pathname) seen.push(request);
  });
  return seen;
}

const ours = (messages: string[]) => messages.filter((text) => text.includes("[quote-assistant]"));

describe("a servman visitor's calendar, its own file", () => {
  test("fetched once, from the widget's origin, when the ServMan questions start (not when the chat opens); it arrives and a day can be chosen", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    const requests = schedulingRequests(page);
    const query = new URLSearchParams({ company: "bugbusters-pest", bot: "pest", customerName: "Kim Lee", phonenumber: String(phone++), customerEmail: "kim@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await expectButtons(chat, ["Book a Technician"]);
    assert.equal(requests.length, 0, "opening the chat fetches nothing of the calendar");
    await clickAnswer(chat, "Book a Technician");
    await pickAddress(chat, "2874 South Lamar", "2874 South Lamar Boulevard, Austin, TX 78701, USA");
    await clickAnswer(chat, "No");
    await saw(chat, "Is this an emergency?");
    // Fetched ahead: asked for at the first ServMan question, long before the calendar.
    await eventually("the calendar's file asked for at the emergency question", () => requests.length, (n) => n > 0, 10_000);
    const response = await requests[0]!.response();
    assert.equal(response?.status(), 200);
    assert.equal(requests[0]!.url(), `${e2e.site.urls.widget}${SCHEDULING_PATH}`, "next to the bundle, on the widget's origin");

    await toOrder(chat, "No", "Ants", "Ants in the kitchen or bathroom");
    await chat.getByRole("group", { name: "Choose a day for your visit" }).waitFor();
    // The calendar's own rules came with it, adopted into the shadow root: 44 px round days.
    const dayWidth = await page.evaluate(() => {
      const day = document.querySelector("quote-assistant")?.shadowRoot?.querySelector(".qa-day");
      return day ? getComputedStyle(day).width : "missing";
    });
    assert.equal(dayWidth, "44px", "the calendar's stylesheet applies");
    const day = next(2);
    await chooseDayByClick(chat, day);
    await saw(chat, `Here are the open time windows on ${longDate(day)}. Which works best for you?`);
    assert.equal(requests.length, 1, "fetched once");
    assert.deepEqual(errors.pageErrors, []);
    assert.deepEqual(ours(errors.consoleErrors), []);
  });

  test("on the nonce-only CSP page (/csp-nonce.html) the calendar's file loads with the page's nonce: the calendar arrives, no violation", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    const violations = await collectCspViolations(page);
    const requests = schedulingRequests(page);
    const chat = await toEmergency(page, { search: "5567 Barton Springs", label: "5567 Barton Springs Road, Austin, TX 78701, USA" }, "/csp-nonce.html");
    await toOrder(chat, "No", "Ants", "Ants in the kitchen or bathroom");
    await chat.getByRole("group", { name: "Choose a day for your visit" }).waitFor();
    assert.equal(requests.length, 1);
    assert.equal((await requests[0]!.response())?.status(), 200);
    assert.deepEqual(await violations(), [], "no CSP violation");
    assert.deepEqual(errors.pageErrors, []);
    assert.deepEqual(ours(errors.consoleErrors), []);
  });

  test("a file that cannot be loaded: 'Try again' where the calendar goes, the conversation where it was; pressing it brings the calendar", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    const requests = schedulingRequests(page);
    let refuse = true;
    await page.route(`**${SCHEDULING_PATH}`, (route: Route) => (refuse ? route.abort("failed") : route.continue()));
    const chat = await toEmergency(page, { search: "118 Barton Springs", label: "118 Barton Springs Road, Austin, TX 78701, USA" });
    await toOrder(chat, "No", "Ants", "Ants in the kitchen or bathroom");

    const sorry = chat.getByRole("alert").filter({ hasText: "Sorry, the calendar could not be loaded just now." });
    await sorry.waitFor();
    // Fetched ahead, then once more when the calendar was to show.
    assert.equal(requests.length, 2, "one try ahead, one at the calendar");
    // The page's console lines come to the test on their own channel, maybe after the alert shows.
    const failedTries = () => ours(errors.consoleErrors).filter((text) => text.includes("the calendar could not be loaded")).length;
    await eventually("the second failed try's console line", failedTries, (logged) => logged >= 2, { everyMs: 20 });
    assert.equal(await chat.getByRole("group", { name: "Choose a day for your visit" }).count(), 0);
    await saw(chat, "Let's find a time for your visit. Which day works best for you?");

    refuse = false;
    await chat.getByRole("button", { name: "Try again" }).click();
    const day = next(2);
    await chooseDayByClick(chat, day);
    await saw(chat, `Here are the open time windows on ${longDate(day)}. Which works best for you?`);
    assert.equal(requests.length, 3, "Try again loads the file again");
    assert.equal(await sorry.count(), 0);
    assert.equal(failedTries(), 2, "each failed try logged once, the one that loaded not at all");
    assert.deepEqual(errors.pageErrors, []);
  });
});

const SERVMAN_PATH = "/dist/quote-assistant-servman.js";

describe("a servman visitor's ServMan questions, their own file", () => {
  for (const { page: kind, script } of [
    { page: "", script: "" },
    { page: " (on a page with a polluted Object.prototype)", script: POLLUTED_PROTOTYPE },
  ]) test(`fetched once, from the widget's origin, before the first ServMan question; the visitor books a window${kind}`, async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    if (script) await page.addInitScript({ content: script });
    const requests = schedulingRequests(page, SERVMAN_PATH);
    const chat = await toEmergency(page, { search: "1240 Barton Springs", label: "1240 Barton Springs Road, Austin, TX 78701, USA" });
    assert.equal(requests.length, 1, "asked for before the emergency question");
    assert.equal(requests[0]!.url(), `${e2e.site.urls.widget}${SERVMAN_PATH}`, "next to the bundle, on the widget's origin");
    assert.equal((await requests[0]!.response())?.status(), 200);
    await toOrder(chat, "No", "Ants", "Ants in the kitchen or bathroom");
    const wednesday = next(3);
    await chooseDayByClick(chat, wednesday);
    await saw(chat, `Here are the open time windows on ${longDate(wednesday)}. Which works best for you?`);
    const windows = chat.getByRole("group", { name: "Your answer" }).getByRole("button");
    await windows.getByText("Choose another day", { exact: true }).waitFor();
    const window = (await windows.allTextContents())[0]!;
    assert.notEqual(window, "Choose another day", "the day has a window");
    await clickAnswer(chat, window);
    await clickAnswer(chat, "Yes");
    await clickAnswer(chat, "Confirm time slot");
    await saw(chat, `You're booked! Your BugBusters technician will arrive on ${longDate(wednesday)} between ${window} and will call 30 minutes ahead.`);
    assert.equal(requests.length, 1, "fetched once");
    assert.deepEqual(errors.pageErrors, []);
    assert.deepEqual(ours(errors.consoleErrors), []);
  });

  test("a reload in the middle of the ServMan questions comes back at the same question, and the visitor goes on", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    const chat = await toEmergency(page, { search: "1240 Barton Springs", label: "1240 Barton Springs Road, Austin, TX 78701, USA" });
    await clickAnswer(chat, "No");
    await clickAnswer(chat, "Yes");
    await saw(chat, "What do you need help with?");
    await expectButtons(chat, ["Ants", "Rodents", "Stinging insects", "Termites", "My service agreement"]);
    const requests = schedulingRequests(page, SERVMAN_PATH);
    await page.reload();
    await page.getByRole("button", { name: OPEN_CHAT.en }).click();
    const again = page.getByRole("dialog");
    await expectButtons(again, ["Ants", "Rodents", "Stinging insects", "Termites", "My service agreement"]);
    assert.equal(requests.length, 1, "the new page fetched the questions' file");
    await clickAnswer(again, "Rodents");
    await saw(again, "Which of these best describes the problem?");
    assert.deepEqual(errors.pageErrors, []);
    assert.deepEqual(ours(errors.consoleErrors), []);
  });

  test("a file that cannot be loaded: tried again at the quote's start, then the office and its call button, no stalled chat", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    const requests = schedulingRequests(page, SERVMAN_PATH);
    await page.route(`**${SERVMAN_PATH}`, (route: Route) => route.abort("failed"));
    const query = new URLSearchParams({ company: "bugbusters-pest", bot: "pest", customerName: "Kim Lee", phonenumber: String(phone++), customerEmail: "kim@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Book a Technician");
    await pickAddress(chat, "2876 Barton Springs", "2876 Barton Springs Road, Austin, TX 78701, USA");
    await clickAnswer(chat, "No");
    await saw(chat, CALL_OFFICE);
    await chat.getByRole("link", { name: "Call (512) 555-0163" }).waitFor();
    assert.equal(await chat.getByText("Is this an emergency?").count(), 0);
    assert.ok(requests.length >= 2, `asked for ahead, and again when needed (${requests.length})`);
    assert.ok(ours(errors.consoleErrors).some((text) => text.includes("ServMan's chapter could not be loaded")));
    assert.deepEqual(errors.pageErrors, []);
  });
});
