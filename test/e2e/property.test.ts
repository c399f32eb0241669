// The property's size as visitors get it against the reference backend: drawing in the stand-in
// measuring tool on its own origin (area and perimeter, imperial and metric), typing it after
// closing the tool, and the estimate sources with their dead ends.
import assert from "node:assert/strict";
import turfArea from "@turf/area";
import { describe, test } from "node:test";
import type { Locator, Page } from "playwright-core";
import { clickAnswer, openChat, pickAddress, pickPrograms, saw, typeAnswer } from "./chat.ts";
import { consoleViolations, signInAtConsole } from "./console-session.ts";
import { useDemoSite } from "./harness.ts";

const e2e = useDemoSite();

/** Prefilled contact details, so the journey starts at the address. */
function url(company: string, bot: string, phone: string): string {
  const query = new URLSearchParams({ company, bot, customerName: "Kim Lee", phonenumber: phone, customerEmail: "kim@example.com" });
  return `${e2e.site.urls.host}/?${query}`;
}

async function toProperty(page: Page, target: string, search: string, label: string, measuresFirst = true): Promise<Locator> {
  const chat = await openChat(page, target);
  await clickAnswer(chat, "Let's Get Started");
  await pickAddress(chat, search, label);
  await clickAnswer(chat, "No");
  // measur-it and home: the programs come first (SPEC §4); zillow and other: the estimate.
  if (measuresFirst) await pickPrograms(chat, "Fertilizer & Weed Control");
  return chat;
}

/**
 * Draws a closed shape (area) or a line (perimeter) in our own measuring tool (issue 33: the
 * satellite map from the demo's stand-in of Mapbox's tiles), by mouse, and uses it.
 */
async function drawOnMap(page: Page, closeShape: boolean): Promise<void> {
  const tool = page.frameLocator('iframe[title="Measuring tool"]');
  const map = tool.locator("#map");
  await map.waitFor();
  const box = (await map.boundingBox())!;
  // A square of 120 CSS px at zoom 20 (about 14 m each way): a lawn of about 2,000 sq ft.
  const points = [
    [-60, -60],
    [60, -60],
    [60, 60],
    [-60, 60],
  ];
  const at = ([dx, dy]: number[]) => ({ position: { x: box.width / 2 + dx!, y: box.height / 2 + dy! } });
  for (const point of points) await map.click(at(point));
  if (closeShape) await map.click(at(points[0]!));
  else await tool.getByRole("button", { name: "Done" }).click();
  await tool.getByRole("button", { name: "Use this measurement" }).click();
}

/** Draws a closed shape (area) or a line (perimeter) in the stand-in of a third-party tool, by mouse, and finishes. */
async function draw(page: Page, closeShape: boolean): Promise<void> {
  const tool = page.frameLocator('iframe[title="Measuring tool"]');
  const canvas = tool.locator("#drawing");
  await canvas.waitFor();
  // A fifth of the picture each way: a lawn of about 640 m² (6,900 sq ft), inside every limit.
  const points = [
    [0.3, 0.3],
    [0.5, 0.3],
    [0.5, 0.5],
    [0.3, 0.5],
  ];
  const box = (await canvas.boundingBox())!;
  for (const [x, y] of points) await canvas.click({ position: { x: box.width * x!, y: box.height * y! } });
  if (closeShape) await canvas.click({ position: { x: box.width * 0.3, y: box.height * 0.3 } });
  const finish = tool.getByRole("button", { name: "Finish" });
  if (await finish.isEnabled()) await finish.click();
}

/** Demo Company's stored quote for a phone: the lookup by phone hands out the quote's token, which the details call asks for. */
async function storedQuote(phone: string): Promise<{ adjustedLotSize: number | null; estimate: { estimate: number } | null }> {
  const base = e2e.site.urls.widget;
  const customer = (await (await fetch(`${base}/v1/company/demo-company/customer/lookup?phonenumber=${phone}`)).json()) as {
    record: { quoteId: string; quoteToken: string };
  };
  const details = await fetch(`${base}/v1/quote/details`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ companyId: "demo-company", quoteId: customer.record.quoteId, quoteToken: customer.record.quoteToken }),
  });
  return (await details.json()) as { adjustedLotSize: number | null; estimate: { estimate: number } | null };
}

