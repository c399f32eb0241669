// When the greeting's pace starts (issue 35): the loader stamps a click that comes before the
// bundle has run; the widget counts from that stamp when it can be this click's, else from
// its own open. Anything else a page could leave in the queue falls back to the open.
import assert from "node:assert/strict";
import { test } from "node:test";
import { clickTime } from "../../../src/state/clock.ts";

const OPENED = 10_000;
const rows: Array<[string, unknown, number]> = [
  ["no stamp: the open", null, OPENED],
  ["stamped 1.6 s before the open: the stamp", OPENED - 1600, OPENED - 1600],
  ["stamped at the open: the stamp", OPENED, OPENED],
  ["stamped a minute before: the stamp", OPENED - 60_000, OPENED - 60_000],
  ["stamped over a minute before: not this click's, the open", OPENED - 60_001, OPENED],
  ["stamped after the open: not a click's, the open", OPENED + 1, OPENED],
  ["a word, not a time: the open", "soon", OPENED],
  ["NaN: the open", Number.NaN, OPENED],
  ["undefined: the open", undefined, OPENED],
];

for (const [what, asked, expected] of rows) {
  test(`clickTime: ${what}`, () => {
    assert.equal(clickTime(asked as number | null, OPENED), expected);
  });
}
