// A phone with its keyboard open (issue 16): the screen left above the keyboard is short, and
// the question being answered stays in view with its field, in the chat log's last place.
// Chromium here has no on-screen keyboard: the page's viewport is shortened by a keyboard's
// height while the field has focus, as a phone that resizes for its keyboard does.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { clickAnswer, openChat, saw, typeAnswer } from "./chat.ts";
import { useDemoSite } from "./harness.ts";

const e2e = useDemoSite();
const PHONE = { width: 390, height: 844 };
const KEYBOARD_PX = 336;

describe("a phone with the keyboard open", () => {
  test("the question being answered and its field stay in view", async () => {
    const page = await e2e.newPage({ viewport: PHONE });
    const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    await typeAnswer(chat, "First and last name", "Kim Lee");
    const question = "Thanks, Kim! What's the best phone number to reach you?";
    await saw(chat, question);
    const field = chat.getByLabel("Phone number", { exact: true });
    await field.focus();

    await page.setViewportSize({ width: PHONE.width, height: PHONE.height - KEYBOARD_PX });
    const visible = PHONE.height - KEYBOARD_PX;
    const bubble = chat.getByRole("log").locator(".qa-msg").filter({ hasText: question }).last();
    // The log settles after the resize: the checks are retried for a moment, never waited out blindly.
    let boxes: { field: { y: number; height: number }; bubble: { y: number; height: number } } | null = null;
    const inView = (b: { y: number; height: number }) => b.y >= 0 && b.y + b.height <= visible + 0.5;
    for (let i = 0; i < 30; i++) {
      boxes = { field: (await field.boundingBox())!, bubble: (await bubble.boundingBox())! };
      if (inView(boxes.field) && inView(boxes.bubble)) break;
      await page.waitForTimeout(100);
    }
    assert.ok(inView(boxes!.field), `the field is above the keyboard (${boxes!.field.y}..${boxes!.field.y + boxes!.field.height} of ${visible})`);
    assert.ok(inView(boxes!.bubble), `the question is in view (${boxes!.bubble.y}..${boxes!.bubble.y + boxes!.bubble.height} of ${visible})`);
    // Inside the log's own visible box too, not scrolled out of it.
    const log = (await chat.getByRole("log").boundingBox())!;
    assert.ok(boxes!.bubble.y >= log.y - 0.5 && boxes!.bubble.y + boxes!.bubble.height <= log.y + log.height + 0.5, "inside the log's view");
    assert.ok(await field.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement), "the field keeps focus");
  });
});
