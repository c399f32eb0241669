// The stores on both databases: SQLite (a file, the default) and PostgreSQL (a throw-away
// server started here, see postgres-server.ts). Migrations apply once and readiness reports
// them; payments stay exactly-once under concurrent requests, through the real HTTP API, with
// one Idempotency-Key and with several keys for one quote; merges and bookings racing each
// other lose nothing; and a demo database made before versioned migrations keeps its rows.
// Over 300 lines on purpose: the same store tests run on SQLite and on PostgreSQL, side by side.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import Database from "libsql";
import * as v from "valibot";
import { PriceBlocksSchema } from "../../../src/contract/quote-services.ts";
import { checkReady, connectDatabase } from "../../../server/db/database.ts";
import { LEGACY_CORE_STATEMENTS } from "../../fixtures/migrations-2026-11-28/legacy-schema.ts";
import { MIGRATIONS, type MigrationDefinition } from "../../../server/db/migrations.ts";
import type { MigrationDb } from "../../../server/db/migrations/dialect-columns.ts";
import { LEGACY_PAYMENT_STATEMENTS } from "../../fixtures/migrations-2026-11-28/payment-migrations.ts";
import { openStores, type OpenStores } from "../../../server/db/stores.ts";
import type { ComposedDemoSite } from "../../../demo-site/demo-site.ts";
import { startTestSite } from "./start-test-site.ts";
import { LEGACY_SERVMAN_STATEMENTS } from "../../fixtures/migrations-2026-11-28/servman-migrations.ts";
import type { PaymentBody } from "../../../src/contract/payment-contract.ts";
import { newVisitorStart } from "./api-test-data.ts";
import { pricedPaymentBody } from "./priced-payment.ts";
import { httpRequest, postJson } from "./http-client.ts";
import { tryStartTestPostgres, type TestPostgres } from "./postgres-server.ts";

const dir = mkdtempSync(join(tmpdir(), "qa-store-db-"));
const postgres = await tryStartTestPostgres();
if (!postgres.ok) console.warn(postgres.reason);
after(async () => {
  if (postgres.ok) await postgres.server.stop();
  rmSync(dir, { recursive: true, force: true });
});

let databases = 0;
/** A new, empty database of the kind, as the location openStores takes. */
async function newDatabase(kind: "sqlite" | "postgres"): Promise<string> {
  databases += 1;
  if (kind === "sqlite") return join(dir, `store-${databases}.db`);
  return (postgres as { server: TestPostgres }).server.createDatabase(`store_${databases}`);
}

const ALL_VERSIONS = MIGRATIONS.map((migration) => migration.version);

const kinds = [
  { kind: "sqlite" as const, name: "SQLite", skip: false as const },
  { kind: "postgres" as const, name: "PostgreSQL", skip: postgres.ok ? (false as const) : postgres.reason },
];

