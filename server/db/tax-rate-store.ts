// The sales-tax table each company imports (issue 28): one combined rate per postal code,
// replaced whole by each import, with the date of the import. GET /v1/tax and the server's
// own amount check read the same rows.
import type { Kysely } from "kysely";
import type { Schema } from "./schema.ts";

export interface TaxRateRow {
  /** Upper case, no spaces: "43017". */
  postalCode: string;
  state: string;
  regionName: string;
  /** A fraction: 0.075. */
  rate: number;
}

export interface TaxRateImport {
  importedAt: string;
  source: string;
  rowCount: number;
}

export interface TaxRateStore {
  /** The company's rate for a postal code (normalized here), or undefined. */
  rateFor(companyId: string, postalCode: string): Promise<number | undefined>;
  /** Replaces the company's whole table. */
  replace(companyId: string, rows: readonly TaxRateRow[], source: string, importedAt?: string): Promise<TaxRateImport>;
  /** The last import, or undefined when the company has none. */
  lastImport(companyId: string): Promise<TaxRateImport | undefined>;
}

/** "sw13 9aa" → "SW139AA"; a US ZIP+4 keeps its five digits. */
export function normalizePostalCode(postalCode: string): string {
  const code = postalCode.replace(/\s+/g, "").toUpperCase();
  const zip = /^(\d{5})-?\d{4}$/.exec(code);
  return zip ? zip[1]! : code;
}

const CHUNK = 200;

export function createTaxRateStore(db: Kysely<Schema>): TaxRateStore {
  return {
    async rateFor(companyId, postalCode) {
      const row = await db
        .selectFrom("tax_rates")
        .select("rate")
        .where("company_id", "=", companyId)
        .where("postal_code", "=", normalizePostalCode(postalCode))
        .executeTakeFirst();
      return row ? Number(row.rate) : undefined;
    },
    async replace(companyId, rows, source, importedAt = new Date().toISOString()) {
      await db.deleteFrom("tax_rates").where("company_id", "=", companyId).execute();
      for (let i = 0; i < rows.length; i += CHUNK) {
        await db
          .insertInto("tax_rates")
          .values(rows.slice(i, i + CHUNK).map((row) => ({
            company_id: companyId,
            postal_code: normalizePostalCode(row.postalCode),
            state: row.state,
            region_name: row.regionName,
            rate: row.rate,
          })))
          .execute();
      }
      const record = { company_id: companyId, imported_at: importedAt, source, row_count: rows.length };
      await db
        .insertInto("tax_rate_imports")
        .values(record)
        .onConflict((oc) => oc.column("company_id").doUpdateSet({ imported_at: importedAt, source, row_count: rows.length }))
        .execute();
      return { importedAt, source, rowCount: rows.length };
    },
    async lastImport(companyId) {
      const row = await db.selectFrom("tax_rate_imports").selectAll().where("company_id", "=", companyId).executeTakeFirst();
      return row ? { importedAt: row.imported_at, source: row.source, rowCount: Number(row.row_count) } : undefined;
    },
  };
}
