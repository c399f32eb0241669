// After the sale (SPEC §4 main flow): the sale is marked converted; with willRedirect the top
// window goes to the company's redirectUrl 2 s after the end, and only to an https URL.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { CompanyConfigInput } from "../../../src/config/company-config.ts";
import type { Clock } from "../../../src/state/clock.ts";
import type { QuoteSession } from "../../../src/state/quote-session.ts";
import { runTask, type TaskDeps } from "../../../src/state/tasks.ts";
import { makeConfig } from "../fixtures.ts";

async function afterSale(overrides: Partial<CompanyConfigInput>) {
  const events: string[] = [];
  const clock: Clock = { sleep: async (ms) => void events.push(`sleep ${ms}`), now: () => 0, every: () => () => {} };
  const session = { markConverted: () => events.push("converted") } as unknown as QuoteSession;
  const deps = {
    config: makeConfig(overrides),
    clock,
    session,
    navigateTop: (url: string) => events.push(`go ${url}`),
  } as unknown as TaskDeps;
  const outcome = await runTask("afterSale", {}, deps);
  return { outcome: outcome.value, events };
}

describe("after the sale", () => {
  const cases: Array<[string, Partial<CompanyConfigInput>, string[]]> = [
    ["no redirect configured: the sale is converted, nothing more", {}, ["converted"]],
    ["willRedirect to https: 2 s after the end", { willRedirect: true, redirectUrl: "https://greenway.example/thanks" }, ["converted", "sleep 2000", "go https://greenway.example/thanks"]],
    ["a redirectUrl without willRedirect is not followed", { redirectUrl: "https://greenway.example/thanks" }, ["converted"]],
    ["an http URL is never followed", { willRedirect: true, redirectUrl: "http://greenway.example/thanks" }, ["converted"]],
    ["a javascript: URL is never followed", { willRedirect: true, redirectUrl: "javascript:alert(1)" }, ["converted"]],
  ];
  for (const [what, overrides, expected] of cases) {
    test(what, async () => {
      const { outcome, events } = await afterSale(overrides);
      assert.equal(outcome, "done");
      assert.deepEqual(events, expected);
    });
  }
});
