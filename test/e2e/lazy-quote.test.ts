// The quote modal is a second file (dist/quote-assistant-quote.js): a visitor who opens the chat
// and talks downloads none of it; it is fetched once, from the widget's origin, while prices are
// worked out; it works under the demo's strict CSP; and when it cannot be loaded the chat says
// so kindly, stays usable, and a later try opens the quote.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Locator, Page, Request, Route } from "playwright-core";
import { clickAnswer, pickPrograms, saw } from "./chat.ts";
import { collectCspViolations, useDemoSite, watchErrors } from "./harness.ts";
import { toPicker as toPickerAt, typeSize } from "./journey.ts";

const e2e = useDemoSite();
const CHUNK_PATH = "/dist/quote-assistant-quote.js";
/** ServMan's calendar: never asked for by another company's visitor. */
const SCHEDULING_PATH = "/dist/quote-assistant-scheduling.js";
/** ServMan's chapter of the flow: never asked for by another company's visitor either. */
const SERVMAN_PATH = "/dist/quote-assistant-servman.js";
const PRICING_PATH = "/v1/rtp/quote/services";

/** Every request the page makes for the quote's file. */
function chunkRequests(page: Page, pathname = CHUNK_PATH): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === pathname) seen.push(request);
  });
  return seen;
}

/** A demo-bot visitor (no probing questions for Grub Control) at the program picker, on `pagePath` of the host origin. */
const toPicker = (page: Page, pagePath: string, phone: string, search: string, label: string): Promise<Locator> =>
  toPickerAt(page, e2e.site.urls.host, { company: "demo-company", bot: "demo-bot", phone, search, label, path: pagePath });

const ours = (messages: string[]) => messages.filter((text) => text.includes("[quote-assistant]"));

const quoteModal = (page: Page) => page.getByRole("dialog", { name: /^Your quote from / });

/** The proposal's own rules (from the chunk's CSS) apply: `.qa-proposal` is a flex column. */
const proposalDisplay = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector("quote-assistant")?.shadowRoot?.querySelector(".qa-proposal");
    return el ? getComputedStyle(el).display : "missing";
  });

