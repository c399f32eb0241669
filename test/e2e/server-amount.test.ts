// Money is decided by the server, as a visitor sees it: a tab showing prices the server no
// longer charges (here the first price answers are made stale on their way to the page) gets
// 409 quote_changed on Sign Up, is told nothing was charged, shows the reloaded price, and then
// pays exactly that, once.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { eventually } from "../eventually.ts";
import { clickAnswer, pickPrograms, saw } from "./chat.ts";
import { useDemoSite } from "./harness.ts";
import { fillStripe, signUpEnabled, summary, toPicker, typeSize } from "./journey.ts";

const e2e = useDemoSite();

const PRICES_CHANGED = "The prices on your quote have changed, so nothing was charged. Please check the updated total and try again.";


const PHONE = "5555550481";

/** What reached the backend for this visitor's quote (the demo's payment log). */
async function paymentLog(): Promise<{ requests: unknown[]; charges: Array<{ status: string; amount: string }> }> {
  const lookup = (await (await fetch(`${e2e.site.urls.widget}/v1/company/demo-company/customer/lookup?phonenumber=${PHONE}`)).json()) as { record: { quoteId: string } };
  return (await (await fetch(`${e2e.site.urls.widget}/demo-api/payment-log?companyId=demo-company&quoteId=${lookup.record.quoteId}`)).json()) as never;
}

interface Block {
  services: { application: Array<{ grossPrice: number }>; prePay?: Array<{ grossPrice: number }> };
}

/** While `stale()`, the page gets price answers $5 a line below the server's: a tab left open across a price change. */
async function serveStalePrices(page: Page, stale: () => boolean): Promise<void> {
  await page.route("**/v1/rtp/quote/services*", async (route) => {
    if (!stale() || route.request().method() !== "POST") return route.continue();
    const response = await route.fetch();
    const blocks = (await response.json()) as Block[];
    for (const block of blocks) {
      for (const line of [...block.services.application, ...(block.services.prePay ?? [])]) line.grossPrice = Math.max(0, line.grossPrice - 5);
    }
    return route.fulfill({ response, json: blocks });
  });
}

describe("a payment the server prices differently (409 quote_changed)", () => {
  test("the visitor is told nothing was charged, sees the reloaded price, and pays that once", async () => {
    const page = await e2e.newPage();
    // Until Sign Up, the page gets price answers $5 below the server's: a tab left open across a price change.
    let stale = true;
    const payments: number[] = [];
    await serveStalePrices(page, () => stale);
    page.on("response", (response) => {
      if (response.url().includes("/v1/secure/payment") && response.request().method() === "POST") payments.push(response.status());
    });

    const chat = await toPicker(page, e2e.site.urls.host, {
      company: "demo-company",
      bot: "demo-bot",
      phone: PHONE,
      search: "116 Brand",
      label: "116 Brand Road, Dublin, OH 43016, USA",
    });
    await pickPrograms(chat, "Grub Control");
    await typeSize(page, chat, "sq ft", "6000");
    await saw(chat, "Calculating your custom quote...");
    const modal = page.getByRole("dialog", { name: /^Your quote from / });
    await modal.waitFor();
    const shown = (await summary(modal))["GET STARTED TODAY"];
    assert.ok(shown);

    await fillStripe(page, "4242424242424242");
    const signUp = modal.getByRole("button", { name: "Sign Up" });
    await signUpEnabled(page);
    stale = false;
    await signUp.click();

    await modal.getByRole("alert").filter({ hasText: PRICES_CHANGED }).waitFor();
    assert.deepEqual(payments, [409]);
    // The reloaded price: the server's, $5 a chargeable application above what was shown.
    // The prices reload over the network after the refusal: given as long as a busy machine needs.
    const reloaded = (
      await eventually(`a reloaded price, not ${shown}`, () => summary(modal), (rows) => rows["GET STARTED TODAY"] !== shown, { timeoutMs: 15_000, everyMs: 100 })
    )["GET STARTED TODAY"];
    const refusedLog = await paymentLog();
    assert.deepEqual([refusedLog.requests.length, refusedLog.charges.length], [0, 0], "the refused payment left nothing");

    // The card is still typed (nothing lost): Sign Up pays the reloaded price.
    await signUpEnabled(page);
    await signUp.click();
    await saw(chat, /Congratulations, Kim! Your order is confirmed\./);
    assert.deepEqual(payments, [409, 200]);
    const log = await paymentLog();
    assert.deepEqual(log.charges.map((c) => [c.status, `$${c.amount}`]), [["succeeded", reloaded]], "charged once, exactly the reloaded price");
  });
});

describe("Real Green's payment session for prices the server no longer charges (409 quote_changed)", () => {
  test("the visitor is told nothing was charged; the prices reload and the frame opens for the reloaded amount", async () => {
    const page = await e2e.newPage();
    // Until the session is asked for, the page gets price answers $5 below the server's.
    let stale = true;
    const sessions: Array<{ status: number; amount: string }> = [];
    await serveStalePrices(page, () => stale);
    await page.route("**/v1/quote/crm/realgreen/payment", async (route) => {
      stale = false;
      const response = await route.fetch();
      sessions.push({ status: response.status(), amount: (JSON.parse(route.request().postData()!) as { amount: string }).amount });
      return route.fulfill({ response });
    });

    const chat = await toPicker(page, e2e.site.urls.host, { company: "greenway-lawn", bot: "lawn", phone: "6145550482", search: "5565 Brand", label: "5565 Brand Road, Dublin, OH 43017, USA" });
    await pickPrograms(chat, "Grub Control");
    await typeSize(page, chat, "sq ft", "6000");
    await clickAnswer(chat, "Fewer weeds");
    const modal = page.getByRole("dialog", { name: /^Your quote from / });
    await modal.waitFor();
    await modal.getByRole("alert").filter({ hasText: PRICES_CHANGED }).waitFor({ timeout: 30_000 });
    await page.frameLocator("iframe.qa-crm-frame").locator("#number").waitFor({ timeout: 30_000 });
    assert.deepEqual(sessions.map((s) => s.status), [409, 200], "refused for the stale amount, then a session for the reloaded one");
    const shown = (await summary(modal))["GET STARTED TODAY"];
    assert.equal(`$${sessions[1]!.amount}`, shown, "the session is for the amount on screen");
    assert.notEqual(sessions[0]!.amount, sessions[1]!.amount);
  });
});
