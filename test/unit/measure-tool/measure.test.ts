// The measurement (src/measure-tool/measure.ts, Turf), the picture's size reduction
// (image-fit.ts) and the page options (options.ts): the pure parts of the measuring tool.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { apply, startHistory, type Action } from "../../../src/measure-tool/drawing.ts";
import { fitImage, ENCODE_TRIES } from "../../../src/measure-tool/image-fit.ts";
import { formatTotal, measureDrawing, refusal } from "../../../src/measure-tool/measure.ts";
import { measureTool as spanish } from "../../../src/i18n/es/measure-tool.ts";
import { parentProblem, parseOutline, parseParentOrigin, readOptions } from "../../../src/measure-tool/options.ts";
import type { LngLat } from "../../../src/measure-tool/tile-math.ts";
import type { MeasurementMode } from "../../../src/config/measurement.ts";

// Metres per degree on the WGS84 ellipsoid at latitude φ (the usual series), so the square
// is laid out independently of Turf's own sphere.
const LAT = 40.0992;
const LNG = -83.1141;
const phi = (LAT * Math.PI) / 180;
const M_PER_DEG_LAT = 111132.92 - 559.82 * Math.cos(2 * phi) + 1.175 * Math.cos(4 * phi);
const M_PER_DEG_LNG = 111412.84 * Math.cos(phi) - 93.5 * Math.cos(3 * phi);
const at = (east: number, north: number): LngLat => [LNG + east / M_PER_DEG_LNG, LAT + north / M_PER_DEG_LAT];
const rect = (x: number, y: number, w: number, h: number): LngLat[] => [at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)];
const taps = (points: LngLat[]): Action[] => points.map((point) => ({ type: "tap", point, nearFirst: false }));
const draw = (mode: MeasurementMode, actions: Action[]) => actions.reduce(apply, startHistory(mode)).present;
const within = (actual: number, expected: number, share: number) =>
  assert.ok(Math.abs(actual - expected) <= expected * share, `${actual} not within ${share * 100}% of ${expected}`);

/** A w × h metre rectangle at latitude `lat` (ellipsoid series, as above), as lng/lat corners. */
function rectAt(lat: number, w: number, h: number): LngLat[] {
  const p = (lat * Math.PI) / 180;
  const mLat = 111132.92 - 559.82 * Math.cos(2 * p) + 1.175 * Math.cos(4 * p);
  const mLng = 111412.84 * Math.cos(p) - 93.5 * Math.cos(3 * p);
  return [[10, lat], [10 + w / mLng, lat], [10 + w / mLng, lat + h / mLat], [10, lat + h / mLat]];
}

describe("measurement", () => {
  // Known shapes held to a reference (issue 33): 600 m², 100 m of perimeter. Turf measures on
  // a sphere of the Earth's mean radius, not the ellipsoid: within 0.5 % up to 45°, and within
  // 1 % at 60° (Scotland, Scandinavia), where the sphere's error reaches 0.56 %.
  for (const [lat, share] of [[0, 0.005], [45, 0.005], [60, 0.01]] as const) {
    test(`a 30 m × 20 m rectangle at ${lat}° N is 600 m² (6,458 sq ft) within ${share * 100} %, and 100 m round`, () => {
      const corners = rectAt(lat, 30, 20);
      within(measureDrawing(draw("area", [...taps(corners), { type: "done" }]), true).value, 600, share);
      within(measureDrawing(draw("area", [...taps(corners), { type: "done" }]), false).value, 6458.35, share);
      const around = [...corners, corners[0]!];
      within(measureDrawing(draw("perimeter", [...taps(around), { type: "done" }]), true).value, 100, share);
    });
  }

  test("a 20 m × 20 m square near Dublin, Ohio is about 4,305 sq ft (400 m²)", () => {
    const drawing = draw("area", [...taps(rect(0, 0, 20, 20)), { type: "done" }]);
    const imperial = measureDrawing(drawing, false);
    within(imperial.value, 4305.56, 0.005);
    assert.equal(imperial.unit, "sq ft");
    assert.equal(Number.isInteger(imperial.value), true);
    within(measureDrawing(drawing, true).value, 400, 0.005);
  });

  test("a second area adds, a taken-out area subtracts", () => {
    const drawing = draw("area", [
      ...taps(rect(0, 0, 20, 20)),
      { type: "another", kind: "lawn" },
      ...taps(rect(30, 0, 10, 10)),
      { type: "another", kind: "cutout" },
      ...taps(rect(5, 5, 5, 4)),
      { type: "done" },
    ]);
    within(measureDrawing(drawing, true).metricValue, 400 + 100 - 20, 0.005);
  });

  test("the total never goes below zero", () => {
    const drawing = draw("area", [{ type: "another", kind: "cutout" }, ...taps(rect(0, 0, 10, 10))]);
    assert.equal(measureDrawing(drawing, true).value, 0);
  });

  test("perimeter: lines summed, in feet or metres", () => {
    const drawing = draw("perimeter", [...taps([at(0, 0), at(30, 0), at(30, 40)]), { type: "done" }, ...taps([at(100, 0), at(100, 25)])]);
    within(measureDrawing(drawing, true).value, 95, 0.005);
    const feet = measureDrawing(drawing, false);
    within(feet.value, 95 / 0.3048, 0.005);
    assert.equal(feet.unit, "linear ft");
  });

  test("refusals: too few points, and outside 1..300,000", () => {
    assert.match(refusal(draw("area", taps(rect(0, 0, 5, 5)).slice(0, 2)), measureDrawing(draw("area", []), false)) ?? "", /three points/);
    const huge = draw("area", taps(rect(0, 0, 400, 400)));
    const m = measureDrawing(huge, false);
    assert.equal(m.inRange, false);
    assert.match(refusal(huge, m) ?? "", /only 1 to 300,000 sq ft can be sent/);
    // In the page's language: Spanish words and units (the chat's "pies cuadrados"), the figures as in English.
    assert.match(refusal(huge, m, spanish) ?? "", /^Este dibujo mide [\d,]+ pies², pero solo se pueden enviar de 1 a 300,000 pies cuadrados\. Ajuste el dibujo\.$/);
    assert.equal(refusal(draw("perimeter", []), measureDrawing(draw("perimeter", []), false), spanish), "Toque al menos dos puntos a lo largo del borde antes de usar la medida.");
    const fine = draw("area", taps(rect(0, 0, 20, 20)));
    assert.equal(refusal(fine, measureDrawing(fine, false)), undefined);
  });

  test("the running total as the visitor reads it", () => {
    assert.deepEqual(
      [formatTotal(1234, "sq ft"), formatTotal(115, "sq m"), formatTotal(250, "linear ft"), formatTotal(76.4, "linear m")],
      ["1,234 sq ft", "115 m²", "250 ft", "76 m"],
    );
    assert.deepEqual(
      [formatTotal(1234, "sq ft", spanish), formatTotal(115, "sq m", spanish), formatTotal(250, "linear ft", spanish), formatTotal(76.4, "linear m", spanish)],
      ["1,234 pies²", "115 m²", "250 pies", "76 m"],
    );
  });
});

