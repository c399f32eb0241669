// The polling helper: returns what it waited for as soon as it is there, and a wait that does
// not end fails with what it waited for and what it last saw.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { eventually } from "./eventually.ts";

describe("eventually", () => {
  test("returns the value once accepted, without waiting out its time", async () => {
    let n = 0;
    const timer = setInterval(() => n++, 1);
    const started = Date.now();
    const seen = await eventually("n to reach 3", () => n, (value) => value >= 3, 2000);
    clearInterval(timer);
    assert.ok(seen >= 3);
    assert.ok(Date.now() - started < 1000, `took ${Date.now() - started} ms`);
  });

  test("fails naming what it waited for and what it last saw", async () => {
    await assert.rejects(
      eventually("the error state", () => ({ status: "loading" }), (seen) => seen.status === "error", 50),
      { message: 'waited 50 ms for the error state; last saw {"status":"loading"}' },
    );
  });
});
