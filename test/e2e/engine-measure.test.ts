// Our measuring tool (issue 33) in each browser engine, as a visitor of a measur-it company meets
// it: in the chat on the demo company's site, at the address, the satellite tiles of the demo's
// stand-in of Mapbox's API painted; a lawn tapped out corner by corner, one corner dragged, a
// second area added and a bed taken out, all with the driver's real mouse. The chat's 'you
// colored in N sq ft' is held to the geodesic area of what was drawn (@turf/area, computed here
// from the points tapped) within 1 %, the proposal is priced on N, and the lead keeps the
// drawing's picture (the tiles read back across origins). The tool is a
// cross-origin frame: its map is read through `evaluateInFrame`, and a point of its map is the
// frame's content box plus the map's box inside it. Chromium's fuller test: measure-tool.test.ts.
import assert from "node:assert/strict";
import turfArea from "@turf/area";
import { after, before, describe, test } from "node:test";
import type { DemoSite } from "../../demo-site/server.ts";
import { eventually } from "../eventually.ts";
import { lngLatAt } from "./map-points.ts";
import { ask, openChatAt, press, saw, typeInto, until, type Visitor } from "./engine-journey.ts";
import { enginesToRun, launchEngine, type EngineName, type EngineSession, type Point, type Tab } from "./engines.ts";
import { startE2ESite } from "./harness.ts";

const PHONE = { width: 390, height: 844 };
const TOOL = "Measuring tool";
const SQ_FT_PER_M2 = 10.7639104;

// Each engine its own visitor and address (the same address would find the earlier quote).
const VISITORS: Record<EngineName, Visitor> = {
  chromium: { phone: "5555550711", search: "122 Muirfield", label: "122 Muirfield Drive, Dublin, OH 43016, USA" },
  firefox: { phone: "5555550712", search: "1244 Muirfield", label: "1244 Muirfield Drive, Dublin, OH 43016, USA" },
  webkit: { phone: "5555550713", search: "2880 Muirfield", label: "2880 Muirfield Drive, Dublin, OH 43016, USA" },
};

/** The map's canvas has tile pixels (some grass among 25 samples), not a blank or grey canvas. */
const PAINTED = `(() => {
  const canvas = document.getElementById("map-canvas");
  if (!canvas || !canvas.width) return false;
  const context = canvas.getContext("2d");
  for (let i = 1; i <= 5; i++) for (let j = 1; j <= 5; j++) {
    const pixel = context.getImageData((canvas.width * i) / 6, (canvas.height * j) / 6, 1, 1).data;
    if (pixel[1] > pixel[0] + 20 && pixel[1] > pixel[2] + 20) return true;
  }
  return false;
})()`;

interface Layout {
  centre: [number, number];
  zoom: number;
  map: { x: number; y: number; width: number; height: number };
}

/**
 * Inside the tool: where it centred the map, its zoom, and the map's box in the frame, once the
 * tool has taken the map's size (its canvas sized to the box; null until then).
 */
const TOOL_LAYOUT = `(() => {
  const root = document.getElementById("measure-tool"), map = document.getElementById("map"), canvas = document.getElementById("map-canvas");
  if (!root || root.dataset.ready !== "true") return null;
  const box = map.getBoundingClientRect(), ratio = devicePixelRatio || 1;
  if (canvas.width !== Math.max(1, Math.round(box.width * ratio)) || canvas.height !== Math.max(1, Math.round(box.height * ratio))) return null;
  return { centre: JSON.parse(root.dataset.centre), zoom: Number(root.dataset.zoom), map: { x: box.x, y: box.y, width: box.width, height: box.height } };
})()`;

/** The frame's content box in the page (its border and padding left out): where the tool's (0, 0) is. */
const FRAME_ORIGIN = `(() => {
  const el = find("iframe", ${JSON.stringify(TOOL)});
  if (!el) return null;
  const box = el.getBoundingClientRect(), style = getComputedStyle(el);
  return { x: box.x + el.clientLeft + parseFloat(style.paddingLeft), y: box.y + el.clientTop + parseFloat(style.paddingTop) };
})()`;

