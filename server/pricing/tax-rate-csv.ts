// A company's sales-tax table as US tax vendors publish it free each month (issue 28): a CSV
// with a header row naming at least State, ZipCode and EstimatedCombinedRate (TaxRegionName
// is kept when present; other columns such as the state, county, city and special rates are
// ignored), one row per postal code, the combined rate a fraction ("0.072500" = 7.25 %).
// Quoted fields ("Dublin, City of") are read as CSV quotes them.
import { normalizePostalCode, type TaxRateRow } from "../db/tax-rate-store.ts";

export type TaxCsvResult = { ok: true; rows: TaxRateRow[] } | { ok: false; message: string };

/** The largest table accepted (every US ZIP code is about 41,000 rows). */
export const MAX_TAX_ROWS = 60_000;

/** One CSV line's fields: commas separate, double quotes quote, "" is a quote. */
function fields(line: string): string[] {
  const out: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(field);
      field = "";
    } else field += ch;
  }
  out.push(field);
  return out.map((value) => value.trim());
}

const HEADER_NAMES = {
  state: ["state"],
  postalCode: ["zipcode", "zip", "zip code", "postalcode", "postal code"],
  rate: ["estimatedcombinedrate", "combinedrate", "combined rate", "rate"],
  regionName: ["taxregionname", "region", "region name"],
} as const;

export function parseTaxRateCsv(text: string): TaxCsvResult {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = fields(lines[0] ?? "").map((name) => name.toLowerCase());
  const column = (names: readonly string[]) => header.findIndex((name) => names.includes(name));
  const at = { state: column(HEADER_NAMES.state), postalCode: column(HEADER_NAMES.postalCode), rate: column(HEADER_NAMES.rate), regionName: column(HEADER_NAMES.regionName) };
  if (at.state < 0 || at.postalCode < 0 || at.rate < 0) {
    return { ok: false, message: "The first line must name the columns State, ZipCode and EstimatedCombinedRate" };
  }
  const rows: TaxRateRow[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    const values = fields(line);
    const where = `line ${i + 1}`;
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
  if (rows.length === 0) return { ok: false, message: "The table has no rows" };
  return { ok: true, rows };
}
