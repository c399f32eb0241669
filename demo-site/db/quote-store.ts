// Started quotes (the chat records) in the demo store: created by POST /v1/quote/start,
// filled in by record and location, read back by details and the previous-quote check.
import * as v from "valibot";
import { PropertyEstimateSchema } from "../../src/api/customer-lookup.ts";
import type { Quote } from "../../src/api/quote-details.ts";
import { AnswersSchema, CrmDataSchema, CustomerSchema, MarketingAnswerSchema } from "../../src/api/shared-schemas.ts";
import { MEASURE_UNITS, type MeasureUnit } from "../../src/bridge/measure-messages.ts";
import { addressKey } from "./address-key.ts";
import type { DemoDatabase } from "./database.ts";

export type Answers = Record<string, string>;

/** A stored quote: the shape POST /v1/quote/details answers, plus what only the server keeps. */
export interface QuoteRow extends Quote {
  companyId: string;
  botId: string;
  source: v.InferOutput<typeof MarketingAnswerSchema> | null;
  referrer: string | null;
  additionalSourceInfo: string | null;
  salesTaxRate: number | null;
  /** Preview and onboarding visits: kept apart from real sales and leads. */
  isTest: boolean;
  /** ISO timestamp; the latest quote of an address wins. */
  createdAt: string;
}

export interface QuoteStore {
  /** The quote only when it belongs to this company: ids are not secrets between companies. */
  find(companyId: string, quoteId: string): QuoteRow | undefined;
  findLatestForAddress(companyId: string, street: string, postalCode: string): QuoteRow | undefined;
  /** Inserts, or replaces a quote with the same id (seed data at start-up). */
  save(row: QuoteRow): void;
  /** Adds answers (a later answer to the same key wins); false when there is no such quote. */
  mergeAnswers(companyId: string, quoteId: string, answers: Answers, stepId: string | undefined): boolean;
  setLocation(companyId: string, quoteId: string, location: { lat: number; lng: number }): boolean;
  /**
   * Records a size (POST /v1/quote/estimate): the estimate, its unit and the measuring tool's
   * picture replace the previous ones (the property's aerial and street pictures are kept);
   * adjustedLotSize replaces the stored one when given. False when there is no such quote.
   */
  setEstimate(companyId: string, quoteId: string, estimate: RecordedEstimate, adjustedLotSize: number | undefined): boolean;
  /** The unit of the last recorded estimate (the quote's answer does not carry it). */
  findEstimateUnits(companyId: string, quoteId: string): MeasureUnit | undefined;
  /**
   * A real visitor was shown prices (POST /v1/rtp/quote/services): the quote has price blocks
   * for these programs, so a later visit reopens it (SPEC §4 resume rule 2). False when there is no such quote.
   */
  markPriced(companyId: string, quoteId: string, serviceTypes: readonly string[]): boolean;
}

export interface RecordedEstimate {
  estimate: number;
  units: MeasureUnit;
  measurItImage?: string;
  aerialImg?: string;
  streetImg?: string;
}

interface RawRow {
  id: string;
  company_id: string;
  bot_id: string;
  customer: string;
  crm_id: string | null;
  contact_id: string | null;
  branch_id: string | null;
  source: string | null;
  referrer: string | null;
  additional_source_info: string | null;
  sales_tax_rate: number | null;
  service_types: string;
  recommended_programs: string;
  answers: string;
  converted_sale: number;
  has_price_blocks: number;
  estimate: string | null;
  adjusted_lot_size: number | null;
  crm_data: string | null;
  is_test: number;
  created_at: string;
}

const StringListSchema = v.array(v.string());
const json = (text: string): unknown => JSON.parse(text);
const nullableJson = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

function toRow(raw: unknown): QuoteRow {
  const row = raw as RawRow;
  return {
    id: row.id,
    companyId: row.company_id,
    botId: row.bot_id,
    crmId: row.crm_id,
    contactId: row.contact_id,
    branch_id: row.branch_id,
    customer: v.parse(CustomerSchema, json(row.customer)),
    serviceTypes: v.parse(StringListSchema, json(row.service_types)),
    recommendedPrograms: v.parse(StringListSchema, json(row.recommended_programs)),
    answers: v.parse(AnswersSchema, json(row.answers)),
    convertedSale: row.converted_sale === 1,
    hasPriceBlocks: row.has_price_blocks === 1,
    estimate: row.estimate === null ? null : v.parse(PropertyEstimateSchema, json(row.estimate)),
    adjustedLotSize: row.adjusted_lot_size,
    crmData: row.crm_data === null ? null : v.parse(CrmDataSchema, json(row.crm_data)),
    source: row.source === null ? null : v.parse(MarketingAnswerSchema, json(row.source)),
    referrer: row.referrer,
    additionalSourceInfo: row.additional_source_info,
    salesTaxRate: row.sales_tax_rate,
    isTest: row.is_test === 1,
    createdAt: row.created_at,
  };
}