/** The middle of the tool's button of that name, in the frame; null while it is not there or disabled. */
const buttonIn = (name: string) => `(() => {
  const el = [...document.querySelectorAll("button")].find((b) => b.textContent.trim() === ${JSON.stringify(name)} && !b.hidden && !b.disabled);
  if (!el) return null;
  const box = el.getBoundingClientRect();
  return box.width > 0 && { x: box.x + box.width / 2, y: box.y + box.height / 2 };
})()`;

/** The visitor at the measuring step: contact details prefilled, the address, no unit, Grub Control (no questions of its own). */
async function toTheTool(tab: Tab, site: DemoSite, visitor: Visitor): Promise<void> {
  const query = new URLSearchParams({ company: "demo-company", bot: "demo-bot", customerName: "Kim Lee", phonenumber: visitor.phone, customerEmail: "kim@example.com" });
  await openChatAt(tab, `${site.urls.host}/?${query}`);
  await press(tab, "button", "Let's Get Started");
  await typeInto(tab, "Search address", visitor.search);
  await press(tab, "option", visitor.label);
  await press(tab, "button", "No");
  await saw(tab, "Which services would you like a quote for? Choose all that apply, then press Next.");
  await press(tab, "button", /^Grub Control/);
  await press(tab, "button", "Next");
  await until(tab, `!!find("[role=dialog]", "Color in your lawn")`, "the measuring tool's dialog");
}

