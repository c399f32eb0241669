import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parseCompanyConfig } from "../../../src/config/company-config.ts";

describe("company configuration", () => {
  test("the defaults of SPEC §9 fill what a company leaves out", () => {
    const result = parseCompanyConfig({ id: "c1", companyName: "Acme" });
    assert.ok(result.ok);
    const c = result.config;
    assert.equal(c.paymentType, "stripe");
    assert.equal(c.currency, "USD");
    assert.equal(c.minQuotableSize, 500);
    assert.equal(c.maxQuotableSize, 40000);
    assert.equal(c.sqFtPercentage, 0.4);
    assert.equal(c.autoPayMonthlyPricePeriod, 12);
    assert.equal(c.autoPayPriceMethod, "first-application-payment");
    assert.equal(c.serviceTax, 0);
    assert.equal(c.botSpeed, 1750);
    assert.equal(c.measurementMode, "area");
    assert.deepEqual(c.zipCodes, [null]);
  });

  const aliases: Array<[string, Record<string, unknown>, string, unknown]> = [
    ["phone", { phone: "5551234567" }, "companyPhone", "5551234567"],
    ["logo", { logo: "https://x.test/l.svg" }, "companyLogo", "https://x.test/l.svg"],
    ["companyValueDescription", { companyValueDescription: "We care" }, "valueAddDescription", "We care"],
    ["tos", { tos: "Terms" }, "termsOfService", "Terms"],
  ];
  for (const [alias, input, field, value] of aliases) {
    test(`${alias} is read as ${field}`, () => {
      const result = parseCompanyConfig({ id: "c1", companyName: "Acme", ...input });
      assert.ok(result.ok);
      assert.equal((result.config as Record<string, unknown>)[field], value);
    });
  }

  test("marketing sources arrive as a list or as its JSON text", () => {
    const list = [{ code: "referral", description: "A friend" }];
    for (const marketingSources of [list, JSON.stringify(list)]) {
      const result = parseCompanyConfig({ id: "c1", companyName: "Acme", marketingSources });
      assert.ok(result.ok);
      assert.deepEqual(result.config.marketingSources, list);
    }
  });

  const invalid: Array<[string, unknown, RegExp]> = [
    ["no company name", { id: "c1" }, /companyName/],
    ["a bad crm", { id: "c1", companyName: "A", crmSolution: "salesforce" }, /crmSolution/],
    ["min above max", { id: "c1", companyName: "A", minQuotableSize: 9, maxQuotableSize: 1 }, /minQuotableSize must not exceed/],
    ["broken marketing JSON", { id: "c1", companyName: "A", marketingSources: "[{" }, /marketingSources/],
    ["a string where a number goes", { id: "c1", companyName: "A", botSpeed: "fast" }, /botSpeed/],
    ["an objection rebuttal for no known reason", { id: "c1", companyName: "A", objectionSteps: [{ reason: "timing", rebuttal: "Soon" }] }, /objectionSteps\.0\.reason/],
    ["an empty objection rebuttal", { id: "c1", companyName: "A", objectionSteps: [{ reason: "price", rebuttal: " " }] }, /objectionSteps\.0\.rebuttal/],
    ["not an object", "hello", /root/],
  ];
  for (const [name, raw, reason] of invalid) {
    test(`${name} is refused with a reason naming it`, () => {
      const result = parseCompanyConfig(raw);
      assert.equal(result.ok, false);
      if (!result.ok) assert.match(result.reason, reason);
    });
  }
});
