// Our measuring tool on the production entry (issue 33): `npm run serve` configured by its
// environment alone, with MEASURE_IMAGERY and its public key (and the Google/Regrid keys of the
// go-live work) pointed at local fakes of Mapbox's Raster Tiles API and Esri's World Imagery.
// In Chromium, on the hosted page of a measur-it company that set no measuringToolUrl of its own:
// - the tool opens at the address on the fake's satellite tiles, a lawn is outlined, and the
//   proposal is priced on the size drawn;
// - the tiles at their quota (429) or silent (a timeout): the tool says so in one sentence, the
//   visitor closes it, types the size, and still reaches a priced proposal;
// - neither the Google key nor the Regrid token is in anything the page has; the only key the
//   page's requests carry is the imagery's public one, on the tiles.
// With MEASURE_IMAGERY=esri the same tool asks Esri's tile path, rows before columns, with
// Esri's attribution.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Browser, BrowserContext } from "playwright-core";
import { clickAnswer, pickPrograms, saw, typeAnswer } from "./chat.ts";
import { launchChromium } from "./browser.ts";
import { measuringTool } from "./property-journey.ts";
import { eventually } from "../eventually.ts";
import { assertNoSecretShown, startProductionEntry, STRIPE_JS, visitHostedPage, type ProductionEntry, type Visitor } from "./production-entry.ts";
import {
  FAKE_ARCGIS_KEY,
  FAKE_ESRI_TILES_PATH,
  FAKE_GOOGLE_KEY,
  FAKE_MAPBOX_TOKEN,
  FAKE_PLACES,
  FAKE_REGRID_TOKEN,
  providerEnv,
  startProviderFakes,
  type ProviderFakes,
} from "../fakes/provider-fakes.ts";

const UNAVAILABLE = "The satellite picture is not available right now. Please close this and type your lawn's size instead.";
const SECRETS = { "the Google key": FAKE_GOOGLE_KEY, "the Regrid token": FAKE_REGRID_TOKEN };

describe("the production entry's measuring tool on live imagery (local fakes)", { timeout: 150_000 }, () => {
  let fakes: ProviderFakes;
  let entry: ProductionEntry;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const place = (id: string) => FAKE_PLACES.find((candidate) => candidate.placeId === id)!;

  before(async () => {
    fakes = await startProviderFakes({ listen: true });
    [entry, browser] = await Promise.all([
      startProductionEntry({
        ...providerEnv(fakes.url),
        MEASURE_IMAGERY: "mapbox",
        MAPBOX_ACCESS_TOKEN: FAKE_MAPBOX_TOKEN,
        MAPBOX_API_BASE: fakes.url,
      }),
      launchChromium(),
    ]);
  });

  after(async () => {
    for (const context of contexts) await context.close().catch(() => {});
    await browser?.close();
    await entry?.close();
    await fakes?.close();
  });

  /**
   * A visitor of demo-company's measur-it bot at the tool: the address from Places, no unit, Grub
   * Control (no questions of its own). Each test its own address: the same one finds the earlier quote.
   */
  async function toTool(phone: string, placeId: string): Promise<Visitor> {
    const { formattedAddress } = place(placeId);
    const visitor = await visitHostedPage(browser, contexts, entry.base, "/demo-company/demo-bot", phone);
    const { chat } = visitor;
    await clickAnswer(chat, "Let's Get Started");
    await chat.getByRole("combobox", { name: "Search address" }).fill(formattedAddress.split(",")[0]!);
    await chat.getByRole("option", { name: formattedAddress }).click();
    await clickAnswer(chat, "No");
    await pickPrograms(chat, "Grub Control");
    await visitor.page.getByRole("dialog", { name: "Color in your lawn" }).waitFor();
    return visitor;
  }

  /** The proposal shows a price to start today, and every price call was for `estimate`. */
  async function pricedOn(visitor: Visitor, estimate: number): Promise<void> {
    await saw(visitor.chat, "Calculating your custom quote...");
    const modal = visitor.page.getByRole("dialog", { name: /^Your quote from / });
    await modal.waitFor();
    assert.equal(await modal.locator(".qa-size-value").innerText(), `${estimate.toLocaleString("en-US")} sq ft`);
    assert.ok(visitor.priced.length > 0, "the page asked for prices");
    for (const body of visitor.priced) assert.equal(body.estimate, estimate, "priced for the lawn the chat settled on");
  }

  /** Beyond our origin the page asked only Stripe's script and the imagery's tiles, these with the public token alone. */
  async function assertOnlyTilesElsewhere(visitor: Visitor): Promise<void> {
    const elsewhere = visitor.requests.filter((url) => new URL(url).origin !== entry.base && new URL(url).origin !== STRIPE_JS);
    for (const url of elsewhere) {
      const asked = new URL(url);
      assert.equal(asked.origin, new URL(fakes.url).origin, `asked only the imagery beyond our origin: ${url}`);
      assert.match(asked.pathname, /^\/v4\/mapbox\.satellite\/\d+\/\d+\/\d+@2x\.jpg90$/, `a satellite tile: ${url}`);
      assert.deepEqual([...asked.searchParams.keys()], ["access_token"]);
      assert.equal(asked.searchParams.get("access_token"), FAKE_MAPBOX_TOKEN, "the public token, no other key");
    }
    await assertNoSecretShown(visitor, SECRETS);
  }

  test("the start-up log names the imagery", () => {
    const ports = entry.log().find((line) => line.msg === "ports" && "addressSearch" in line);
    assert.match(JSON.stringify(ports), /mapbox/, `the ports line: ${JSON.stringify(ports)}`);
  });

  test("the tool on the imagery's tiles: a lawn outlined, and the proposal priced on its size", async () => {
    fakes.reset();
    const visitor = await toTool("6145550191", "ChIJfake88Main");
    const { tool, map } = await measuringTool(visitor.page);
    await tool.getByText("© Mapbox © OpenStreetMap © Maxar").waitFor();
    await eventually("the fake's tiles asked for", () => Promise.resolve(fakes.calls.filter((call) => call.provider === "imagery").length), (n) => n > 0, { timeoutMs: 15_000, everyMs: 100 });
    const box = (await map.boundingBox())!;
    const at = (dx: number, dy: number) => ({ position: { x: box.width / 2 + dx, y: box.height / 2 + dy } });
    for (const [dx, dy] of [[-60, -60], [60, -60], [60, 60], [-60, 60], [-60, -60]] as const) await map.click(at(dx, dy));
    const total = await eventually("the area", () => tool.locator("#total").innerText(), (text) => /^[\d,]+ sq ft$/.test(text) && Number(text.replace(/[^\d]/g, "")) > 0, { timeoutMs: 15_000, everyMs: 100 });
    await tool.getByRole("button", { name: "Use this measurement" }).click();
    const n = Number(total.replace(/[^\d]/g, ""));
    // 120 CSS px at the tool's zoom near 40° N: a lawn of about 2,000 sq ft.
    assert.ok(n > 1500 && n < 2600, `the drawn lawn: ${total}`);
    await saw(visitor.chat, `Thanks! It looks like you colored in ${n.toLocaleString("en-US")} sq ft.`);
    await pricedOn(visitor, n);
    await assertOnlyTilesElsewhere(visitor);
  });

  for (const [mode, phone, placeId] of [
    ["429", "6145550192", "ChIJfake17Field"],
    ["timeout", "6145550193", "ChIJfake1600Penn"],
  ] as const) {
    test(`the tiles answering ${mode}: the tool says so in one sentence, the size is typed, and the proposal is priced`, async () => {
      fakes.reset();
      fakes.setMode("imagery", mode);
      const visitor = await toTool(phone, placeId);
      const tool = visitor.page.frameLocator('iframe[title="Measuring tool"]');
      // A silent provider is called unavailable after the tool's patience with the first view (10 s).
      await tool.getByText(UNAVAILABLE).waitFor({ timeout: 30_000 });
      await tool.getByRole("button", { name: "Close" }).first().click();
      await visitor.page.getByRole("dialog", { name: "Color in your lawn" }).waitFor({ state: "detached" });
      await typeAnswer(visitor.chat, "Size in sq ft", "6000");
      await pricedOn(visitor, 6000);
      await assertOnlyTilesElsewhere(visitor);
      fakes.reset();
    });
  }
});

