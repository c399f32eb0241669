// The companies' tax tables (issue 28): the CSV layout of the free monthly US rate tables
// (State, ZipCode, TaxRegionName, EstimatedCombinedRate, …) read or refused with the line that
// is wrong; the store replaces a company's table whole, keeps the import's date, and answers
// one company's rate never from another's; findTaxRate is -1 wherever it knows nothing. Quoted
// commas, line breaks and quotes, CRLF and a byte-order mark read as CSV does (issue 36).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, test } from "node:test";
import { openStores } from "../../../server/db/stores.ts";
import { parseTaxRateCsv } from "../../../server/pricing/tax-rate-csv.ts";
import { findTaxRate, UNKNOWN_TAX } from "../../../server/pricing/tax-rates.ts";
import { DEMO_TAX_RATES_FILE } from "../../../demo-site/db/seed.ts";

const HEADER = "State,ZipCode,TaxRegionName,EstimatedCombinedRate,StateRate,EstimatedCountyRate,EstimatedCityRate,EstimatedSpecialRate,RiskLevel";

describe("parseTaxRateCsv", () => {
  test("the vendor layout: postal codes normalised, quoted region names with commas, the combined rate as a fraction", () => {
    const parsed = parseTaxRateCsv(`\uFEFF${HEADER}\r\nOH,43017,"FRANKLIN COUNTY",0.075000,0.0575,0.0175,0,0,1\r\nTX,78704,"AUSTIN, CITY OF",0.082500,0.0625,0,0.01,0.01,1\r\n\r\n`);
    assert.deepEqual(parsed, {
      ok: true,
      rows: [
        { postalCode: "43017", state: "OH", regionName: "FRANKLIN COUNTY", rate: 0.075 },
        { postalCode: "78704", state: "TX", regionName: "AUSTIN, CITY OF", rate: 0.0825 },
      ],
    });
  });

  test("columns in another order, other names and no region", () => {
    assert.deepEqual(parseTaxRateCsv("zip,rate,state\n43017-1234,0.07,OH\n"), { ok: true, rows: [{ postalCode: "43017", state: "OH", regionName: "", rate: 0.07 }] });
  });

  const BAD: [string, string, RegExp][] = [
    ["no header", "OH,43017,x,0.075\n", /State, ZipCode and EstimatedCombinedRate/],
    ["a percent instead of a fraction", `${HEADER}\nOH,43017,x,7.5\n`, /line 2: the rate "7.5" must be a fraction/],
    ["a negative rate", `${HEADER}\nOH,43017,x,-0.01\n`, /line 2/],
    ["no rate", `${HEADER}\nOH,43017,x,\n`, /line 2/],
    ["a rate that is not a number", `${HEADER}\nOH,43017,x,abc\n`, /line 2/],
    ["a postal code twice", `${HEADER}\nOH,43017,x,0.07\nOH,43017,y,0.08\n`, /line 3: postal code 43017 is listed twice/],
    ["a bad postal code", `${HEADER}\nOH,4-3,x,0.07\n`, /line 2: "4-3" is not a postal code/],
    ["no rows", `${HEADER}\n`, /no rows/],
  ];
  for (const [what, csv, message] of BAD) {
    test(`${what} is refused naming it`, () => {
      const parsed = parseTaxRateCsv(csv);
      assert.equal(parsed.ok, false);
      assert.match(parsed.ok ? "" : parsed.message, message);
    });
  }

  // CSV as the vendors and spreadsheets write it (issue 36): read by a CSV parser, not by lines.
  const QUOTED: [string, string, { postalCode: string; regionName: string }[]][] = [
    ["a quoted comma", `${HEADER}\nTX,78704,"AUSTIN, CITY OF",0.0825\n`, [{ postalCode: "78704", regionName: "AUSTIN, CITY OF" }]],
    ["a quoted line break", `${HEADER}\nTX,78704,"AUSTIN\nCITY OF",0.0825\nOH,43017,X,0.07\n`, [{ postalCode: "78704", regionName: "AUSTIN\nCITY OF" }, { postalCode: "43017", regionName: "X" }]],
    ["a quoted CRLF line break", `${HEADER}\r\nTX,78704,"AUSTIN\r\nCITY OF",0.0825\r\n`, [{ postalCode: "78704", regionName: "AUSTIN\r\nCITY OF" }]],
    ["escaped quotes", `${HEADER}\nTX,78704,"THE ""WEIRD"" CITY",0.0825\n`, [{ postalCode: "78704", regionName: 'THE "WEIRD" CITY' }]],
    ["CRLF line ends", `${HEADER}\r\nTX,78704,A,0.0825\r\nOH,43017,"B",0.07\r\n`, [{ postalCode: "78704", regionName: "A" }, { postalCode: "43017", regionName: "B" }]],
    ["CRLF and LF mixed", `${HEADER}\r\nTX,78704,A,0.0825\nOH,43017,"B",0.07\r\n`, [{ postalCode: "78704", regionName: "A" }, { postalCode: "43017", regionName: "B" }]],
    ["a byte-order mark", `\uFEFF${HEADER}\nTX,78704,A,0.0825\n`, [{ postalCode: "78704", regionName: "A" }]],
    ["spaces around quoted fields and blank lines", `${HEADER}\n\n  \nTX, 78704 , "A" ,0.0825\n\n`, [{ postalCode: "78704", regionName: "A" }]],
  ];
  for (const [what, csv, expected] of QUOTED) {
    test(`${what} reads`, () => {
      const parsed = parseTaxRateCsv(csv);
      assert.deepEqual(parsed.ok ? parsed.rows.map(({ postalCode, regionName }) => ({ postalCode, regionName })) : parsed.message, expected);
    });
  }

  const MALFORMED: [string, string, string][] = [
    ["an unterminated quote", `${HEADER}\nOH,43017,X,0.07\nTX,78704,"AUSTIN,0.0825\nOH,43018,Y,0.07\n`, "line 3: a quote opened on this line is never closed"],
    ["an unterminated quote after blank lines", `${HEADER}\nOH,43017,X,0.07\n\n\nTX,78704,"AUSTIN,0.0825\n`, "line 5: a quote opened on this line is never closed"],
    ["an unterminated quote in the header", `State,"ZipCode,EstimatedCombinedRate\nOH,43017,0.07\n`, "line 1: a quote opened on this line is never closed"],
    ["a bad row before an unterminated quote", `${HEADER}\nOH,43017,X,7\nTX,78704,"AUSTIN,0.0825\n`, 'line 2: the rate "7" must be a fraction from 0 to below 1 (0.0725 for 7.25 %)'],
    ["text after a closing quote", `${HEADER}\nTX,78704,"AUSTIN" TX,0.0825\n`, "line 2: Invalid Closing Quote: found non trimable byte after quote"],
    ["a bad rate after a quoted line break, named by the line its row starts on", `${HEADER}\nTX,78704,"AUSTIN\nCITY",0.0825\nOH,43017,"FRANK\nLIN",7\n`, 'line 4: the rate "7" must be a fraction from 0 to below 1 (0.0725 for 7.25 %)'],
    ["a postal code twice across CRLF lines", `${HEADER}\r\nOH,43017,x,0.07\r\n\r\nOH,43017,y,0.08\r\n`, "line 4: postal code 43017 is listed twice"],
  ];
  for (const [what, csv, message] of MALFORMED) {
    test(`${what} is refused naming its line`, () => {
      assert.deepEqual(parseTaxRateCsv(csv), { ok: false, message });
    });
  }

  test("the demo's own table reads", () => {
    const parsed = parseTaxRateCsv(readFileSync(DEMO_TAX_RATES_FILE, "utf8"));
    assert.ok(parsed.ok && parsed.rows.length >= 10);
  });
});