for (const { kind, name, skip } of kinds) {
  describe(`${name}: migrations`, { skip }, () => {
    test("a new database gets every migration once, recorded; opening it again applies nothing", async () => {
      const location = await newDatabase(kind);
      const first = await openStores(location);
      try {
        assert.deepEqual(first.database.migrations.applied.map((m) => m.version), ALL_VERSIONS);
        const recorded = await (first.database.db as MigrationDb).selectFrom("kysely_migration").select("name").orderBy("name").execute();
        assert.deepEqual(
          recorded.map((row: { name: string }) => row.name),
          MIGRATIONS.map((m: MigrationDefinition) => m.name),
        );
      } finally {
        await first.close();
      }
      const again = await openStores(location);
      try {
        assert.deepEqual(again.database.migrations.applied, []);
        assert.deepEqual(await checkReady(again.database), { ok: true });
      } finally {
        await again.close();
      }
    });

    test("readiness is refused before the migrations and when the database is gone", async () => {
      const location = await newDatabase(kind);
      const bare = connectDatabase(location);
      const unmigrated = await checkReady(bare);
      await bare.close();
      assert.equal(unmigrated.ok, false);
      assert.match(unmigrated.reason ?? "", /migrations/);
      const stores = await openStores(location);
      await stores.close();
      const closed = await checkReady(stores.database);
      assert.deepEqual(closed, { ok: false, reason: "database unreachable" });
    });
  });

  describe(`${name}: stores`, { skip }, () => {
    let stores: OpenStores;
    before(async () => {
      stores = await openStores(await newDatabase(kind));
      await stores.companies.replaceAll([
        { companyId: "acme", botId: "second-listed-first", config: '{"id":"second-listed-first"}' },
        { companyId: "acme", botId: "another", config: '{"id": "another" }' },
      ]);
    });
    after(() => stores.close());

    test("companies keep their listed order and their configuration byte for byte", async () => {
      assert.equal((await stores.companies.findFirstBot("acme"))?.botId, "second-listed-first");
      assert.equal((await stores.companies.findBot("acme", "another"))?.config, '{"id": "another" }');
      assert.deepEqual((await stores.companies.listAll()).map((row) => row.botId), ["second-listed-first", "another"]);
    });

    async function newQuote(id: string, attribution?: Record<string, string>) {
      const customer = { firstName: "Ann", lastName: "Lee", phoneNumber: "6145550100", address: { street: "1 Oak St", city: "Columbus", state: "OH", postalCode: "43017", country: "US" } };
      await stores.quotes.save({
        id,
        companyId: "acme",
        botId: "another",
        customer,
        crmId: null,
        contactId: null,
        branch_id: null,
        serviceTypes: [],
        recommendedPrograms: [],
        answers: {},
        convertedSale: false,
        hasPriceBlocks: false,
        estimate: null,
        adjustedLotSize: null,
        crmData: null,
        source: null,
        referrer: null,
        additionalSourceInfo: null,
        salesTaxRate: 0.0575,
        ...(attribution ? { attribution } : {}),
        isTest: false,
        createdAt: new Date().toISOString(),
      });
    }

    test("a quote keeps its ad attribution (migration 3); one without reads null", async () => {
      const attribution = { utm_source: "google", utm_campaign: "spring", gclid: "Cj0_a-1", landingPage: "https://lawn.example/offer" };
      await newQuote("q-attributed", attribution);
      await newQuote("q-unattributed");
      assert.deepEqual((await stores.quotes.find("acme", "q-attributed"))?.attribution, attribution);
      assert.equal((await stores.quotes.find("acme", "q-unattributed"))?.attribution, null);
    });

    test("a quote keeps its texts consent and time zone (migration 33), read by findTextConsent; a start again updates them", async () => {
      const consent = { given: true, at: "2026-11-28T02:48:00.000Z", ip: "203.0.113.7", version: "2026-11-28", text: "I agree to get texts from Acme about this quote (at most 1)." };
      await newQuote("q-no-box");
      assert.deepEqual(await stores.quotes.findTextConsent("acme", "q-no-box"), { consent: null, timeZone: null });
      const row = await stores.quotes.find("acme", "q-no-box");
      assert.ok(row);
      await stores.quotes.save({ ...row, id: "q-consent", textConsent: consent, timeZone: "America/Chicago" });
      assert.deepEqual(await stores.quotes.findTextConsent("acme", "q-consent"), { consent, timeZone: "America/Chicago" });
      assert.equal(await stores.quotes.findTextConsent("another-company", "q-consent"), undefined, "not another company's");
      assert.equal(await stores.quotes.findTextConsent("acme", "q-missing"), undefined);
      const find = (await stores.quotes.find("acme", "q-consent")) as unknown as Record<string, unknown>;
      assert.equal(find.textConsent, undefined, "find() does not read it");

      const withdrawn = { ...consent, given: false, at: "2026-11-28T03:00:00.000Z" };
      assert.equal(await stores.quotes.updateTextConsent("acme", "q-consent", withdrawn, undefined), true);
      assert.deepEqual(await stores.quotes.findTextConsent("acme", "q-consent"), { consent: withdrawn, timeZone: "America/Chicago" });
      assert.equal(await stores.quotes.updateTextConsent("acme", "q-consent", undefined, "America/Denver"), true);
      assert.deepEqual(await stores.quotes.findTextConsent("acme", "q-consent"), { consent: withdrawn, timeZone: "America/Denver" });
      assert.equal(await stores.quotes.updateTextConsent("acme", "q-missing", consent, undefined), false);
    });

    test("twenty answers recorded at once are all kept", async () => {
      await newQuote("q-race-answers");
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => stores.quotes.mergeAnswers("acme", "q-race-answers", { [`question-${i}`]: `answer ${i}` }, `step-${i}`)),
      );
      assert.ok(results.every(Boolean));
      const answers = (await stores.quotes.find("acme", "q-race-answers"))?.answers ?? {};
      assert.equal(Object.keys(answers).length, 20);
      assert.equal(answers["question-7"], "answer 7");
    });

    test("a location and estimates merge into the quote; an estimate without a picture drops the old picture", async () => {
      await newQuote("q-merge");
      assert.equal(await stores.quotes.setLocation("acme", "q-merge", { lat: 40.123456789, lng: -83.1 }), true);
      await stores.quotes.setEstimate("acme", "q-merge", { estimate: 5000, units: "sq ft", measurItImage: "data:image/png;base64,AAAA" }, 4800);
      await stores.quotes.setEstimate("acme", "q-merge", { estimate: 5200, units: "sq ft" }, undefined);
      const quote = await stores.quotes.find("acme", "q-merge");
      assert.equal(quote?.customer.lat, 40.123456789);
      assert.equal(quote?.customer.lng, -83.1);
      assert.equal(quote?.salesTaxRate, 0.0575);
      assert.equal(quote?.adjustedLotSize, 4800);
      assert.equal(quote?.estimate?.estimate, 5200);
      assert.equal((quote?.estimate as { measurItImage?: unknown } | null)?.measurItImage, undefined);
      assert.equal(await stores.quotes.findEstimateUnits("acme", "q-merge"), "sq ft");
      assert.equal(await stores.quotes.setLocation("other-company", "q-merge", { lat: 1, lng: 1 }), false);
    });

    test("a quote's prices (migration 5) are kept as the last pricing left them; another company sees none", async () => {
      await newQuote("q-priced");
      assert.equal(await stores.quotes.findPricing("acme", "q-priced"), undefined);
      const block = {
        id: "b-1", programId: "p-1", serviceName: "Mowing", serviceType: "Mowing", isUpsell: true, alwaysOnTop: false, selected: false,
        applicationLabel: "application", realTime: true, hideDiscountText: false, applicationsRemaining: 2, prePayDiscount: 0, offers: [],
        services: { application: [{ grossPrice: 45.5, tooLateToDo: false }], prePay: [] }, pricing: [],
      };
      const pricing = v.parse(v.object({ blocks: PriceBlocksSchema }), { blocks: [block] });
      assert.equal(await stores.quotes.setPricing("acme", "q-priced", { blocks: pricing.blocks, postalCode: "43017", country: "US" }), true);
      assert.equal(await stores.quotes.setPricing("acme", "q-priced", { blocks: [{ ...pricing.blocks[0]!, serviceName: "Mowing+" }], postalCode: "43016", country: "US" }), true);
      const stored = await stores.quotes.findPricing("acme", "q-priced");
      assert.equal(stored?.postalCode, "43016");
      assert.deepEqual(stored?.blocks.map((b) => [b.serviceName, b.services.application[0]?.grossPrice]), [["Mowing+", 45.5]]);
      assert.equal(await stores.quotes.findPricing("other-company", "q-priced"), undefined);
      assert.equal(await stores.quotes.setPricing("other-company", "q-priced", { blocks: [], postalCode: "1", country: "US" }), false);
    });

    test("ServMan order numbers start at 40001, and of ten bookings of one window at once exactly one wins", async () => {
      const order = (n: number) =>
        stores.servman.createOrder({ companyId: "acme", botId: "another", clientId: `c${n}`, contactId: `c${n}-1`, questionId: 101, notes: null, isTest: false, createdAt: new Date().toISOString() });
      const first = await order(0);
      assert.equal(first.id, 40001);
      const orders = await Promise.all(Array.from({ length: 10 }, (_, i) => order(i + 1)));
      const booking = (orderId: number) => ({
        companyId: "acme",
        date: "2026-12-01",
        employeeId: 7,
        serviceWindowId: 2,
        orderId,
        datetimeTicks: "639000000000000000",
        notes: "",
        isTest: false,
        createdAt: new Date().toISOString(),
      });
      const results = await Promise.all(orders.map((o) => stores.servman.book(booking(o.id))));
      assert.equal(results.filter((r) => r.ok).length, 1);
      assert.ok(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === "window-taken"));
      assert.deepEqual(await stores.servman.listBooked("acme", "2026-12-01"), [{ employeeId: 7, serviceWindowId: 2 }]);
    });
  });

  describe(`${name}: payments under concurrency, through the API`, { skip }, () => {
    let site: ComposedDemoSite;
    let stores: OpenStores;
    let api: string;
    before(async () => {
      const location = await newDatabase(kind);
      site = await startTestSite({ dbPath: location });
      api = site.urls.widget;
      stores = await openStores(location);
    });
    after(async () => {
      await stores?.close();
      await site?.close();
    });

    let phone = 6145558000;
    const bodies = new Map<string, PaymentBody>();
    const address = { street: "1234 Oak Street", city: "Dublin", state: "OH", postalCode: "43016", country: "US" };
    /** A demo-company quote (Stripe), priced as the widget prices it before the checkout. */
    async function startQuote(): Promise<string> {
      const start = newVisitorStart({ phoneNumber: String(phone++), street: address.street, postalCode: address.postalCode });
      const { status, json } = await postJson(`${api}/v1/quote/start`, {
        ...start,
        companyId: "demo-company",
        botId: "demo-bot",
        source: null,
        referrer: null,
        customer: { ...start.customer, address },
      });
      assert.equal(status, 200, JSON.stringify(json));
      const quoteId = (json as { id: string }).id;
      bodies.set(quoteId, await pricedPaymentBody({ api, companyId: "demo-company", botId: "demo-bot", quoteId, address }, { paymentMethod: "stripe", token: "tok_visa" }));
      return quoteId;
    }
    const body = (quoteId: string) => bodies.get(quoteId);
    async function pay(quoteId: string, key: string) {
      const response = await httpRequest(`${api}/v1/secure/payment`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": key },
        body: JSON.stringify(body(quoteId)),
      });
      return { status: response.status, json: JSON.parse(response.body) as unknown };
    }

    test("eight requests with one key at once: one charge, eight identical answers", async () => {
      const quoteId = await startQuote();
      const key = randomUUID();
      const answers = await Promise.all(Array.from({ length: 8 }, () => pay(quoteId, key)));
      assert.deepEqual(answers.map((a) => a.status), Array(8).fill(200));
      const [first] = answers;
      for (const answer of answers) assert.deepEqual(answer.json, first?.json);
      assert.equal((first?.json as { status?: string }).status, "succeeded");
      const charges = await stores.payments.listPayments("demo-company", quoteId);
      assert.deepEqual(charges.map((c) => c.status), ["succeeded"]);
      const outcomes = (await stores.payments.listRequests("demo-company", quoteId)).map((r) => r.outcome).sort();
      assert.deepEqual(outcomes, ["charged", ...Array(7).fill("replayed")]);
    });

    test("eight keys for one quote at once: exactly one charge, the others told the quote is paid", async () => {
      const quoteId = await startQuote();
      const answers = await Promise.all(Array.from({ length: 8 }, () => pay(quoteId, randomUUID())));
      assert.deepEqual(answers.map((a) => a.status), Array(8).fill(200));
      const succeeded = answers.filter((a) => (a.json as { status?: string }).status === "succeeded");
      assert.equal(succeeded.length, 1);
      for (const answer of answers.filter((a) => !succeeded.includes(a))) {
        assert.deepEqual(answer.json, { error: "This quote has already been paid.", code: "processing_error" });
      }
      const charges = await stores.payments.listPayments("demo-company", quoteId);
      assert.equal(charges.filter((c) => c.status === "succeeded").length, 1);
      assert.equal(charges.length, 8);
      assert.equal((await stores.quotes.find("demo-company", quoteId))?.convertedSale, true);
    });

    test("two keys for one quote, each sent twice at once: still one charge", async () => {
      const quoteId = await startQuote();
      const [a, b] = [randomUUID(), randomUUID()];
      await Promise.all([pay(quoteId, a), pay(quoteId, b), pay(quoteId, a), pay(quoteId, b)]);
      const charges = await stores.payments.listPayments("demo-company", quoteId);
      assert.equal(charges.length, 2);
      assert.equal(charges.filter((c) => c.status === "succeeded").length, 1);
    });
  });
}

