// A company's customers in the store: the returning-visitor lookup by phone and the CRM
// record the previous-quote check and quote start read.
import type { Kysely, Selectable } from "kysely";
import * as v from "valibot";
import { PropertyEstimateSchema } from "../../src/contract/customer-lookup.ts";
import { CrmDataSchema, PostalAddressSchema, type CrmData, type Customer } from "../../src/contract/shared-schemas.ts";
import { addressKey } from "./address-key.ts";
import { insertionOrder } from "./company-store.ts";
import type { Dialect } from "./migrations.ts";
import type { CustomersTable, Schema } from "./schema.ts";

export type PropertyEstimate = v.InferOutput<typeof PropertyEstimateSchema>;

export interface CustomerRow {
  companyId: string;
  customer: Customer;
  /** The property's size and pictures, when the company's records hold them. */
  estimate: PropertyEstimate | null;
  /** The customer's latest quote. */
  quoteId: string | null;
  /** The CRM's customer id, when the company uses a CRM. */
  crmId: string | null;
  crmData: CrmData | null;
}

export interface CustomerStore {
  findByPhone(companyId: string, phoneNumber: string): Promise<CustomerRow | undefined>;
  /** A customer with this phone, else one at this address (street and postal code). */
  findByPhoneOrAddress(companyId: string, phoneNumber: string, street: string, postalCode: string): Promise<CustomerRow | undefined>;
  /** Points the customer's record at a newer quote of theirs; nothing else changes. */
  setLatestQuote(companyId: string, phoneNumber: string, quoteId: string): Promise<void>;
  /** Inserts or replaces the customer of (companyId, phone number). */
  save(row: CustomerRow): Promise<void>;
}

// Rows were validated on the way in; parsing again on the way out turns a hand-edited
// store into a clear error instead of a response the widget would reject.
function toRow(row: Selectable<CustomersTable>): CustomerRow {
  const customer: Customer = {
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    address: v.parse(PostalAddressSchema, JSON.parse(row.address)),
  };
  if (row.email !== null) customer.email = row.email;
  if (row.lat !== null) customer.lat = Number(row.lat);
  if (row.lng !== null) customer.lng = Number(row.lng);
  return {
    companyId: row.company_id,
    customer,
    estimate: row.estimate === null ? null : v.parse(PropertyEstimateSchema, JSON.parse(row.estimate)),
    quoteId: row.quote_id,
    crmId: row.crm_id,
    crmData: row.crm_data === null ? null : v.parse(CrmDataSchema, JSON.parse(row.crm_data)),
  };
}

const COLUMNS = [
  "company_id",
  "phone_number",
  "first_name",
  "last_name",
  "email",
  "address",
  "address_key",
  "lat",
  "lng",
  "estimate",
  "quote_id",
  "crm_id",
  "crm_data",
  "updated_at",
] as const;

export function createCustomerStore(db: Kysely<Schema>, dialect: Dialect): CustomerStore {
  const findByPhone = async (companyId: string, phoneNumber: string) => {
    const row = await db
      .selectFrom("customers")
      .select(COLUMNS)
      .where("company_id", "=", companyId)
      .where("phone_number", "=", phoneNumber)
      .executeTakeFirst();
    return row && toRow(row);
  };

  return {
    findByPhone,
    findByPhoneOrAddress: async (companyId, phoneNumber, street, postalCode) => {
      const byPhone = await findByPhone(companyId, phoneNumber);
      if (byPhone) return byPhone;
      const row = await db
        .selectFrom("customers")
        .select(COLUMNS)
        .where("company_id", "=", companyId)
        .where("address_key", "=", addressKey(street, postalCode))
        .orderBy("updated_at", "desc")
        .orderBy(insertionOrder(dialect), "desc")
        .limit(1)
        .executeTakeFirst();
      return row && toRow(row);
    },
    setLatestQuote: async (companyId, phoneNumber, quoteId) => {
      await db
        .updateTable("customers")
        .set({ quote_id: quoteId, updated_at: new Date().toISOString() })
        .where("company_id", "=", companyId)
        .where("phone_number", "=", phoneNumber)
        .execute();
    },
    save: async ({ companyId, customer, estimate, quoteId, crmId, crmData }) => {
      const values = {
        company_id: companyId,
        phone_number: customer.phoneNumber,
        first_name: customer.firstName,
        last_name: customer.lastName,
        email: customer.email ?? null,
        address: JSON.stringify(customer.address),
        lat: customer.lat ?? null,
        lng: customer.lng ?? null,
        estimate: estimate === null ? null : JSON.stringify(estimate),
        quote_id: quoteId,
        crm_id: crmId,
        crm_data: crmData === null ? null : JSON.stringify(crmData),
        address_key: addressKey(customer.address.street, customer.address.postalCode),
        updated_at: new Date().toISOString(),
      };
      const { company_id: _company, phone_number: _phone, ...update } = values;
      await db
        .insertInto("customers")
        .values(values)
        .onConflict((oc) => oc.columns(["company_id", "phone_number"]).doUpdateSet(update))
        .execute();
    },
  };
}
