// The stand-in measuring tool's query and drawing rules (demo-site/measure/tool-state.ts):
// where it may answer, how points close an outline, and when Finish may send.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  addPoint,
  EMPTY_DRAWING,
  finishDrawing,
  parseParentOrigin,
  parseToolQuery,
  undoPoint,
  type Drawing,
} from "../../../demo-site/measure/tool-state.ts";
import { buildAerialScene } from "../../../demo-site/measure/aerial-scene.ts";

describe("parseParentOrigin", () => {
  const accepted = ["http://localhost:4400", "https://shop.example", "https://shop.example:8443"];
  for (const origin of accepted) test(`accepts ${origin}`, () => assert.equal(parseParentOrigin(origin), origin));

  const refused = [
    null,
    "",
    "*",
    "null",
    "localhost:4400",
    "http://localhost:4400/",
    "https://shop.example/page",
    "https://shop.example?x=1",
    "HTTPS://SHOP.EXAMPLE",
    "javascript:alert(1)",
    "data:text/html,hi",
    "file:///etc/passwd",
    "ftp://shop.example",
    "https://user@shop.example",
  ];
  for (const raw of refused) test(`refuses ${JSON.stringify(raw)}`, () => assert.equal(parseParentOrigin(raw), undefined));
});

describe("parseToolQuery", () => {
  test("reads the widget's query", () => {
    const query = parseToolQuery("?address=1234+Oak+Street%2C+Dublin&mode=perimeter&units=metric&parent=http%3A%2F%2Flocalhost%3A4400");
    assert.deepEqual(query, {
      address: "1234 Oak Street, Dublin",
      mode: "perimeter",
      metric: true,
      parentOrigin: "http://localhost:4400",
      problems: [],
    });
  });

  test("defaults to area and imperial, and says it cannot answer without a parent", () => {
    const query = parseToolQuery("");
    assert.equal(query.mode, "area");
    assert.equal(query.metric, false);
    assert.equal(query.parentOrigin, undefined);
    assert.equal(query.problems.length, 1);
  });

  test("names an unknown mode or units", () => {
    const query = parseToolQuery("?mode=volume&units=cubits&parent=https://a.example");
    assert.equal(query.problems.length, 2);
    assert.match(query.problems.join(" "), /volume/);
    assert.match(query.problems.join(" "), /cubits/);
  });
});

describe("drawing", () => {
  const square = [
    { x: 100, y: 100 },
    { x: 200, y: 100 },
    { x: 200, y: 200 },
    { x: 100, y: 200 },
  ];
  const draw = (points: { x: number; y: number }[], mode: "area" | "perimeter" = "area"): Drawing =>
    points.reduce((d, p) => addPoint(d, p, mode, 10), EMPTY_DRAWING);

  test("a click near the first point closes an area outline, and a closed outline takes no more points", () => {
    const closed = draw([...square, { x: 104, y: 103 }]);
    assert.equal(closed.closed, true);
    assert.equal(closed.points.length, 4);
    assert.equal(addPoint(closed, { x: 300, y: 300 }, "area", 10), closed);
  });

  test("perimeter mode never closes", () => {
    const line = draw([...square, { x: 100, y: 100 }], "perimeter");
    assert.equal(line.closed, false);
    assert.equal(line.points.length, 5);
  });

  test("a click near the first point with fewer than three points is a point", () => {
    assert.equal(draw([{ x: 10, y: 10 }, { x: 50, y: 10 }, { x: 12, y: 11 }]).points.length, 3);
  });

  test("points are kept inside the picture", () => {
    assert.deepEqual(draw([{ x: -5, y: 900 }]).points, [{ x: 0, y: 400 }]);
  });

  test("undo reopens a closed outline, then removes points", () => {
    const closed = draw([...square, { x: 100, y: 100 }]);
    const reopened = undoPoint(closed);
    assert.deepEqual(reopened, { points: closed.points, closed: false });
    assert.equal(undoPoint(reopened).points.length, 3);
    assert.deepEqual(undoPoint(EMPTY_DRAWING), EMPTY_DRAWING);
  });

  test("Finish measures a 100 px square (25 m × 25 m) in the requested unit", () => {
    const outcome = finishDrawing(draw(square), { mode: "area", metric: false });
    assert.ok(outcome.ok);
    assert.equal(outcome.measurement.value, 6727);
    assert.equal(outcome.measurement.unit, "sq ft");
    const metric = finishDrawing(draw(square, "perimeter"), { mode: "perimeter", metric: true });
    assert.ok(metric.ok);
    assert.deepEqual([metric.measurement.value, metric.measurement.unit], [75, "linear m"]);
  });

  test("Finish refuses too few points and a value outside 1..300000", () => {
    const few = finishDrawing(draw(square.slice(0, 2)), { mode: "area", metric: false });
    assert.equal(few.ok, false);
    const one = finishDrawing(draw(square.slice(0, 1), "perimeter"), { mode: "perimeter", metric: false });
    assert.equal(one.ok, false);
    const flat = finishDrawing(draw([{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 2, y: 0 }]), { mode: "area", metric: false });
    assert.ok(!flat.ok);
    assert.match(flat.reason, /1 to 300,000/);
  });
});

test("the aerial picture is the same for the same address, spelt differently, and differs between addresses", () => {
  assert.deepEqual(buildAerialScene("1234 Oak Street, Dublin"), buildAerialScene("  1234 oak street,   dublin "));
  assert.notDeepEqual(buildAerialScene("1234 Oak Street, Dublin").lot, buildAerialScene("2874 Brand Road, Dublin").lot);
  const { lot, width, height } = buildAerialScene("14 Church Road, London SW13 9AA");
  assert.ok(lot.x >= 0 && lot.y >= 0 && lot.x + lot.w <= width && lot.y + lot.h <= height, JSON.stringify(lot));
});
