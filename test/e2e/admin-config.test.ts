// Configuration without editing files, as a company and its next visitor see it: the company
// changes its greeting and colour through the admin API (docs/admin.md), and a fresh page
// shows them, in Chromium; the visitor's page before the change showed the old ones.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { demoAdminToken } from "../../demo-site/db/seed.ts";
import { httpRequest } from "../server/demo-site/http-client.ts";
import { useDemoSite, watchErrors } from "./harness.ts";

const e2e = useDemoSite();

const GREETING = "Spring is here: your lawn quote in a minute, from the admin API.";

async function openInline(page: Page) {
  await page.goto(`${e2e.site.urls.host}/inline.html?company=demo-company`);
  const widget = page.locator("quote-assistant");
  await widget.locator(".qa-header-sub").waitFor();
  return widget;
}

const headerColor = (page: Page) =>
  page.locator("quote-assistant").locator(".qa-header").evaluate((element) => getComputedStyle(element).backgroundColor);

describe("a company changes its greeting and colour through the admin API", () => {
  test("the next visitor's fresh page greets with the new text in the new colour", async () => {
    const before = await e2e.newPage();
    const widget = await openInline(before);
    assert.equal(await headerColor(before), "rgb(15, 118, 110)");
    await widget.locator(".qa-header-sub").waitFor();
    assert.equal(await widget.getByText(GREETING).count(), 0);

    const url = `${e2e.site.urls.widget}/admin/v1/companies/demo-company/bots/demo-bot/config`;
    const auth = { Authorization: `Bearer ${demoAdminToken("demo-company")}` };
    const current = JSON.parse((await httpRequest(url, { headers: auth })).body) as Record<string, unknown>;
    const saved = await httpRequest(url, {
      method: "PUT",
      headers: { ...auth, "Content-Type": "application/json" },
      body: JSON.stringify({ ...current, greeting: GREETING, brandColor: "#7b1fa2" }),
    });
    assert.equal(saved.status, 200, saved.body);

    const after = await e2e.newPage();
    const errors = watchErrors(after);
    const fresh = await openInline(after);
    await fresh.getByText(GREETING).waitFor();
    assert.equal(await headerColor(after), "rgb(123, 31, 162)");
    assert.deepEqual(errors.pageErrors, []);
  });
});
