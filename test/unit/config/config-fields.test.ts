// The builder's field-by-field check (src/config/config-fields.ts): each wrong value is named
// by its field with words a company understands; a good configuration has no problem.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { configFieldProblems, servesUsZipCodes } from "../../../src/config/config-fields.ts";

const fixture = JSON.parse(
  readFileSync(new URL("../../../demo-site/fixtures/companies/greenway-lawn.json", import.meta.url), "utf8").replace(/\{\{\w+\}\}/g, "https://demo.example"),
) as { bots: { lawn: Record<string, unknown> } };
// The CRM's payment frame is on its own host in the demo (devOrigins); here, without it.
const { payments: _payments, ...good } = fixture.bots.lawn;
const rules = { devOrigins: false };

describe("a configuration checked field by field", () => {
  test("the demo's Greenway bot has no problem", () => {
    assert.deepEqual(configFieldProblems(good, "lawn", rules), []);
  });

  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ["an http: logo", { companyLogo: "http://logos.example/a.png" }, "companyLogo", "url"],
    ["a logo that is not an address", { companyLogo: "logo.png" }, "companyLogo", "url"],
    ["a colour that is not a colour", { brandColor: "greenish" }, "brandColor", "colour"],
    ["an accent out of range", { accentColor: "rgb(300, 0, 0)" }, "accentColor", "colour"],
    ["letters in a US ZIP code", { zipCodes: ["43016", "43O17"] }, "zipCodes.1", "usZip"],
    ["letters in an untaxed US ZIP code", { dontTaxZipCodes: ["ABC"] }, "dontTaxZipCodes.0", "usZip"],
    ["an empty company name", { companyName: "" }, "companyName", "required"],
    ["a size that is not a number", { minQuotableSize: "big" }, "minQuotableSize", "number"],
    ["a negative size", { minQuotableSize: -5 }, "minQuotableSize", "tooSmall"],
    ["the smallest size above the largest", { minQuotableSize: 50000, maxQuotableSize: 1000 }, "minQuotableSize", "minOverMax"],
    ["a measuring mode not offered", { measurementMode: "volume" }, "measurementMode", "choice"],
    ["a question without words", { preModalQuestions: [{ id: "goal", question: "" }] }, "preModalQuestions.0.question", "required"],
    ["an http: redirect", { redirectUrl: "http://shop.example/thanks" }, "redirectUrl", "url"],
    ["another bot's id", { id: "other" }, "id", "botId"],
  ];
  for (const [name, change, field, code] of cases) {
    test(`${name}: ${field} (${code})`, () => {
      const problems = configFieldProblems({ ...good, ...change }, "lawn", rules);
      assert.deepEqual(problems.map((p) => [p.field, p.code]), [[field, code]]);
      assert.match(problems[0]!.message, /\w+ \w+/, "a message in words");
    });
  }

  test("every problem at once, an address and a colour too when another field is wrong", () => {
    const problems = configFieldProblems({ ...good, companyName: "", companyLogo: "http://x.example/a.png", brandColor: "teal-ish" }, "lawn", rules);
    assert.deepEqual(problems.map((p) => p.field).sort(), ["brandColor", "companyLogo", "companyName"]);
  });

  test("postcodes with letters are fine where the company is not in the US", () => {
    assert.equal(servesUsZipCodes({ currency: "GBP", isMetric: true }), false);
    assert.deepEqual(configFieldProblems({ ...good, currency: "GBP", isMetric: true, zipCodes: ["SW13", "TW9"], dontTaxZipCodes: [] }, "lawn", rules), []);
    assert.deepEqual(configFieldProblems({ ...good, zipCodes: ["430", "43017-1234", null, "null"] }, "lawn", rules), [], "a prefix, ZIP+4 and 'any' are US ZIP codes");
  });
});
