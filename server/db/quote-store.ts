// Started quotes (the chat records) in the store: created by POST /v1/quote/start,
// filled in by record and location, read back by details and the previous-quote check.
import type { LawnOutline } from "../../src/contract/lawn-outline.ts";
import { measurementOf, type StoredMeasurement } from "./measurement.ts";
import { sql, type Kysely, type Selectable } from "kysely";
import * as v from "valibot";
import { PropertyEstimateSchema } from "../../src/contract/customer-lookup.ts";
import type { Quote } from "../../src/contract/quote-details.ts";
import { PriceBlocksSchema, type PriceBlock } from "../../src/contract/quote-services.ts";
import { AttributionSchema } from "../../src/contract/quote-start-body.ts";
import type { Attribution } from "../../src/config/attribution.ts";
import { AnswersSchema, CrmDataSchema, CustomerSchema, MarketingAnswerSchema } from "../../src/contract/shared-schemas.ts";
import { MEASURE_UNITS, type MeasureUnit } from "../../src/contract/measure-messages.ts";
import { addressKey } from "./address-key.ts";
import { insertionOrder } from "./company-store.ts";
import type { Dialect } from "./migrations.ts";
import type { QuotesTable, Schema } from "./schema.ts";

export type Answers = Record<string, string>;

/** A stored quote: the shape POST /v1/quote/details answers, plus what only the server keeps. */
export interface QuoteRow extends Quote {
  companyId: string;
  botId: string;
  source: v.InferOutput<typeof MarketingAnswerSchema> | null;
  referrer: string | null;
  additionalSourceInfo: string | null;
  salesTaxRate: number | null;
  /** UTM tags, ad click ids, referrer and landing page the widget read (POST /v1/quote/start). */
  attribution?: Attribution | null;
  /** Preview and onboarding visits: kept apart from real sales and leads. */
  isTest: boolean;
  /** ISO timestamp; the latest quote of an address wins. */
  createdAt: string;
  /**
   * Issue 34, written by save and never read back into a QuoteRow (read them with
   * findTextConsent): the consent box as the visitor left it, with their address, stays out
   * of every answer and webhook built from a row. Absent or null: no box was shown.
   */
  textConsent?: StoredTextConsent | null;
  /** The visitor's IANA time zone, for the follow-ups' quiet hours; null when unknown. */
  timeZone?: string | null;
}

/** The texts consent box as kept with a quote (issue 34): ticked or not, when, from which client address, and the words shown. */
export const StoredTextConsentSchema = v.object({
  given: v.boolean(),
  /** ISO timestamp of the quote start that carried it. */
  at: v.string(),
  /** The client's address as the server saw it (X-Forwarded-For's last hop behind a trusted proxy). */
  ip: v.string(),
  /** TEXT_CONSENT_VERSION (src/config/text-consent.ts) of the words. */
  version: v.string(),
  /** The label exactly as shown, in the visitor's language. */
  text: v.string(),
});
export type StoredTextConsent = v.InferOutput<typeof StoredTextConsentSchema>;

/** What the follow-ups read of a quote (issue 34): its consent, null when no box was shown, and the visitor's time zone. */
export interface QuoteTextConsent {
  consent: StoredTextConsent | null;
  timeZone: string | null;
}

export interface QuoteStore {
  /** The quote only when it belongs to this company: ids are not secrets between companies. */
  find(companyId: string, quoteId: string): Promise<QuoteRow | undefined>;
  /**
   * The latest quote at this address of the same household: its customer has this phone
   * number, or this e-mail (compared without case). Another household's quote never counts.
   */
  findLatestForHousehold(
    companyId: string,
    street: string,
    postalCode: string,
    household: { phoneNumber: string; email?: string | undefined },
  ): Promise<QuoteRow | undefined>;
  /** Inserts, or replaces a quote with the same id (seed data at start-up). */
  save(row: QuoteRow): Promise<void>;
  /** Adds answers (a later answer to the same key wins); false when there is no such quote. */
  mergeAnswers(companyId: string, quoteId: string, answers: Answers, stepId: string | undefined): Promise<boolean>;
  setLocation(companyId: string, quoteId: string, location: { lat: number; lng: number }): Promise<boolean>;
  /**
   * Records a size (POST /v1/quote/estimate): the estimate, its unit and the measuring tool's
   * picture replace the previous ones (the property's aerial and street pictures are kept);
   * adjustedLotSize replaces the stored one when given. False when there is no such quote.
   */
  setEstimate(companyId: string, quoteId: string, estimate: RecordedEstimate, adjustedLotSize: number | undefined): Promise<boolean>;
  /** The lawn as drawn in the measuring tool (figure, unit, picture, outline); null when not measured. */
  findMeasurement(companyId: string, quoteId: string): Promise<StoredMeasurement | null>;
  /** The unit of the last recorded estimate (the quote's answer does not carry it). */
  findEstimateUnits(companyId: string, quoteId: string): Promise<MeasureUnit | undefined>;
  /**
   * A real visitor was shown prices (POST /v1/rtp/quote/services): the quote has price blocks
   * for these programs, so a later visit reopens it (SPEC §4 resume rule 2). False when there is no such quote.
   */
  markPriced(companyId: string, quoteId: string, serviceTypes: readonly string[]): Promise<boolean>;
  /** Keeps the blocks the visitor was last shown, for the payment's recompute. False when there is no such quote. */
  setPricing(companyId: string, quoteId: string, pricing: StoredPricing): Promise<boolean>;
  /** The quote's last prices; undefined when it was never priced (or there is no such quote). */
  findPricing(companyId: string, quoteId: string): Promise<StoredPricing | undefined>;
  /**
   * A quote started again (reused id): a consent box answered this time replaces the kept one,
   * and a time zone sent replaces the kept one; what is undefined is kept. False when there is no such quote.
   */
  updateTextConsent(companyId: string, quoteId: string, consent: StoredTextConsent | undefined, timeZone: string | undefined): Promise<boolean>;
  /** The quote's texts consent and time zone (issue 34); undefined when there is no such quote. */
  findTextConsent(companyId: string, quoteId: string): Promise<QuoteTextConsent | undefined>;
}

