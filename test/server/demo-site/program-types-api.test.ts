// GET /v2/program-types (docs/api.md): the program picker's list per company and bot, with
// absolute icon URLs; 404 for an unknown company or bot, 400 for a bad query.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import * as v from "valibot";
import { ProgramTypesSchema, type ProgramType } from "../../../src/contract/program-types.ts";
import { getJson, httpRequest } from "./http-client.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();

const programTypes = (query: string) => getJson(`${site.api}/v2/program-types?${query}`);

async function listFor(companyId: string, botId?: string): Promise<ProgramType[]> {
  const { status, json } = await programTypes(new URLSearchParams(botId ? { companyId, botId } : { companyId }).toString());
  assert.equal(status, 200, JSON.stringify(json));
  return v.parse(ProgramTypesSchema, json);
}

/** [name, entryPoint, hasMandatoryQuestions, hasNonSquareFootagePricing] */
type Row = [string, string | null, boolean, boolean];
const rows = (types: ProgramType[]) => types.map((t): Row => [t.name, t.entryPoint, t.hasMandatoryQuestions, t.hasNonSquareFootagePricing]);

const EXPECTED: [string, string, Row[]][] = [
  ["greenway-lawn", "lawn", [
    ["Mowing", "mowing", true, false],
    ["Fertilizer & Weed Control", "fertilizer", true, false],
    ["Lawn Seeding", "seeding", false, false],
    ["Grub Control", null, false, false],
  ]],
  ["demo-company", "demo-bot", [
    ["Fertilizer & Weed Control", "fertilizer", true, false],
    ["Mowing", "mowing", true, false],
    ["Lawn Seeding", "seeding", false, false],
    ["Grub Control", null, false, false],
    ["Core Aeration", null, false, false],
  ]],
  ["thames-lawns", "garden", [
    ["Fertilizer & Weed Control", "fertilizer", true, false],
    ["Mowing", "mowing", true, false],
    ["Lawn Seeding", "seeding", false, false],
  ]],
  ["alpen-rasen", "rasen", [
    ["Fertilizer & Weed Control", "fertilizer", true, false],
    ["Mowing", "mowing", true, false],
    ["Lawn Seeding", "seeding", false, false],
    ["Core Aeration", null, false, false],
  ]],
  ["bugbusters-pest", "pest", [
    ["General Pest Control", "pest", false, true],
    ["Mosquito Control", null, false, true],
  ]],
];

describe("GET /v2/program-types", () => {
  for (const [companyId, botId, expected] of EXPECTED) {
    test(`${companyId}/${botId} lists its picker programs`, async () => {
      assert.deepEqual(rows(await listFor(companyId, botId)), expected);
    });
  }

  test("add-on and internal programs are not in the picker", async () => {
    const names = (await listFor("greenway-lawn", "lawn")).map((t) => t.name);
    for (const hidden of ["Core Aeration", "Mosquito Control", "Service Call"]) assert.equal(names.includes(hidden), false, hidden);
    assert.equal((await listFor("bugbusters-pest", "pest")).some((t) => t.name === "Termite Inspection" || t.name === "Trip Charge"), false);
  });

  test("the yen and perimeter bots offer the same programs as demo-bot", async () => {
    const usd = await listFor("demo-company", "demo-bot");
    assert.deepEqual(await listFor("demo-company", "yen-bot"), usd);
    assert.deepEqual(await listFor("demo-company", "perimeter-bot"), usd);
  });

  test("without a bot, the company's first bot answers", async () => {
    assert.deepEqual(await listFor("demo-company"), await listFor("demo-company", "demo-bot"));
  });

  test("icons are absolute URLs on the widget origin, and are served", async () => {
    const types = await listFor("greenway-lawn", "lawn");
    for (const type of types) {
      assert.match(type.icon ?? "", new RegExp(`^${site.api}/demo-assets/programs/[a-z-]+\\.svg$`), type.name);
      assert.ok(type.description, type.name);
      const icon = await httpRequest(type.icon!);
      assert.equal(icon.status, 200, type.icon);
      assert.match(icon.headers["content-type"] ?? "", /image\/svg\+xml/);
    }
  });

  test("answers with CORS for any origin", async () => {
    const { headers } = await programTypes("companyId=greenway-lawn&botId=lawn");
    assert.equal(headers["access-control-allow-origin"], "*");
  });

  const NOT_FOUND: [string, string, RegExp][] = [
    ["an unknown company", "companyId=nobody&botId=lawn", /Unknown company "nobody"/],
    ["an unknown company without a bot", "companyId=nobody", /Unknown company "nobody"/],
    ["an unknown bot", "companyId=greenway-lawn&botId=nobot", /Company "greenway-lawn" has no bot "nobot"/],
  ];
  for (const [what, query, message] of NOT_FOUND) {
    test(`${what} is a 404 with a message`, async () => {
      const { status, json } = await programTypes(query);
      assert.equal(status, 404);
      assert.match((json as { message: string }).message, message);
    });
  }

  const BAD: [string, string][] = [
    ["no companyId", "botId=lawn"],
    ["an empty companyId", "companyId=&botId=lawn"],
    ["a 101-character companyId", `companyId=${"x".repeat(101)}`],
    ["a 101-character botId", `companyId=greenway-lawn&botId=${"x".repeat(101)}`],
  ];
  for (const [what, query] of BAD) {
    test(`${what} is a 400 naming the parameter`, async () => {
      const { status, json } = await programTypes(query);
      assert.equal(status, 400);
      const message = (json as { message: string }).message;
      assert.match(message, what.includes("botId") ? /botId/ : /companyId/);
    });
  }
});
