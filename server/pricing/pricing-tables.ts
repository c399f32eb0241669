// The companies' pricing tables. The demo's come from fixtures/pricing/: one JSON file per
// company, named after the company id and validated with PricingFixtureSchema; a bad file
// stops the seed (and the demo's start), naming file and field. The seed writes them to the
// store, where the admin API replaces them; the pricing routes read the store's current one.
import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import * as v from "valibot";
import { FixtureError } from "../company-files.ts";
import { fromRoot } from "../root-dir.ts";
import { PricingDocumentSchema, PricingFixtureSchema, type PricingDocument, type PricingTable } from "./pricing-table-schema.ts";

export const PRICING_FIXTURES_DIR = fromRoot("demo-site/fixtures/pricing/");

export interface PricingTables {
  /** The bot's own table when its company lists one for it, else the company's. */
  find(companyId: string, botId: string): PricingTable | undefined | Promise<PricingTable | undefined>;
}

/** A company's pricing document as stored: JSON text (PricingDocumentSchema's input). */
export interface PricingFixtureRow {
  companyId: string;
  pricing: string;
}

/** Reads and validates every pricing fixture, in file-name order. */
export function loadPricingFixtures(dir: string = PRICING_FIXTURES_DIR): PricingFixtureRow[] {
  const files = readdirSync(dir).filter((name) => name.endsWith(".json")).sort();
  return files.map((name) => {
    const path = join(dir, name);
    const shown = relative(process.cwd(), path) || path;
    const fail = (detail: string): never => {
      throw new FixtureError(`invalid pricing fixture ${shown}: ${detail}`);
    };
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(path, "utf8"));
    } catch (error) {
      return fail(error instanceof Error ? error.message : String(error));
    }
    const result = v.safeParse(PricingFixtureSchema, raw);
    if (!result.success) {
      const issue = result.issues[0];
      return fail(`${v.getDotPath(issue) ?? "(root)"}: ${issue.message}`);
    }
    const { companyId } = result.output;
    if (basename(name, ".json") !== companyId) fail(`companyId "${companyId}" does not match the file name`);
    const { companyId: _id, ...document } = raw as Record<string, unknown>;
    return { companyId, pricing: JSON.stringify(document) };
  });
}

const tableOf = (document: PricingDocument, botId: string): PricingTable => {
  const { bots, ...table } = document;
  return bots[botId] ?? table;
};

/** The fixtures' tables in memory (tests of the pricing rules). */
export function loadPricingTables(dir: string = PRICING_FIXTURES_DIR): {
  find(companyId: string, botId: string): PricingTable | undefined;
  companyIds(): string[];
} {
  const byCompany = new Map(loadPricingFixtures(dir).map((row) => [row.companyId, v.parse(PricingDocumentSchema, JSON.parse(row.pricing))]));
  return {
    find: (companyId, botId) => {
      const document = byCompany.get(companyId);
      return document && tableOf(document, botId);
    },
    companyIds: () => [...byCompany.keys()],
  };
}

/**
 * The tables the store holds now (`read` gives a company's current document). A document is
 * parsed once per text: a replaced one is read on the next request, in every server process.
 */
export function storedPricingTables(read: (companyId: string) => Promise<string | undefined>): PricingTables {
  const parsed = new Map<string, { text: string; document: PricingDocument }>();
  return {
    find: async (companyId, botId) => {
      const text = await read(companyId);
      if (text === undefined) return undefined;
      let entry = parsed.get(companyId);
      if (entry?.text !== text) {
        // Stored documents passed this schema on the way in; parsing fills in its defaults.
        entry = { text, document: v.parse(PricingDocumentSchema, JSON.parse(text)) };
        parsed.set(companyId, entry);
      }
      return tableOf(entry.document, botId);
    },
  };
}