describe("measuring in the tool, across origins", () => {
  // Demo Company measures with our own tool (no measuringToolUrl of its own: the server's
  // /measure/); Thames Lawns keeps a third-party tool's URL (the stand-in on its own origin).
  const cases: Array<[string, string, string, string, string, boolean, RegExp, "ours" | "theirs"]> = [
    ["area in sq ft", "demo-company", "demo-bot", "1234 Oak Street Dublin 43017", "1234 Oak Street, Dublin, OH 43017, USA", true, /colored in [\d,]+ sq ft\.$/, "ours"],
    ["a perimeter in linear ft", "demo-company", "perimeter-bot", "112 Oak Street Dublin 43017", "112 Oak Street, Dublin, OH 43017, USA", false, /outlined in [\d,]+ linear ft\.$/, "ours"],
    ["area in sq m", "thames-lawns", "garden", "49 Church Road SW13", "49 Church Road, London SW13 9AA, UK", true, /colored in [\d,]+ sq m\.$/, "theirs"],
  ];
  for (const [what, company, bot, search, label, closeShape, said, tool] of cases) {
    test(`a visitor draws ${what} and the chat says what was measured`, async () => {
      const page = await e2e.newPage();
      const chat = await toProperty(page, url(company, bot, `55555502${String(cases.findIndex((c) => c[0] === what)).padStart(2, "0")}`), search, label);
      await saw(chat, "Opening our Measur.it technology");
      const modal = page.getByRole("dialog", { name: /Color in your lawn|Outline your property/ });
      await modal.waitFor();
      const src = await page.locator('iframe[title="Measuring tool"]').getAttribute("src");
      const toolPage = tool === "ours" ? `${e2e.site.urls.widget}/measure/` : `${e2e.site.urls.measure}/`;
      assert.ok(src?.startsWith(`${toolPage}?address=`), `the tool gets the address: ${src}`);
      await (tool === "ours" ? drawOnMap(page, closeShape) : draw(page, closeShape));
      await modal.waitFor({ state: "detached" });
      await saw(page.getByRole("dialog"), said);
    });
  }

  test("closing the tool offers typing the size; a bad size gets the spec's message and keeps the text", async () => {
    const page = await e2e.newPage();
    const chat = await toProperty(page, url("demo-company", "demo-bot", "5555550210"), "5561 Oak Street Dublin 43017", "5561 Oak Street, Dublin, OH 43017, USA");
    const modal = page.getByRole("dialog", { name: "Color in your lawn" });
    await modal.waitFor();
    await modal.getByRole("button", { name: "Close" }).click();
    await modal.waitFor({ state: "detached" });
    const input = await typeAnswer(chat, "Size in sq ft", "12e3");
    await chat.getByText("Please input only numeric values.").waitFor();
    assert.equal(await input.inputValue(), "12e3");
    await typeAnswer(chat, "Size in sq ft", "6500");
    await saw(chat, "Who takes care of your lawn today?");
  });
});

