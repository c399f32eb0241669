// The console's builder end to end (issue 25), in Chromium on the demo site: the Greenway owner
// changes the greeting and the brand colour, sees both in the preview (the real widget running
// the draft) before publishing, publishes, and a new visitor on the company's site is greeted
// with the new words in the new colour; restoring the earlier version brings the old greeting
// back. Bad values (an http: logo, a colour that is not one, letters in a US ZIP code) are
// refused next to their fields and visitors see no change. A staff member who is not an owner
// cannot publish, in the page or through the API. The page is axe clean and runs under its CSP.
// With CONSOLE_SCREENS_DIR set, the builder with its preview is saved there at 1280 px.
import assert from "node:assert/strict";
import { test } from "node:test";
import type { FrameLocator, Locator, Page } from "playwright-core";
import { openChat, saw } from "./chat.ts";
import { collectCspViolations, useDemoSite, watchErrors } from "./harness.ts";
import { consoleViolations, signInAtConsole } from "./console-session.ts";

const e2e = useDemoSite();
const signIn = (page: Page, email: string) => signInAtConsole(page, e2e.site.urls, email);
const OWNER = "owner@greenway-lawn.example";
const STAFF = "crew@greenway-lawn.example";
const OLD_GREETING = "Hi there! Welcome to Greenway Lawn Care. I can have a custom lawn care quote ready for you in about two minutes.";
const NEW_GREETING = "Spring is here! Greenway can price your lawn care in two minutes.";
const NEW_BRAND = "#1e40af";
const NEW_BRAND_RGB = "rgb(30, 64, 175)";
const OLD_BRAND_RGB = "rgb(139, 195, 74)";

const styleOf = (locator: Locator, property: string): Promise<string> => locator.evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);

/** The preview's widget (the frame reloads after each saved draft: the latest one). */
const previewChat = (page: Page): FrameLocator => page.frameLocator("iframe.preview-frame");

async function openBuilder(page: Page): Promise<void> {
  await page.getByRole("link", { name: "Bot" }).click();
  await page.getByRole("heading", { name: "Your bot" }).waitFor();
  await page.getByLabel("Greeting", { exact: true }).waitFor();
}

/** What a new visitor on the company's site sees: the greeting and the header's colour. */
async function visitorSees(): Promise<{ chat: Locator; header: string }> {
  const visitor = await e2e.newPage();
  const chat = await openChat(visitor, `${e2e.site.urls.host}/?company=greenway-lawn&bot=lawn`);
  const header = chat.locator(".qa-header");
  await chat.locator(".qa-header-sub").waitFor();
  return { chat, header: await styleOf(header, "background-color") };
}

test("the owner changes the greeting and the colour, previews, publishes; visitors see it; restoring brings the old greeting back", { timeout: 240_000 }, async () => {
  const owner = await e2e.newPage();
  const csp = await collectCspViolations(owner);
  const errors = watchErrors(owner);
  await signIn(owner, OWNER);
  await openBuilder(owner);
  assert.equal(await owner.getByLabel("Greeting", { exact: true }).inputValue(), OLD_GREETING);
  assert.deepEqual(await consoleViolations(owner), []);

  // The preview runs the live configuration until there is a draft.
  await saw(previewChat(owner).locator("quote-assistant"), OLD_GREETING);

  await owner.getByLabel("Greeting", { exact: true }).fill(NEW_GREETING);
  await owner.getByLabel("Brand colour", { exact: true }).fill(NEW_BRAND);
  await owner.getByText(/Text on this colour is white, at a contrast of \d+\.\d:1/).waitFor();
  await owner.getByText(/Draft saved by owner@greenway-lawn\.example/).waitFor();
  // Both in the preview before publishing.
  const preview = previewChat(owner);
  await preview.getByRole("log").locator(".qa-msg").filter({ hasText: NEW_GREETING }).waitFor();
  await owner.waitForFunction(
    (rgb) => {
      const frame = document.querySelector<HTMLIFrameElement>("iframe.preview-frame");
      const header = frame?.contentDocument?.querySelector("quote-assistant")?.shadowRoot?.querySelector(".qa-header");
      return !!header && getComputedStyle(header).backgroundColor === rgb;
    },
    NEW_BRAND_RGB,
  );
  if (process.env.CONSOLE_SCREENS_DIR) await owner.screenshot({ path: `${process.env.CONSOLE_SCREENS_DIR}/console-builder-desktop.png` });
  // The phone frame shows the same widget, narrower.
  await owner.getByRole("button", { name: "Phone" }).click();
  assert.equal(await owner.getByRole("button", { name: "Phone" }).getAttribute("aria-pressed"), "true");
  const width = await owner.locator("iframe.preview-frame").evaluate((frame) => frame.getBoundingClientRect().width);
  assert.ok(width <= 375, `the phone frame is ${width} px wide`);

  // Visitors see nothing of the draft yet.
  const before = await visitorSees();
  await saw(before.chat, OLD_GREETING);
  assert.equal(before.header, OLD_BRAND_RGB);

  await owner.getByRole("button", { name: "Publish", exact: true }).click();
  await owner.getByText(/^Published as version \d+\.$/).waitFor();
  const after = await visitorSees();
  await saw(after.chat, NEW_GREETING);
  assert.equal(after.header, NEW_BRAND_RGB);

  // The versions: who and when; restoring the seed's version brings the old greeting back.
  const versions = owner.locator("table.versions tbody tr");
  await versions.first().filter({ hasText: OWNER }).waitFor();
  const seedRow = versions.filter({ hasText: "seed" });
  const seedVersion = await seedRow.getAttribute("data-version");
  await seedRow.getByRole("button", { name: `Restore version ${seedVersion}` }).click();
  await owner.getByText(`Version ${seedVersion} is live again.`).waitFor();
  assert.equal(await owner.getByLabel("Greeting", { exact: true }).inputValue(), OLD_GREETING);
  const restored = await visitorSees();
  await saw(restored.chat, OLD_GREETING);
  assert.equal(restored.header, OLD_BRAND_RGB);

  assert.deepEqual(await consoleViolations(owner), []);
  assert.deepEqual(await csp(), [], "the console and its preview run under their CSP");
  assert.deepEqual(errors.pageErrors, []);
});

