// Our measuring tool (issue 33) in the chat, end to end against the demo site in Chromium: a
// lawn tapped out, a point dragged, an area added and a bed taken out, held to the geodesic
// area of what was drawn (computed here from the points) within 1 %, the proposal priced on
// it, the console's lead page showing it and the admin export carrying its outline; its buttons in view on a desktop and a phone;
// Escape; imagery down; the lot's outline; a perimeter held to its geodesic length within 1 %.
// The other engines: engine-measure.test.ts.
import assert from "node:assert/strict";
import turfArea from "@turf/area";
import turfLength from "@turf/length";
import { describe, test } from "node:test";
import type { Page } from "playwright-core";
import { pickPrograms, saw, typeAnswer } from "./chat.ts";
import { consoleViolations, signInAtConsole } from "./console-session.ts";
import { useDemoSite } from "./harness.ts";
import { eventually } from "../eventually.ts";
import { lngLatAt } from "./map-points.ts";
import { measuringTool, toProperty, visitUrl } from "./property-journey.ts";

const e2e = useDemoSite();
const url = (company: string, bot: string, phone: string) => visitUrl(e2e.site.urls.host, company, bot, phone);

const ringArea = (centre: [number, number], zoom: number, points: number[][]) =>
  turfArea({ type: "Polygon", coordinates: [[...points, points[0]!].map(([dx, dy]) => lngLatAt(centre, zoom, dx!, dy!))] });

/**
 * The tool open in the chat: its map's centre and zoom, the page point `[dx, dy]` CSS px from the
 * map's middle, and a drag by mouse from a point through others.
 */
async function toolMap(page: Page) {
  const { tool, map } = await measuringTool(page);
  const root = tool.locator("#measure-tool");
  const centre = JSON.parse((await root.getAttribute("data-centre"))!) as [number, number];
  const zoom = Number(await root.getAttribute("data-zoom"));
  const box = (await map.boundingBox())!;
  const at = ([dx, dy]: number[]) => ({ x: box.x + box.width / 2 + dx!, y: box.y + box.height / 2 + dy! });
  const drag = async (from: number[], ...through: number[][]) => {
    await page.mouse.move(at(from).x, at(from).y);
    await page.mouse.down();
    for (const point of through) await page.mouse.move(at(point).x, at(point).y, { steps: 4 });
    await page.mouse.up();
  };
  return { tool, centre, zoom, at, drag };
}

describe("measuring a lawn with our tool, end to end", () => {
  test("a lawn tapped out, one point dragged, a second area added and a bed taken out: the chat's N is the geodesic area within 1 %, and the proposal is priced on it", async () => {
    const page = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    const chat = await toProperty(page, url("demo-company", "demo-bot", "5555550218"), "1236 Tuttle Crossing Boulevard 43017", "1236 Tuttle Crossing Boulevard, Dublin, OH 43017, USA", false);
    // Grub Control has no questions of its own: the proposal follows the measurement.
    await pickPrograms(chat, "Grub Control");
    const { tool, centre, zoom, at, drag } = await toolMap(page);
    const tap = async (point: number[]) => page.mouse.click(at(point).x, at(point).y);
    const outline = async (points: number[][]) => {
      for (const point of points) await tap(point);
      await tap(points[0]!); // the first point again closes the area
    };

    // The front lawn: a square of 200 px, then its south-east corner dragged 40 px further out.
    await outline([[-100, -100], [100, -100], [100, 100], [-100, 100]]);
    await drag([100, 100], [120, 110], [140, 140]);
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
    await measured.getByText("Drawn as 2 areas, 1 taken out.").waitFor();
    assert.deepEqual(await consoleViolations(owner), []);

    // The admin export carries the figure and the outline, whose own geodesic area is N.
    const exported = (await (
      await fetch(`${base}/v1/company/demo-company/leads.json`, { headers: { Authorization: "Bearer qa_demo_key_demo-company" } })
    ).json()) as { leads: Array<Record<string, unknown>> };
    const lead = exported.leads.find((row) => row.quoteId === found.record.quoteId)!;
    assert.equal(lead.lawnMeasured, n);
    assert.equal(lead.lawnMeasuredUnits, "sq ft");
    assert.match(String(lead.lawnPicture), /^data:image\/jpeg;base64,/);
    const shapes = (JSON.parse(String(lead.lawnOutline)) as { features: Array<{ properties: { kind: string }; geometry: { type: "Polygon"; coordinates: number[][][] } }> }).features;
    assert.deepEqual(shapes.map((shape) => shape.properties.kind), ["lawn", "lawn", "cutout"]);
    const exportedSqFt = shapes.reduce((sum, shape) => sum + (shape.properties.kind === "cutout" ? -1 : 1) * turfArea(shape.geometry), 0) * 10.7639104;
    // The outline keeps coordinates to about a centimetre: its area is N within 0.1 %.
    assert.ok(Math.abs(exportedSqFt - n) <= n * 0.001, `the outline's area ${exportedSqFt.toFixed(1)} sq ft, N = ${n}`);
  });
});