/** A point of the tool's map (CSS px from the map's centre) as [lng, lat], by web-mercator at the page's zoom. */
function lngLatAt(centre: [number, number], zoom: number, dx: number, dy: number): [number, number] {
  const world = 256 * 2 ** zoom;
  const [lng, lat] = centre;
  const rad = (lat * Math.PI) / 180;
  const x = ((lng + 180) / 360) * world + dx;
  const y = ((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * world + dy;
  const n = Math.PI - (2 * Math.PI * y) / world;
  return [(x / world) * 360 - 180, (180 / Math.PI) * Math.atan(Math.sinh(n))];
}

const ringArea = (centre: [number, number], zoom: number, points: number[][]) =>
  turfArea({ type: "Polygon", coordinates: [[...points, points[0]!].map(([dx, dy]) => lngLatAt(centre, zoom, dx!, dy!))] });

describe("measuring a lawn with our tool, end to end", () => {
  test("a lawn tapped out, one point dragged, a second area added and a bed taken out: the chat's N is the geodesic area within 1 %, and the proposal is priced on it", async () => {
    const page = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    const chat = await toProperty(page, url("demo-company", "demo-bot", "5555550218"), "1236 Tuttle Crossing Boulevard 43017", "1236 Tuttle Crossing Boulevard, Dublin, OH 43017, USA", false);
    // Grub Control has no questions of its own: the proposal follows the measurement.
    await pickPrograms(chat, "Grub Control");
    const tool = page.frameLocator('iframe[title="Measuring tool"]');
    const map = tool.locator("#map");
    await map.waitFor();
    const root = tool.locator("#measure-tool");
    const centre = JSON.parse((await root.getAttribute("data-centre"))!) as [number, number];
    const zoom = Number(await root.getAttribute("data-zoom"));
    const box = (await map.boundingBox())!;
    const at = ([dx, dy]: number[]) => ({ x: box.x + box.width / 2 + dx!, y: box.y + box.height / 2 + dy! });
    const tap = async (point: number[]) => page.mouse.click(at(point).x, at(point).y);
    const outline = async (points: number[][]) => {
      for (const point of points) await tap(point);
      await tap(points[0]!); // the first point again closes the area
    };

    // The front lawn: a square of 200 px, then its south-east corner dragged 40 px further out.
    await outline([[-100, -100], [100, -100], [100, 100], [-100, 100]]);
    await page.mouse.move(at([100, 100]).x, at([100, 100]).y);
    await page.mouse.down();
    await page.mouse.move(at([120, 110]).x, at([120, 110]).y, { steps: 4 });
    await page.mouse.move(at([140, 140]).x, at([140, 140]).y, { steps: 4 });
    await page.mouse.up();
    // A side strip, and a flower bed taken out of the front lawn.
    await tool.getByRole("button", { name: "Add another area" }).click();
    await outline([[-240, -100], [-160, -100], [-160, 100], [-240, 100]]);
    await tool.getByRole("button", { name: "Take out an area" }).click();
    await outline([[-30, -30], [30, -30], [30, 30], [-30, 30]]);

    const squareMetres =
      ringArea(centre, zoom, [[-100, -100], [100, -100], [140, 140], [-100, 100]]) +
      ringArea(centre, zoom, [[-240, -100], [-160, -100], [-160, 100], [-240, 100]]) -
      ringArea(centre, zoom, [[-30, -30], [30, -30], [30, 30], [-30, 30]]);
    const expected = squareMetres * 10.7639104;
    await tool.getByRole("button", { name: "Use this measurement" }).click();
    await page.getByRole("dialog", { name: "Color in your lawn" }).waitFor({ state: "detached" });
    await saw(chat, /Thanks! It looks like you colored in [\d,]+ sq ft\.$/);
    const said = chat.getByRole("log").locator(".qa-msg").filter({ hasText: "It looks like you colored in" }).last();
    const n = Number(/colored in ([\d,]+) sq ft/.exec(await said.innerText())![1]!.replace(/,/g, ""));
    assert.ok(Math.abs(n - expected) / expected < 0.01, `N = ${n} sq ft, the drawing's geodesic area ${expected.toFixed(0)} sq ft`);
    // The proposal is priced on N: its estimated size is N.
    await saw(chat, "Calculating your custom quote...");
    const modal = page.getByRole("dialog", { name: /^Your quote from / });
    assert.equal(await modal.locator(".qa-size-value").innerText(), `${n.toLocaleString("en-US")} sq ft`);

    // The company sees it: the lead's page shows the figure and the drawing over the imagery.
    const base = e2e.site.urls.widget;
    const found = (await (await fetch(`${base}/v1/company/demo-company/customer/lookup?phonenumber=5555550218`)).json()) as { record: { quoteId: string } };
    const owner = await e2e.newPage();
    await signInAtConsole(owner, e2e.site.urls, "owner@demo-company.example");
    await owner.goto(`${base}/console/#/leads/${found.record.quoteId}`);
    const measured = owner.getByRole("region", { name: "Lawn as measured" });
    await measured.getByText(`${n.toLocaleString("en-US")} sq ft`, { exact: true }).waitFor();
    const picture = measured.getByRole("img", { name: "The lawn as the homeowner outlined it on the satellite map" });
    assert.match((await picture.getAttribute("src")) ?? "", /^data:image\/jpeg;base64,/);
    assert.ok(await picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), "the picture shows");
    assert.deepEqual(await consoleViolations(owner), []);
  });
});

describe("our measuring tool at 1280×800 and on a phone", () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    test(`at ${viewport.width}×${viewport.height}: 'Use this measurement' is in view, and Escape inside it closes it and offers typing the size`, async () => {
      const page = await e2e.newPage({ viewport });
      const phone = `555555021${viewport.width === 1280 ? 4 : 5}`;
      const [search, label] = viewport.width === 1280 ? ["5567 Coffman Park Drive 43017", "5567 Coffman Park Drive, Dublin, OH 43017, USA"] : ["5569 Bristol Parkway 43017", "5569 Bristol Parkway, Dublin, OH 43017, USA"];
      const chat = await toProperty(page, url("demo-company", "demo-bot", phone), search, label);
      const modal = page.getByRole("dialog", { name: "Color in your lawn" });
      await modal.waitFor();
      const tool = page.frameLocator('iframe[title="Measuring tool"]');
      const use = tool.getByRole("button", { name: "Use this measurement" });
      await use.waitFor();
      const box = (await use.boundingBox())!;
      assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `in view (${box.y}..${box.y + box.height})`);
      const frame = (await page.locator('iframe[title="Measuring tool"]').boundingBox())!;
      assert.ok(box.y + box.height <= frame.y + frame.height, `and inside the tool's frame, not cut off (${box.y + box.height} > ${frame.y + frame.height})`);
      // The provider's attribution is on the map, as its terms require.
      await tool.getByText("© Mapbox © OpenStreetMap © Maxar").waitFor();
      await tool.locator("#map").focus();
      await page.keyboard.press("Escape");
      await modal.waitFor({ state: "detached" });
      await typeAnswer(chat, "Size in sq ft", "6500");
      await saw(chat, "Who takes care of your lawn today?");
    });
  }

  test("the lot's outline: 'Start from the lot outline' measures the lot, adjustable, and the chat says the size", async () => {
    const page = await e2e.newPage({ viewport: { width: 390, height: 844 } });
    const chat = await toProperty(page, url("demo-company", "demo-bot", "5555550217"), "2872 Tuttle Crossing Boulevard 43017", "2872 Tuttle Crossing Boulevard, Dublin, OH 43017, USA");
    const modal = page.getByRole("dialog", { name: "Color in your lawn" });
    const tool = page.frameLocator('iframe[title="Measuring tool"]');
    await tool.getByRole("button", { name: "Start from the lot outline" }).click();
    // The demo's lot is its drawn plot, about 27.6 m × 39.8 m of ground: some 11,800 sq ft.
    const total = await tool.locator("#total").innerText();
    const sqFt = Number(total.replace(/[^\d]/g, ""));
    assert.ok(sqFt > 11_000 && sqFt < 12_600, `the lot's size: ${total}`);
    await tool.getByRole("button", { name: "Use this measurement" }).click();
    await modal.waitFor({ state: "detached" });
    await saw(page.getByRole("dialog"), `Thanks! It looks like you colored in ${sqFt.toLocaleString("en-US")} sq ft.`);
  });

  test("satellite imagery down: the tool says so in one sentence, and closing it offers typing the size", async () => {
    const page = await e2e.newPage();
    await page.route(`${e2e.site.urls.measure}/v4/**`, (route) => route.fulfill({ status: 503, body: "" }));
    const chat = await toProperty(page, url("demo-company", "demo-bot", "5555550216"), "5563 Tuttle Crossing Boulevard 43017", "5563 Tuttle Crossing Boulevard, Dublin, OH 43017, USA");
    const modal = page.getByRole("dialog", { name: "Color in your lawn" });
    const tool = page.frameLocator('iframe[title="Measuring tool"]');
    await tool.getByText("The satellite picture is not available right now.", { exact: false }).waitFor();
    await tool.getByRole("button", { name: "Close" }).first().click();
    await modal.waitFor({ state: "detached" });
    await typeAnswer(chat, "Size in sq ft", "6500");
    await saw(chat, "Who takes care of your lawn today?");
  });
});

