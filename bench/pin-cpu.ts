// The page's main thread on a CPU of its own while Chromium throttles it (Linux, 2 CPUs or more).
//
// Why: Chromium's CPU throttling on Linux (blink's ThreadCPUThrottler, what CDP's
// Emulation.setCPUThrottlingRate starts) signals the renderer's main thread every 200 µs, and the
// signal's handler busy-waits (rate - 1) times as long as the thread ran: at 4x the main thread
// holds a whole CPU even while it only waits. On this 2-CPU machine the other CPU then carries
// every other thread (the compositor, the bundle's streaming compile, the browser's other
// processes, the demo server, this driver); whenever they want more than it, the kernel takes
// the main thread off its CPU for a time slice of several ms, inside whichever task is running.
// Measured at `cfe6724` (blank page, 4x, a long animation frame with our scripts before intent):
// unpinned, 3 of 12, 9 of 10, 9 of 12 and 5 of 10 runs; with one more process spinning on a CPU,
// 22 of 22; pinned, 0 of 12, 1 of 10 and 2 of 10. A phone has CPUs to spare for its other
// threads, so the bench gives the throttled thread one: Chromium starts on the other CPUs (its
// processes and threads inherit that), each renderer's main thread is moved alone to CPU 0 as it
// appears, and any thread a renderer starts later is moved back to the others. BENCH_PIN=0
// turns it off.
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { cpus } from "node:os";

/** How the bench placed Chromium's threads, as results.json records it. */
export type CpuPinning =
  | { pinned: true; mainThreadCpu: number; otherCpus: string }
  | { pinned: false; reason: string };

/** How often new renderers and their new threads are looked for. */
const POLL_MS = 10;

/** Whether pinning can and should run here: Linux, two CPUs or more, `taskset`, and BENCH_PIN not 0. */
export function pinningPlan(): CpuPinning {
  if (process.env.BENCH_PIN === "0") return { pinned: false, reason: "BENCH_PIN=0" };
  if (process.platform !== "linux") return { pinned: false, reason: `not Linux (${process.platform})` };
  const count = cpus().length;
  if (count < 2) return { pinned: false, reason: "one CPU" };
  if (spawnSync("taskset", ["-V"], { stdio: "ignore" }).status !== 0) return { pinned: false, reason: "no taskset (util-linux)" };
  return { pinned: true, mainThreadCpu: 0, otherCpus: count === 2 ? "1" : `1-${count - 1}` };
}

/** The command that starts `command` with `args` on the CPUs other than the main thread's. */
export function pinnedCommand(plan: CpuPinning, command: string, args: string[]): [string, string[]] {
  return plan.pinned ? ["taskset", ["-c", plan.otherCpus, command, ...args]] : [command, args];
}

const parentOf = (pid: string): string | undefined => {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so read after its ')'.
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1];
  } catch {
    return undefined;
  }
};

const isRenderer = (pid: string): boolean => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer");
  } catch {
    return false;
  }
};

const threadsOf = (pid: string): string[] => {
  try {
    return readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
};

const setAffinity = (cpuList: string, tid: string): void => {
  try {
    execFileSync("taskset", ["-p", "-c", cpuList, tid], { stdio: "ignore" });
  } catch {
    // The thread has ended meanwhile.
  }
};

/**
 * Moves each renderer of the browser `browserPid` (its descendants) as it appears: its main
 * thread alone to the plan's CPU, its later threads to the others. This process goes to the
 * others too. Returns the function that stops looking.
 */
export function pinRenderers(plan: CpuPinning, browserPid: number): () => void {
  if (!plan.pinned) return () => undefined;
  setAffinity(plan.otherCpus, String(process.pid));
  for (const tid of threadsOf(String(process.pid))) setAffinity(plan.otherCpus, tid);
  const browser = String(browserPid);
  /** Each renderer seen: the threads it had when looked at last. */
  const renderers = new Map<string, Set<string>>();
  /** Other processes: not the browser's, never looked at again. */
  const notOurs = new Set<string>();
  /** The browser's processes that are not renderers (yet: a renderer forked from the zygote takes its command line a moment later). */
  const ourOthers = new Set<string>();
  const isOurs = (pid: string): boolean => {
    for (let at: string | undefined = pid, depth = 0; at && depth < 5; at = parentOf(at), depth++) if (at === browser) return true;
    return false;
  };
  const look = (): void => {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid) || notOurs.has(pid)) continue;
      let known = renderers.get(pid);
      if (!known) {
        if (!ourOthers.has(pid) && !isOurs(pid)) {
          notOurs.add(pid);
          continue;
        }
        if (!isRenderer(pid)) {
          ourOthers.add(pid);
          continue;
        }
        ourOthers.delete(pid);
        setAffinity(String(plan.mainThreadCpu), pid);
        known = new Set([pid]);
        renderers.set(pid, known);
      }
      for (const tid of threadsOf(pid)) {
        if (known.has(tid)) continue;
        known.add(tid);
        // Threads started before the move inherited the other CPUs from the browser; a thread the main thread starts now inherits CPU 0.
        setAffinity(plan.otherCpus, tid);
      }
    }
  };
  look();
  const timer = setInterval(look, POLL_MS);
  return () => clearInterval(timer);
}