test("bad values are refused next to their fields, nothing is saved, and visitors see no change", { timeout: 120_000 }, async () => {
  const owner = await e2e.newPage();
  await signIn(owner, OWNER);
  await openBuilder(owner);
  await owner.getByLabel("Logo address", { exact: true }).fill("http://greenway.example/logo.png");
  await owner.getByLabel("Brand colour", { exact: true }).fill("grass green");
  await owner.getByLabel("ZIP codes you serve", { exact: true }).fill("43016\n43O17");
  await owner.getByText(/^Not saved: 3 fields need fixing/).waitFor();
  const problemAt = (field: string) => owner.locator(`.problem[data-field="${field}"]`);
  assert.match(await problemAt("companyLogo").innerText(), /starting with https:\/\//);
  assert.match(await problemAt("brandColor").innerText(), /This is not a colour/);
  assert.match(await problemAt("zipCodes").innerText(), /^Line 2: A US ZIP code is 5 digits, with no letters/);
  // Each problem is the field's description, and the field says it is invalid.
  const logo = owner.getByLabel("Logo address", { exact: true });
  assert.equal(await logo.getAttribute("aria-invalid"), "true");
  const describedBy = (await logo.getAttribute("aria-describedby")) ?? "";
  assert.ok(describedBy.split(" ").includes((await problemAt("companyLogo").getAttribute("id")) ?? "-"));
  assert.deepEqual(await consoleViolations(owner), []);

  const bot = (await (await owner.request.get(`${e2e.site.urls.widget}/console/api/bots/lawn`)).json()) as { draft: unknown };
  assert.equal(bot.draft, null, "no draft saved");
  const visitor = await visitorSees();
  await saw(visitor.chat, OLD_GREETING);
  assert.equal(visitor.header, OLD_BRAND_RGB);
});

test("a staff member who is not an owner edits the draft but cannot publish, in the page or through the API", { timeout: 120_000 }, async () => {
  const owner = await e2e.newPage();
  await signIn(owner, OWNER);
  await owner.getByRole("link", { name: "Settings" }).click();
  await owner.locator("#invite-email").fill(STAFF);
  await owner.getByRole("button", { name: "Invite" }).click();
  await owner.getByText("Invitation sent.").waitFor();

  const staff = await e2e.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(staff, STAFF);
  await openBuilder(staff);
  const publish = staff.getByRole("button", { name: "Publish", exact: true });
  await staff.getByText(/^Only an owner can publish or restore/).first().waitFor();
  assert.equal(await publish.isDisabled(), true);
  await staff.getByLabel("Greeting", { exact: true }).fill("A greeting from the crew");
  await staff.getByText(/Draft saved by crew@greenway-lawn\.example/).waitFor();
  assert.equal(await publish.isDisabled(), true, "still no publishing with a draft");
  await staff.locator("table.versions tbody tr").first().waitFor();
  assert.equal(await staff.locator("table.versions button:enabled").count(), 0, "nor restoring");
  const overflow = await staff.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px at 390 px`);
  assert.deepEqual(await consoleViolations(staff), []);

  const csrf = ((await (await staff.request.get(`${e2e.site.urls.widget}/console/api/me`)).json()) as { csrfToken: string }).csrfToken;
  const refused = await staff.request.post(`${e2e.site.urls.widget}/console/api/bots/lawn/publish`, { headers: { "X-CSRF-Token": csrf, Origin: e2e.site.urls.widget, "Content-Type": "application/json" }, data: {} });
  assert.equal(refused.status(), 403);
  const visitor = await visitorSees();
  await saw(visitor.chat, OLD_GREETING);
});