/**
 * What POST /v1/rtp/quote/services last answered for a quote, with the address its tax
 * depends on: the payment routes recompute GET STARTED TODAY from it (pricing/server-amount.ts).
 */
export interface StoredPricing {
  blocks: PriceBlock[];
  postalCode: string;
  country: string;
}

const StoredPricingSchema = v.object({
  blocks: PriceBlocksSchema,
  postalCode: v.string(),
  country: v.string(),
});

export interface RecordedEstimate {
  estimate: number;
  units: MeasureUnit;
  measurItImage?: string;
  /** The drawing's outline, checked by the route (src/contract/lawn-outline.ts). */
  measurOutline?: LawnOutline;
  aerialImg?: string;
  streetImg?: string;
}

const StringListSchema = v.array(v.string());
const json = (text: string): unknown => JSON.parse(text);
const nullableJson = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

function toRow(row: Selectable<QuotesTable>): QuoteRow {
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
    convertedSale: Number(row.converted_sale) === 1,
    hasPriceBlocks: Number(row.has_price_blocks) === 1,
    estimate: row.estimate === null ? null : v.parse(PropertyEstimateSchema, json(row.estimate)),
    adjustedLotSize: row.adjusted_lot_size === null ? null : Number(row.adjusted_lot_size),
    crmData: row.crm_data === null ? null : v.parse(CrmDataSchema, json(row.crm_data)),
    source: row.source === null ? null : v.parse(MarketingAnswerSchema, json(row.source)),
    referrer: row.referrer,
    additionalSourceInfo: row.additional_source_info,
    salesTaxRate: row.sales_tax_rate === null ? null : Number(row.sales_tax_rate),
    isTest: Number(row.is_test) === 1,
    createdAt: row.created_at,
    attribution: row.attribution === null ? null : v.parse(AttributionSchema, json(row.attribution)),
  };
}

const optionalRow = (row: Selectable<QuotesTable> | undefined): QuoteRow | undefined => (row === undefined ? undefined : toRow(row));


const UnitsSchema = v.picklist(MEASURE_UNITS);
const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;

