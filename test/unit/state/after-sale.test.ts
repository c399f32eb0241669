// After the sale (SPEC §4 main flow): the sale is marked converted and its receipt read; with
// willRedirect the top window goes to the company's redirectUrl 2 s after the end (the receipt
// is said in between), and only to an https URL.
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
  const receipt = { saleTransactionId: "pi_123", saleAmount: "$44.72" };
  const session = {
    markConverted: () => events.push("converted"),
    saleReceipt: () => (events.push("receipt"), receipt),
  } as unknown as QuoteSession;
  const deps = {
    config: makeConfig(overrides),
    clock,
    session,
    navigateTop: (url: string) => events.push(`go ${url}`),
  } as unknown as TaskDeps;
  const sale = await runTask("afterSale", {}, deps);
  assert.deepEqual(sale.values, receipt, "the receipt becomes the conversation's answers");
  events.push("said");
  const outcome = await runTask("redirectAfterSale", {}, deps);
  return { outcome: outcome.value, events };
}

describe("after the sale", () => {
  const cases: Array<[string, Partial<CompanyConfigInput>, string[]]> = [
    ["no redirect configured: the sale is converted, nothing more", {}, ["converted", "receipt", "said"]],
    ["willRedirect to https: 2 s after the end", { willRedirect: true, redirectUrl: "https://greenway.example/thanks" }, ["converted", "receipt", "said", "sleep 2000", "go https://greenway.example/thanks"]],
    ["a redirectUrl without willRedirect is not followed", { redirectUrl: "https://greenway.example/thanks" }, ["converted", "receipt", "said"]],
    ["an http URL is never followed", { willRedirect: true, redirectUrl: "http://greenway.example/thanks" }, ["converted", "receipt", "said"]],
    ["a javascript: URL is never followed", { willRedirect: true, redirectUrl: "javascript:alert(1)" }, ["converted", "receipt", "said"]],
  ];
  for (const [what, overrides, expected] of cases) {
    test(what, async () => {
      const { outcome, events } = await afterSale(overrides);
      assert.equal(outcome, "done");
      assert.deepEqual(events, expected);
    });
  }
});