for (const engine of enginesToRun()) {
  describe(`${engine}: measuring a lawn with our tool, in the chat`, () => {
    let site: DemoSite;
    let session: EngineSession;
    before(async () => {
      site = await startE2ESite();
      session = await launchEngine(engine);
    });
    after(async () => {
      await session?.close();
      await site?.close();
    });

    test("phone 390x844: the imagery painted; a lawn tapped out, a corner dragged, an area added, a bed taken out; N is the geodesic area within 1 %, and the proposal is priced on N", { timeout: 180_000 }, async (t) => {
      const tab = await session.newTab(PHONE);
      try {
        await toTheTool(tab, site, VISITORS[engine]);
        const inTool = <T>(what: string, expression: string) =>
          eventually(`${engine}: ${what}`, () => tab.evaluateInFrame<T>(TOOL, expression), Boolean, { timeoutMs: 20_000, everyMs: 200, errorsAreNotYet: true });
        await inTool("the satellite tiles painted", PAINTED);
        // The frame's place once the dialog has stopped moving: the same two looks running.
        let origin = await until<Point>(tab, FRAME_ORIGIN, "the tool's frame");
        await eventually(`${engine}: the tool's frame in place`, async () => {
          const [last, now] = [origin, await until<Point>(tab, FRAME_ORIGIN, "the tool's frame")];
          origin = now;
          return last.x === now.x && last.y === now.y;
        }, Boolean, { timeoutMs: 10_000, everyMs: 200 });
        const { centre, zoom, map } = await inTool<Layout>("the tool ready", TOOL_LAYOUT);
        assert.ok(map.width >= 380 && map.height >= 300, `${engine}: a map a lawn can be drawn on (${map.width}x${map.height})`);
        // The map's middle in the page, read before each tap: the tool's messages under the map
        // wrap to more lines on a phone and shorten the map, whose geographic centre stays in
        // its middle. The taps are whole CSS pixels of the page (WebDriver's actions take
        // integers): the area is computed from the very points tapped, as offsets in CSS px from
        // the middle at that moment, at the tool's zoom.
        const middle = async (): Promise<Point> => {
          const { map } = await inTool<Layout>("the map's place", TOOL_LAYOUT);
          return { x: origin.x + map.x + map.width / 2, y: origin.y + map.y + map.height / 2 };
        };
        const pointsAt = async (offsets: ReadonlyArray<readonly [number, number]>) => {
          const from = await middle();
          const points = offsets.map(([dx, dy]) => ({ x: Math.round(from.x + dx), y: Math.round(from.y + dy) }));
          return { points, offsets: points.map(({ x, y }) => [x - from.x, y - from.y] as const) };
        };
        /** Taps each corner, then the first again (which closes the area); the offsets tapped. */
        const outline = async (corners: ReadonlyArray<readonly [number, number]>) => {
          const tapped: Array<readonly [number, number]> = [];
          for (const corner of [...corners, corners[0]!]) {
            const { points, offsets } = await pointsAt([corner]);
            await tab.click(points[0]!.x, points[0]!.y);
            tapped.push(offsets[0]!);
          }
          return tapped.slice(0, -1);
        };
        const ringSqFt = (ring: ReadonlyArray<readonly [number, number]>) =>
          turfArea({ type: "Polygon", coordinates: [[...ring, ring[0]!].map(([dx, dy]) => lngLatAt(centre, zoom, dx, dy))] }) * SQ_FT_PER_M2;
        const pressInTool = async (name: string) => {
          const point = await inTool<Point>(`the tool's button ${name}`, buttonIn(name));
          await tab.click(origin.x + point.x, origin.y + point.y);
        };

        // The front lawn, a square of 160 px (about 18 m at zoom 20), then its south-east corner
        // dragged 30 px further out; a side strip beside it; a flower bed taken out of the lawn.
        const lawn = await outline([[-60, -80], [100, -80], [100, 80], [-60, 80]]);
        const drag = await pointsAt([lawn[2]!, [115, 95], [130, 110]]);
        await tab.drag(drag.points);
        lawn[2] = drag.offsets[2]!;
        await pressInTool("Add another area");
        const strip = await outline([[-170, -80], [-110, -80], [-110, 80], [-170, 80]]);
        await pressInTool("Take out an area");
        const bed = await outline([[-10, -30], [40, -30], [40, 20], [-10, 20]]);
        const expected = ringSqFt(lawn) + ringSqFt(strip) - ringSqFt(bed);
        await pressInTool("Use this measurement");
        await until(tab, `!find("[role=dialog]", "Color in your lawn")`, "the tool's dialog closed");
        await saw(tab, /Thanks! It looks like you colored in [\d,]+ sq ft\.$/);
        const said = await ask<string>(tab, `all("[role=log] .qa-msg").map((m) => squash(m.innerText || m.textContent)).filter((t) => /colored in/.test(t)).pop()`);
        const n = Number(/colored in ([\d,]+) sq ft/.exec(said)![1]!.replace(/,/g, ""));
        const off = Math.abs(n - expected) / expected;
        t.diagnostic(`${engine}: N = ${n} sq ft; the drawing's geodesic area ${expected.toFixed(1)} sq ft; ${(off * 100).toFixed(3)} % apart`);
        assert.ok(off < 0.01, `${engine}: N = ${n} sq ft, the drawing's geodesic area ${expected.toFixed(0)} sq ft`);

        // The proposal is priced on N: its estimated size is N, and it has a price.
        await saw(tab, "Calculating your custom quote...");
        const proposal = await until<{ size: string; prices: string }>(
          tab,
          `(() => { const size = all(".qa-size-value").filter(shown).pop(), rows = all(".qa-summary .qa-summary-row dd").filter(shown); return size && rows.length && { size: squash(size.textContent), prices: rows.map((dd) => squash(dd.textContent)).join(" ") }; })()`,
          "the proposal",
        );
        assert.equal(proposal.size, `${n.toLocaleString("en-US")} sq ft`, `${engine}: the proposal's size is N`);
        assert.match(proposal.prices, /\$\d+\.\d\d/, `${engine}: the proposal has a price (${proposal.prices})`);

        // The drawing read back as a picture over the tiles (served across origins with CORS,
        // which each engine must honour) and kept with the quote: the admin export carries it.
        const base = site.urls.widget;
        const { record } = (await (await fetch(`${base}/v1/company/demo-company/customer/lookup?phonenumber=${VISITORS[engine].phone}`)).json()) as { record: { quoteId: string } };
        const { leads } = (await (await fetch(`${base}/v1/company/demo-company/leads.json`, { headers: { Authorization: "Bearer qa_demo_key_demo-company" } })).json()) as { leads: Array<Record<string, unknown>> };
        const lead = leads.find((row) => row.quoteId === record.quoteId);
        assert.equal(lead?.lawnMeasured, n, `${engine}: the lead keeps N`);
        assert.match(String(lead?.lawnPicture), /^data:image\/jpeg;base64,.{2000}/, `${engine}: the lead keeps the picture`);
      } catch (error) {
        if (process.env.QA_SHOTS) await tab.screenshot(`.scratch/${engine}-measure-${Date.now()}.png`).catch(() => undefined);
        throw error;
      }
    });
  });
}
