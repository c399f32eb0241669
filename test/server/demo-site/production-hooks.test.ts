// What the production entry (`npm run serve`) has and the demo (`npm start`) does not, and the
// other way round (issue 28): the demo's test hooks (postal code 00000's simulated failure, the
// drop-after-charge card, GET /demo-api/payment-log) are the demo's alone; payments go to the
// test processor only with PAYMENTS_TEST_MODE=1, otherwise a method with no real processor is
// refused with a 400 naming it and the start-up log says so; companies configured for a CRM the
// server has no connection to are reported (log and admin API) and their visitors get the
// fallbacks.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { PaymentBody, PaymentMethod } from "../../../src/contract/payment-contract.ts";
import { runAdminTokenCommand } from "../../../server/db/admin-token-main.ts";
import { readServeConfig } from "../../../server/production/serve.ts";
import { startTestServer, type TestServer } from "../payments/serve-client.ts";
import { newVisitorStart } from "./api-test-data.ts";
import { httpRequest, postJson } from "./http-client.ts";
import { pricedPaymentBody, type PricedAddress } from "./priced-payment.ts";
import { useTestSite } from "./start-test-site.ts";

const PAYING = {
  "demo-company": { botId: "demo-bot", method: "stripe", address: { street: "1234 Oak Street", city: "Dublin", state: "OH", postalCode: "43016", country: "US" }, estimate: 6000 },
  "thames-lawns": { botId: "garden", method: "card-vault", address: { street: "14 Church Road", city: "London", state: "England", postalCode: "SW13 9AA", country: "GB" }, estimate: 240 },
} as const satisfies Record<string, { botId: string; method: PaymentMethod; address: PricedAddress; estimate: number }>;

let phone = 6145558100;

async function startQuote(api: string, companyId: keyof typeof PAYING, token: string | null): Promise<PaymentBody> {
  const company = PAYING[companyId];
  const start = newVisitorStart({ phoneNumber: String(phone++), street: company.address.street, postalCode: company.address.postalCode });
  const body = { ...start, companyId, botId: company.botId, source: null, referrer: null, customer: { ...start.customer, address: { ...company.address } } };
  const started = await postJson(`${api}/v1/quote/start`, body);
  assert.equal(started.status, 200, JSON.stringify(started.json));
  const quoteId = (started.json as { id: string }).id;
  return pricedPaymentBody({ api, companyId, botId: company.botId, quoteId, address: company.address, estimate: company.estimate }, { paymentMethod: company.method, token });
}

const pay = (api: string, body: unknown) =>
  httpRequest(`${api}/v1/secure/payment`, { method: "POST", headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() }, body: JSON.stringify(body) });

/** A quote start at postal code 00000, for a company without a CRM. */
const failingStart = () => {
  const start = newVisitorStart({ phoneNumber: String(phone++), postalCode: "00000" });
  return { ...start, companyId: "demo-company", botId: "demo-bot", source: null, referrer: null };
};

async function startProduction(env: Record<string, string>): Promise<{ server: TestServer; lines: string[]; dir: string; token: string }> {
  const dir = mkdtempSync(join(tmpdir(), "qa-prod-hooks-"));
  const location = join(dir, "serve.db");
  const tokenLines: string[] = [];
  assert.equal(await runAdminTokenCommand(["bugbusters-pest"], location, (line) => tokenLines.push(line)), 0);
  const lines: string[] = [];
  const server = await startTestServer(readServeConfig({ PORT: "0", DATABASE_URL: location, SEED_DEMO: "1", ...env }), { env, write: (line) => lines.push(line) });
  return { server, lines, dir, token: /^(qa_\S+)$/m.exec(tokenLines.join("\n"))![1]! };
}

