// Company settings that change what a visitor sees (issue 13), on the demo companies that use
// them: Greenway's availableServiceTypes (the picker offers three of its four picker programs),
// Thames Lawns' salutation (its first words) and programDetails (Fertilizer & Weed Control
// without its probing questions).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { openChat } from "./chat.ts";
import { useDemoSite } from "./harness.ts";
import { quoteNow, toPicker as toPickerAt, typeSize, type Visit } from "./journey.ts";
import { pickPrograms } from "./chat.ts";

const e2e = useDemoSite();
const toPicker = (page: Parameters<typeof toPickerAt>[0], v: Visit) => toPickerAt(page, e2e.site.urls.host, v);

describe("the company's own settings", () => {
  test("Greenway's picker offers exactly its availableServiceTypes, in its order", async () => {
    const page = await e2e.newPage();
    const chat = await toPicker(page, { company: "greenway-lawn", bot: "lawn", phone: "6145550901", search: "5565 Brand", label: "5565 Brand Road, Dublin, OH 43017, USA" });
    const grid = chat.getByRole("group", { name: "Services" });
    const offered = await grid.getByRole("button").evaluateAll((buttons) => buttons.map((b) => b.querySelector(".qa-program-name")?.textContent ?? b.textContent ?? ""));
    assert.deepEqual(
      offered.map((name) => name.trim()),
      ["Mowing", "Fertilizer & Weed Control", "Grub Control"],
      "the backend's Lawn Seeding is not offered",
    );
  });

  test("Thames Lawns says its salutation first, then its greeting", async () => {
    const page = await e2e.newPage();
    const chat = await openChat(page, `${e2e.site.urls.host}/?company=thames-lawns&bot=garden`);
    await chat.getByRole("button", { name: "Let's Get Started" }).waitFor();
    const bot = await chat.locator(".qa-msg-bot").allInnerTexts();
    assert.match(bot[0] ?? "", /Good day, and welcome to Thames Lawns!$/);
    assert.doesNotMatch(bot[1] ?? "", /Good day/);
  });

  test("Thames Lawns' Fertilizer & Weed Control skips its questions: from the size straight to the quote", async () => {
    const page = await e2e.newPage();
    const chat = await toPicker(page, { company: "thames-lawns", bot: "garden", phone: "07700900901", search: "14 Church Road", label: "14 Church Road, London SW13 9AA, UK" });
    await pickPrograms(chat, "Fertilizer & Weed Control");
    await typeSize(page, chat, "sq m", "240");
    const modal = await quoteNow(page, chat);
    await modal.getByText("Fertilizer & Weed Control").first().waitFor();
    assert.equal(await chat.getByRole("log").getByText("Who takes care of your lawn today?").count(), 0, "fertilizer's questions are not asked");
    assert.equal(await chat.getByRole("button", { name: "Get My Quote Now" }).count(), 0, "no 'see it now or customize' question");
  });
});
