// SPEC §9's objection timings, on a clock the test moves: the think-about-it lead is sent 1 s
// after the visitor's comments, never before; the quote reopens 3 s after a positive rebuttal.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { CompanyConfig } from "../../../src/config/company-config.ts";
import type { Clock } from "../../../src/state/clock.ts";
import { objectionTasks } from "../../../src/state/tasks/objection.ts";
import type { TaskDeps } from "../../../src/state/tasks/task-deps.ts";

/** A clock whose sleeps end only when the test advances it; `log` is what happened, when. */
function manualClock() {
  let now = 0;
  const sleepers: Array<{ until: number; wake: () => void }> = [];
  const log: string[] = [];
  const clock = {
    now: () => now,
    sleep: (ms: number) => new Promise<void>((wake) => sleepers.push({ until: now + ms, wake })),
  } as unknown as Clock;
  const advance = async (ms: number) => {
    now += ms;
    for (const s of sleepers.filter((s) => s.until <= now)) {
      sleepers.splice(sleepers.indexOf(s), 1);
      s.wake();
    }
    // Let the woken task run up to its next await.
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };
  return { clock, log, advance, at: () => now };
}

function deps(clock: Clock, log: string[], at: () => number): TaskDeps {
  return {
    botId: "lawn",
    config: { crmSolution: "none" } as unknown as CompanyConfig,
    clock,
    session: { openModal: () => void log.push(`modal opened at ${at()} ms`) },
    leads: {
      send: async (lead: { body: { chatId: string; comments?: string } }) => {
        log.push(`lead ${lead.body.chatId} sent at ${at()} ms with '${lead.body.comments}'`);
        return "sent";
      },
    },
  } as unknown as TaskDeps;
}

describe("the objection's timings (SPEC §9)", () => {
  test("the lead goes 1 s after the comments, not a moment earlier", async () => {
    const { clock, log, advance, at } = manualClock();
    const sent = objectionTasks.sendLead({ quoteId: "q-7", objectionReason: "I need to think about it", objectionComments: "Call after 5" }, deps(clock, log, at));
    await advance(999);
    assert.deepEqual(log, [], "nothing sent at 999 ms");
    await advance(1);
    assert.deepEqual(log, ["lead q-7 sent at 1000 ms with 'Call after 5'"]);
    assert.deepEqual(await sent, { value: "sent" });
  });

  test("the quote reopens 3 s after the rebuttal", async () => {
    const { clock, log, advance, at } = manualClock();
    const reopened = objectionTasks.reopenQuoteLater({}, deps(clock, log, at));
    await advance(2999);
    assert.deepEqual(log, []);
    await advance(1);
    assert.deepEqual(log, ["modal opened at 3000 ms"]);
    assert.deepEqual(await reopened, { value: "done" });
  });
});