describe("the production entry without PAYMENTS_TEST_MODE", () => {
  let running: Awaited<ReturnType<typeof startProduction>>;
  before(async () => {
    running = await startProduction({});
  });
  after(async () => {
    await running.server.close();
    rmSync(running.dir, { recursive: true, force: true });
  });
  const logged = () => running.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  test("postal code 00000 starts a quote like any other; /demo-api/payment-log is no log", async () => {
    const started = await postJson(`${running.server.url}/v1/quote/start`, failingStart());
    assert.equal(started.status, 200, JSON.stringify(started.json));
    const quoteId = (started.json as { id: string }).id;
    // The path is only a company and bot's hosted page here (the widget's HTML), never a log.
    const log = await httpRequest(`${running.server.url}/demo-api/payment-log?companyId=demo-company&quoteId=${quoteId}`);
    assert.match(log.headers["content-type"] ?? "", /^text\/html/);
    assert.ok(!log.body.includes(quoteId) && !log.body.includes("charges"));
  });

  test("the start-up log names every payment method it refuses", () => {
    const warning = logged().find((entry) => typeof entry.msg === "string" && entry.msg.startsWith("payment methods with no processor are refused"));
    assert.equal(warning?.msg, "payment methods with no processor are refused: stripe, card-vault, real-green, device-wallet");
    assert.equal(warning?.level, "warn");
  });

  test("a Stripe test token and a card-vault token are refused with a 400 naming the method, and nothing is charged", async () => {
    for (const [companyId, token] of [["demo-company", "tok_visa"], ["thames-lawns", "vt_anything"]] as const) {
      const body = await startQuote(running.server.url, companyId, token);
      const answer = await pay(running.server.url, body);
      assert.equal(answer.status, 400, answer.body);
      assert.equal((JSON.parse(answer.body) as { message: string }).message, `Invalid paymentMethod: this server has no payment processor for ${PAYING[companyId].method}`);
    }
  });

  test("no Real Green payment session is opened", async () => {
    const answer = await postJson(`${running.server.url}/v1/quote/crm/realgreen/payment`, {
      companyId: "greenway-lawn",
      botId: "lawn",
      amount: "50.00",
      crmId: "RG-1",
      quoteId: randomUUID(),
      term: "application",
      programIds: ["fert-1"],
    });
    assert.equal(answer.status, 400);
    assert.equal((answer.json as { message: string }).message, "Invalid paymentMethod: this server has no payment processor for real-green");
  });

  test("companies on Real Green and ServMan are configuration errors at start and in the admin API; ServMan's visitors are sent to the office", async () => {
    // Each bot's CRM errors (the property-data port's are serve-providers.test.ts's).
    const errors = logged().filter((entry) => entry.msg === "configuration error" && /^crmSolution/.test(String(entry.message)));
    assert.deepEqual(
      errors.map((entry) => [entry.companyId, entry.botId]),
      [["bugbusters-pest", "pest"], ["greenway-lawn", "lawn"]],
    );
    assert.match(String(errors[0]?.message), /^crmSolution "servman" needs a ServMan connection/);
    const admin = await httpRequest(`${running.server.url}/admin/v1/companies/bugbusters-pest`, { headers: { Authorization: `Bearer ${running.token}` } });
    assert.equal(admin.status, 200, admin.body);
    const company = JSON.parse(admin.body) as { configurationErrors?: Array<{ botId: string; message: string }> };
    const crmErrors = company.configurationErrors?.filter((error) => /^crmSolution/.test(error.message));
    assert.deepEqual(crmErrors?.map((error) => error.botId), ["pest"]);
    assert.match(crmErrors?.[0]?.message ?? "", /call the office/);

    const info = await postJson(`${running.server.url}/v1/servman/info`, { companyId: "bugbusters-pest", botId: "pest", crmId: "SM-1", branchId: "SM-BR1" });
    assert.equal(info.status, 503);
    // Without a CRM the quote carries no CRM customer.
    const start = newVisitorStart({ phoneNumber: String(phone++) });
    const started = await postJson(`${running.server.url}/v1/quote/start`, { ...start, companyId: "bugbusters-pest", botId: "pest", source: null, referrer: null });
    assert.equal(started.status, 200, JSON.stringify(started.json));
    assert.deepEqual([(started.json as { crmId: unknown }).crmId, (started.json as { branch_id: unknown }).branch_id], [null, null]);
  });
});

describe("the production entry with PAYMENTS_TEST_MODE=1", () => {
  let running: Awaited<ReturnType<typeof startProduction>>;
  before(async () => {
    running = await startProduction({ PAYMENTS_TEST_MODE: "1" });
  });
  after(async () => {
    await running.server.close();
    rmSync(running.dir, { recursive: true, force: true });
  });

  test("the test processor charges test cards, and the drop-after-charge card is answered like any success", async () => {
    for (const token of ["tok_visa", "tok_dropConnectionAfterCharge"]) {
      const body = await startQuote(running.server.url, "demo-company", token);
      const answer = await pay(running.server.url, body);
      assert.equal(answer.status, 200, answer.body);
      assert.equal((JSON.parse(answer.body) as { status: string }).status, "succeeded");
    }
    assert.ok(running.lines.some((line) => line.includes("PAYMENTS_TEST_MODE=1")), "the log says payments are in test mode");
    assert.ok(!running.lines.some((line) => line.includes("payment methods with no processor are refused")));
  });
});

describe("the demo keeps its hooks", () => {
  const site = useTestSite();

  test("postal code 00000 is a 500, and /demo-api/payment-log lists a quote's payments", async () => {
    const failed = await postJson(`${site.api}/v1/quote/start`, failingStart());
    assert.deepEqual([failed.status, failed.json], [500, { message: "simulated failure" }]);
    const body = await startQuote(site.api, "demo-company", "tok_visa");
    assert.equal((await pay(site.api, body)).status, 200);
    const log = await httpRequest(`${site.api}/demo-api/payment-log?companyId=demo-company&quoteId=${body.quoteId}`);
    assert.equal(log.status, 200);
    assert.deepEqual((JSON.parse(log.body) as { charges: Array<{ status: string }> }).charges.map((charge) => charge.status), ["succeeded"]);
  });

  test("the drop-after-charge card charges, then the connection ends without an answer", async () => {
    const body = await startQuote(site.api, "demo-company", "tok_dropConnectionAfterCharge");
    // In process the dropped connection rejects as fetch does on a lost one.
    await assert.rejects(pay(site.api, body), /fetch failed/);
  });
});