// Each journey at one company uses its own address: the same address finds that quote again.
describe("estimates by source", () => {
  test("zillow gives the lot and its pictures; the slider sets the lawn, saved as the adjusted size", async () => {
    const page = await e2e.newPage();
    const chat = await toProperty(page, url("demo-company", "zillow-bot", "5555550220"), "2870 Oak Street Dublin 43017", "2870 Oak Street, Dublin, OH 43017, USA", false);
    await saw(chat, /Your lot is about [\d,]+ sq ft\.$/);
    await chat.getByRole("img", { name: "Aerial view of your property" }).waitFor();
    const slider = chat.getByRole("slider", { name: /Percentage of lot that is lawn/ });
    // zillow-bot sets no sqFtPercentage: SPEC §9's 0.4 (issue 27: one rule for every source).
    assert.equal(await slider.inputValue(), "40", "the slider starts at the company's share of the lot");
    await slider.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    assert.equal(await slider.inputValue(), "42");
    const lawn = await chat.locator("output").innerText();
    await clickAnswer(chat, "Update Lawn Size");
    await saw(chat, lawn);
    await pickPrograms(chat, "Fertilizer & Weed Control");
    await saw(chat, "Who takes care of your lawn today?");

    const quote = await storedQuote("5555550220");
    assert.equal(`${quote.adjustedLotSize?.toLocaleString("en-US")} sq ft`, lawn);
    assert.ok(quote.estimate && quote.estimate.estimate > quote.adjustedLotSize!, "the lot is recorded as the estimate");
  });

  test("home: the programs first, then the home's internal square footage, then the program's questions", async () => {
    const page = await e2e.newPage();
    const chat = await toProperty(page, url("demo-company", "home-bot", "5555550223"), "114 Tuttle Crossing", "114 Tuttle Crossing Boulevard, Dublin, OH 43016, USA");
    await saw(chat, /Your home's internal square footage is about [\d,]+ sq ft\.$/);
    await saw(chat, "Who takes care of your lawn today?");
  });

  test("other: the lot from the estimate and, where the source knows no lawn, the bot's sqFtPercentage of it (0.3); the slider starts there and corrects it", async () => {
    const page = await e2e.newPage();
    const chat = await toProperty(page, url("demo-company", "other-bot", "5555550224"), "808 Oak Street", "808 Oak Street, Dublin, OH 43017, USA", false);
    await saw(chat, /Your lot is about [\d,]+ sq ft, about [\d,]+ sq ft of it lawn\.$/);
    const said = await chat.getByRole("log").locator(".qa-msg").filter({ hasText: /Your lot is about/ }).last().innerText();
    const [lot, lawn] = [...said.matchAll(/about ([\d,]+) sq ft/g)].map((m) => Number(m[1]!.replaceAll(",", "")));
    assert.equal(lawn, Math.round(lot! * 0.3), said);
    const slider = chat.getByRole("slider", { name: /Percentage of lot that is lawn/ });
    assert.equal(await slider.inputValue(), "30", "the slider starts at the lawn just said");
    assert.equal(await chat.locator("output").innerText(), `${lawn!.toLocaleString("en-US")} sq ft`);
    await slider.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    const corrected = Math.round((lot! * 35) / 100);
    assert.equal(await chat.locator("output").innerText(), `${corrected.toLocaleString("en-US")} sq ft`);
    await clickAnswer(chat, "Update Lawn Size");
    await pickPrograms(chat, "Mowing");
    await saw(chat, "When was your lawn last mowed?");

    // The quote keeps the lot as its estimate and the visitor's lawn as its adjusted size.
    const quote = await storedQuote("5555550224");
    assert.deepEqual([quote.estimate?.estimate, quote.adjustedLotSize], [lot, corrected]);
  });

  test("a failed estimate ends with the manual-review message", async () => {
    const page = await e2e.newPage();
    const chat = await toProperty(page, url("demo-company", "other-bot", "5555550221"), "12 Nowhere Lane", "12 Nowhere Lane, Dublin, OH 43017, USA", false);
    await saw(
      chat,
      "Our instant quote technology is good, however we feel it would be best for us to manually review your property with you. We will be in touch soon.",
    );
  });

  test("a lawn above the company's maximum ends at well-thanks-anyway", async () => {
    const page = await e2e.newPage();
    const chat = await toProperty(page, url("demo-company", "zillow-bot", "5555550222"), "999 Oak Street Dublin", "999 Oak Street, Dublin, OH 43017, USA", false);
    await clickAnswer(chat, "Update Lawn Size");
    await saw(chat, /Well, thanks anyway!/);
  });
});
