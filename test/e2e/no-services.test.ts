// Every service switched off (issue 16, SPEC §8 'No Services'): the quote stays open, says
// so, keeps the switches, and a switch turned back on brings the same figures back. Closed in
// that state, 'View My Quote' opens it again.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { clickAnswer, pickPrograms } from "./chat.ts";
import { seriousViolations } from "./axe.ts";
import { useDemoSite } from "./harness.ts";
import { quoteNow, summary, toPicker, typeSize } from "./journey.ts";

const e2e = useDemoSite();

describe("every service switched off", () => {
  test("keeps the quote open in its 'No Services' state; a switch turned on brings the quote back", async () => {
    const page = await e2e.newPage();
    const chat = await toPicker(page, e2e.site.urls.host, {
      company: "demo-company",
      bot: "demo-bot",
      phone: "5555550612",
      search: "2874 Brand",
      label: "2874 Brand Road, Dublin, OH 43017, USA",
    });
    await pickPrograms(chat, "Mowing");
    await typeSize(page, chat, "sq ft", "6000");
    await clickAnswer(chat, "1 month ago +");
    await clickAnswer(chat, "I do it myself");
    await chat.getByRole("button", { name: "Rate", exact: true }).click();
    const modal = await quoteNow(page, chat);
    const before = await summary(modal);
    assert.ok(before["GET STARTED TODAY"], "the quote has a price today");

    const mowing = modal.getByRole("switch", { name: "Mowing" });
    await mowing.click();
    const empty = page.getByRole("dialog", { name: /^Your quote from / });
    await empty.getByRole("heading", { name: "No Services" }).waitFor();
    await empty.getByText("Every service is switched off. Switch one on to see its price.").waitFor();
    const switches = empty.getByRole("switch");
    assert.ok((await switches.count()) >= 1, "the switches are still there");
    for (const s of await switches.all()) assert.equal(await s.getAttribute("aria-checked"), "false");
    assert.equal(await empty.getByRole("button", { name: /Checkout|Sign Up/ }).count(), 0, "nothing to buy");
    assert.deepEqual(await seriousViolations(page), [], "the 'No Services' state");

    // Closed in that state, 'View My Quote' opens it again: no dead end.
    await empty.getByRole("button", { name: "Close" }).click();
    await empty.waitFor({ state: "detached" });
    await chat.getByRole("button", { name: "View My Quote" }).click();
    await empty.getByRole("heading", { name: "No Services" }).waitFor();

    await empty.getByRole("switch", { name: "Mowing" }).click();
    const back = page.getByRole("dialog", { name: /^Your quote from / });
    await back.getByText("Based on your selections we recommend these services").waitFor();
    assert.equal(await back.getByRole("switch", { name: "Mowing" }).getAttribute("aria-checked"), "true");
    assert.deepEqual(await summary(back), before, "the same figures as before");
  });
});