describe("the picture's size", () => {
  const jpeg = (chars: number) => `data:image/jpeg;base64,${"A".repeat(chars)}`;

  test("the first try that fits is taken; smaller ones are not made", () => {
    const asked: number[] = [];
    const url = fitImage((t) => (asked.push(t.width), jpeg(t.width * 100)), 50_000);
    assert.equal(url, jpeg(48_000));
    assert.deepEqual(asked, [800, 800, 640, 480]);
  });

  test("nothing fits, or the canvas cannot make a JPEG: no picture", () => {
    assert.equal(fitImage(() => jpeg(300_000), 200_000), undefined);
    assert.equal(fitImage(() => "data:image/png;base64,AAAA", 200_000), undefined);
    assert.equal(fitImage(() => undefined, 200_000), undefined);
  });

  test("the tries go down in size and quality", () => {
    for (let i = 1; i < ENCODE_TRIES.length; i++) {
      const [a, b] = [ENCODE_TRIES[i - 1]!, ENCODE_TRIES[i]!];
      assert.ok(b.width <= a.width && b.quality <= a.quality && (b.width < a.width || b.quality < a.quality));
    }
  });
});

describe("options", () => {
  test("parent is an exact http(s) origin or nothing", () => {
    const table: Array<[string | null, string | undefined]> = [
      ["https://shop.example", "https://shop.example"],
      ["http://localhost:5173", "http://localhost:5173"],
      ["https://shop.example/", undefined],
      ["https://shop.example/path", undefined],
      ["javascript:alert(1)", undefined],
      ["*", undefined],
      ["", undefined],
      [null, undefined],
    ];
    for (const [raw, origin] of table) assert.equal(parseParentOrigin(raw), origin, String(raw));
    assert.equal(parentProblem("?parent=https%3A%2F%2Fshop.example"), undefined);
    assert.match(parentProblem("?parent=*") ?? "", /invalid/);
    assert.match(parentProblem("") ?? "", /without the address/);
    assert.match(parentProblem("", spanish) ?? "", /^Esta herramienta se abrió sin la dirección/);
  });

  test("the dataset, checked; parent from the address bar only", () => {
    const options = readOptions(
      { address: " 1 Main St ", lang: "es-MX", mode: "perimeter", units: "metric", centre: "[-83.1,40.1]", zoom: "20", maxZoom: "21", tileTemplate: "/t/{z}/{x}/{y}", attribution: "© Maxar", outline: "nonsense" },
      "?parent=https%3A%2F%2Fshop.example",
    );
    assert.deepEqual(options, {
      address: "1 Main St",
      lang: "es",
      mode: "perimeter",
      metric: true,
      parentOrigin: "https://shop.example",
      centre: [-83.1, 40.1],
      zoom: 20,
      maxZoom: 21,
      tileTemplate: "/t/{z}/{x}/{y}",
      attribution: "© Maxar",
      attributionUrl: undefined,
      outline: undefined,
    });
    assert.equal(readOptions({ centre: "[500, 1]" }, "").centre, undefined);
    assert.equal(readOptions({ mode: "volume" }, "").mode, "area");
    assert.equal(readOptions({ lang: "fr" }, "").lang, "en", "a language we do not have: English");
  });

  test("the lot outline: a ring of three or more, closing point dropped", () => {
    assert.deepEqual(parseOutline("[[0,0],[1,0],[1,1],[0,0]]"), [[0, 0], [1, 0], [1, 1]]);
    assert.equal(parseOutline("[[0,0],[1,0],[0,0]]"), undefined);
    assert.equal(parseOutline('[[0,0],[1,0],["x",1]]'), undefined);
  });
});
