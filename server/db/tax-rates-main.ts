// `npm run tax-rates -- import <companyId> <file.csv>`: replaces the company's sales-tax table
// with a CSV in the US tax vendors' free monthly layout (State, ZipCode, TaxRegionName,
// EstimatedCombinedRate, …; docs/admin.md "Tax rates"); `show <companyId>` prints the last
// import. The database is $DATABASE_URL (postgres://…, or a SQLite file path), else the
// server's default SQLite file; pending migrations are applied first.
import { readFileSync, realpathSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { openStoresFromUrl } from "../production/serve.ts";
import { parseTaxRateCsv } from "../pricing/tax-rate-csv.ts";
import { DEFAULT_DB_FILE } from "./default-database.ts";

const USAGE = "usage: npm run tax-rates -- import <companyId> <file.csv> | show <companyId>";
const ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

export async function runTaxRatesCommand(args: readonly string[], location: string, print: (line: string) => void): Promise<number> {
  const [action, companyId, file, ...rest] = args;
  if (rest.length > 0 || !companyId || (action === "import" ? !file : action !== "show" || file !== undefined)) {
    print(USAGE);
    return 2;
  }
  if (!ID.test(companyId)) {
    print(`"${companyId}" is not a company id (lower-case letters, digits and dashes)`);
    return 2;
  }
  let rows;
  if (action === "import") {
    let text: string;
    try {
      text = readFileSync(file!, "utf8");
    } catch (error) {
      print(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
    const parsed = parseTaxRateCsv(text);
    if (!parsed.ok) {
      print(`${file}: ${parsed.message}`);
      return 1;
    }
    rows = parsed.rows;
  }
  const stores = await openStoresFromUrl(location);
  try {
    if (!rows) {
      const last = await stores.taxRates.lastImport(companyId);
      print(last ? `${companyId}: ${last.rowCount} postal codes from ${last.source}, imported ${last.importedAt}` : `${companyId}: no tax table imported`);
      return 0;
    }
    if (!(await stores.companies.findFirstBot(companyId))) {
      print(`unknown company "${companyId}"`);
      return 1;
    }
    const done = await stores.taxRates.replace(companyId, rows, basename(file!));
    print(`${companyId}: ${done.rowCount} postal codes imported from ${done.source} at ${done.importedAt}`);
    return 0;
  } finally {
    await stores.close();
  }
}

function isMain(): boolean {
  const script = process.argv[1];
  return script !== undefined && realpathSync(script) === fileURLToPath(import.meta.url);
}

if (isMain()) {
  process.exitCode = await runTaxRatesCommand(process.argv.slice(2), process.env.DATABASE_URL || DEFAULT_DB_FILE, (line) => console.log(line));
}