describe("the production entry's measuring tool on Esri's World Imagery (a local fake)", { timeout: 90_000 }, () => {
  let fakes: ProviderFakes;
  let entry: ProductionEntry;
  let browser: Browser;

  before(async () => {
    fakes = await startProviderFakes({ listen: true });
    [entry, browser] = await Promise.all([
      startProductionEntry({
        GOOGLE_MAPS_API_KEY: FAKE_GOOGLE_KEY,
        GOOGLE_PLACES_API_BASE: fakes.url,
        MEASURE_IMAGERY: "esri",
        ARCGIS_API_KEY: FAKE_ARCGIS_KEY,
        ARCGIS_TILES_BASE: `${fakes.url}${FAKE_ESRI_TILES_PATH}`,
      }),
      launchChromium(),
    ]);
  });

  after(async () => {
    await browser?.close();
    await entry?.close();
    await fakes?.close();
  });

  test("the tool's page asks Esri's tiles (row before column) with the key, and shows Esri's attribution", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const query = new URLSearchParams({ address: "88 Main Street, Dublin, OH 43017, USA", mode: "area", units: "imperial", parent: entry.base });
    await page.goto(`${entry.base}/measure/?${query}`);
    await page.getByText("Powered by Esri", { exact: false }).waitFor();
    const tiles = await eventually("Esri's tiles asked for", () => Promise.resolve(fakes.calls.filter((call) => call.provider === "imagery")), (calls) => calls.length > 0, { timeoutMs: 15_000, everyMs: 100 });
    const root = page.locator("#measure-tool");
    const zoom = Number(await root.getAttribute("data-zoom"));
    for (const call of tiles) {
      const [z, row, column] = call.path.slice(FAKE_ESRI_TILES_PATH.length + 1).split("/").map(Number);
      assert.ok(z! <= 19 && Math.abs(z! - Math.min(zoom, 19)) <= 1, `a tile at the tool's zoom, within Esri's 19: ${call.path}`);
      // Near Dublin, OH (40.1° N, 83.1° W) a row (y) is about 0.38 of the world's height, a column (x) 0.27 of its width.
      assert.ok(Math.abs(row! / 2 ** z! - 0.378) < 0.01 && Math.abs(column! / 2 ** z! - 0.269) < 0.01, `row then column: ${call.path}`);
      assert.equal(call.query.token, FAKE_ARCGIS_KEY);
    }
    await page.close();
  });
});
