// The bench's CPU placement (bench/pin-cpu.ts): when it applies, and the command it starts Chromium with.
import assert from "node:assert/strict";
import { cpus } from "node:os";
import { afterEach, describe, it } from "node:test";
import { pinnedCommand, pinningPlan, type CpuPinning } from "../../../bench/pin-cpu.ts";

describe("the bench's CPU pinning", () => {
  const before = process.env.BENCH_PIN;
  afterEach(() => {
    if (before === undefined) delete process.env.BENCH_PIN;
    else process.env.BENCH_PIN = before;
  });

  it("is off when BENCH_PIN=0, and says so", () => {
    process.env.BENCH_PIN = "0";
    assert.deepEqual(pinningPlan(), { pinned: false, reason: "BENCH_PIN=0" });
  });

  it("gives the main thread CPU 0 and every other thread the rest, never CPU 0", () => {
    delete process.env.BENCH_PIN;
    const plan = pinningPlan();
    if (!plan.pinned) {
      // Not Linux, one CPU or no taskset: a reason, never a silent unpinned run.
      assert.ok(plan.reason.length > 0);
      return;
    }
    assert.equal(plan.mainThreadCpu, 0);
    const count = cpus().length;
    assert.equal(plan.otherCpus, count === 2 ? "1" : `1-${count - 1}`);
  });

  it("starts Chromium through taskset on the other CPUs when pinned, as it is otherwise", () => {
    const pinned: CpuPinning = { pinned: true, mainThreadCpu: 0, otherCpus: "1-3" };
    const unpinned: CpuPinning = { pinned: false, reason: "one CPU" };
    assert.deepEqual(pinnedCommand(pinned, "/usr/bin/chromium", ["--headless=new", "about:blank"]), ["taskset", ["-c", "1-3", "/usr/bin/chromium", "--headless=new", "about:blank"]]);
    assert.deepEqual(pinnedCommand(unpinned, "/usr/bin/chromium", ["--headless=new"]), ["/usr/bin/chromium", ["--headless=new"]]);
  });
});