describe("upgrading a demo database made before versioned migrations", () => {
  test("migration adopts the old tables and keeps every row; new orders continue the old numbering", async () => {
    const path = join(dir, "legacy.db");
    const old = new Database(path);
    // What the previous release ran at every start (its CREATE TABLE IF NOT EXISTS statements).
    for (const statement of [...LEGACY_CORE_STATEMENTS, ...LEGACY_PAYMENT_STATEMENTS, ...LEGACY_SERVMAN_STATEMENTS]) old.exec(statement);
    old.prepare("INSERT INTO companies (company_id, bot_id, config) VALUES (?, ?, ?)").run("acme", "lawn", '{"id":"lawn"}');
    old
      .prepare(
        `INSERT INTO customers (company_id, phone_number, first_name, last_name, address, address_key, updated_at)
         VALUES ('acme', '6145550101', 'Ann', 'Lee', '{"street":"1 Oak St","city":"Columbus","state":"OH","postalCode":"43017","country":"US"}', '1 oak st|43017', '2026-01-01T00:00:00.000Z')`,
      )
      .run();
    old
      .prepare(
        `INSERT INTO quotes (id, company_id, bot_id, customer, address_key, answers, created_at) VALUES ('q-old-1', 'acme', 'lawn',
         '{"firstName":"Ann","lastName":"Lee","phoneNumber":"6145550101","address":{"street":"1 Oak St","city":"Columbus","state":"OH","postalCode":"43017","country":"US"}}',
         '1 oak st|43017', '{"size":"big"}', '2026-01-01T00:00:00.000Z')`,
      )
      .run();
    old
      .prepare(
        `INSERT INTO payments (company_id, idempotency_key, fingerprint, endpoint, bot_id, quote_id, payment_method, amount, currency, term, status, response, body, created_at)
         VALUES ('acme', 'key-1', 'f', 'secure', 'lawn', 'q-old-1', 'stripe', '50.00', 'USD', 'application', 'succeeded', '{"status":"succeeded"}', '{}', '2026-01-01T00:00:00.000Z')`,
      )
      .run();
    old.prepare("INSERT INTO servman_orders (company_id, bot_id, client_id, contact_id, question_id, created_at) VALUES ('acme', 'lawn', 'c', 'c1', 101, 't')").run();
    old.close();

    const stores = await openStores(path);
    try {
      assert.deepEqual(stores.database.migrations.applied.map((m) => m.version), ALL_VERSIONS);
      assert.equal((await stores.companies.findBot("acme", "lawn"))?.config, '{"id":"lawn"}');
      assert.equal((await stores.customers.findByPhone("acme", "6145550101"))?.customer.firstName, "Ann");
      assert.deepEqual((await stores.quotes.find("acme", "q-old-1"))?.answers, { size: "big" });
      assert.equal((await stores.payments.findPaidPayment("acme", "q-old-1"))?.idempotencyKey, "key-1");
      assert.equal((await stores.servman.findOrder("acme", 40001))?.clientId, "c");
      const next = await stores.servman.createOrder({ companyId: "acme", botId: "lawn", clientId: "d", contactId: "d1", questionId: 101, notes: null, isTest: false, createdAt: "t" });
      assert.equal(next.id, 40002);
    } finally {
      await stores.close();
    }
  });
});
