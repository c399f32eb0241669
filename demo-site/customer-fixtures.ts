// Demo customers and their quotes (fixtures/customers.json): the returning visitors of
// docs/api.md "Demo data". Validated with the API's own schemas before anything is stored,
// and checked against the company fixtures, so a typo stops start-up naming the entry.
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import * as v from "valibot";
import { PropertyEstimateSchema } from "../src/contract/customer-lookup.ts";
import { AnswersSchema, CrmDataSchema, CustomerSchema } from "../src/contract/shared-schemas.ts";
import { crmSolutionOf, NO_CRM_IDS } from "../server/ports/crm.ts";
import { simulatedCrmIds } from "./crm/simulated-crm.ts";
import { FixtureError } from "../server/company-files.ts";
import type { CompanyBotRow } from "../server/db/company-store.ts";
import type { CustomerRow } from "../server/db/customer-store.ts";
import type { QuoteRow } from "../server/db/quote-store.ts";

export const CUSTOMER_FIXTURES_FILE = fileURLToPath(new URL("./fixtures/customers.json", import.meta.url));

/** Same placeholder as the company fixtures: picture URLs must be absolute, on the widget origin. */
const WIDGET_ORIGIN_PLACEHOLDER = "{{widgetOrigin}}";

const SeedQuoteSchema = v.object({
  /** Stable, so tests and docs can name it ("q-greenway-resume-1"). */
  id: v.pipe(v.string(), v.regex(/^q-[a-z0-9-]+$/, 'must look like "q-company-purpose-1"')),
  botId: v.string(),
  serviceTypes: v.array(v.string()),
  recommendedPrograms: v.array(v.string()),
  answers: AnswersSchema,
  convertedSale: v.boolean(),
  hasPriceBlocks: v.boolean(),
  estimate: v.nullable(PropertyEstimateSchema),
  adjustedLotSize: v.nullable(v.number()),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
});

const SeedCustomerSchema = v.object({
  companyId: v.string(),
  /** What this customer exercises, for people reading the file. */
  note: v.pipe(v.string(), v.minLength(1)),
  customer: CustomerSchema,
  estimate: v.nullable(PropertyEstimateSchema),
  crmData: v.nullable(CrmDataSchema),
  quote: v.nullable(SeedQuoteSchema),
});

const CustomerFixturesSchema = v.object({ customers: v.array(SeedCustomerSchema) });

export interface CustomerSeed {
  customers: CustomerRow[];
  quotes: QuoteRow[];
}

export interface LoadCustomerFixturesOptions {
  file?: string;
  widgetOrigin: string;
  /** The loaded company fixtures: every customer must belong to one of their bots. */
  companies: readonly CompanyBotRow[];
}

export function loadCustomerFixtures({ file = CUSTOMER_FIXTURES_FILE, widgetOrigin, companies }: LoadCustomerFixturesOptions): CustomerSeed {
  const shown = relative(process.cwd(), file) || file;
  const fail = (detail: string): never => {
    throw new FixtureError(`invalid customer fixture ${shown}: ${detail}`);
  };

  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8").replaceAll(WIDGET_ORIGIN_PLACEHOLDER, widgetOrigin));
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  const parsed = v.safeParse(CustomerFixturesSchema, raw);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return fail(`${v.getDotPath(issue) ?? "(root)"}: ${issue.message}`);
  }

  const seed: CustomerSeed = { customers: [], quotes: [] };
  const phones = new Set<string>();
  const quoteIds = new Set<string>();
  for (const [index, entry] of parsed.output.customers.entries()) {
    const at = `customers.${index}`;
    const { companyId, customer, estimate, crmData, quote } = entry;
    const company = companies.find((row) => row.companyId === companyId);
    if (!company) fail(`${at}.companyId: no company fixture "${companyId}"`);
    const phoneKey = `${companyId}/${customer.phoneNumber}`;
    if (phones.has(phoneKey)) fail(`${at}.customer.phoneNumber: ${customer.phoneNumber} is listed twice for ${companyId}`);
    phones.add(phoneKey);

    const crm = crmSolutionOf(company?.config ?? "{}");
    const ids = crm === null ? NO_CRM_IDS : simulatedCrmIds(crm, customer.phoneNumber, crmData?.id);
    seed.customers.push({ companyId, customer, estimate, quoteId: quote?.id ?? null, crmId: ids.crmId, crmData });

    if (quote) {
      if (quoteIds.has(quote.id)) fail(`${at}.quote.id: "${quote.id}" is listed twice`);
      quoteIds.add(quote.id);
      if (!companies.some((row) => row.companyId === companyId && row.botId === quote.botId)) {
        fail(`${at}.quote.botId: company "${companyId}" has no bot "${quote.botId}"`);
      }
      const { createdAt, botId, ...state } = quote;
      seed.quotes.push({
        ...state,
        ...ids,
        companyId,
        botId,
        customer,
        crmData,
        source: null,
        referrer: null,
        additionalSourceInfo: null,
        salesTaxRate: null,
        isTest: false,
        createdAt,
      });
    }
  }
  return seed;
}
