// More company settings as a visitor meets them on the demo site (issue 13 §1): Thames Lawns'
// 'Learn More' video (aboutUsVideo), fetched only when asked for, in a dialog a keyboard
// closes; and the pictures of a returning customer's property when the lookup carried none.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { seriousViolations } from "./axe.ts";
import { clickAnswer, openChat, saw } from "./chat.ts";
import { useDemoSite } from "./harness.ts";

const e2e = useDemoSite();

describe("the company's own settings, continued", () => {
  test("Thames Lawns' video: nothing fetched until 'Watch our video'; a dialog that Escape closes, focus back; axe clean", async () => {
    const page = await e2e.newPage();
    const videoRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/demo-assets/videos/")) videoRequests.push(request.url());
    });
    const chat = await openChat(page, `${e2e.site.urls.host}/?company=thames-lawns&bot=garden`);
    await clickAnswer(chat, "Learn More");
    const watch = chat.getByRole("button", { name: "▶ Watch our video" });
    await watch.waitFor();
    assert.deepEqual(videoRequests, [], "the video is not fetched before it is asked for");

    await watch.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "A video about Thames Lawns Ltd" });
    await dialog.waitFor();
    const frame = dialog.locator("iframe");
    assert.equal(await frame.getAttribute("sandbox"), "allow-scripts allow-same-origin allow-presentation");
    await page.frameLocator("quote-assistant iframe[title='A video about Thames Lawns Ltd']").getByRole("heading", { name: "Thames Lawns, since 2004" }).waitFor();
    assert.equal(videoRequests.length, 1, "fetched once, on the press");
    assert.deepEqual(await seriousViolations(page), []);

    await dialog.getByRole("button", { name: "Close" }).focus();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    assert.equal(await watch.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el), true, "focus is back on the button");
  });

  test("a returning customer whose lookup has no pictures (5555550101) sees the aerial, then the street view", async () => {
    const page = await e2e.newPage();
    const chat = await openChat(page, `${e2e.site.urls.host}/?company=demo-company&bot=demo-bot&phonenumber=5555550101`);
    await clickAnswer(chat, "Let's Get Started");
    await saw(chat, "Welcome back, Sam!");
    const pictures = chat.getByRole("log").locator("img.qa-msg-image");
    await pictures.nth(1).waitFor();
    assert.deepEqual(await pictures.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("alt"))), ["Aerial view of your property", "Street view of your property"]);
    const sources = await pictures.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
    assert.match(sources[0]!, /\/demo-assets\/property\/aerial-\d+\.svg$/);
    assert.match(sources[1]!, /\/demo-assets\/property\/street-\d+\.svg$/);
  });
});
