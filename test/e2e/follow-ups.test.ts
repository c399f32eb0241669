// Follow-ups (issue 34) end to end against the demo site, on its bot whose schedule is a text
// one minute after the visitor leaves and an e-mail at two (demo-company/follow-up-bot, no
// quiet hours): a visitor who ticks the texts box and leaves at the proposal gets one text in
// the demo's text sink within two minutes, then the e-mail with the postal address and an
// unsubscribe link; the text's link opens the chat at the proposal with the same price in
// another browser (another device). A visitor who buys at once gets nothing; one who texts
// STOP gets no text; a forged Twilio signature is refused and changes nothing. The three
// visitors wait side by side, so the file takes about two and a half minutes.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { DEMO_SMS_AUTH_TOKEN } from "../../demo-site/text-sink/text-sink.ts";
import { signTwilioRequest } from "../../server/sms/twilio-signature.ts";
import { eventually } from "../eventually.ts";
import { clickAnswer, openChat, pickAddress, pickPrograms, saw } from "./chat.ts";
import { sunkMail } from "./console-session.ts";
import { useDemoSite } from "./harness.ts";
import { fillStripe, signUpEnabled, summary, typeSize } from "./journey.ts";

const e2e = useDemoSite();
const BOX = "I agree to get texts from Demo Lawn & Pest Co. about this quote (at most 1). Message and data rates may apply. Reply STOP to end. Consent is not a condition of purchase.";
const FOLLOW_UP_WAIT_MS = 150_000;

