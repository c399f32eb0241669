// A phone with its keyboard open (issue 16): the screen left above the keyboard is short, and
// the question being answered stays in view with its field, in the chat log's last place.
// Chromium here has no on-screen keyboard. Two kinds of phone are played: one that resizes the
// page for its keyboard (Android: the page's viewport is shortened while the field has focus),
// and one that only shrinks the visual viewport and may scroll it (iOS Safari: the layout
// viewport keeps its height; the page's `visualViewport` is stood in for, with its resize and
// scroll events, since desktop Chromium cannot shrink its own).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { clickAnswer, openChat, saw, typeAnswer } from "./chat.ts";
import { useDemoSite } from "./harness.ts";
import { eventually } from "../eventually.ts";
import { VISUAL_VIEWPORT_STAND_IN } from "./keyboard.ts";

const e2e = useDemoSite();
const PHONE = { width: 390, height: 844 };
const KEYBOARD_PX = 336;

describe("a phone with the keyboard open", () => {
  test("the question being answered and its field stay in view", async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    const { chat, field, bubble } = await atPhoneQuestion(page);

    await page.setViewportSize({ width: PHONE.width, height: PHONE.height - KEYBOARD_PX });
    const visible = PHONE.height - KEYBOARD_PX;
    // The log settles after the resize: the checks are retried for a moment, never waited out blindly.
    const inView = (b: { y: number; height: number }) => b.y >= 0 && b.y + b.height <= visible + 0.5;
    const boxes = await eventually(
      `the field and the question above the keyboard (0..${visible})`,
      async () => ({ field: (await field.boundingBox())!, bubble: (await bubble.boundingBox())! }),
      (seen) => inView(seen.field) && inView(seen.bubble),
      { timeoutMs: 3000, everyMs: 100 },
    );
    // Inside the log's own visible box too, not scrolled out of it.
    const log = (await chat.getByRole("log").boundingBox())!;
    assert.ok(boxes.bubble.y >= log.y - 0.5 && boxes.bubble.y + boxes.bubble.height <= log.y + log.height + 0.5, "inside the log's view");
    assert.ok(await field.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement), "the field keeps focus");
  });

  test("a keyboard that shrinks only the visual viewport: the window follows its height and top, nothing under the keyboard", async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    await standInVisualViewport(page);
    const { chat, field, bubble } = await atPhoneQuestion(page);
    const windowBox = async () => (await chat.boundingBox())!;
    assert.deepEqual(await windowBox(), { x: 0, y: 0, width: PHONE.width, height: PHONE.height }, "full screen before the keyboard");

    // The keyboard opens: 336 px of the 844 are covered, the layout viewport does not change.
    const visible = { top: 0, bottom: PHONE.height - KEYBOARD_PX };
    await page.evaluate((height) => (window as unknown as KeyboardStandIn).keyboard({ height, offsetTop: 0 }, "resize"), visible.bottom);
    await inside(page, visible, { window: chat, field, bubble });
    // Safari then scrolls the visual viewport to the field: the window moves with it.
    const scrolled = { top: 120, bottom: 120 + PHONE.height - KEYBOARD_PX };
    await page.evaluate((top) => (window as unknown as KeyboardStandIn).keyboard({ offsetTop: top }, "scroll"), scrolled.top);
    await inside(page, scrolled, { window: chat, field, bubble });
    const box = await windowBox();
    assert.deepEqual([box.y, box.height], [scrolled.top, scrolled.bottom - scrolled.top], "the window is the visible area, no more");
    assert.ok(await field.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement), "the field keeps focus");

    // The keyboard closes: full screen again.
    await page.evaluate(() => (window as unknown as KeyboardStandIn).keyboard({ height: 844, offsetTop: 0 }, "resize"));
    await inside(page, { top: 0, bottom: PHONE.height }, { window: chat });
    assert.equal((await windowBox()).height, PHONE.height);
  });
});

interface KeyboardStandIn {
  keyboard(change: { height?: number; offsetTop?: number }, event: "resize" | "scroll"): void;
}

/** `window.visualViewport` as a stand-in that reads as the real one until a keyboard is played. */
async function standInVisualViewport(page: Page): Promise<void> {
  await page.addInitScript(VISUAL_VIEWPORT_STAND_IN);
}

/** Demo Company's phone question, its field focused. */
async function atPhoneQuestion(page: Page): Promise<{ chat: Locator; field: Locator; bubble: Locator }> {
  const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot" });
  const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
  await clickAnswer(chat, "Let's Get Started");
  await typeAnswer(chat, "First and last name", "Kim Lee");
  const question = "Thanks, Kim! What's the best phone number to reach you?";
  await saw(chat, question);
  const field = chat.getByLabel("Phone number", { exact: true });
  await field.focus();
  return { chat, field, bubble: chat.getByRole("log").locator(".qa-msg").filter({ hasText: question }).last() };
}

/** Waits (a moment at most) until every box lies between `top` and `bottom` of the page's viewport. */
async function inside(page: Page, area: { top: number; bottom: number }, locators: Record<string, Locator>): Promise<void> {
  const outside = async () => {
    const boxes = await Promise.all(Object.entries(locators).map(async ([name, l]) => [name, (await l.boundingBox())!] as const));
    return boxes.filter(([, b]) => b.y < area.top - 0.5 || b.y + b.height > area.bottom + 0.5).map(([name, b]) => `${name} ${b.y}..${b.y + b.height}`);
  };
  await eventually(`every box inside ${area.top}..${area.bottom} of ${page.viewportSize()?.height} px`, outside, (found) => found.length === 0, { timeoutMs: 3000, everyMs: 100 });
}
