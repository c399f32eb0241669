// The demo customers (fixtures/customers.json): valid, documented, and each resume fixture
// in the state of the SPEC §4 resume rule it is meant to land on.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { loadCompanyFixtures, DEMO_URL_RULES } from "../../../server/company-files.ts";
import { CUSTOMER_FIXTURES_FILE, loadCustomerFixtures } from "../../../demo-site/customer-fixtures.ts";
import { parseCompanyConfig } from "../../../src/config/company-config.ts";

const ORIGIN = "http://localhost:4401";
const companies = loadCompanyFixtures({ widgetOrigin: ORIGIN });
const seed = loadCustomerFixtures({ widgetOrigin: ORIGIN, companies });
const greenway = parseCompanyConfig(JSON.parse(companies.find((row) => row.companyId === "greenway-lawn")?.config ?? "{}"), DEMO_URL_RULES);
assert.ok(greenway.ok);

const customer = (company: string, phone: string) => {
  const row = seed.customers.find((c) => c.companyId === company && c.customer.phoneNumber === phone);
  assert.ok(row, `${company} ${phone}`);
  return row;
};
const quote = (id: string) => {
  const row = seed.quotes.find((q) => q.id === id);
  assert.ok(row, id);
  return row;
};
const serviced = (postalCode: string) => greenway.config.zipCodes.some((zip) => zip !== null && postalCode.startsWith(zip));

const MOWING_ANSWERS = ["lastMowed", "lawnCareParty", "lawnHappiness"];
const FERTILIZER_ANSWERS = ["lawnCareParty", "lawnHappiness", "lawnThickness", "lawnBiggestProblem", "lawnType"];
const PRE_MODAL_ANSWERS = greenway.config.preModalQuestions.map((step) => step.id ?? "");

describe("demo customers", () => {
  test("load and validate, with picture URLs on the widget origin", () => {
    assert.ok(seed.customers.length >= 15);
    for (const row of seed.customers) {
      for (const url of [row.estimate?.aerialImg, row.estimate?.streetImg]) {
        if (url !== undefined) assert.match(url, new RegExp(`^${ORIGIN}/demo-assets/property/(aerial|street)-\\d+\\.svg$`));
      }
      if (row.quoteId !== null) assert.equal(quote(row.quoteId).customer.phoneNumber, row.customer.phoneNumber);
    }
  });

  test("every demo company has a returning customer", () => {
    for (const companyId of new Set(companies.map((row) => row.companyId))) {
      assert.ok(seed.customers.some((row) => row.companyId === companyId), companyId);
    }
  });

  test("every demo phone number is documented in docs/api.md", () => {
    const docs = readFileSync(new URL("../../../docs/api.md", import.meta.url), "utf8");
    for (const row of seed.customers) assert.ok(docs.includes(`\`${row.customer.phoneNumber}\``), row.customer.phoneNumber);
  });

  test("the greenway returning-visitor cases", () => {
    assert.equal(customer("greenway-lawn", "6145550100").estimate?.estimate, 9800);
    assert.ok(serviced(customer("greenway-lawn", "6145550100").customer.address.postalCode));
    assert.equal(customer("greenway-lawn", "6145550101").customer.email, undefined);
    assert.ok(!serviced(customer("greenway-lawn", "6145550102").customer.address.postalCode));
    assert.equal(customer("greenway-lawn", "6145550103").crmData?.status, 8);
    assert.equal(customer("greenway-lawn", "6145550104").crmData?.creditHoldStatus, 1);
    assert.ok((customer("greenway-lawn", "6145550105").estimate?.estimate ?? 0) > (greenway.config.maxQuotableSize ?? Infinity));
  });

  test("greenway asks a pre-modal question, so resume rule 6 can apply", () => {
    assert.deepEqual(PRE_MODAL_ANSWERS, ["lawnGoal"]);
  });

  test("each resume quote is in the state of its rule, and only of that rule", () => {
    const has = (answers: Record<string, string>, keys: string[]) => keys.every((key) => key in answers);
    for (let rule = 1; rule <= 7; rule++) {
      const row = quote(`q-greenway-resume-${rule}`);
      const owner = customer("greenway-lawn", `614555011${rule - 1}`);
      assert.equal(owner.quoteId, row.id);
      assert.ok(serviced(row.customer.address.postalCode));
      const lotSize = row.adjustedLotSize ?? row.estimate?.estimate ?? null;
      const mandatory = row.serviceTypes.includes("Mowing") ? MOWING_ANSWERS : FERTILIZER_ANSWERS;
      // The first rule that holds, in SPEC §4 order.
      const landsOn = row.convertedSale
        ? 1
        : row.hasPriceBlocks
          ? 2
          : row.serviceTypes.length === 0
            ? 3
            : lotSize === null
              ? 4
              : !has(row.answers, mandatory)
                ? 5
                : !has(row.answers, PRE_MODAL_ANSWERS)
                  ? 6
                  : 7;
      assert.equal(landsOn, rule, row.id);
    }
  });

  test("bugbusters: one customer has quoted, the other has not", () => {
    assert.equal(customer("bugbusters-pest", "5125550100").quoteId, "q-bugbusters-quoted-1");
    assert.equal(customer("bugbusters-pest", "5125550101").quoteId, null);
  });

  test("a bad entry stops loading, naming the entry and field", () => {
    const dir = mkdtempSync(join(tmpdir(), "demo-customers-"));
    try {
      const file = join(dir, "customers.json");
      const data = JSON.parse(readFileSync(CUSTOMER_FIXTURES_FILE, "utf8")) as { customers: { customer: { phoneNumber: string }; companyId: string }[] };
      const first = data.customers[0];
      assert.ok(first);
      first.customer.phoneNumber = "555";
      writeFileSync(file, JSON.stringify(data));
      assert.throws(() => loadCustomerFixtures({ file, widgetOrigin: ORIGIN, companies }), /customers\.0\.customer\.phoneNumber/);
      first.customer.phoneNumber = "6145550100";
      first.companyId = "no-such-company";
      writeFileSync(file, JSON.stringify(data));
      assert.throws(() => loadCustomerFixtures({ file, widgetOrigin: ORIGIN, companies }), /customers\.0\.companyId: no company fixture/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
