// Screens that fit (issue 16): the hosted full page on a desktop is a centred, readable column,
// and on a phone it uses the whole width.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useDemoSite } from "./harness.ts";

const e2e = useDemoSite();

describe("the hosted full page", () => {
  for (const { width, column } of [
    { width: 1280, column: 720 },
    { width: 390, column: 390 - 28 },
  ]) {
    test(`at ${width} px: the messages and the answer buttons stay in a column of at most ${column} px`, async () => {
      const page = await e2e.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${e2e.site.urls.widget}/greenway-lawn/lawn`);
      const widget = page.locator("quote-assistant");
      const firstMessage = widget.locator(".qa-msg-bot").first();
      const buttons = widget.locator(".qa-choices button");
      await buttons.first().waitFor();
      const left = (width - column) / 2;
      const right = left + column;
      const message = (await firstMessage.boundingBox())!;
      assert.ok(Math.abs(message.x - left) <= 1, `the first message starts at the column's edge (${message.x} vs ${left})`);
      assert.ok(message.x + message.width <= right + 1, "the first message ends inside the column");
      for (const button of await buttons.all()) {
        const box = (await button.boundingBox())!;
        assert.ok(box.x >= left - 1 && box.x + box.width <= right + 1, `a button inside the column (${box.x}..${box.x + box.width})`);
      }
    });
  }
});