describe("the tax rate store and findTaxRate", () => {
  test("per company, replaced whole, with the date of the import; -1 where nothing is known", async () => {
    const stores = await openStores(":memory:");
    try {
      assert.equal(await stores.taxRates.lastImport("greenway-lawn"), undefined);
      const first = await stores.taxRates.replace("greenway-lawn", [
        { postalCode: "43017", state: "OH", regionName: "FRANKLIN", rate: 0.075 },
        { postalCode: "43065", state: "OH", regionName: "DELAWARE", rate: 0.0725 },
      ], "march.csv", "2026-03-01T00:00:00.000Z");
      assert.deepEqual(first, { importedAt: "2026-03-01T00:00:00.000Z", source: "march.csv", rowCount: 2 });
      await stores.taxRates.replace("other-company", [{ postalCode: "43017", state: "OH", regionName: "", rate: 0.5 }], "x.csv");
      const rates = stores.taxRates;
      assert.equal(await findTaxRate(rates, "greenway-lawn", "43017"), 0.075);
      assert.equal(await findTaxRate(rates, "greenway-lawn", " 43065-0001 "), 0.0725);
      assert.equal(await findTaxRate(rates, "greenway-lawn", "45202"), UNKNOWN_TAX);
      assert.equal(await findTaxRate(rates, undefined, "43017"), UNKNOWN_TAX);
      assert.equal(await findTaxRate(rates, "greenway-lawn", ""), UNKNOWN_TAX);
      assert.equal(await findTaxRate(rates, "other-company", "43017"), 0.5);
      // The next import replaces the table: 43065 is gone.
      await stores.taxRates.replace("greenway-lawn", [{ postalCode: "43017", state: "OH", regionName: "FRANKLIN", rate: 0.0775 }], "april.csv", "2026-04-01T00:00:00.000Z");
      assert.equal(await findTaxRate(rates, "greenway-lawn", "43017"), 0.0775);
      assert.equal(await findTaxRate(rates, "greenway-lawn", "43065"), UNKNOWN_TAX);
      assert.deepEqual(await stores.taxRates.lastImport("greenway-lawn"), { importedAt: "2026-04-01T00:00:00.000Z", source: "april.csv", rowCount: 1 });
    } finally {
      await stores.close();
    }
  });
});

