// An address the search does not know (issue 16): after 'No matches found' the visitor types
// it by hand, each part checked, and goes on to a quote as with a found one. Without a map
// position the property's size still comes: the measuring tool opens on the typed address.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { apiGet, clickAnswer, openChat, pickPrograms, PICKER_PROMPT, saw } from "./chat.ts";
import { seriousViolations } from "./axe.ts";
import { useDemoSite } from "./harness.ts";
import { quoteNow, typeSize } from "./journey.ts";

const e2e = useDemoSite();

describe("an address typed by hand", () => {
  test("after 'No matches found': refused until whole, then the quote as with a found address", async () => {
    const page = await e2e.newPage();
    const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Ana Ruiz", phonenumber: "5555550611", customerEmail: "ana@example.com" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");

    const box = chat.getByRole("combobox", { name: "Search address" });
    await box.fill("77 Quarry Hollow");
    await chat.getByText("No matches found").waitFor();
    await clickAnswer(chat, "Type the address");

    const form = chat.getByRole("form", { name: "Type your address" });
    await form.getByLabel("Street address").fill("77 Quarry Hollow Lane");
    await form.getByLabel("City").fill("Dublin");
    await form.getByLabel("State").fill("Ohio");
    await form.getByLabel("ZIP code").fill("4301");
    await clickAnswer(chat, "Continue");
    await chat.getByRole("alert").filter({ hasText: "ZIP code is missing or not valid." }).waitFor();
    assert.deepEqual(await seriousViolations(page), [], "the typed address's form, with its message");
    await form.getByLabel("ZIP code").fill("43017");
    await clickAnswer(chat, "Continue");

    await saw(chat, "77 Quarry Hollow Lane, Dublin, OH 43017");
    await clickAnswer(chat, "No");
    await saw(chat, PICKER_PROMPT);
    const stored = (await apiGet(e2e.site.urls.widget, "/v1/company/demo-company/customer/lookup?phonenumber=5555550611")) as {
      record: { address: { street: string; city: string; state: string; postalCode: string; country: string } } | null;
    };
    const a = stored.record?.address;
    assert.deepEqual([a?.street, a?.city, a?.state, a?.postalCode, a?.country], ["77 Quarry Hollow Lane", "Dublin", "OH", "43017", "US"]);

    // No map position: the measuring tool is given the typed address to find.
    await pickPrograms(chat, "Mowing");
    const tool = page.getByRole("dialog", { name: "Color in your lawn" });
    await tool.waitFor();
    const src = new URL((await tool.locator("iframe").getAttribute("src")) ?? "", e2e.site.urls.host);
    assert.match([...src.searchParams.values()].join(" "), /77 Quarry Hollow Lane, Dublin, OH 43017/);
    await typeSize(page, chat, "sq ft", "6000");
    await clickAnswer(chat, "1 month ago +");
    await clickAnswer(chat, "I do it myself");
    await chat.getByRole("button", { name: "Rate", exact: true }).click();
    await quoteNow(page, chat);
  });
});
