// The property's size (SPEC §2 step 9, §4 'After measuring', §5, §8), walked through the real
// graph from a started quote.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { FlowContext } from "../../../src/flow/types.ts";
import type { CompanyConfigInput } from "../../../src/config/company-config.ts";
import { lawnSliderStartPercent } from "../../../src/flow/inputs/slider.ts";
import { measuringToolUrl } from "../../../src/contract/measure-messages.ts";
import { pack as spanish } from "../../../src/i18n/es/index.ts";
import { makeConfig, SAMPLE_PROGRAMS } from "../fixtures.ts";
import { dublinAddress, start, walk } from "./walk.ts";

const toContact = {
  startButtons: start,
  askName: { value: "Jane Doe" },
  askPhone: { value: "6145550100" },
  askEmail: { value: "jane@example.com" },
  askAddress: dublinAddress,
  askUnit: { value: "No" },
};
const started = { checkPreviousQuote: { value: "none" }, startQuote: { value: "started" }, recordEstimate: { value: "done" } };

function company(overrides: Partial<CompanyConfigInput>): FlowContext {
  return { config: makeConfig({ measuringToolUrl: "https://measure.example.com/", ...overrides }), customer: {}, programs: SAMPLE_PROGRAMS };
}

describe("measuring with the tool (measur-it)", () => {
  const cases: Array<[string, Partial<CompanyConfigInput>, string, string]> = [
    ["area, imperial", {}, "8200", "Thanks! It looks like you colored in 8,200 sq ft."],
    ["perimeter, imperial", { measurementMode: "perimeter" }, "1250", "Thanks! It looks like you outlined in 1,250 linear ft."],
    ["area, metric", { isMetric: true, minQuotableSize: 20, maxQuotableSize: 4000 }, "760", "Thanks! It looks like you colored in 760 sq m."],
    ["perimeter, metric", { isMetric: true, measurementMode: "perimeter", minQuotableSize: 20, maxQuotableSize: 4000 }, "380", "Thanks! It looks like you outlined in 380 linear m."],
  ];
  for (const [what, overrides, value, message] of cases) {
    test(`${what}: opens the tool, then says what was measured`, () => {
      const run = walk(company(overrides), { inputs: { ...toContact, openMeasuring: { value } }, tasks: started });
      assert.ok(run.said.includes("Opening our Measur.it technology"));
      assert.ok(run.said.includes(message), `said ${JSON.stringify(run.said.slice(-3))}`);
      assert.ok(run.state.path.includes("propertyMeasured"));
      assert.equal(run.state.stepId, "fertilizerWho", "then the questions of the chosen program");
      assert.equal(run.state.answers.lawnSize, Number(value), "a number in the state");
    });
  }

  test("the prompt asks to color in an area, or to outline a perimeter", () => {
    const area = walk(company({}), { inputs: toContact, tasks: started });
    const perimeter = walk(company({ measurementMode: "perimeter" }), { inputs: toContact, tasks: started });
    assert.equal(area.said.at(-1), "Color in your lawn on the map, then press Finish.");
    assert.equal(perimeter.said.at(-1), "Outline your property on the map, then press Finish.");
    assert.equal(area.last?.type === "ask" && area.last.input.kind === "measure" && area.last.input.delayMs, 3000);
  });

  test("a picked suggestion's point goes to the tool; a typed address, with no point, sends none", () => {
    const picked = { ...dublinAddress, values: { ...dublinAddress.values, customerLat: 40.0999, customerLng: -83.1142 } };
    const located = walk(company({}), { inputs: { ...toContact, askAddress: picked }, tasks: started });
    const typed = walk(company({}), { inputs: toContact, tasks: started });
    const input = (run: typeof typed) => (run.last?.type === "ask" && run.last.input.kind === "measure" ? run.last.input : undefined);
    assert.deepEqual(input(located)?.position, { lat: 40.0999, lng: -83.1142 });
    assert.equal(input(typed)?.position, undefined);
    const url = new URL(measuringToolUrl("https://measure.example.com/tool", { address: "88 Main St", position: { lat: 40.0999, lng: -83.1142 }, mode: "area", metric: false, parentOrigin: "https://lawn.example" }));
    assert.deepEqual(Object.fromEntries(url.searchParams), { address: "88 Main St", lat: "40.0999", lng: "-83.1142", mode: "area", units: "imperial", parent: "https://lawn.example" });
    const without = new URL(measuringToolUrl("https://measure.example.com/tool", { address: "88 Main St", mode: "perimeter", metric: true, parentOrigin: "https://lawn.example" }));
    assert.deepEqual([...without.searchParams.keys()], ["address", "mode", "units", "parent"]);
  });

  test("a visitor in Spanish gets the tool in Spanish (lang=es); in English the URL has no lang", () => {
    const measureInput = (run: ReturnType<typeof walk>) => (run.last?.type === "ask" && run.last.input.kind === "measure" ? run.last.input : undefined);
    const es = measureInput(walk({ ...company({}), pack: spanish }, { inputs: toContact, tasks: started }));
    const en = measureInput(walk(company({}), { inputs: toContact, tasks: started }));
    assert.ok(es && en, "both open the tool");
    assert.equal(es.language, "es");
    assert.equal(en.language, undefined);
    const url = (input: typeof es) => new URL(measuringToolUrl(input.toolUrl, { ...input, parentOrigin: "https://lawn.example" }));
    assert.equal(url(es).searchParams.get("lang"), "es");
    assert.deepEqual([...url(en).searchParams.keys()], ["address", "mode", "units", "parent"]);
    assert.equal(url(en).origin, url(es).origin, "the same tool, whose origin the bridge checks");
  });

  const outside: Array<[string, string]> = [
    ["above the company maximum", "40001"],
    ["below the company minimum", "499"],
  ];
  for (const [what, value] of outside) {
    test(`a size ${what} ends at well-thanks-anyway`, () => {
      const run = walk(company({}), { inputs: { ...toContact, openMeasuring: { value } }, tasks: started });
      assert.equal(run.state.stepId, "wellThanksAnyway");
    });
  }

  test("values the tool cannot give (0, above 300000, fractions, text) are refused", () => {
    for (const value of ["0", "300001", "12.5", "lots"]) {
      const run = walk(company({}), { inputs: { ...toContact, openMeasuring: { value } }, tasks: started });
      assert.equal(run.state.stepId, "openMeasuring", value);
    }
  });

  test("closing the tool offers typing the size; bad input gets the spec's message", () => {
    const run = walk(company({}), {
      inputs: { ...toContact, openMeasuring: { value: "cancel" }, askSize: [{ value: "1e4" }, { value: "" }, { value: "6500" }] },
      tasks: started,
    });
    assert.deepEqual(run.refusals, ["Please input only numeric values.", "Please input only numeric values."]);
    assert.ok(run.state.path.includes("propertyMeasured"));
      assert.equal(run.state.stepId, "fertilizerWho", "then the questions of the chosen program");
  });

  test("a typed size outside the limits goes to manual review, in the spec's words", () => {
    const run = walk(company({}), { inputs: { ...toContact, openMeasuring: { value: "cancel" }, askSize: { value: "90000" } }, tasks: started });
    assert.equal(run.state.stepId, "manualReview");
    assert.equal(
      run.said.at(-1),
      "Our instant quote technology is good, however we feel it would be best for us to manually review your property with you. We will be in touch soon.",
    );
  });

  test("without a configured tool, the size is typed", () => {
    const run = walk({ config: makeConfig(), customer: {}, programs: SAMPLE_PROGRAMS }, { inputs: toContact, tasks: started });
    assert.equal(run.state.stepId, "askSize");
  });
});