const optionalRow = (raw: unknown): QuoteRow | undefined => (raw === undefined ? undefined : toRow(raw));

export function createQuoteStore(db: DemoDatabase): QuoteStore {
  const selectOne = db.prepare("SELECT * FROM quotes WHERE company_id = ? AND id = ?");
  const selectLatest = db.prepare(
    "SELECT * FROM quotes WHERE company_id = ? AND address_key = ? ORDER BY created_at DESC, rowid DESC LIMIT 1",
  );
  const upsert = db.prepare(
    `INSERT OR REPLACE INTO quotes (id, company_id, bot_id, customer, address_key, crm_id, contact_id, branch_id,
       source, referrer, additional_source_info, sales_tax_rate, service_types, recommended_programs, answers,
       converted_sale, has_price_blocks, estimate, adjusted_lot_size, crm_data, is_test, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const updateAnswers = db.prepare(
    "UPDATE quotes SET answers = json_patch(answers, ?), last_step_id = coalesce(?, last_step_id) WHERE company_id = ? AND id = ?",
  );
  const updateLocation = db.prepare(
    "UPDATE quotes SET customer = json_set(customer, '$.lat', ?, '$.lng', ?) WHERE company_id = ? AND id = ?",
  );

  // json_patch drops keys patched with null: a new estimate without a picture drops the old picture.
  const updateEstimate = db.prepare(
    `UPDATE quotes SET estimate = json_patch(coalesce(estimate, '{}'), ?), adjusted_lot_size = coalesce(?, adjusted_lot_size)
     WHERE company_id = ? AND id = ?`,
  );
  const selectUnits = db.prepare("SELECT json_extract(estimate, '$.units') AS units FROM quotes WHERE company_id = ? AND id = ?");
  const UnitsSchema = v.picklist(MEASURE_UNITS);
  const updatePriced = db.prepare("UPDATE quotes SET has_price_blocks = 1, service_types = ? WHERE company_id = ? AND id = ?");

  return {
    find: (companyId, quoteId) => optionalRow(selectOne.get(companyId, quoteId)),
    findLatestForAddress: (companyId, street, postalCode) =>
      optionalRow(selectLatest.get(companyId, addressKey(street, postalCode))),
    save: (row) => {
      upsert.run(
        row.id,
        row.companyId,
        row.botId,
        JSON.stringify(row.customer),
        addressKey(row.customer.address.street, row.customer.address.postalCode),
        row.crmId,
        row.contactId,
        row.branch_id,
        nullableJson(row.source),
        row.referrer,
        row.additionalSourceInfo,
        row.salesTaxRate,
        JSON.stringify(row.serviceTypes),
        JSON.stringify(row.recommendedPrograms),
        JSON.stringify(row.answers),
        row.convertedSale ? 1 : 0,
        row.hasPriceBlocks ? 1 : 0,
        nullableJson(row.estimate),
        row.adjustedLotSize,
        nullableJson(row.crmData),
        row.isTest ? 1 : 0,
        row.createdAt,
      );
    },
    // json_patch merges in SQL, so two record calls racing each other cannot lose an answer.
    mergeAnswers: (companyId, quoteId, answers, stepId) =>
      updateAnswers.run(JSON.stringify(answers), stepId ?? null, companyId, quoteId).changes > 0,
    setLocation: (companyId, quoteId, { lat, lng }) => updateLocation.run(lat, lng, companyId, quoteId).changes > 0,
    // A merge patch: a picture not sent (undefined, dropped by JSON) keeps the stored one.
    setEstimate: (companyId, quoteId, { estimate, units, measurItImage, aerialImg, streetImg }, adjustedLotSize) =>
      updateEstimate.run(
        JSON.stringify({ estimate, units, measurItImage: measurItImage ?? null, aerialImg, streetImg }),
        adjustedLotSize ?? null,
        companyId,
        quoteId,
      ).changes > 0,
    findEstimateUnits: (companyId, quoteId) => {
      const row = selectUnits.get(companyId, quoteId) as { units: unknown } | undefined;
      return v.is(UnitsSchema, row?.units) ? row.units : undefined;
    },
    markPriced: (companyId, quoteId, serviceTypes) =>
      updatePriced.run(JSON.stringify(serviceTypes), companyId, quoteId).changes > 0,
  };
}
