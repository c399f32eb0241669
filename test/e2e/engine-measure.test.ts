// Our measuring tool (issue 33) in each browser engine, at a phone's size: the satellite
// tiles from the demo's stand-in of Mapbox's API draw on the map, real clicks outline a lawn,
// the area appears, and the drawing can be read back as a picture (the tiles come across
// origins with CORS, which each engine must honour for 'Use this measurement' to work).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { DemoSite } from "../../demo-site/server.ts";
import { eventually } from "../eventually.ts";
import { enginesToRun, launchEngine, type EngineSession } from "./engines.ts";
import { startE2ESite } from "./harness.ts";

const PHONE = { width: 390, height: 844 };

for (const engine of enginesToRun()) {
  describe(`${engine}: the measuring tool`, () => {
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

    test("tiles drawn, a lawn outlined by clicks, its area shown, the picture readable", { timeout: 120_000 }, async () => {
      const tab = await session.newTab(PHONE);
      const query = new URLSearchParams({ address: "1234 Oak Street, Dublin, OH 43017", mode: "area", units: "imperial", parent: site.urls.host });
      await tab.goto(`${site.urls.widget}/measure/?${query}`);
      // The map's canvas has tile pixels (not a blank or grey canvas) once the first view loaded.
      const painted = `(() => {
        const canvas = document.getElementById("map-canvas");
        if (!canvas || !canvas.width) return false;
        const context = canvas.getContext("2d");
        // Some grass among 25 samples: the drawn suburb is mostly lawn.
        for (let i = 1; i <= 5; i++) for (let j = 1; j <= 5; j++) {
          const pixel = context.getImageData((canvas.width * i) / 6, (canvas.height * j) / 6, 1, 1).data;
          if (pixel[1] > pixel[0] + 20 && pixel[1] > pixel[2] + 20) return true;
        }
        return false;
      })()`;
      await eventually(`${engine}: the satellite tiles drawn`, () => tab.evaluate<boolean>(painted), (yes) => yes === true, { timeoutMs: 20_000, everyMs: 200 });
      const box = await tab.evaluate<{ x: number; y: number; width: number; height: number }>(
        `(() => { const r = document.getElementById("map").getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; })()`,
      );
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      for (const [dx, dy] of [[-60, -60], [60, -60], [60, 60], [-60, 60], [-60, -60]] as const) await tab.click(cx + dx, cy + dy);
      // The running total follows each tap; under load the last tap's total paints a moment later.
      const total = await eventually(
        `${engine}: the area`,
        () => tab.evaluate<string>(`document.getElementById("total").textContent`),
        (text) => /^[\d,]+ sq ft$/.test(text) && Number(text.replace(/[^\d]/g, "")) > 1700,
        { timeoutMs: 15_000, everyMs: 100 },
      ).catch(() => tab.evaluate<string>(`document.getElementById("total").textContent`));
      // 120 CSS px at zoom 20 near 40° N: about 13.7 m a side, so about 2,000 sq ft.
      const sqFt = Number(total.replace(/[^\d]/g, ""));
      assert.ok(sqFt > 1700 && sqFt < 2300, `${engine}: ${total}`);
      const picture = await tab.evaluate<number>(`document.getElementById("map-canvas").toDataURL("image/jpeg", 0.7).length`);
      assert.ok(picture > 2000, `${engine}: the drawing reads back as a picture (${picture} characters)`);
    });
  });
}
