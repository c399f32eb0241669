// The lawn's outline (src/contract/lawn-outline.ts): what the measuring tool posts
// (measure.ts `outlineText`) is what the server accepts, holds the same area as the figure sent,
// and anything else is refused with a reason.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import area from "@turf/area";
import fc from "fast-check";
import { MAX_OUTLINE_CHARS, outlineCounts, parseLawnOutline } from "../../../src/contract/lawn-outline.ts";
import { apply, startHistory, type Action } from "../../../src/measure-tool/drawing.ts";
import { lineLength, measureDrawing, outlineText } from "../../../src/measure-tool/measure.ts";
import type { LngLat } from "../../../src/measure-tool/tile-math.ts";
import type { MeasurementMode } from "../../../src/config/measurement.ts";

const LNG = -83.1141;
const LAT = 40.0992;
const taps = (points: LngLat[]): Action[] => points.map((point) => ({ type: "tap", point, nearFirst: false }));
const draw = (mode: MeasurementMode, actions: Action[]) => actions.reduce(apply, startHistory(mode)).present;
const square = (x: number, y: number, side: number): LngLat[] => [
  [LNG + x, LAT + y],
  [LNG + x + side, LAT + y],
  [LNG + x + side, LAT + y + side],
  [LNG + x, LAT + y + side],
];
const lawnWithBed = () =>
  draw("area", [...taps(square(0, 0, 0.0004)), { type: "done" }, { type: "another", kind: "cutout" }, ...taps(square(0.0001, 0.0001, 0.0001)), { type: "done" }]);

const polygon = (ring: number[][], kind = "lawn") => ({ type: "Feature", properties: { kind }, geometry: { type: "Polygon", coordinates: [ring] } });
const closedRing = [
  [LNG, LAT],
  [LNG + 0.001, LAT],
  [LNG + 0.001, LAT + 0.001],
  [LNG, LAT],
];
const collection = (...features: unknown[]) => JSON.stringify({ type: "FeatureCollection", features });

describe("the outline the tool posts", () => {
  test("a lawn with a bed taken out: two polygons the server accepts, 1 area and 1 taken out", () => {
    const text = outlineText(lawnWithBed());
    assert.ok(text);
    const parsed = parseLawnOutline(text);
    assert.ok(parsed.ok, parsed.ok ? "" : parsed.reason);
    assert.deepEqual(outlineCounts(parsed.outline), { areas: 1, cutouts: 1, lines: 0 });
    assert.deepEqual(
      parsed.outline.features.map((f) => [f.properties.kind, f.geometry.type]),
      [
        ["lawn", "Polygon"],
        ["cutout", "Polygon"],
      ],
    );
  });

  test("perimeter mode: lines", () => {
    const text = outlineText(draw("perimeter", [...taps(square(0, 0, 0.0003)), { type: "done" }]));
    const parsed = parseLawnOutline(text!);
    assert.ok(parsed.ok);
    assert.deepEqual(outlineCounts(parsed.outline), { areas: 0, cutouts: 0, lines: 1 });
  });

  test("nothing drawn yet: no outline", () => {
    assert.equal(outlineText(draw("area", taps(square(0, 0, 0.001).slice(0, 2)))), undefined);
  });

  test("property: any drawing of lawns and cut-outs gives an outline whose area (lawns − cut-outs) is the figure sent", () => {
    const corner = fc.tuple(fc.double({ min: -0.002, max: 0.002, noNaN: true }), fc.double({ min: -0.002, max: 0.002, noNaN: true }));
    const shape = fc.record({ cutout: fc.boolean(), corners: fc.array(corner, { minLength: 3, maxLength: 8 }) });
    fc.assert(
      fc.property(fc.array(shape, { minLength: 1, maxLength: 5 }), (shapes) => {
        const actions: Action[] = [];
        shapes.forEach((s, i) => {
          if (i > 0 || s.cutout) actions.push({ type: "another", kind: s.cutout ? "cutout" : "lawn" });
          actions.push(...taps(s.corners.map(([x, y]) => [LNG + x, LAT + y] as LngLat)), { type: "done" });
        });
        const drawing = draw("area", actions);
        const text = outlineText(drawing);
        if (!text) return drawing.shapes.every((s) => s.points.length < 3);
        const parsed = parseLawnOutline(text);
        assert.ok(parsed.ok, parsed.ok ? "" : parsed.reason);
        const fromOutline = parsed.outline.features.reduce((sum, f) => sum + (f.properties.kind === "cutout" ? -1 : 1) * area(f.geometry), 0);
        const measured = measureDrawing(drawing, true);
        // Coordinates are kept to 7 decimals (each moves at most about 6 mm): the area moves by at
        // most that much along every edge, so the tolerance is 1 cm times the drawn edges' length.
        const edges = drawing.shapes.reduce((sum, s) => sum + lineLength([...s.points, s.points[0]!]), 0);
        const diff = Math.abs(Math.max(0, fromOutline) - measured.metricValue);
        assert.ok(diff <= 0.01 * edges + 1e-6, `${fromOutline} vs ${measured.metricValue} (edges ${edges} m)`);
        return true;
      }),
      { numRuns: 200 },
    );
  });
});

describe("what the server refuses", () => {
  const cases: Array<[string, string, RegExp]> = [
    ["not JSON", "{nope", /not JSON/],
    ["too long", " ".repeat(MAX_OUTLINE_CHARS + 1), /longer than/],
    ["no features", collection(), /features/],
    ["an open ring", collection(polygon(closedRing.slice(0, 3))), /./],
    ["a ring that does not close", collection(polygon([...closedRing.slice(0, 3), [LNG + 0.0005, LAT]])), /end where it starts/],
    ["a latitude off the map", collection(polygon([[LNG, 91], [LNG + 1, 0], [LNG, 1], [LNG, 91]])), /features\.0\.geometry/],
    ["an unknown kind", collection(polygon(closedRing, "pool")), /kind/],
    ["a point", collection({ type: "Feature", properties: { kind: "lawn" }, geometry: { type: "Point", coordinates: [LNG, LAT] } }), /./],
    ["21 shapes", collection(...Array.from({ length: 21 }, () => polygon(closedRing))), /features/],
    ["a string as a coordinate", collection(polygon([["1", LAT] as unknown as number[], ...closedRing.slice(1)])), /./],
  ];
  for (const [name, text, reason] of cases) {
    test(`${name}: refused with a reason`, () => {
      const parsed = parseLawnOutline(text);
      assert.equal(parsed.ok, false);
      if (!parsed.ok) assert.match(parsed.reason, reason);
    });
  }

  test("a valid outline is kept as given", () => {
    const parsed = parseLawnOutline(collection(polygon(closedRing)));
    assert.ok(parsed.ok);
    assert.deepEqual(parsed.outline.features[0]!.geometry.coordinates, [closedRing]);
  });
});
