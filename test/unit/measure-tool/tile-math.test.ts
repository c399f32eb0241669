// Web-mercator tile math and the map's view: places to tiles and screen pixels and back,
// pan, zoom around a point, overzoom past the provider's last level (src/measure-tool/).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { panBy, toPlace, toScreen, viewAt, visibleTiles, zoomAround } from "../../../src/measure-tool/map-view.ts";
import { metresPerPixel, project, roundScaleLength, scaleBar, tileAt, tileUrl, unproject } from "../../../src/measure-tool/tile-math.ts";

const DUBLIN_OH: [number, number] = [-83.1141, 40.0992];
const near = (a: number, b: number, tol = 1e-9) => assert.ok(Math.abs(a - b) <= tol, `${a} ≉ ${b}`);

describe("tile math", () => {
  test("known tiles (the slippy-map convention)", () => {
    const table: Array<[[number, number], number, { x: number; y: number }]> = [
      [[0, 0], 1, { x: 1, y: 1 }],
      [[-180, 85], 0, { x: 0, y: 0 }],
      [[-0.1276, 51.5072], 10, { x: 511, y: 340 }],
      [DUBLIN_OH, 19, { x: 141100, y: 198295 }], // by the OSM wiki formula, asinh(tan(lat))
    ];
    for (const [place, z, tile] of table) assert.deepEqual(tileAt(place, z), tile, `${place} at ${z}`);
  });

  test("project and unproject are inverse", () => {
    for (const place of [DUBLIN_OH, [151.2, -33.9], [0, 0], [-179.9, 80]] as Array<[number, number]>) {
      const back = unproject(project(place));
      near(back[0], place[0]);
      near(back[1], place[1]);
    }
  });

  test("metres per pixel halves with each zoom level and shrinks with latitude", () => {
    near(metresPerPixel(0, 0), 156543.0339, 1e-3);
    near(metresPerPixel(40, 20) * 2, metresPerPixel(40, 19), 1e-6);
    assert.ok(metresPerPixel(60, 19) < metresPerPixel(0, 19));
  });

  test("scale bar: round lengths that fit", () => {
    assert.deepEqual([0.7, 1, 3, 9.9, 40, 120].map(roundScaleLength), [0.5, 1, 2, 5, 20, 100]);
    const bar = scaleBar(40, 20, true);
    assert.ok(bar.px <= 100 && bar.px > 40, String(bar.px));
    assert.match(scaleBar(40, 20, false).label, /^\d+ ft$/);
    assert.match(scaleBar(40, 20, false, 100, { m: "m", ft: "pies" }).label, /^\d+ pies$/, "the units the page's words give");
  });

  test("tile URLs from the template", () => {
    assert.equal(tileUrl("/measure/tiles/{z}/{x}/{y}", 19, 1, 2), "/measure/tiles/19/1/2");
  });
});

describe("map view", () => {
  const view = viewAt(DUBLIN_OH, 19, 390, 600);

  test("the centre is at the middle of the screen, and screen ↔ place round-trips", () => {
    const middle = toScreen(view, DUBLIN_OH);
    near(middle.x, 195, 1e-6);
    near(middle.y, 300, 1e-6);
    const place = toPlace(view, { x: 10, y: 20 });
    const back = toScreen(view, place);
    near(back.x, 10, 1e-6);
    near(back.y, 20, 1e-6);
  });

  test("panning moves the picture with the finger", () => {
    const moved = panBy(view, 50, 0);
    near(toScreen(moved, DUBLIN_OH).x, 245, 1e-6);
  });

  test("zooming around a point keeps the place under it, and stays within 14..22", () => {
    const anchor = { x: 100, y: 400 };
    const under = toPlace(view, anchor);
    const zoomed = zoomAround(view, 20.5, anchor);
    const at = toScreen(zoomed, under);
    near(at.x, 100, 1e-6);
    near(at.y, 400, 1e-6);
    assert.equal(zoomAround(view, 30, anchor).zoom, 22);
    assert.equal(zoomAround(view, 2, anchor).zoom, 14);
  });

  test("tiles cover the view; past the provider's last level they are scaled up", () => {
    const tiles = visibleTiles(view, 21);
    assert.ok(tiles.every((t) => t.z === 19 && t.size === 256));
    assert.ok(tiles.some((t) => t.left <= 0 && t.top <= 0) && tiles.some((t) => t.left + t.size >= 390 && t.top + t.size >= 600));
    const deep = visibleTiles({ ...view, zoom: 21 }, 19);
    assert.ok(deep.every((t) => t.z === 19 && t.size === 1024));
    assert.ok(deep.length <= 4, `${deep.length} tiles`);
  });
});
