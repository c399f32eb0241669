// The drawing's state machine (src/measure-tool/drawing.ts), as a table of action sequences:
// add, close on the first point, Done, Undo, Start over, drag, take out, the lot outline, lines.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { apply, finishOpen, movePoint, startHistory, type Action, type History } from "../../../src/measure-tool/drawing.ts";
import type { MeasurementMode } from "../../../src/config/measurement.ts";

const tap = (lng: number, lat: number, nearFirst = false): Action => ({ type: "tap", point: [lng, lat], nearFirst });
const square: Action[] = [tap(0, 0), tap(1, 0), tap(1, 1), tap(0, 1)];
const run = (mode: MeasurementMode, actions: Action[]): History => actions.reduce(apply, startHistory(mode));
/** "lawn:4:closed | cutout:3:open": the shapes in brief. */
const brief = (h: History) => h.present.shapes.map((s) => `${s.kind}:${s.points.length}:${s.finished ? "closed" : "open"}`).join(" | ");

describe("drawing", () => {
  const table: Array<[string, MeasurementMode, Action[], string]> = [
    ["nothing drawn", "area", [], ""],
    ["taps add points", "area", square, "lawn:4:open"],
    ["tapping the first point closes an area", "area", [...square, tap(0, 0, true)], "lawn:4:closed"],
    ["the first point does not close fewer than three", "area", [tap(0, 0), tap(1, 0), tap(0, 0, true)], "lawn:3:open"],
    ["Done closes an area of three or more", "area", [...square, { type: "done" }], "lawn:4:closed"],
    ["Done does nothing with two points", "area", [tap(0, 0), tap(1, 0), { type: "done" }], "lawn:2:open"],
    ["a tap after a closed area waits for a choice", "area", [...square, { type: "done" }, tap(5, 5)], "lawn:4:closed"],
    ["Add another area starts a second lawn", "area", [...square, { type: "done" }, { type: "another", kind: "lawn" }, tap(5, 5)], "lawn:4:closed | lawn:1:open"],
    ["Take out an area closes the open one and starts a cut-out", "area", [...square, { type: "another", kind: "cutout" }, tap(0.2, 0.2)], "lawn:4:closed | cutout:1:open"],
    ["a just-started shape changes kind", "area", [tap(0, 0), { type: "another", kind: "cutout" }], "cutout:1:open"],
    ["Undo removes the last point", "area", [...square, { type: "undo" }], "lawn:3:open"],
    ["Undo reopens a closed area", "area", [...square, tap(0, 0, true), { type: "undo" }], "lawn:4:open"],
    ["Undo with nothing drawn does nothing", "area", [{ type: "undo" }], ""],
    ["Start over clears, and Undo brings it back", "area", [...square, { type: "start over" }, { type: "undo" }], "lawn:4:open"],
    ["Start over then taps start a lawn again", "area", [...square, { type: "start over" }, tap(3, 3)], "lawn:1:open"],
    ["the lot outline replaces the drawing as one closed area", "area", [tap(9, 9), { type: "outline", ring: [[0, 0], [2, 0], [2, 2]] }], "lawn:3:closed"],
    ["the lot outline is for areas only", "perimeter", [{ type: "outline", ring: [[0, 0], [2, 0], [2, 2]] }], ""],
    ["a line never closes on its first point", "perimeter", [tap(0, 0), tap(1, 0), tap(1, 1), tap(0, 0, true)], "lawn:4:open"],
    ["Done finishes a line; the next tap starts another", "perimeter", [tap(0, 0), tap(1, 0), { type: "done" }, tap(5, 5)], "lawn:2:closed | lawn:1:open"],
    ["Done needs two points on a line", "perimeter", [tap(0, 0), { type: "done" }], "lawn:1:open"],
    ["no areas to add or take out in perimeter mode", "perimeter", [tap(0, 0), { type: "another", kind: "cutout" }], "lawn:1:open"],
  ];
  for (const [name, mode, actions, expected] of table) {
    test(name, () => assert.equal(brief(run(mode, actions)), expected));
  }

  test("an action that changes nothing keeps the same history (no empty Undo steps)", () => {
    const h = run("area", [...square, { type: "done" }]);
    assert.equal(apply(h, tap(5, 5)), h);
  });

  test("dragging a point moves it; one Undo puts it back", () => {
    let h = run("area", [...square, { type: "done" }]);
    h = movePoint(h, 0, 2, [1.5, 1.5], true);
    h = movePoint(h, 0, 2, [2, 2], false);
    assert.deepEqual(h.present.shapes[0]!.points[2], [2, 2]);
    h = apply(h, { type: "undo" });
    assert.deepEqual(h.present.shapes[0]!.points[2], [1, 1]);
    assert.equal(brief(h), "lawn:4:closed");
  });

  test("a drag of a point that does not exist changes nothing", () => {
    const h = run("area", square);
    assert.equal(movePoint(h, 3, 0, [0, 0], true), h);
    assert.equal(movePoint(h, 0, 9, [0, 0], true), h);
  });

  test("finishOpen closes what can be closed before sending", () => {
    assert.equal(finishOpen(run("area", square).present).shapes[0]!.finished, true);
    const two = run("area", [tap(0, 0), tap(1, 0)]).present;
    assert.equal(finishOpen(two), two);
  });
});
