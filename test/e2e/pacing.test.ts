// The bot's pace (issue 15), at the company's own bot delay: the typing dots with and without
// reduced motion, and the 'please wait' messages that cost no delay of their own. These tests
// measure time, so the e2e runner runs this file alone (scripts/test-e2e.sh).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { clickAnswer, OPEN_CHAT, openChat, pickAddress, PICKER_PROMPT, saw } from "./chat.ts";
import { useDemoSite } from "./harness.ts";

const e2e = useDemoSite();
const greenway = "company=greenway-lawn&bot=lawn";

describe("the bot's pace (issue 15)", () => {
  test("with reduced motion the typing dots stand still, and every message still comes", async () => {
    const page = await e2e.newPage({ pace: "as configured" });
    await page.emulateMedia({ reducedMotion: "reduce" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${greenway}`);
    const dot = chat.getByTestId("typing").locator("span").first();
    await dot.waitFor();
    assert.equal(await dot.evaluate((el) => getComputedStyle(el).animationName), "none");
    await saw(chat, "Hi there! Welcome to Greenway Lawn Care. I can have a custom lawn care quote ready for you in about two minutes.");
    await saw(chat, "Ready when you are.");
    await chat.getByRole("button", { name: "Let's Get Started" }).waitFor();
  });

  test("without a preference the dots blink", async () => {
    const page = await e2e.newPage({ pace: "as configured" });
    await page.emulateMedia({ reducedMotion: "no-preference" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${greenway}`);
    const dot = chat.getByTestId("typing").locator("span").first();
    await dot.waitFor();
    assert.equal(await dot.evaluate((el) => getComputedStyle(el).animationName), "qa-blink");
  });

  test("the 'please wait' messages come while their calls run: Greenway's three cost no bot delay of their own", async () => {
    const page = await e2e.newPage({ pace: "as configured" });
    const query = new URLSearchParams({ company: "greenway-lawn", bot: "lawn", customerName: "Kim Lee", phonenumber: "6145550399", customerEmail: "kim@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    await pickAddress(chat, "2870 Polaris Westerville", "2870 Polaris Parkway, Westerville, OH 43082, USA");
    await clickAnswer(chat, "No");
    await chat.getByLabel("How did you hear about us?").first().selectOption("google");
    await clickAnswer(chat, "Next");
    const answered = Date.now();
    await saw(chat, "Checking for previous quote...");
    await saw(chat, "Checking to see if we've serviced you before...");
    await saw(chat, "Please wait while I start your quote...");
    const stalled = Date.now() - answered;
    // Before issue 15 each waited the 1,750 ms bot delay: 5.25 s for the three.
    assert.ok(stalled < 1750, `the three 'please wait' messages took ${stalled} ms`);
    await saw(chat, PICKER_PROMPT);
  });

  test("SPEC §4: with no phone known the start buttons come 4 s after the chat opened; with one, at the greeting's own pace", async () => {
    // The widget counts both from the visitor's click on the bubble (the greeting's bot delay of
    // 1,750 ms and the 4 s): measured here from that click, in the page. What the test sees
    // comes at or after what the page shows, so the 4 s is a floor the buttons may not beat;
    // the ceiling allows for the widget's load and a busy machine.
    const timings = async (query: string) => {
      const page = await e2e.newPage({ pace: "as configured" });
      await page.addInitScript(() => {
        addEventListener("click", () => ((window as unknown as { qaClickAt?: number }).qaClickAt ??= performance.now()), true);
      });
      const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
      await saw(chat, /Hi there! Welcome to Greenway Lawn Care/);
      const greeted = Date.now();
      await chat.getByRole("button", { name: "Let's Get Started" }).waitFor();
      const afterGreeting = Date.now() - greeted;
      const afterClick = await page.evaluate(() => performance.now() - (window as unknown as { qaClickAt: number }).qaClickAt);
      return { afterGreeting, afterClick };
    };
    const noPhone = await timings(greenway);
    assert.ok(noPhone.afterClick >= 4000 - 100 && noPhone.afterClick < 4000 + 2500, `no phone: the buttons ${Math.round(noPhone.afterClick)} ms after the click`);
    const phone = await timings(`${greenway}&phonenumber=6145550399`);
    assert.ok(phone.afterGreeting < 1500, `a phone known: the buttons ${phone.afterGreeting} ms after the greeting`);
    assert.ok(phone.afterClick < 4000 - 100, `a phone known: no 4 s wait (${Math.round(phone.afterClick)} ms after the click)`);
  });

  test("issue 35: a click before the bundle has arrived: the greeting keeps the 1,750 ms pace from the click, not from the widget's load", async () => {
    const page = await e2e.newPage({ pace: "as configured" });
    // A slow network: the widget's bundle comes 1.5 s after it is asked for (the loader's idle
    // preload too). Counted from the widget's load, the greeting would come at 1.5 + 1.75 s at least.
    await page.route(/\/dist\/quote-assistant\.js/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.addInitScript(() => {
      addEventListener("click", () => ((window as unknown as { qaClickAt?: number }).qaClickAt ??= performance.now()), true);
    });
    await page.goto(`${e2e.site.urls.host}/?${greenway}`);
    await page.getByRole("button", { name: OPEN_CHAT.en }).click();
    const chat = page.getByRole("dialog");
    await saw(chat, /Hi there! Welcome to Greenway Lawn Care/);
    const afterClick = await page.evaluate(() => performance.now() - (window as unknown as { qaClickAt: number }).qaClickAt);
    assert.ok(afterClick >= 1750 - 100 && afterClick < 1500 + 1750 - 250, `the greeting ${Math.round(afterClick)} ms after the click`);
  });
});