interface SunkText {
  to: string;
  body: string;
}
const texts = async (): Promise<SunkText[]> => ((await (await fetch(`${e2e.site.urls.text}/texts.json`)).json()) as { texts: SunkText[] }).texts;
const textsTo = async (phone: string) => (await texts()).filter((text) => text.to === `+1${phone}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A visitor of the follow-up bot who types the number, ticks (or not) the box, and reaches the proposal. */
async function toProposal(page: Page, phone: string, email: string, street: string, label: string, tick: boolean): Promise<{ chat: Locator; modal: Locator; today: string }> {
  const query = new URLSearchParams({ company: "demo-company", bot: "follow-up-bot", customerName: "Robin Hale", customerEmail: email });
  const chat = await openChat(page, `${e2e.site.urls.host}/?${query}`);
  await clickAnswer(chat, "Let's Get Started");
  const field = chat.getByLabel("Phone number", { exact: true });
  await field.fill(phone);
  const box = chat.getByRole("checkbox", { name: BOX, exact: true });
  await box.waitFor();
  if (tick) await box.check();
  await field.press("Enter");
  await pickAddress(chat, street, label);
  await clickAnswer(chat, "No");
  await pickPrograms(chat, "Grub Control");
  await typeSize(page, chat, "sq ft", "6000");
  const modal = page.getByRole("dialog", { name: /^Your quote from / });
  await modal.waitFor();
  const today = (await summary(modal))["GET STARTED TODAY"]!;
  assert.match(today, /^\$[\d,]+\.\d\d$/);
  return { chat, modal, today };
}

describe("follow-ups to a visitor who left", { concurrency: true }, () => {
  test("ticked the box and left at the proposal: a text within two minutes, then the e-mail; the link reopens the proposal at the same price on another device", { timeout: 240_000 }, async () => {
    const phone = "6145550391";
    const email = "robin.hale@example.com";
    const page = await e2e.newPage();
    const { today } = await toProposal(page, phone, email, "5567 Coffman", "5567 Coffman Park Drive, Dublin, OH 43017, USA", true);
    await page.context().close();
    const left = Date.now();

    const [text] = await eventually("the follow-up text", () => textsTo(phone), (found) => found.length > 0, { timeoutMs: FOLLOW_UP_WAIT_MS, everyMs: 1000 });
    assert.ok(Date.now() - left < 120_000, "within two minutes of leaving");
    assert.match(text!.body, new RegExp(`^Demo Lawn & Pest Co\\.: your quote is ready at \\${today.replace(".", "\\.")}\\. Pick up where you left off: http\\S+ Reply STOP to opt out\\.$`));
    const link = /(https?:\/\/\S+)/.exec(text!.body)![1]!;
    assert.ok(link.startsWith(`${e2e.site.urls.host}/`) && link.includes("qa_resume="), `the link opens the company's site: ${link}`);

    // The e-mail at its step: the price, the link, the company's name and postal address, and an unsubscribe link.
    const mail = await eventually("the follow-up e-mail", async () => (await sunkMail(e2e.site.urls)).filter((m) => m.to.includes(email)), (found) => found.length > 0, { timeoutMs: FOLLOW_UP_WAIT_MS, everyMs: 1000 });
    assert.equal(mail[0]!.subject, "Your quote from Demo Lawn & Pest Co.");
    assert.match(mail[0]!.text, new RegExp(`is ready: \\${today.replace(".", "\\.")}\\.`));
    assert.match(mail[0]!.text, /5600 Frantz Road, Dublin, OH 43017/);
    assert.match(mail[0]!.text, /Unsubscribe: http\S+\/v1\/follow-ups\/unsubscribe\?token=/);
    assert.equal((await textsTo(phone)).length, 1, "one text, as the schedule says");

    // Another device: the text's link opens the chat at the proposal, at the same price.
    const other = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    await other.goto(link);
    const resumed = other.getByRole("dialog").first();
    await clickAnswer(resumed, "View My Quote");
    const modal = other.getByRole("dialog", { name: /^Your quote from / });
    await modal.waitFor();
    assert.equal((await summary(modal))["GET STARTED TODAY"], today);
  });

  test("bought before the first step: no text, no e-mail", { timeout: 240_000 }, async () => {
    const phone = "6145550392";
    const email = "sam.buyer@example.com";
    const page = await e2e.newPage();
    const { chat, modal } = await toProposal(page, phone, email, "5569 Bristol", "5569 Bristol Parkway, Dublin, OH 43017, USA", true);
    await fillStripe(page);
    await signUpEnabled(page);
    await modal.getByRole("button", { name: "Sign Up" }).click();
    await saw(chat, /Congratulations, Robin! Your order is confirmed\./);
    await page.context().close();
    await sleep(130_000);
    assert.deepEqual(await textsTo(phone), []);
    assert.deepEqual((await sunkMail(e2e.site.urls)).filter((m) => m.to.includes(email)), []);
  });

  test("texted STOP before the first step: no text comes; a forged signature is refused and changes nothing", { timeout: 240_000 }, async () => {
    const phone = "6145550393";
    const inbound = `${e2e.site.urls.widget}/v1/sms/twilio/inbound`;
    const stopFrom = (from: string) => ({ AccountSid: "AC00000000000000000000000000000000", Body: "STOP", From: from, MessageSid: "SM00000000000000000000000000000393", To: "+16145550100" });

    // Forged: signed with another token. 403, and the number can still be texted (checked below by the other visitors' texts).
    const forged = stopFrom("+16145550391");
    const refused = await fetch(inbound, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signTwilioRequest(inbound, forged, "not-the-token") }, body: new URLSearchParams(forged) });
    assert.equal(refused.status, 403);

    const page = await e2e.newPage();
    await toProposal(page, phone, "kai.stop@example.com", "5571 Muirfield", "5571 Muirfield Drive, Dublin, OH 43017, USA", true);
    await page.context().close();
    const stop = stopFrom(`+1${phone}`);
    const answered = await fetch(inbound, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signTwilioRequest(inbound, stop, DEMO_SMS_AUTH_TOKEN) }, body: new URLSearchParams(stop) });
    assert.equal(answered.status, 200);
    await sleep(130_000);
    assert.deepEqual(await textsTo(phone), [], "no text after STOP");
    // The forged STOP changed nothing: the first visitor's number got its text.
    assert.equal((await textsTo("6145550391")).length, 1);
  });
});
