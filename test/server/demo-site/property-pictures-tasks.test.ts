// The property's pictures (SPEC §2 step 3, §7; issue 13 §1): the widget's own tasks against
// the reference backend over real HTTP. A lookup or an estimate that carries no pictures is
// completed with GET /v1/property/aerial and /v1/property/street; pictures it carries are
// used as they are; a company that hides them (hideArielAndStreetView) costs no call.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { CompanyConfigInput } from "../../../src/config/company-config.ts";
import type { Answers } from "../../../src/flow/types.ts";
import { runTask } from "../../../src/state/tasks.ts";
import { SAMPLE_PROGRAMS } from "../../unit/fixtures.ts";
import { start, walk } from "../../unit/flow/walk.ts";
import { siteTaskDeps } from "./site-task-deps.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

function deps(config: Partial<CompanyConfigInput>, companyId = "demo-company", botId = "demo-bot") {
  return siteTaskDeps({ baseUrl: site.urls.widget, companyId, botId, config });
}

const PICTURE_CALLS = ["/v1/property/aerial", "/v1/property/street"];
const pictureCalls = (paths: string[]) => paths.filter((p) => PICTURE_CALLS.includes(p));
const AERIAL = /^http:\/\/[\w.:]+\/demo-assets\/property\/aerial-\d+\.svg$/;
const STREET = /^http:\/\/[\w.:]+\/demo-assets\/property\/street-\d+\.svg$/;

describe("welcome back: the pictures of the property", () => {
  test("a lookup without pictures (demo-company, 5555550101) gets the aerial and street pictures, shown in that order", async () => {
    const { taskDeps, paths } = deps({});
    const found = await runTask("lookupCustomer", { phonenumber: "5555550101" }, taskDeps);
    assert.equal(found.value, "found");
    assert.match(found.values?.aerialImg ?? "", AERIAL);
    assert.match(found.values?.streetImg ?? "", STREET);
    assert.deepEqual(pictureCalls(paths), PICTURE_CALLS);
    const run = walk(
      { config: taskDeps.config, customer: { phonenumber: "5555550101" }, programs: SAMPLE_PROGRAMS },
      { inputs: { startButtons: start }, tasks: { lookupCustomer: found } },
    );
    assert.ok(run.said.includes("Welcome back, Sam!"));
    assert.deepEqual(run.images, ["Aerial view of your property", "Street view of your property"]);
  });

  test("unless the company hides them: no call, no picture", async () => {
    const { taskDeps, paths } = deps({ hideArielAndStreetView: true });
    const found = await runTask("lookupCustomer", { phonenumber: "5555550101" }, taskDeps);
    assert.equal(found.value, "found");
    assert.equal(found.values?.aerialImg, undefined);
    assert.deepEqual(pictureCalls(paths), []);
  });

  test("a lookup that carries its pictures asks for none", async () => {
    const { taskDeps, paths } = deps({});
    const found = await runTask("lookupCustomer", { phonenumber: "5555550100" }, taskDeps);
    assert.match(found.values?.aerialImg ?? "", /aerial-60\.svg$/);
    assert.match(found.values?.streetImg ?? "", /street-60\.svg$/);
    assert.deepEqual(pictureCalls(paths), []);
  });
});

describe("welcome back: the e-mail on file (issue 27)", () => {
  test("Jane Cooper's lookup says an e-mail is on file without giving it, and she is not asked for one", async () => {
    const { taskDeps } = deps({}, "greenway-lawn", "lawn");
    const found = await runTask("lookupCustomer", { phonenumber: "6145550100" }, taskDeps);
    assert.equal(found.value, "found");
    assert.equal(found.values?.emailOnFile, true);
    assert.equal(found.values?.customerEmail, undefined);
    assert.doesNotMatch(JSON.stringify(found.values), /@/);
    const run = walk(
      { config: taskDeps.config, customer: { phonenumber: "6145550100" }, programs: SAMPLE_PROGRAMS },
      { inputs: { startButtons: start }, tasks: { lookupCustomer: found } },
    );
    assert.ok(run.said.includes("Welcome back, Jane!"), run.said.join(" | "));
    assert.ok(!run.state.path.includes("askEmailReturning"), run.state.path.join(" → "));
    assert.equal(run.state.stepId, "confirmAddress");
  });

  test("Marcus Reed has none on file: his lookup says so, and he is asked for one", async () => {
    const { taskDeps } = deps({}, "greenway-lawn", "lawn");
    const found = await runTask("lookupCustomer", { phonenumber: "6145550101" }, taskDeps);
    assert.equal(found.value, "found");
    assert.equal(found.values?.emailOnFile, undefined);
    const run = walk(
      { config: taskDeps.config, customer: { phonenumber: "6145550101" }, programs: SAMPLE_PROGRAMS },
      { inputs: { startButtons: start }, tasks: { lookupCustomer: found } },
    );
    assert.equal(run.state.stepId, "askEmailReturning");
  });
});

describe("an estimate without pictures", () => {
  const at = (street: string): Answers => ({ customerAddress: street, customerCity: "Dublin", customerState: "OH", customerZip: "43017", customerLat: 40.1, customerLng: -83.12 });

  test("the estimate's own pictures are used as they are", async () => {
    const { taskDeps, paths } = deps({ sqftEstimateSource: "zillow" }, "demo-company", "zillow-bot");
    const found = await runTask("fetchEstimate", at("2872 Oak Street"), taskDeps);
    assert.match(found.values?.aerialImg ?? "", AERIAL);
    assert.deepEqual(pictureCalls(paths), []);
  });

  test("an estimate answer that carries no pictures is completed by the picture calls", async () => {
    const { taskDeps, paths } = deps({ sqftEstimateSource: "zillow" }, "demo-company", "zillow-bot");
    // A backend whose estimate has no pictures: the demo's, with its pictures taken out.
    const withoutPictures = async (response: Response) => {
      const { estimate } = (await response.json()) as { estimate: number };
      return new Response(JSON.stringify({ estimate }), { status: 200, headers: { "content-type": "application/json" } });
    };
    const api = new Proxy(taskDeps.api, {
      get: (target, key) =>
        key === "get"
          ? (path: string, options?: object) =>
              path.startsWith("v1/property/estimate/") ? target.get(path, options).then(withoutPictures) : target.get(path, options)
          : Reflect.get(target, key),
    });
    const found = await runTask("fetchEstimate", at("2872 Oak Street"), { ...taskDeps, api });
    assert.equal(found.value, "found");
    assert.match(found.values?.aerialImg ?? "", AERIAL);
    assert.match(found.values?.streetImg ?? "", STREET);
    assert.deepEqual(pictureCalls(paths), PICTURE_CALLS);
  });
});
