// A keyboard-only visitor's first open on the demo company's page (issue 35): Tab through the
// page to the bubble, Enter, and the chat's first answer, 'Let's Get Started', is at most three
// Tabs away, inside the widget's own window: not on the loader's shell, not back through the
// host page. With the bundle warmed, on a slow network (the shell first, then the handover) and
// at 4x CPU. One dialog and one banner landmark on the page, as axe counts them page-wide.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { eventually } from "../eventually.ts";
import { duplicateLandmarks, seriousViolations } from "./axe.ts";
import { useDemoSite, watchErrors } from "./harness.ts";

const e2e = useDemoSite();
const START = "Let's Get Started";

/** What has the focus, through shadow roots: its role or tag, its name, and whose it is. */
const FOCUSED = `(() => {
  let el = document.activeElement;
  let owner = "page";
  while (el && el.shadowRoot && el.shadowRoot.activeElement) {
    owner = el.hasAttribute("data-quote-assistant-facade") ? "loader" : el.localName;
    el = el.shadowRoot.activeElement;
  }
  if (!el || el === document.body) return { owner: "page", what: "body", name: "" };
  return { owner, what: el.getAttribute("role") || el.localName, name: (el.getAttribute("aria-label") || el.textContent || "").trim().slice(0, 40) };
})()`;

interface Focused {
  owner: string;
  what: string;
  name: string;
}
const focused = (page: Page) => page.evaluate(FOCUSED) as Promise<Focused>;

/** Tabs from the top of the page until the chat's bubble has the focus; how many it took. */
async function tabToBubble(page: Page): Promise<number> {
  for (let tabs = 1; tabs <= 120; tabs++) {
    await page.keyboard.press("Tab");
    const now = await focused(page);
    // The loader's bubble, or the widget's own once it has taken over (a slow machine's Tabs
    // can land after the handover).
    if ((now.owner === "loader" || now.owner === "quote-assistant") && now.what === "button" && now.name.startsWith("Open the quote assistant chat")) return tabs;
  }
  throw new Error("the bubble was not reached by Tab");
}

/** Tabs (0 when it already has the focus) until 'Let's Get Started' has it, up to `most`. */
async function tabsToStart(page: Page, most: number): Promise<{ tabs: number; path: Focused[] }> {
  const path = [await focused(page)];
  for (let tabs = 0; ; tabs++) {
    const now = path.at(-1)!;
    if (now.owner === "quote-assistant" && now.what === "button" && now.name === START) return { tabs, path };
    if (tabs === most) return { tabs: Infinity, path };
    await page.keyboard.press("Tab");
    path.push(await focused(page));
  }
}

async function openByKeyboard(page: Page, options: { holdBundle?: boolean; cpu?: number } = {}): Promise<void> {
  const errors = watchErrors(page);
  if (options.cpu) await (await page.context().newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: options.cpu });
  let release = () => {};
  if (options.holdBundle) {
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/dist/quote-assistant.js", async (route) => {
      await held;
      await route.continue();
    });
  }
  await page.goto(`${e2e.site.urls.host}/?company=demo-company&bot=demo-bot`);
  await tabToBubble(page);
  await page.keyboard.press("Enter");
  if (options.holdBundle) {
    // The loader's shell is the dialog meanwhile, and has the focus.
    await page.locator("[data-quote-assistant-facade] .qa-window").waitFor();
    assert.deepEqual(await focused(page), { owner: "loader", what: "dialog", name: "Demo Lawn & Pest Co." });
    release();
  }
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: START }).waitFor();
  await page.locator("[data-quote-assistant-facade]").waitFor({ state: "detached" });
  const { tabs, path } = await tabsToStart(page, 3);
  assert.ok(tabs <= 3, `'${START}' within 3 Tabs of the open chat; the focus went ${JSON.stringify(path)}`);
  assert.equal(path[0]!.owner, "quote-assistant", "the focus is in the widget's window after the handover");
  assert.equal(await page.getByRole("dialog").count(), 1, "one dialog");
  assert.deepEqual(await duplicateLandmarks(page), [], "one banner landmark: the page's");
  assert.deepEqual(await seriousViolations(page), []);
  assert.deepEqual(errors.pageErrors, []);
}

describe("a keyboard-only visitor opens the chat", () => {
  test("with the bundle warmed: Tab to the bubble, Enter, 'Let's Get Started' within 3 Tabs", async () => {
    const page = await e2e.newPage();
    await openByKeyboard(page);
  });

  test("on a slow network: the shell has the focus, then the widget's window takes it over", async () => {
    const page = await e2e.newPage();
    await openByKeyboard(page, { holdBundle: true });
  });

  test("at 4x CPU", async () => {
    const page = await e2e.newPage();
    await openByKeyboard(page, { cpu: 4 });
  });

  test("Enter on 'Let's Get Started' answers it, and the next question's field has the focus", async () => {
    const page = await e2e.newPage();
    await openByKeyboard(page);
    await page.keyboard.press("Enter");
    const chat = page.getByRole("dialog");
    await chat.getByRole("button", { name: START }).waitFor({ state: "detached" });
    // The next question's field takes the focus once it is asked: typing goes on from there.
    await chat.getByRole("textbox").first().waitFor();
    await eventually("the focus on the next answer's field", () => focused(page), (now) => now.owner === "quote-assistant" && now.what === "input");
    assert.deepEqual(await duplicateLandmarks(page), [], "one banner at the next step too");
  });
});
