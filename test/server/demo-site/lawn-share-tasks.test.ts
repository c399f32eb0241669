// A looked-up lot without the lawn (issue 13 §1, SPEC §5 and §9): the widget's own estimate
// task against the reference backend over real HTTP. The lawn is the source's own lawn
// estimate, or else the company's sqFtPercentage of the lot ('other' at demo house number 808);
// one rule for every source that gives a lot (issue 27): the slider follows, starting at that
// lawn. The demo bot `demo-company/other-bot` sets sqFtPercentage 0.3.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { PropertyEstimateResponseSchema } from "../../../src/contract/property-estimate.ts";
import type { CompanyConfigInput } from "../../../src/config/company-config.ts";
import type { Answers } from "../../../src/flow/types.ts";
import { runTask, type TaskDeps } from "../../../src/state/tasks.ts";
import { makeConfig, SAMPLE_PROGRAMS } from "../../unit/fixtures.ts";
import { dublinAddress, start, walk } from "../../unit/flow/walk.ts";
import { getJson } from "./http-client.ts";
import { siteTaskDeps } from "./site-task-deps.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

function deps(config: Partial<CompanyConfigInput>): TaskDeps {
  return siteTaskDeps({ baseUrl: site.urls.widget, companyId: "demo-company", botId: "other-bot", config }).taskDeps;
}

const at = (street: string): Answers => ({ customerAddress: street, customerCity: "Dublin", customerState: "OH", customerZip: "43017" });

async function backendEstimate(source: string, street: string) {
  const query = new URLSearchParams({ companyId: "demo-company", botId: "other-bot", address: street, zip: "43017" });
  const { json } = await getJson(`${site.api}/v1/property/estimate/${source}?${query}`);
  return v.parse(PropertyEstimateResponseSchema, json);
}

describe("a lot without the lawn ('other')", () => {
  test("the demo backend can answer a lot without a lawn estimate (house number 808)", async () => {
    const lotOnly = await backendEstimate("other", "808 Oak Street");
    assert.ok(lotOnly.estimate > 0);
    assert.equal(lotOnly.lawnEstimate, undefined);
    assert.ok((await backendEstimate("other", "810 Oak Street")).lawnEstimate! > 0, "another address has the lawn");
  });

  const shares: Array<[string, Partial<CompanyConfigInput>, number]> = [
    ["the default 0.4", {}, 0.4],
    ["0.3 (the demo bot's)", { sqFtPercentage: 0.3 }, 0.3],
    ["0.65", { sqFtPercentage: 0.65 }, 0.65],
  ];
  for (const [what, setting, share] of shares) {
    test(`the lawn is the lot times sqFtPercentage: ${what}`, async () => {
      const lot = (await backendEstimate("other", "808 Oak Street")).estimate;
      const outcome = await runTask("fetchEstimate", at("808 Oak Street"), deps({ sqftEstimateSource: "other", ...setting }));
      assert.equal(outcome.value, "found");
      assert.equal(outcome.values?.totalLotSize, lot);
      assert.equal(outcome.values?.lawnSize, Math.round(lot * share));
    });
  }

  test("the source's own lawn estimate wins over sqFtPercentage", async () => {
    const known = await backendEstimate("other", "810 Oak Street");
    const outcome = await runTask("fetchEstimate", at("810 Oak Street"), deps({ sqftEstimateSource: "other", sqFtPercentage: 0.3 }));
    assert.equal(outcome.values?.lawnSize, known.lawnEstimate);
  });

  test("the visitor is told the lawn the share gives, and the slider starts there", async () => {
    const outcome = await runTask("fetchEstimate", at("808 Oak Street"), deps({ sqftEstimateSource: "other", sqFtPercentage: 0.3 }));
    const lawn = outcome.values!.lawnSize!;
    const run = walk(
      { config: makeConfig({ sqftEstimateSource: "other", sqFtPercentage: 0.3 }), customer: {}, programs: SAMPLE_PROGRAMS },
      {
        inputs: { startButtons: start, askName: { value: "Jane Doe" }, askPhone: { value: "6145550100" }, askEmail: { value: "jane@example.com" }, askAddress: dublinAddress, askUnit: { value: "No" } },
        tasks: { checkPreviousQuote: { value: "none" }, startQuote: { value: "started" }, fetchEstimate: outcome, recordEstimate: { value: "done" } },
      },
    );
    const lot = outcome.values!.totalLotSize!;
    assert.ok(run.said.includes(`Your lot is about ${lot.toLocaleString("en-US")} sq ft, about ${lawn.toLocaleString("en-US")} sq ft of it lawn.`), run.said.join("\n"));
    assert.equal(run.state.stepId, "adjustLawnSize");
    assert.deepEqual(run.last?.type === "ask" && run.last.input, { kind: "slider", totalLotSize: lot, defaultPercent: 30, unit: "sq ft" });
  });

  test("the demo bot other-bot uses sqFtPercentage 0.3", async () => {
    const { json } = await getJson(`${site.api}/v1/company/demo-company/bot/other-bot`);
    assert.equal((json as { sqFtPercentage?: number }).sqFtPercentage, 0.3);
  });
});

describe("one rule for every source that gives a lot: the slider starts at the company's sqFtPercentage", () => {
  const cases: Array<["zillow" | "other", number]> = [
    ["zillow", 0.3],
    ["zillow", 0.4],
    ["zillow", 0.7],
    ["other", 0.3],
    ["other", 0.65],
  ];
  for (const [source, share] of cases) {
    test(`${source} with sqFtPercentage ${share}: the slider starts at ${share * 100} %`, async () => {
      const config = { sqftEstimateSource: source, sqFtPercentage: share };
      const outcome = await runTask("fetchEstimate", at("808 Oak Street"), deps(config));
      const lot = outcome.values!.totalLotSize!;
      const run = walk(
        { config: makeConfig(config), customer: {}, programs: SAMPLE_PROGRAMS },
        {
          inputs: { startButtons: start, askName: { value: "Jane Doe" }, askPhone: { value: "6145550100" }, askEmail: { value: "jane@example.com" }, askAddress: dublinAddress, askUnit: { value: "No" } },
          tasks: { checkPreviousQuote: { value: "none" }, startQuote: { value: "started" }, fetchEstimate: outcome },
        },
      );
      assert.equal(run.state.stepId, "adjustLawnSize");
      assert.deepEqual(run.last?.type === "ask" && run.last.input, { kind: "slider", totalLotSize: lot, defaultPercent: Math.round(share * 100), unit: "sq ft" });
    });
  }
});
