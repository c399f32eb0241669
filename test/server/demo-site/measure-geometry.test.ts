// The stand-in measuring tool's arithmetic: shoelace area, polyline length, unit conversion,
// rounding and the 1..300000 range (demo-site/measure/geometry.ts).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  convertFromMetric,
  formatMeasurement,
  isMeasurable,
  measureDrawing,
  polygonArea,
  polylineLength,
  type Point,
} from "../../../demo-site/measure/geometry.ts";

const rectangle = (x: number, y: number, w: number, h: number): Point[] => [
  { x, y },
  { x: x + w, y },
  { x: x + w, y: y + h },
  { x, y: y + h },
];

const close = (actual: number, expected: number, tolerance = 1e-6) =>
  assert.ok(Math.abs(actual - expected) <= tolerance * Math.max(1, Math.abs(expected)), `${actual} ≉ ${expected}`);

describe("polygonArea", () => {
  const cases: { name: string; points: Point[]; area: number }[] = [
    { name: "no points", points: [], area: 0 },
    { name: "two points", points: [{ x: 0, y: 0 }, { x: 5, y: 5 }], area: 0 },
    { name: "unit square", points: rectangle(0, 0, 1, 1), area: 1 },
    { name: "100 x 40 rectangle", points: rectangle(10, 20, 100, 40), area: 4000 },
    { name: "right triangle 3-4", points: [{ x: 0, y: 0 }, { x: 3, y: 0 }, { x: 0, y: 4 }], area: 6 },
    { name: "clockwise order", points: rectangle(0, 0, 4, 5).reverse(), area: 20 },
    { name: "L shape", points: [{ x: 0, y: 0 }, { x: 4, y: 0 }, { x: 4, y: 1 }, { x: 1, y: 1 }, { x: 1, y: 3 }, { x: 0, y: 3 }], area: 6 },
    { name: "collinear points", points: [{ x: 0, y: 0 }, { x: 1, y: 1 }, { x: 2, y: 2 }], area: 0 },
  ];
  for (const { name, points, area } of cases) test(`${name} → ${area}`, () => close(polygonArea(points), area));

  test("a w × h rectangle anywhere has area w·h", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 }), (x, y, w, h) => {
        close(polygonArea(rectangle(x, y, w, h)), w * h);
      }),
    );
  });

  const polygon = fc.array(fc.record({ x: fc.integer({ min: -500, max: 500 }), y: fc.integer({ min: -500, max: 500 }) }), { minLength: 3, maxLength: 12 });
  const angle = fc.double({ min: 0, max: 2 * Math.PI, noNaN: true });

  test("translation and rotation leave area and length unchanged", () => {
    fc.assert(
      fc.property(polygon, fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), angle, (points, dx, dy, theta) => {
        const cos = Math.cos(theta);
        const sin = Math.sin(theta);
        const moved = points.map(({ x, y }) => ({ x: x * cos - y * sin + dx, y: x * sin + y * cos + dy }));
        close(polygonArea(moved), polygonArea(points), 1e-6);
        close(polylineLength(moved), polylineLength(points), 1e-6);
      }),
    );
  });

  test("the order of travel (reversal, starting point) does not change the area", () => {
    fc.assert(
      fc.property(polygon, fc.nat(), (points, shift) => {
        const k = shift % points.length;
        const rotated = [...points.slice(k), ...points.slice(0, k)];
        close(polygonArea([...points].reverse()), polygonArea(points));
        close(polygonArea(rotated), polygonArea(points));
      }),
    );
  });

  test("scaling by s multiplies the area by s² and the length by s", () => {
    fc.assert(
      fc.property(polygon, fc.integer({ min: 1, max: 20 }), (points, s) => {
        const scaled = points.map(({ x, y }) => ({ x: x * s, y: y * s }));
        close(polygonArea(scaled), polygonArea(points) * s * s);
        close(polylineLength(scaled), polylineLength(points) * s);
      }),
    );
  });
});

