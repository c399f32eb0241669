// Money is decided by the server (docs/api.md "Payment"), on SQLite and PostgreSQL: the
// processor comes from the company's configuration, the currency from the company, and the
// amount from the quote's stored prices recomputed with src/pricing. A payment that disagrees
// is refused (400 for the processor or currency, 409 with code quote_changed for the money)
// and nothing is charged, logged or marked as a sale; the widget's own body still pays.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import type { PaymentBody } from "../../../src/contract/payment-contract.ts";
import { openStores, type OpenStores } from "../../../server/db/stores.ts";
import type { DemoSite } from "../../../demo-site/server.ts";
import { newVisitorStart } from "./api-test-data.ts";
import { httpRequest, postJson } from "./http-client.ts";
import { tryStartTestPostgres } from "./postgres-server.ts";
import { pricedPaymentBody, type PricedAddress } from "./priced-payment.ts";
import { startTestSite } from "./start-test-site.ts";

const dir = mkdtempSync(join(tmpdir(), "qa-payment-amount-"));
const postgres = await tryStartTestPostgres();
if (!postgres.ok) console.warn(postgres.reason);
after(async () => {
  if (postgres.ok) await postgres.server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const COMPANIES: Record<string, { botId: string; address: PricedAddress; estimate: number }> = {
  "demo-company": { botId: "demo-bot", estimate: 6000, address: { street: "1234 Oak Street", city: "Dublin", state: "OH", postalCode: "43016", country: "US" } },
  "greenway-lawn": { botId: "lawn", estimate: 6000, address: { street: "5565 Muirfield Drive", city: "Dublin", state: "OH", postalCode: "43017", country: "US" } },
  "thames-lawns": { botId: "garden", estimate: 240, address: { street: "14 Church Road", city: "London", state: "England", postalCode: "SW13 9AA", country: "GB" } },
};

const kinds = [
  { kind: "sqlite" as const, name: "SQLite", skip: false as const },
  { kind: "postgres" as const, name: "PostgreSQL", skip: postgres.ok ? (false as const) : postgres.reason },
];

for (const { kind, name, skip } of kinds) {
  describe(`${name}: money is decided by the server`, { skip }, () => {
    let site: DemoSite;
    let stores: OpenStores;
    let api: string;
    before(async () => {
      const location = postgres.ok && kind === "postgres" ? await postgres.server.createDatabase("payment_amount") : join(dir, "amount.db");
      site = await startTestSite({ dbPath: location });
      api = site.urls.widget;
      stores = await openStores(location);
    });
    after(async () => {
      await stores?.close();
      await site?.close();
    });

    let phone = 6145553000;
    async function startQuote(companyId: string): Promise<string> {
      const company = COMPANIES[companyId]!;
      const start = newVisitorStart({ phoneNumber: String(phone++), street: company.address.street, postalCode: company.address.postalCode });
      const { status, json } = await postJson(`${api}/v1/quote/start`, {
        ...start,
        companyId,
        botId: company.botId,
        source: null,
        referrer: null,
        customer: { ...start.customer, address: { ...company.address } },
      });
      assert.equal(status, 200, JSON.stringify(json));
      return (json as { id: string }).id;
    }

    /** The widget's body for the quote, priced now through the API. */
    async function price(companyId: string, quoteId: string, options: { serviceTypes?: string[]; term?: "application" | "total" } = {}): Promise<PaymentBody> {
      const company = COMPANIES[companyId]!;
      const method = companyId === "thames-lawns" ? "card-vault" : companyId === "greenway-lawn" ? "real-green" : "stripe";
      return pricedPaymentBody(
        { api, companyId, botId: company.botId, quoteId, address: company.address, estimate: company.estimate, ...options },
        method === "real-green" ? { paymentMethod: method, token: "crm_x", paymentToken: "rgp_x", crmId: "RG-1" } : { paymentMethod: method, token: "tok_visa" },
      );
    }

    async function pay(body: unknown, path = "/v1/secure/payment") {
      const response = await httpRequest(`${api}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": randomUUID() },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: JSON.parse(response.body) as { message?: string; code?: string; status?: string } };
    }

    /** What a refused payment must leave: no payment row, no logged request, no sale. */
    async function assertNothingCharged(companyId: string, quoteId: string) {
      assert.deepEqual(await stores.payments.listPayments(companyId, quoteId), []);
      assert.deepEqual(await stores.payments.listRequests(companyId, quoteId), []);
      assert.equal((await stores.quotes.find(companyId, quoteId))?.convertedSale, false);
    }

    const plusCents = (amount: string, cents: number) => {
      const [whole, fraction = "00"] = amount.split(".");
      const minor = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0")) + BigInt(cents);
      return `${minor / 100n}.${String(minor % 100n).padStart(2, "0")}`;
    };

    /** [what, company, the body made from the widget's own, status, words of the message] */
    const refusals: Array<[string, string, (good: PaymentBody) => unknown, 400 | 409, RegExp]> = [
      ["bypass for a company that never bypasses payment", "demo-company", (good) => ({ ...good, paymentMethod: "bypass", paymentInfo: { token: null } }), 400, /paymentMethod.*stripe, not bypass/],
      ["an amount one cent above GET STARTED TODAY", "demo-company", (good) => ({ ...good, amount: plusCents(good.amount, 1) }), 409, /GET STARTED TODAY is/],
      ["an amount one cent below GET STARTED TODAY", "demo-company", (good) => ({ ...good, amount: plusCents(good.amount, -1) }), 409, /GET STARTED TODAY is/],
      ["a Stripe token for a company that pays through Real Green's frame", "greenway-lawn", (good) => ({ ...good, paymentMethod: "stripe", paymentInfo: { token: "tok_visa" } }), 400, /real-green, not stripe/],
      ["a card vault token for a Stripe company", "demo-company", (good) => ({ ...good, paymentMethod: "card-vault", paymentInfo: { token: "vtx_abcdef" } }), 400, /stripe, not card-vault/],
      ["a device wallet payment for a card vault company", "thames-lawns", (good) => ({ ...good, paymentMethod: "device-wallet", paymentInfo: { token: "tok_visa" } }), 400, /no device wallet/],
      ["another currency than the company's", "demo-company", (good) => ({ ...good, currency: "EUR" }), 400, /currency/],
      ["a program the quote was not priced with", "demo-company", (good) => ({ ...good, programs: [{ ...good.programs[0]!, id: "made-up" }] }), 409, /program "made-up"/],
      ["a program figure that differs (first application 0.01)", "demo-company", (good) => ({ ...good, programs: [{ ...good.programs[0]!, firstAppPrice: "0.01" }] }), 409, /programs differ/],
      ["the other term for the same amount", "demo-company", (good) => ({ ...good, term: good.term === "total" ? "application" : "total", programs: good.programs.map((p) => ({ ...p, term: good.term === "total" ? "application" : "total" })) }), 409, /GET STARTED TODAY is|programs differ|term/],
    ];
    for (const [what, companyId, make, code, words] of refusals) {
      test(`${what}: ${code}, nothing charged`, async () => {
        const quoteId = await startQuote(companyId);
        const good = await price(companyId, quoteId);
        const path = (make(good) as { paymentMethod: string }).paymentMethod === "device-wallet" ? "/v1/payment/device" : "/v1/secure/payment";
        const { status, json } = await pay(make(good), path);
        assert.equal(status, code, JSON.stringify(json));
        assert.match(json.message ?? "", words);
        assert.equal(json.code, code === 409 ? "quote_changed" : undefined);
        await assertNothingCharged(companyId, quoteId);
      });
    }

    test("0.01 on a quote that was never priced: 409, nothing charged; priced, the widget's body pays once", async () => {
      const priced = await startQuote("demo-company");
      const good = await price("demo-company", priced);
      const unpriced = await startQuote("demo-company");
      const cheap = { ...good, quoteId: unpriced, amount: "0.01", programs: good.programs.map((p) => ({ ...p, firstAppPrice: "0.01" })) };
      const refused = await pay(cheap);
      assert.equal(refused.status, 409);
      assert.match(refused.json.message ?? "", /not been priced/);
      assert.equal(refused.json.code, "quote_changed");
      await assertNothingCharged("demo-company", unpriced);

      const paid = await pay(await price("demo-company", unpriced));
      assert.equal(paid.json.status, "succeeded");
      assert.deepEqual((await stores.payments.listPayments("demo-company", unpriced)).map((p) => [p.status, p.amount]), [["succeeded", good.amount]]);
    });

    test("a body whose programs and amount disagree (a service added on screen, the old amount): 409; each priced body pays", async () => {
      const quoteId = await startQuote("demo-company");
      const one = await price("demo-company", quoteId);
      const two = await price("demo-company", quoteId, { serviceTypes: ["Fertilizer & Weed Control", "Grub Control"] });
      assert.equal(two.programs.length, 2);
      assert.notEqual(two.amount, one.amount);
      const mixed = await pay({ ...one, programs: two.programs });
      assert.equal(mixed.status, 409);
      assert.match(mixed.json.message ?? "", new RegExp(`GET STARTED TODAY is ${two.amount.replace(".", "\\.")} USD, not ${one.amount.replace(".", "\\.")}`));
      await assertNothingCharged("demo-company", quoteId);
      assert.equal((await pay(two)).json.status, "succeeded");
    });

    test("a card vault token refused for a Stripe company is still unspent: the processor never saw it", async () => {
      const vault = await postJson(`${site.urls.vault}/v1/tokenize`, { merchantId: "test_greenway", environment: "sandbox", number: "4242424242424242", cvv: "123", expiryMonth: 1, expiryYear: 2029 });
      const token = (vault.json as { transactionId: string }).transactionId;
      const stripeQuote = await startQuote("demo-company");
      const refused = await pay({ ...(await price("demo-company", stripeQuote)), paymentMethod: "card-vault", paymentInfo: { token } });
      assert.equal(refused.status, 400);
      const thamesQuote = await startQuote("thames-lawns");
      const paid = await pay({ ...(await price("thames-lawns", thamesQuote)), paymentInfo: { token } });
      assert.equal(paid.json.status, "succeeded", JSON.stringify(paid.json));
      await assertNothingCharged("demo-company", stripeQuote);
    });
  });
}
