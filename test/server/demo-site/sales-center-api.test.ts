// crmLeadSolution: sales-center (SPEC §1, §3; issue 13 §1; docs/api.md 'POST /v1/sales-center/lead'):
// the think-about-it lead of a company that uses the sales center goes to the sales-center
// route, stored with its objection webhook (marked salesCenter); every other company's lead
// keeps its thinkaboutit route, and the sales center refuses it. The widget's own sendLead
// task against the reference backend over real HTTP picks the route by the setting.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, test } from "node:test";
import type { CompanyConfigInput } from "../../../src/config/company-config.ts";
import { runTask } from "../../../src/state/tasks.ts";
import { newVisitorStart } from "./api-test-data.ts";
import { getJson, httpRequest, postJson } from "./http-client.ts";
import { siteTaskDeps } from "./site-task-deps.ts";
import { useTestSite } from "./start-test-site.ts";

const site = useTestSite();
let phone = 4455550200;

const ADDRESSES = {
  "alpen-rasen": { botId: "rasen", address: { street: "Seefeldstrasse 14", city: "Zürich", state: "ZH", postalCode: "8008", country: "CH" } },
  "demo-company": { botId: "demo-bot", address: { street: "1234 Oak Street", city: "Dublin", state: "OH", postalCode: "43016", country: "US" } },
} as const;
type CompanyId = keyof typeof ADDRESSES;

async function startQuote(companyId: CompanyId): Promise<string> {
  const { botId, address } = ADDRESSES[companyId];
  const start = newVisitorStart({ phoneNumber: String(phone++), street: address.street, postalCode: address.postalCode });
  const body = { ...start, companyId, botId, source: null, referrer: null, customer: { ...start.customer, address: { ...address } } };
  const { status, json } = await postJson(`${site.api}/v1/quote/start`, body);
  assert.equal(status, 200, JSON.stringify(json));
  return (json as { id: string }).id;
}

function leadOf(quoteId: string) {
  const row = site.db.prepare("SELECT bot_id, reason, comments FROM think_about_it_leads WHERE quote_id = ?").get(quoteId) as Record<string, unknown> | undefined;
  return row && { bot_id: row.bot_id, reason: row.reason, comments: row.comments };
}
const objectionsOf = (quoteId: string) =>
  (site.db.prepare("SELECT payload FROM webhook_outbox WHERE event_type = 'objection' AND url NOT LIKE 'mailto:%'").all() as Array<{ payload: string }>)
    .map((row) => (JSON.parse(row.payload) as { data: { quoteId: string; salesCenter?: boolean } }).data)
    .filter((data) => data.quoteId === quoteId);

describe("POST /v1/sales-center/lead", () => {
  test("the demo's Alpen Rasen sends its leads to the sales center", async () => {
    const { json } = await getJson(`${site.api}/v1/company/alpen-rasen/bot/rasen`);
    assert.equal((json as { crmLeadSolution?: string }).crmLeadSolution, "sales-center");
  });

  test("stores the lead of a sales-center company, with an objection webhook marked salesCenter; a retried key is the same lead", async () => {
    const quoteId = await startQuote("alpen-rasen");
    const send = (key: string) =>
      httpRequest(`${site.api}/v1/sales-center/lead`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": key },
        body: JSON.stringify({ companyId: "alpen-rasen", botId: "rasen", chatId: quoteId, reason: "Price", comments: "Nach dem Winter" }),
      });
    const key = randomUUID();
    assert.equal((await send(key)).status, 200);
    assert.equal((await send(key)).status, 200);
    assert.deepEqual(leadOf(quoteId), { bot_id: "rasen", reason: "Price", comments: "Nach dem Winter" });
    const objections = objectionsOf(quoteId);
    assert.equal(objections.length, 1);
    assert.equal(objections[0]!.salesCenter, true);
  });

  test("refuses the lead of a company that does not use the sales center: 404, nothing stored", async () => {
    const quoteId = await startQuote("demo-company");
    const { status, json } = await postJson(`${site.api}/v1/sales-center/lead`, { companyId: "demo-company", botId: "demo-bot", chatId: quoteId });
    assert.equal(status, 404);
    assert.match((json as { message: string }).message, /does not send its leads to the sales center/);
    assert.equal(leadOf(quoteId), undefined);
  });

  const bad: Array<[string, unknown, number]> = [
    ["no company", { botId: "rasen", chatId: "q" }, 400],
    ["an unknown field", { companyId: "alpen-rasen", botId: "rasen", chatId: "q", phone: "1" }, 400],
    ["an unknown bot", { companyId: "alpen-rasen", botId: "nobot", chatId: "q" }, 404],
    ["an unknown quote", { companyId: "alpen-rasen", botId: "rasen", chatId: "q-nope" }, 404],
  ];
  for (const [what, body, code] of bad) {
    test(`${what}: ${code}`, async () => {
      assert.equal((await postJson(`${site.api}/v1/sales-center/lead`, body)).status, code);
    });
  }
});

describe("the widget's think-about-it lead", () => {
  function deps(companyId: CompanyId, config: Partial<CompanyConfigInput>) {
    return siteTaskDeps({ baseUrl: site.urls.widget, companyId, botId: ADDRESSES[companyId].botId, config });
  }

  const cases: Array<[string, CompanyId, Partial<CompanyConfigInput>, string]> = [
    ["a sales-center company: the sales-center route", "alpen-rasen", { crmLeadSolution: "sales-center" }, "/v1/sales-center/lead"],
    ["any other company: its thinkaboutit route", "demo-company", {}, "/v1/company/demo-company/demo-bot/thinkaboutit"],
  ];
  for (const [what, companyId, config, path] of cases) {
    test(`${what}, and the lead is stored`, async () => {
      const quoteId = await startQuote(companyId);
      const { taskDeps, paths } = deps(companyId, config);
      const outcome = await runTask("sendLead", { quoteId, objectionReason: "People", objectionComments: "Später" }, taskDeps);
      assert.equal(outcome.value, "done");
      assert.deepEqual(paths, [path]);
      assert.deepEqual(leadOf(quoteId), { bot_id: ADDRESSES[companyId].botId, reason: "People", comments: "Später" });
      assert.equal(objectionsOf(quoteId)[0]?.salesCenter, companyId === "alpen-rasen" ? true : undefined);
    });
  }
});
