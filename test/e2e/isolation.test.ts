// The widget looks the same on any host page, and the host page looks the same with it.
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { eventually } from "../eventually.ts";
import { collectCspViolations, useDemoSite, watchErrors } from "./harness.ts";

const e2e = useDemoSite();

/** What a leaked host style would change, for every element the widget draws. */
const INHERITED_AND_RESET = [
  "font-family", "font-style", "font-weight", "font-size", "line-height", "letter-spacing", "word-spacing",
  "text-transform", "text-align", "white-space", "color", "cursor", "visibility", "filter", "box-sizing",
  "margin-top", "padding-top", "border-top-style", "background-color", "display", "position", "min-height",
];

async function openChat(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
  const chat = page.getByRole("dialog");
  await chat.getByRole("button", { name: "Let's Get Started" }).waitFor();
  // Every picture in the chat loaded (the logo arrives on its own request, later on a busy
  // machine), and the fonts ready.
  await chat.evaluate(async (root) => {
    const images = Array.from(root.querySelectorAll("img"));
    await Promise.all(images.map((img) => (img.complete ? null : new Promise((done) => img.addEventListener("load", done, { once: true })))));
    await document.fonts.ready;
  });
  // The pointer off the widget: the bubble under it after the click swapped the loader's bubble
  // for the widget's, and when Chromium re-computes that hover is a matter of timing.
  await page.mouse.move(1, 1);
}

/** The computed styles of every element in the widget's shadow trees, in document order. */
function widgetStyles(page: Page): Promise<string[]> {
  return page.evaluate((props) => {
    const out: string[] = [];
    const roots: (ShadowRoot | null)[] = Array.from(document.querySelectorAll("quote-assistant")).map((host) => host.shadowRoot);
    while (roots.length) {
      const root = roots.shift();
      if (!root) continue;
      for (const el of Array.from(root.querySelectorAll("*"))) {
        const style = getComputedStyle(el);
        out.push(`${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} ${props.map((p) => `${p}:${style.getPropertyValue(p)}`).join("; ")}`);
        if (el.shadowRoot) roots.push(el.shadowRoot);
      }
    }
    return out;
  }, INHERITED_AND_RESET);
}

/** The chat's picture once it holds still: two shots in a row the same. */
async function shootChat(page: Page): Promise<Buffer> {
  const box = (await page.getByRole("dialog").boundingBox())!;
  // Inside the rounded corners and shadow, which blend with whatever the host paints behind.
  const clip = { x: box.x + 16, y: box.y + 16, width: box.width - 32, height: box.height - 32 };
  let last: Buffer | undefined;
  const twoShots = async () => {
    const shot = await page.screenshot({ clip });
    const still = last?.equals(shot) ?? false;
    last = shot;
    return { still, bytes: shot.length };
  };
  await eventually("the chat to hold still (two shots alike)", twoShots, (seen) => seen.still, { timeoutMs: 10_000, everyMs: 200 });
  return last!;
}

/** How many pixels differ between two shots, and the box around them (decoded by the browser). */
function whereTheyDiffer(page: Page, a: Buffer, b: Buffer): Promise<string> {
  return page.evaluate(
    async ([first, second]) => {
      const pixels: ImageData[] = [];
      for (const data of [first, second]) {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${data}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext("2d")!;
        context.drawImage(bitmap, 0, 0);
        pixels.push(context.getImageData(0, 0, bitmap.width, bitmap.height));
      }
      const [p, q] = pixels as [ImageData, ImageData];
      if (p.width !== q.width || p.height !== q.height) return `sizes ${p.width}x${p.height} and ${q.width}x${q.height}`;
      let count = 0;
      let [left, top, right, bottom] = [p.width, p.height, -1, -1];
      for (let i = 0; i < p.data.length; i += 4) {
        if (p.data[i] === q.data[i] && p.data[i + 1] === q.data[i + 1] && p.data[i + 2] === q.data[i + 2]) continue;
        count++;
        const x = (i / 4) % p.width;
        const y = Math.floor(i / 4 / p.width);
        [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
      }
      return `${count} pixels differ, within x ${left}-${right}, y ${top}-${bottom} of ${p.width}x${p.height}`;
    },
    [a.toString("base64"), b.toString("base64")],
  );
}

describe("style isolation", () => {
  test("a page with an aggressive CSS reset and odd fonts shows the very same chat", async () => {
    const query = "?company=greenway-lawn&bot=lawn";
    const plainPage = await e2e.newPage();
    const resetPage = await e2e.newPage();
    await openChat(plainPage, `${e2e.site.urls.host}/${query}`);
    await openChat(resetPage, `${e2e.site.urls.host}/reset.html${query}`);

    // Every element the widget draws computes the same style under the hostile reset.
    const plainStyles = await widgetStyles(plainPage);
    const resetStyles = await widgetStyles(resetPage);
    assert.ok(plainStyles.length > 20, "the widget's elements were found");
    const leaked = resetStyles.filter((line, i) => line !== plainStyles[i]);
    assert.deepEqual(leaked, [], "styles that differ on the reset page");

    // And the picture is the same. A paint caught late on a busy machine does not repeat: the
    // same two pages are shot again before a difference counts.
    let plain = await shootChat(plainPage);
    let reset = await shootChat(resetPage);
    for (let attempt = 1; attempt <= 3 && !plain.equals(reset); attempt++) {
      plain = await shootChat(plainPage);
      reset = await shootChat(resetPage);
    }
    if (!plain.equals(reset)) {
      // Kept for whoever looks into it: the two pictures side by side.
      const dir = mkdtempSync(join(tmpdir(), "qa-isolation-"));
      writeFileSync(join(dir, "plain.png"), plain);
      writeFileSync(join(dir, "reset.png"), reset);
      assert.fail(
        `the chat on the reset page differs from the plain page's (${await whereTheyDiffer(plainPage, plain, reset)}): ` +
          `${dir}/plain.png and reset.png`,
      );
    }
  });

  test("opening the widget changes no style of the host page", async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.site.urls.host}/reset.html?company=greenway-lawn&bot=lawn`);
    const snapshot = () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll("body *:not(quote-assistant):not([data-quote-assistant-facade])"))
          .slice(0, 60)
          .map((el) => {
            const s = getComputedStyle(el);
            return [el.tagName, s.fontFamily, s.fontSize, s.color, s.margin, s.padding, s.display].join("|");
          }),
      );
    const before = await snapshot();
    const sheetsBefore = await page.evaluate(() => document.styleSheets.length);
    await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
    await page.getByRole("button", { name: "Let's Get Started" }).waitFor();
    assert.deepEqual(await snapshot(), before);
    assert.equal(await page.evaluate(() => document.styleSheets.length), sheetsBefore);
  });

  test("a strict Content-Security-Policy page runs the widget with no violation", async () => {
    const page = await e2e.newPage();
    const errors = watchErrors(page);
    const violations = await collectCspViolations(page);
    const response = await page.goto(`${e2e.site.urls.host}/csp.html?company=greenway-lawn&bot=lawn`);
    assert.match(response!.headers()["content-security-policy"] ?? "", /style-src 'self'/);
    await page.getByRole("button", { name: "Open the quote assistant chat" }).click();
    await page.getByRole("button", { name: "Let's Get Started" }).waitFor();
    assert.deepEqual(await violations(), []);
    assert.deepEqual(errors.pageErrors, []);
  });
});