describe("polylineLength", () => {
  const cases: { name: string; points: Point[]; length: number }[] = [
    { name: "no points", points: [], length: 0 },
    { name: "one point", points: [{ x: 3, y: 3 }], length: 0 },
    { name: "3-4-5 segment", points: [{ x: 0, y: 0 }, { x: 3, y: 4 }], length: 5 },
    { name: "open rectangle (three sides)", points: rectangle(0, 0, 10, 20).slice(0, 4), length: 40 },
    { name: "back and forth", points: [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 0, y: 0 }], length: 20 },
  ];
  for (const { name, points, length } of cases) test(`${name} → ${length}`, () => close(polylineLength(points), length));
});

describe("unit conversion", () => {
  const cases = [
    { metric: 1, unit: "sq m", value: 1 },
    { metric: 1, unit: "sq ft", value: 10.7639104 },
    { metric: 100, unit: "sq ft", value: 1076.39104 },
    { metric: 1, unit: "linear m", value: 1 },
    { metric: 1, unit: "linear ft", value: 3.2808399 },
    { metric: 0.3048, unit: "linear ft", value: 1 },
  ] as const;
  for (const { metric, unit, value } of cases) {
    test(`${metric} metric → ${value} ${unit}`, () => close(convertFromMetric(metric, unit), value, 1e-7));
  }
});

describe("measureDrawing", () => {
  // 0.25 m a pixel: 100 × 100 px is 25 m × 25 m.
  const metresPerPixel = 0.25;
  const square = rectangle(50, 50, 100, 100);
  const cases = [
    { mode: "area", metric: false, unit: "sq ft", value: 6727 }, // 625 m² × 10.7639104 = 6727.444
    { mode: "area", metric: true, unit: "sq m", value: 625 },
    { mode: "perimeter", metric: false, unit: "linear ft", value: 246 }, // 3 sides, 75 m × 3.2808399 = 246.06
    { mode: "perimeter", metric: true, unit: "linear m", value: 75 },
  ] as const;
  for (const { mode, metric, unit, value } of cases) {
    test(`a 100 px square in ${mode} mode, ${metric ? "metric" : "imperial"} → ${value} ${unit}`, () => {
      const result = measureDrawing(square, { mode, metric, metresPerPixel });
      assert.equal(result.unit, unit);
      assert.equal(result.value, value);
      assert.equal(result.inRange, true);
    });
  }

  test("a drawing that rounds to 0 is out of range", () => {
    const tiny = rectangle(0, 0, 1, 1); // 0.0625 m² = 0.67 sq ft → 1; 0.0625 sq m → 0
    assert.equal(measureDrawing(tiny, { mode: "area", metric: false, metresPerPixel }).value, 1);
    const metric = measureDrawing(tiny, { mode: "area", metric: true, metresPerPixel });
    assert.equal(metric.value, 0);
    assert.equal(metric.inRange, false);
    assert.equal(measureDrawing([], { mode: "perimeter", metric: false, metresPerPixel }).inRange, false);
  });

  test("a drawing above 300000 is out of range", () => {
    const huge = measureDrawing(rectangle(0, 0, 3000, 3000), { mode: "area", metric: false, metresPerPixel });
    assert.equal(huge.inRange, false);
    assert.ok(huge.value > 300_000);
  });

  test("the posted value is always a whole number in the requested unit", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ x: fc.double({ min: 0, max: 640, noNaN: true }), y: fc.double({ min: 0, max: 400, noNaN: true }) }), { maxLength: 10 }),
        fc.constantFrom("area" as const, "perimeter" as const),
        fc.boolean(),
        (points, mode, metric) => {
          const result = measureDrawing(points, { mode, metric, metresPerPixel });
          assert.ok(Number.isInteger(result.value));
          assert.equal(result.inRange, result.value >= 1 && result.value <= 300_000);
          assert.ok(Math.abs(result.value - convertFromMetric(result.metric, result.unit)) <= 0.5 + 1e-9);
        },
      ),
    );
  });
});

test("isMeasurable takes 1 to 300000 and nothing else", () => {
  for (const value of [1, 2, 299_999, 300_000]) assert.equal(isMeasurable(value), true, String(value));
  for (const value of [0, 0.5, -1, 300_001, Number.NaN, Number.POSITIVE_INFINITY]) assert.equal(isMeasurable(value), false, String(value));
});

test("formatMeasurement uses thousands separators", () => {
  assert.equal(formatMeasurement(12345.4, "sq ft"), "12,345 sq ft");
  assert.equal(formatMeasurement(75, "linear m"), "75 linear m");
});