describe("measuring a perimeter with our tool, end to end", () => {
  test("a line around the house, one point dragged: the chat's N linear ft is the line's geodesic length within 1 %, and the proposal is priced on it", async () => {
    const page = await e2e.newPage({ viewport: { width: 1280, height: 800 } });
    const chat = await toProperty(page, url("demo-company", "perimeter-bot", "5555550219"), "5565 Brand Road 43017", "5565 Brand Road, Dublin, OH 43017, USA", false);
    await pickPrograms(chat, "Grub Control");
    const { tool, centre, zoom, at, drag } = await toolMap(page);
    // Three sides of the house, then the middle corner dragged 30 px out; Done ends the line.
    for (const point of [[-120, -80], [120, -80], [120, 80], [-120, 80]]) await page.mouse.click(at(point).x, at(point).y);
    await drag([120, 80], [135, 95], [150, 110]);
    await tool.getByRole("button", { name: "Done" }).click();
    const line = { type: "LineString" as const, coordinates: [[-120, -80], [120, -80], [150, 110], [-120, 80]].map(([dx, dy]) => lngLatAt(centre, zoom, dx!, dy!)) };
    const expected = turfLength({ type: "Feature", properties: {}, geometry: line }, { units: "meters" }) * 3.28083989501;
    await tool.getByRole("button", { name: "Use this measurement" }).click();
    await page.getByRole("dialog", { name: "Outline your property" }).waitFor({ state: "detached" });
    await saw(chat, /Thanks! It looks like you outlined in [\d,]+ linear ft\.$/);
    const said = chat.getByRole("log").locator(".qa-msg").filter({ hasText: "It looks like you outlined in" }).last();
    const n = Number(/outlined in ([\d,]+) linear ft/.exec(await said.innerText())![1]!.replace(/,/g, ""));
    assert.ok(Math.abs(n - expected) / expected < 0.01, `N = ${n} linear ft, the line's geodesic length ${expected.toFixed(1)} ft`);
    await saw(chat, "Calculating your custom quote...");
    const modal = page.getByRole("dialog", { name: /^Your quote from / });
    assert.equal(await modal.locator(".qa-size-value").innerText(), `${n.toLocaleString("en-US")} linear ft`);
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
      // An English visitor: the URL names no language, and the tool speaks English.
      assert.equal(new URL((await page.locator('iframe[title="Measuring tool"]').getAttribute("src"))!).searchParams.has("lang"), false);
      assert.equal(await tool.locator("html").getAttribute("lang"), "en");
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
    // The total paints after the outline is drawn: read it once it is there.
    const total = await eventually("the lot's total", () => tool.locator("#total").innerText(), (text) => Number(text.replace(/[^\d]/g, "")) > 0, { timeoutMs: 15_000, everyMs: 100 }).catch(() => tool.locator("#total").innerText());
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
