// Storage the browser refuses (issue 27): some private modes and full profiles throw
// QuotaExceededError on every write. The README promises a fallback to memory: the chat goes
// on to the service picker and the quote, as with working storage.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useDemoSite } from "./harness.ts";
import { toPicker } from "./journey.ts";

const e2e = useDemoSite();

describe("storage that refuses every write", () => {
  test("each setItem throws QuotaExceededError: the chat still reaches the service picker", async () => {
    const page = await e2e.newPage();
    await page.addInitScript({
      content: `(() => {
        window.__refusedWrites = 0;
        Storage.prototype.setItem = function () {
          window.__refusedWrites++;
          throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
        };
      })();`,
    });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await toPicker(page, e2e.site.urls.host, { company: "demo-company", bot: "demo-bot", phone: "5555550231", search: "5567 Coffman Park Drive 43017", label: "5567 Coffman Park Drive, Dublin, OH 43017, USA" });
    assert.ok((await page.evaluate(() => (window as unknown as { __refusedWrites: number }).__refusedWrites)) > 0, "the widget did try to write");
    assert.deepEqual(errors, []);
  });
});