describe("the quote modal, loaded when prices are on their way", () => {
  test("not fetched when the chat opens nor while talking; fetched once, from the widget's origin, while prices are worked out; the animation waits for it; the calendar's file never", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    const requests = chunkRequests(page);
    const schedulingRequests = chunkRequests(page, SCHEDULING_PATH);
    const servmanRequests = chunkRequests(page, SERVMAN_PATH);
    // Prices wait until the quote's file has been asked for (or 10 s), so the order is visible.
    let chunkAskedBeforePrices = false;
    await page.route(`**${PRICING_PATH}`, async (route: Route) => {
      if (requests.length === 0) await page.waitForRequest((request) => new URL(request.url()).pathname === CHUNK_PATH, { timeout: 10_000 }).catch(() => {});
      chunkAskedBeforePrices ||= requests.length > 0;
      await route.continue();
    });

    const chat = await toPicker(page, "/", "5555550901", "116 Brand", "116 Brand Road, Dublin, OH 43016, USA");
    assert.equal(requests.length, 0, "opening the chat and answering fetch nothing of the quote");
    await pickPrograms(chat, "Grub Control");
    assert.equal(requests.length, 0, "choosing a program fetches nothing of the quote");

    // The file itself arrives only once the prices are in: the calculating animation stays meanwhile.
    let animatedWhileLoading = false;
    await page.route(`**${CHUNK_PATH}`, async (route: Route) => {
      const animation = chat.getByRole("status").getByRole("img", { name: "calculating" });
      animatedWhileLoading = await animation.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      await route.continue();
    });
    await typeSize(page, chat, "sq ft", "6000");
    await saw(chat, "Calculating your custom quote...");
    const modal = quoteModal(page);
    await modal.waitFor();
    assert.ok(chunkAskedBeforePrices, "the file was asked for while the prices were still being worked out");
    assert.ok(animatedWhileLoading, "prices in before the file: the calculating animation shows until it comes");
    assert.equal(requests.length, 1, "fetched once");
    assert.equal(requests[0]!.url(), `${e2e.site.urls.widget}${CHUNK_PATH}`, "next to the bundle, on the widget's origin");
    await modal.getByRole("button", { name: "Sign Up" }).waitFor();
    assert.equal(await proposalDisplay(page), "flex", "the chunk's stylesheet is adopted into the shadow root");

    // Closed and opened again from the chat: no second download.
    await modal.getByRole("button", { name: "Close" }).click();
    await clickAnswer(chat, "View My Quote");
    await quoteModal(page).waitFor();
    assert.equal(requests.length, 1, "opening the quote again fetches nothing");
    assert.equal(schedulingRequests.length, 0, "a company that is not ServMan: the calendar's file is never asked for");
    assert.equal(servmanRequests.length, 0, "nor ServMan's questions");
    assert.deepEqual(errors.pageErrors, []);
    assert.deepEqual(ours(errors.consoleErrors), []);
  });

  test("under the strict CSP of /csp.html the quote opens, styled, with no violation", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    const violations = await collectCspViolations(page);
    const requests = chunkRequests(page);
    const chat = await toPicker(page, "/csp.html", "5555550902", "5565 Brand", "5565 Brand Road, Dublin, OH 43017, USA");
    assert.equal(requests.length, 0, "nothing of the quote before prices");
    await pickPrograms(chat, "Grub Control");
    await typeSize(page, chat, "sq ft", "6000");
    const modal = quoteModal(page);
    await modal.waitFor();
    await modal.getByRole("button", { name: "Sign Up" }).waitFor();
    assert.equal(await proposalDisplay(page), "flex", "the chunk's styles apply under the CSP (adopted, not a <style>)");
    assert.equal(requests.length, 1);
    assert.deepEqual(await violations(), [], "no CSP violation");
    assert.deepEqual(errors.pageErrors, []);
    assert.deepEqual(ours(errors.consoleErrors), []);
  });

  test("a file that cannot be loaded: a kind message, the chat still usable, and a later try opens the quote", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    const requests = chunkRequests(page);
    await page.route(`**${CHUNK_PATH}`, (route: Route) => route.fulfill({ status: 503, contentType: "text/plain", body: "unavailable" }));

    const chat = await toPicker(page, "/", "5555550903", "2874 Brand", "2874 Brand Road, Dublin, OH 43017, USA");
    await pickPrograms(chat, "Grub Control");
    await typeSize(page, chat, "sq ft", "6000");
    const sorry = chat.getByRole("alertdialog", { name: "Sorry, your quote could not be opened just now." });
    await sorry.waitFor();
    assert.equal(await quoteModal(page).count(), 0, "no broken modal");
    // Fetched ahead while calculating, then tried again when the quote was to open.
    assert.equal(requests.length, 2, "one try ahead, one when the quote opens");
    const triedAgain = page.waitForRequest((request) => new URL(request.url()).pathname === CHUNK_PATH);
    await sorry.getByRole("button", { name: "Try again" }).click();
    await triedAgain;
    assert.equal(requests.length, 3, "Try again tries again, once");
    await sorry.waitFor();

    await sorry.getByRole("button", { name: "Back to the chat" }).click();
    await sorry.waitFor({ state: "detached" });
    assert.deepEqual(errors.pageErrors, [], "nothing thrown into the host page");
    assert.ok(
      ours(errors.consoleErrors).some((text) => text.includes("the quote could not be loaded")),
      `the failure is logged, got ${JSON.stringify(errors.consoleErrors)}`,
    );

    // The chat goes on: the file is back, and the visitor's button opens the quote.
    await page.unroute(`**${CHUNK_PATH}`);
    await clickAnswer(chat, "View My Quote");
    const modal = quoteModal(page);
    await modal.waitFor();
    await modal.getByRole("button", { name: "Sign Up" }).waitFor();
    assert.equal(requests.length, 4, "one more fetch, which worked");
    assert.equal(await proposalDisplay(page), "flex");
  });
});
