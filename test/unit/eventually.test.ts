// The polling helper: returns what it waited for as soon as it is there, and a wait that does
// not end fails with what it waited for and what it last saw.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { eventually } from "../eventually.ts";

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

  test("waits for an async look's answer, and looks again only after it", async () => {
    let asked = 0;
    let answering = 0;
    const look = async () => {
      answering++;
      assert.equal(answering, 1, "one look at a time");
      await Promise.resolve();
      answering--;
      return ++asked;
    };
    assert.equal(await eventually("the third answer", look, (n) => n === 3, { everyMs: 1 }), 3);
  });

  test("a look that throws fails the wait at once, unless its errors count as not yet; then the last error is what it saw", async () => {
    const broken = () => {
      throw new Error("ECONNREFUSED\nstack");
    };
    await assert.rejects(eventually("a server", broken, () => true, 5000), { message: "ECONNREFUSED\nstack" });
    await assert.rejects(eventually("a server", broken, () => true, { timeoutMs: 30, errorsAreNotYet: true }), {
      message: "waited 30 ms for a server; last saw an error: ECONNREFUSED",
    });
    let tries = 0;
    const upOnTheThird = () => {
      if (++tries < 3) throw new Error("not yet");
      return "up";
    };
    assert.equal(await eventually("a server", upOnTheThird, (s) => s === "up", { errorsAreNotYet: true, everyMs: 1 }), "up");
  });
});