describe("npm run tax-rates", () => {
  test("import <companyId> <file.csv> replaces the company's table; show prints the import; a bad file names its line and imports nothing", async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const { runTaxRatesCommand } = await import("../../../server/db/tax-rates-main.ts");
    const dir = mkdtempSync(join(tmpdir(), "qa-tax-cli-"));
    const db = join(dir, "cli.db");
    try {
      const seeded = await openStores(db);
      await seeded.documents.replace({ companyId: "acme-lawn", kind: "config", botId: "lawn" }, JSON.stringify({ botId: "lawn" }), { changedBy: "test" });
      await seeded.close();
      const good = join(dir, "ohio.csv");
      writeFileSync(good, `${HEADER}\nOH,43017,"FRANKLIN COUNTY",0.075,0.0575,0.0175,0,0,1\n`);
      const bad = join(dir, "bad.csv");
      writeFileSync(bad, `${HEADER}\nOH,43017,x,7.5,0,0,0,0,1\n`);
      const out: string[] = [];
      assert.equal(await runTaxRatesCommand(["import", "acme-lawn", bad], db, (line) => out.push(line)), 1);
      assert.match(out.pop() ?? "", /bad\.csv: line 2/);
      assert.equal(await runTaxRatesCommand(["import", "no-such-co", good], db, (line) => out.push(line)), 1);
      assert.equal(await runTaxRatesCommand(["import", "acme-lawn", good], db, (line) => out.push(line)), 0);
      assert.match(out.pop() ?? "", /acme-lawn: 1 postal codes imported from ohio\.csv at \d{4}-/);
      assert.equal(await runTaxRatesCommand(["show", "acme-lawn"], db, (line) => out.push(line)), 0);
      assert.match(out.pop() ?? "", /1 postal codes from ohio\.csv, imported/);
      assert.equal(await runTaxRatesCommand(["import", "acme-lawn"], db, (line) => out.push(line)), 2);
      const stores = await openStores(db);
      assert.equal(await findTaxRate(stores.taxRates, "acme-lawn", "43017"), 0.075);
      await stores.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
