// A company's sales-tax table as US tax vendors publish it free each month (issue 28): a CSV
// with a header row naming at least State, ZipCode and EstimatedCombinedRate (TaxRegionName
// is kept when present; other columns such as the state, county, city and special rates are
// ignored), one row per postal code, the combined rate a fraction ("0.072500" = 7.25 %).
// The CSV is read by csv-parse (issue 36), so a quoted field may hold commas, doubled quotes
// and line breaks; errors name the line where the offending row starts.
import { CsvError, parse } from "csv-parse/sync";
import { normalizePostalCode, type TaxRateRow } from "../db/tax-rate-store.ts";

export type TaxCsvResult = { ok: true; rows: TaxRateRow[] } | { ok: false; message: string };

/** The largest table accepted (every US ZIP code is about 41,000 rows). */
export const MAX_TAX_ROWS = 60_000;

const HEADER_NAMES = {
  state: ["state"],
  postalCode: ["zipcode", "zip", "zip code", "postalcode", "postal code"],
  rate: ["estimatedcombinedrate", "combinedrate", "combined rate", "rate"],
  regionName: ["taxregionname", "region", "region name"],
} as const;

/** One row of the file: its trimmed fields and the lines it starts and ends on (1-based). */
type CsvRecord = { values: string[]; line: number; lastLine: number };

/** The file's non-blank rows, or the first place where it is not CSV. */
function readRecords(text: string): { records: CsvRecord[]; error?: string } {
  const records: CsvRecord[] = [];
  try {
    parse(text, {
      bom: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      // Both endings, even mixed in one file, as the vendors' files and spreadsheets write them.
      record_delimiter: ["\r\n", "\n"],
      on_record: (record: string[], context) => {
        // context.lines is the row's last line; a quoted line break moves its start up.
        const breaks = record.reduce((sum, value) => sum + (value.match(/\n/g)?.length ?? 0), 0);
        records.push({ values: record.map((value) => value.trim()), line: context.lines - breaks, lastLine: context.lines });
        return null;
      },
    });
    return { records };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    if (error.code === "CSV_QUOTE_NOT_CLOSED") {
      // The row that failed starts on the first non-blank line after the last good row.
      const lines = text.split(/\r?\n/);
      let line = (records.at(-1)?.lastLine ?? 0) + 1;
      while (line < lines.length && lines[line - 1]!.trim() === "") line++;
      return { records, error: `line ${line}: a quote opened on this line is never closed` };
    }
    const line = (error as CsvError & { lines?: number }).lines ?? records.length + 1;
    return { records, error: `line ${line}: ${error.message.replace(/ at line \d+$/, "")}` };
  }
}

export function parseTaxRateCsv(text: string): TaxCsvResult {
  const { records, error } = readRecords(text);
  const header = (records[0]?.values ?? []).map((name) => name.toLowerCase());
  const column = (names: readonly string[]) => header.findIndex((name) => names.includes(name));
  const at = { state: column(HEADER_NAMES.state), postalCode: column(HEADER_NAMES.postalCode), rate: column(HEADER_NAMES.rate), regionName: column(HEADER_NAMES.regionName) };
  if (at.state < 0 || at.postalCode < 0 || at.rate < 0) {
    return { ok: false, message: error && records.length === 0 ? error : "The first line must name the columns State, ZipCode and EstimatedCombinedRate" };
  }
  const rows: TaxRateRow[] = [];
  const seen = new Set<string>();
  for (const { values, line } of records.slice(1)) {
    const where = `line ${line}`;
    const postalCode = normalizePostalCode(values[at.postalCode] ?? "");
    if (!/^[A-Z0-9]{3,10}$/.test(postalCode)) return { ok: false, message: `${where}: "${values[at.postalCode] ?? ""}" is not a postal code` };
    const rawRate = values[at.rate] ?? "";
    const rate = Number(rawRate);
    if (rawRate === "" || !Number.isFinite(rate) || rate < 0 || rate >= 1) {
      return { ok: false, message: `${where}: the rate "${rawRate}" must be a fraction from 0 to below 1 (0.0725 for 7.25 %)` };
    }
    if (seen.has(postalCode)) return { ok: false, message: `${where}: postal code ${postalCode} is listed twice` };
    seen.add(postalCode);
    if (rows.length >= MAX_TAX_ROWS) return { ok: false, message: `More than ${MAX_TAX_ROWS} rows` };
    rows.push({ postalCode, state: values[at.state] ?? "", regionName: at.regionName >= 0 ? (values[at.regionName] ?? "") : "", rate });
  }
  if (error) return { ok: false, message: error };
  if (rows.length === 0) return { ok: false, message: "The table has no rows" };
  return { ok: true, rows };
}
