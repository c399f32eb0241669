// The phone field takes a number the way people type it (issue 16): the formatted number is
// kept whole in the field, its digits are counted, and only a wrong number of digits is refused.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { clickAnswer, openChat, saw } from "./chat.ts";
import { useDemoSite } from "./harness.ts";

const e2e = useDemoSite();

describe("the phone field", () => {
  test("'+1 (614) 555-0199' is kept as typed, counted as 11 digits and accepted, further digits not taken; '555-0199' is refused with what was typed kept", async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Kim Lee" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    await saw(chat, "Thanks, Kim! What's the best phone number to reach you?");
    const field = chat.getByLabel("Phone number", { exact: true });

    await field.pressSequentially("555-0199");
    await field.press("Enter");
    const error = chat.locator("#qa-text-error");
    await error.filter({ hasText: "Phone number must be 10 or 11 digits" }).waitFor();
    assert.equal(await field.inputValue(), "555-0199", "what was typed is kept");

    await field.fill("");
    await field.pressSequentially("+1 (614) 555-0199");
    assert.equal(await field.inputValue(), "+1 (614) 555-0199", "nothing cut off");
    assert.equal((await chat.locator("#qa-text-count").textContent())?.trim(), "11/11");
    // SPEC §5: 11 digits at most; a twelfth is not taken, and the counter says 11/11.
    await field.pressSequentially("4567");
    assert.equal(await field.inputValue(), "+1 (614) 555-0199", "no digit past the eleventh");
    assert.equal((await chat.locator("#qa-text-count").textContent())?.trim(), "11/11");
    await field.press("Enter");
    await saw(chat, /email/i);
    assert.equal(await chat.locator(".qa-msg-visitor").last().textContent(), "You: 16145550199");
  });

  test("fifteen digits typed: eleven kept", async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Kim Lee" });
    const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
    await clickAnswer(chat, "Let's Get Started");
    const field = chat.getByLabel("Phone number", { exact: true });
    await field.pressSequentially("614555012345678");
    assert.equal(await field.inputValue(), "61455501234");
    assert.equal((await chat.locator("#qa-text-count").textContent())?.trim(), "11/11");
  });
});