describe("estimates by source", () => {
  const found = (lot: number, lawn: number) => ({ value: "found", values: { totalLotSize: lot, lawnSize: lawn } });

  test("zillow gives the lot; the slider sets the lawn's share, saved as the adjusted size", () => {
    const run = walk(company({ sqftEstimateSource: "zillow" }), {
      inputs: { ...toContact, adjustLawnSize: { value: "7200" } },
      tasks: { ...started, fetchEstimate: found(12000, 4800) },
    });
    assert.ok(run.said.includes("Your lot is about 12,000 sq ft."));
    assert.ok(run.state.path.includes("propertyMeasured"));
      assert.equal(run.state.stepId, "fertilizerWho", "then the questions of the chosen program");
    assert.equal(run.state.answers.adjustedLotSize, 7200);
    assert.equal(run.state.answers.lawnSize, 7200);
  });

  test("the slider offers the lot, starting at the estimate's lawn (4,800 of 12,000: 40 %), and refuses more than the lot", () => {
    const run = walk(company({ sqftEstimateSource: "zillow" }), {
      inputs: { ...toContact, adjustLawnSize: [{ value: "12001" }] },
      tasks: { ...started, fetchEstimate: found(12000, 4800) },
    });
    assert.equal(run.state.stepId, "adjustLawnSize");
    assert.ok(run.last?.type === "ask" && run.last.input.kind === "slider");
    assert.deepEqual(run.last.input, { kind: "slider", totalLotSize: 12000, defaultPercent: 40, unit: "sq ft" });
  });

  test("other gives the lot and its lawn: the lawn is said, and the same slider starts at it (30 %)", () => {
    const run = walk(company({ sqftEstimateSource: "other" }), {
      inputs: { ...toContact, adjustLawnSize: { value: "4200" } },
      tasks: { ...started, fetchEstimate: found(12000, 3600) },
    });
    assert.ok(run.said.includes("Your lot is about 12,000 sq ft, about 3,600 sq ft of it lawn."));
    assert.ok(run.state.path.includes("adjustLawnSize"), "the slider");
    assert.ok(run.state.path.includes("propertyMeasured"));
    assert.equal(run.state.answers.lawnSize, 4200, "the visitor's correction is the lawn priced");
    assert.equal(run.state.answers.adjustedLotSize, 4200);
  });

  // The slider's first position, as a table (src/flow/inputs/slider.ts).
  const starts: Array<[number, number | undefined, number]> = [
    [12000, 4800, 40],
    [12000, 3600, 30],
    [16264, 7969, 49],
    [10000, 10000, 100],
    [10000, 20000, 100],
    [10000, 10, 1],
    [10000, undefined, 100],
    [0, 500, 100],
  ];
  for (const [lot, lawn, percent] of starts) {
    test(`a lot of ${lot} with a lawn of ${String(lawn)}: the slider starts at ${percent} %`, () => {
      assert.equal(lawnSliderStartPercent(lot, lawn), percent);
    });
  }

  test("a failed zillow estimate opens the measuring tool when the company asks for that fallback", () => {
    const run = walk(company({ sqftEstimateSource: "zillow", zillowFallback: true }), {
      inputs: toContact,
      tasks: { ...started, fetchEstimate: { value: "failed" } },
    });
    assert.equal(run.state.stepId, "openMeasuring");
  });

  test("home shows the internal square footage", () => {
    const run = walk(company({ sqftEstimateSource: "home" }), { inputs: toContact, tasks: { ...started, fetchEstimate: found(2400, 2400) } });
    assert.ok(run.said.includes("Your home's internal square footage is about 2,400 sq ft."));
  });

  test("a failed estimate ends with the manual-review message", () => {
    const run = walk(company({ sqftEstimateSource: "other" }), { inputs: toContact, tasks: { ...started, fetchEstimate: { value: "failed" } } });
    assert.equal(run.state.stepId, "manualReview");
  });

  // Issue 28: a provider that did not answer (its quota, a timeout) says nothing about the
  // property, so the visitor measures it or types it rather than waiting for a review.
  const unavailable: Array<[string, Partial<CompanyConfigInput>, string]> = [
    ["zillow with a measuring tool", { sqftEstimateSource: "zillow" }, "openMeasuring"],
    ["zillow with zillowFallback", { sqftEstimateSource: "zillow", zillowFallback: true }, "openMeasuring"],
    ["zillow without a measuring tool", { sqftEstimateSource: "zillow", measuringToolUrl: undefined }, "askSize"],
    ["other without a measuring tool", { sqftEstimateSource: "other", measuringToolUrl: undefined }, "askSize"],
    ["home with a measuring tool", { sqftEstimateSource: "home" }, "openMeasuring"],
  ];
  for (const [what, overrides, stepId] of unavailable) {
    test(`${what}: an estimate whose provider did not answer goes to ${stepId}, not manual review`, () => {
      const run = walk(company(overrides), { inputs: toContact, tasks: { ...started, fetchEstimate: { value: "unavailable" } } });
      assert.equal(run.state.stepId, stepId);
      assert.ok(!run.state.path.includes("manualReview"));
    });
  }

  test("zillow without a measuring tool, its provider silent: the size typed goes on to the program's questions", () => {
    const run = walk(company({ sqftEstimateSource: "zillow", measuringToolUrl: undefined }), {
      inputs: { ...toContact, askSize: { value: "6000" } },
      tasks: { ...started, fetchEstimate: { value: "unavailable" } },
    });
    assert.ok(run.said.includes("About how many square feet is the area you would like serviced?"));
    assert.equal(run.state.answers.lawnSize, 6000);
    assert.ok(run.state.path.includes("propertyMeasured"));
  });

  test("a lawn chosen above the company maximum ends at well-thanks-anyway", () => {
    const run = walk(company({ sqftEstimateSource: "zillow" }), {
      inputs: { ...toContact, adjustLawnSize: { value: "60000" } },
      tasks: { ...started, fetchEstimate: found(120000, 48000) },
    });
    assert.equal(run.state.stepId, "wellThanksAnyway");
  });

  test("a home estimate above the company maximum ends at well-thanks-anyway", () => {
    const run = walk(company({ sqftEstimateSource: "home" }), { inputs: toContact, tasks: { ...started, fetchEstimate: found(50000, 50000) } });
    assert.equal(run.state.stepId, "wellThanksAnyway");
  });
});
