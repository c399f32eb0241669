// The console's follow-ups (issue 34) end to end, in Chromium on the demo site: the Greenway owner
// edits the schedule on the Bot page with the keyboard and the mouse (a step added and removed,
// a bad delay refused at its field, quiet hours off, the postal address e-mails need), sees the
// text and the e-mail in English and Spanish in the preview, and publishes: the live
// configuration has the schedule. A lead's page has its Follow-ups section and the funnel its
// Recovered column. The pages are axe clean and run under their CSP.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { eventually } from "../eventually.ts";
import { collectCspViolations, useDemoSite, watchErrors } from "./harness.ts";
import { consoleViolations, signInAtConsole } from "./console-session.ts";

const e2e = useDemoSite();
const OWNER = "owner@greenway-lawn.example";
const ADDRESS = "12 Elm Street, Columbus, OH 43004";

interface Bot {
  live: { config: { followUps?: unknown } };
  draft: { config: { followUps?: unknown } } | null;
}
const botOf = async (page: Page) => (await (await page.request.get(`${e2e.site.urls.widget}/console/api/bots/lawn`)).json()) as Bot;

test("the owner sets the follow-ups' schedule on the Bot page, previews the messages in English and Spanish, and publishes it", { timeout: 180_000 }, async () => {
  const owner = await e2e.newPage();
  const csp = await collectCspViolations(owner);
  const errors = watchErrors(owner);
  await signInAtConsole(owner, e2e.site.urls, OWNER);
  await owner.getByRole("link", { name: "Bot" }).click();
  const section = owner.getByRole("region", { name: "Follow-ups to homeowners who leave" });
  await section.waitFor();

  // The default schedule until the bot has its own: a text at 15 minutes, e-mails after.
  const steps = section.locator(".follow-up-step");
  assert.equal(await steps.count(), 4);
  const step = (index: number) => steps.nth(index);
  assert.equal(await step(0).getByLabel("Minutes after leaving").inputValue(), "15");
  assert.equal(await step(0).getByLabel("Sent as").inputValue(), "sms");
  assert.equal(await section.getByLabel("Send follow-ups").isChecked(), true);
  await section.getByText("No postal address yet: the e-mail steps will not be sent.").waitFor();
  assert.deepEqual(await consoleViolations(owner), []);

  // With the keyboard: a fifth step added, then removed.
  await section.getByRole("button", { name: "Add a step" }).focus();
  await owner.keyboard.press("Enter");
  await eventually("a fifth step", () => steps.count(), (n) => n === 5);
  await section.getByRole("button", { name: "Remove step 5" }).focus();
  await owner.keyboard.press("Space");
  await eventually("four steps again", () => steps.count(), (n) => n === 4);
  // With the mouse: the last two steps removed.
  await section.getByRole("button", { name: "Remove step 4" }).click();
  await section.getByRole("button", { name: "Remove step 3" }).click();
  assert.equal(await steps.count(), 2);

  // A delay of 0 is refused at its field, and nothing is saved.
  await step(0).getByLabel("Minutes after leaving").fill("0");
  await step(0).getByText("Must be at least 1.").waitFor();
  assert.equal(await step(0).getByLabel("Minutes after leaving").getAttribute("aria-invalid"), "true");
  await owner.getByText(/Not saved: 1 field needs fixing/).waitFor();
  const draftSteps = ((await botOf(owner)).draft?.config.followUps as { steps?: Array<{ afterMinutes: unknown }> } | undefined)?.steps ?? [];
  assert.notEqual(draftSteps[0]?.afterMinutes, 0, "the refused delay is not saved");

  await step(0).getByLabel("Minutes after leaving").fill("30");
  await step(0).getByText("= 30 minutes").waitFor();
  await step(1).getByLabel("Minutes after leaving").fill("1440");
  await step(1).getByText("= 1 day").waitFor();
  await section.getByLabel("Keep quiet hours").uncheck();
  assert.equal(await section.getByLabel("Quiet from").count(), 0);
  await section.getByLabel("Your postal address").fill(ADDRESS);
  await section.getByText(/the law \(CAN-SPAM\) wants your postal address/).waitFor();

  const expected = { enabled: true, steps: [{ afterMinutes: 30, channel: "sms" }, { afterMinutes: 1440, channel: "email" }], quietHours: null, postalAddress: ADDRESS };
  await eventually("the schedule in the draft", async () => (await botOf(owner)).draft?.config.followUps, (saved) => JSON.stringify(saved) === JSON.stringify(expected), { timeoutMs: 15_000, everyMs: 200 });
  await owner.getByText(/Draft saved by owner@greenway-lawn\.example/).waitFor();

  // The preview: the text and the e-mail as the homeowner gets them, in both languages.
  const english = section.getByRole("region", { name: "In English" });
  const spanish = section.getByRole("region", { name: "In Spanish" });
  await english.getByText(/^Greenway Lawn Care: your quote is ready at \$59\.00\. Pick up where you left off: \S+ Reply STOP to opt out\.$/).waitFor();
  await english.getByText("Subject: Your quote from Greenway Lawn Care").waitFor();
  await eventually("the address in the English e-mail", () => english.locator("pre").textContent(), (text) => (text ?? "").includes(ADDRESS));
  assert.match((await english.locator("pre").textContent()) ?? "", /^Hi Alex,/);
  await spanish.getByText(/Responda STOP para no recibir más\.$/).waitFor();
  await spanish.getByText("Subject: Su presupuesto de Greenway Lawn Care").waitFor();
  assert.match((await spanish.locator("pre").textContent()) ?? "", /Darse de baja: \S+/);
  assert.equal(await spanish.getAttribute("lang"), "es");
  assert.deepEqual(await consoleViolations(owner), []);

  // The company's own wording: a placeholder it cannot have is refused at its field; one it can
  // is previewed as the homeowner gets it and kept in the draft.
  const sentence = section.getByRole("group", { name: "Your own wording" }).getByRole("group", { name: "In English" }).getByLabel("Text message: its sentence");
  await sentence.fill("Hi {firstName}, still thinking?");
  await eventually("the unknown placeholder refused at its field", () => sentence.getAttribute("aria-invalid"), (value) => value === "true", { timeoutMs: 15_000, everyMs: 200 });
  await sentence.fill("{name}, your lawn plan is saved at {price}.");
  await english.getByText(/^Greenway Lawn Care: Alex, your lawn plan is saved at \$59\.00\. Pick up where you left off: \S+ Reply STOP to opt out\.$/).waitFor();
  const worded = { ...expected, messages: { en: { text: "{name}, your lawn plan is saved at {price}." } } };
  await eventually("the wording in the draft", async () => (await botOf(owner)).draft?.config.followUps, (saved) => JSON.stringify(saved) === JSON.stringify(worded), { timeoutMs: 15_000, everyMs: 200 });
  assert.equal(await sentence.getAttribute("aria-invalid"), null);
  assert.deepEqual(await consoleViolations(owner), []);

  // Published: the live configuration follows the new schedule and wording.
  await owner.getByRole("button", { name: "Publish" }).click();
  await owner.getByText(/Published as version \d+\./).waitFor();
  assert.deepEqual((await botOf(owner)).live.config.followUps, worded);

  // In Spanish, the section and its preview's headings.
  await owner.getByLabel("Language", { exact: true }).selectOption("es");
  const seccion = owner.getByRole("region", { name: "Seguimiento a quien se va sin comprar" });
  await seccion.getByRole("region", { name: "En español" }).getByText(/Responda STOP/).waitFor();
  await seccion.getByLabel("Su dirección postal").waitFor();
  assert.deepEqual(await consoleViolations(owner), []);
  await owner.getByLabel("Idioma", { exact: true }).selectOption("en");

  // A lead's page lists its follow-ups (none yet for a seeded lead); the funnel has its column.
  await owner.getByRole("link", { name: "Inbox" }).click();
  await owner.locator("[data-quote-id] a").first().click();
  const followUps = owner.getByRole("region", { name: "Follow-ups" });
  await followUps.getByText("No follow-ups").waitFor();
  await owner.getByRole("link", { name: "Funnel" }).click();
  // Since long ago: the seeded leads are older than the default month.
  await owner.getByLabel("From").fill("2000-01-01");
  await owner.getByRole("columnheader", { name: "Recovered by a follow-up" }).waitFor();
  await owner.getByText(/^Recovered by a follow-up: 0 sales, \$0\.00$/).waitFor();
  assert.deepEqual(await consoleViolations(owner), []);

  assert.deepEqual(await csp(), [], "the console runs under its CSP");
  assert.deepEqual(errors.pageErrors, []);
});
