// The pricing fixtures: one JSON file per company in fixtures/pricing/, named after the
// company id and validated with PricingFixtureSchema at start-up; a bad file stops the
// server, naming file and field (like the company fixtures).
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as v from "valibot";
import { FixtureError } from "../company-fixtures.ts";
import { PricingFixtureSchema, type PricingTable } from "./pricing-table-schema.ts";

export const PRICING_FIXTURES_DIR = fileURLToPath(new URL("../fixtures/pricing/", import.meta.url));

export interface PricingTables {
  /** The bot's own table when its company lists one for it, else the company's. */
  find(companyId: string, botId: string): PricingTable | undefined;
  companyIds(): string[];
}

export function loadPricingTables(dir: string = PRICING_FIXTURES_DIR): PricingTables {
  const files = readdirSync(dir).filter((name) => name.endsWith(".json")).sort();
  const byCompany = new Map<string, { table: PricingTable; bots: Record<string, PricingTable> }>();
  for (const name of files) {
    const path = join(dir, name);
    const shown = relative(process.cwd(), path) || path;
    const fail = (detail: string): never => {
      throw new FixtureError(`invalid pricing fixture ${shown}: ${detail}`);
    };
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, "utf8"));
    } catch (error) {
      fail(error instanceof Error ? error.message : String(error));
    }
    const result = v.safeParse(PricingFixtureSchema, raw);
    if (!result.success) {
      const issue = result.issues[0];
      fail(`${v.getDotPath(issue) ?? "(root)"}: ${issue.message}`);
    } else {
      const { companyId, bots, ...table } = result.output;
      if (basename(name, ".json") !== companyId) fail(`companyId "${companyId}" does not match the file name`);
      byCompany.set(companyId, { table, bots });
    }
  }
  return {
    find: (companyId, botId) => {
      const company = byCompany.get(companyId);
      return company && (company.bots[botId] ?? company.table);
    },
    companyIds: () => [...byCompany.keys()],
  };
}