export function createQuoteStore(db: Kysely<Schema>, dialect: Dialect): QuoteStore {
  const where = (companyId: string, quoteId: string) =>
    db.updateTable("quotes").where("company_id", "=", companyId).where("id", "=", quoteId);
  // JSON is merged in SQL, so two record calls racing each other cannot lose an answer: a
  // top-level merge patch (RFC 7396), where a key patched with null is dropped (a new estimate
  // without a picture drops the old picture). SQLite has it as json_patch; on PostgreSQL it is
  // jsonb || with the patch's non-null keys, minus the keys the patch sets to null.
  const merged = (column: "answers" | "estimate" | "customer", patch: string) =>
    dialect === "sqlite"
      ? sql<string>`json_patch(coalesce(${sql.ref(column)}, '{}'), ${patch})`
      : sql<string>`((coalesce(${sql.ref(column)}, '{}')::jsonb || jsonb_strip_nulls(${patch}::jsonb))
          - ARRAY(SELECT key FROM jsonb_each(${patch}::jsonb) WHERE value = 'null'::jsonb))::text`;

  return {
    find: async (companyId, quoteId) =>
      optionalRow(await db.selectFrom("quotes").selectAll().where("company_id", "=", companyId).where("id", "=", quoteId).executeTakeFirst()),
    findLatestForHousehold: async (companyId, street, postalCode, { phoneNumber, email }) => {
      const rows = await db
        .selectFrom("quotes")
        .selectAll()
        .where("company_id", "=", companyId)
        .where("address_key", "=", addressKey(street, postalCode))
        .orderBy("created_at", "desc")
        .orderBy(insertionOrder(dialect), "desc")
        .limit(200)
        .execute();
      const sameEmail = (known: string | undefined) =>
        email !== undefined && email.trim() !== "" && known !== undefined && known.trim().toLowerCase() === email.trim().toLowerCase();
      return rows.map(toRow).find(({ customer }) => customer.phoneNumber === phoneNumber || sameEmail(customer.email));
    },
    save: async (row) => {
      const values = {
        id: row.id,
        company_id: row.companyId,
        bot_id: row.botId,
        customer: JSON.stringify(row.customer),
        address_key: addressKey(row.customer.address.street, row.customer.address.postalCode),
        crm_id: row.crmId,
        contact_id: row.contactId,
        branch_id: row.branch_id,
        source: nullableJson(row.source),
        referrer: row.referrer,
        additional_source_info: row.additionalSourceInfo,
        sales_tax_rate: row.salesTaxRate,
        service_types: JSON.stringify(row.serviceTypes),
        recommended_programs: JSON.stringify(row.recommendedPrograms),
        answers: JSON.stringify(row.answers),
        last_step_id: null,
        converted_sale: row.convertedSale ? 1 : 0,
        has_price_blocks: row.hasPriceBlocks ? 1 : 0,
        estimate: nullableJson(row.estimate),
        adjusted_lot_size: row.adjustedLotSize,
        crm_data: nullableJson(row.crmData),
        is_test: row.isTest ? 1 : 0,
        created_at: row.createdAt,
        attribution: nullableJson(row.attribution ?? null),
        text_consent: nullableJson(row.textConsent ?? null),
        time_zone: row.timeZone ?? null,
      };
      const { id: _id, ...update } = values;
      await db.insertInto("quotes").values(values).onConflict((oc) => oc.column("id").doUpdateSet(update)).execute();
    },
    mergeAnswers: async (companyId, quoteId, answers, stepId) =>
      changed(
        await where(companyId, quoteId)
          .set({ answers: merged("answers", JSON.stringify(answers)), last_step_id: sql`coalesce(${stepId ?? null}, last_step_id)` })
          .executeTakeFirst(),
      ),
    setLocation: async (companyId, quoteId, { lat, lng }) =>
      changed(await where(companyId, quoteId).set({ customer: merged("customer", JSON.stringify({ lat, lng })) }).executeTakeFirst()),
    // A merge patch: a picture not sent (undefined, dropped by JSON) keeps the stored one.
    setEstimate: async (companyId, quoteId, { estimate, units, measurItImage, measurOutline, aerialImg, streetImg }, adjustedLotSize) =>
      changed(
        await where(companyId, quoteId)
          .set({
            estimate: merged("estimate", JSON.stringify({ estimate, units, measurItImage: measurItImage ?? null, measurOutline: measurOutline ?? null, aerialImg, streetImg })),
            adjusted_lot_size: sql`coalesce(${adjustedLotSize ?? null}, adjusted_lot_size)`,
          })
          .executeTakeFirst(),
      ),
    findMeasurement: async (companyId, quoteId) => {
      const row = await db.selectFrom("quotes").select("estimate").where("company_id", "=", companyId).where("id", "=", quoteId).executeTakeFirst();
      return measurementOf(row?.estimate ?? null);
    },
    findEstimateUnits: async (companyId, quoteId) => {
      const row = await db.selectFrom("quotes").select("estimate").where("company_id", "=", companyId).where("id", "=", quoteId).executeTakeFirst();
      const units: unknown = row?.estimate ? (JSON.parse(row.estimate) as { units?: unknown }).units : undefined;
      return v.is(UnitsSchema, units) ? units : undefined;
    },
    markPriced: async (companyId, quoteId, serviceTypes) =>
      changed(await where(companyId, quoteId).set({ has_price_blocks: 1, service_types: JSON.stringify(serviceTypes) }).executeTakeFirst()),
    setPricing: async (companyId, quoteId, pricing) =>
      changed(await where(companyId, quoteId).set({ pricing: JSON.stringify(pricing) }).executeTakeFirst()),
    findPricing: async (companyId, quoteId) => {
      const row = await db.selectFrom("quotes").select("pricing").where("company_id", "=", companyId).where("id", "=", quoteId).executeTakeFirst();
      return row?.pricing ? v.parse(StoredPricingSchema, JSON.parse(row.pricing)) : undefined;
    },
    updateTextConsent: async (companyId, quoteId, consent, timeZone) =>
      changed(
        await where(companyId, quoteId)
          .set({
            text_consent: sql`coalesce(${consent ? JSON.stringify(consent) : null}, text_consent)`,
            time_zone: sql`coalesce(${timeZone ?? null}, time_zone)`,
          })
          .executeTakeFirst(),
      ),
    findTextConsent: async (companyId, quoteId) => {
      const row = await db.selectFrom("quotes").select(["text_consent", "time_zone"]).where("company_id", "=", companyId).where("id", "=", quoteId).executeTakeFirst();
      if (!row) return undefined;
      return { consent: row.text_consent ? v.parse(StoredTextConsentSchema, json(row.text_consent)) : null, timeZone: row.time_zone ?? null };
    },
  };
}
