// A company's customers in the demo store: the returning-visitor lookup by phone and the
// CRM record the previous-quote check and quote start read.
import * as v from "valibot";
import { PropertyEstimateSchema } from "../../src/api/customer-lookup.ts";
import { CrmDataSchema, PostalAddressSchema, type CrmData, type Customer } from "../../src/api/shared-schemas.ts";
import { addressKey } from "./address-key.ts";
import type { DemoDatabase } from "./database.ts";

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
  findByPhone(companyId: string, phoneNumber: string): CustomerRow | undefined;
  /** A customer with this phone, else one at this address (street and postal code). */
  findByPhoneOrAddress(companyId: string, phoneNumber: string, street: string, postalCode: string): CustomerRow | undefined;
  /** Inserts or replaces the customer of (companyId, phone number). */
  save(row: CustomerRow): void;
}

interface RawRow {
  company_id: string;
  phone_number: string;
  first_name: string;
  last_name: string;
  email: string | null;
  address: string;
  lat: number | null;
  lng: number | null;
  estimate: string | null;
  quote_id: string | null;
  crm_id: string | null;
  crm_data: string | null;
}

// Rows were validated on the way in; parsing again on the way out turns a hand-edited
// store file into a clear error instead of a response the widget would reject.
function toRow(raw: unknown): CustomerRow {
  const row = raw as RawRow;
  const customer: Customer = {
    firstName: row.first_name,
    lastName: row.last_name,
    phoneNumber: row.phone_number,
    address: v.parse(PostalAddressSchema, JSON.parse(row.address)),
  };
  if (row.email !== null) customer.email = row.email;
  if (row.lat !== null) customer.lat = row.lat;
  if (row.lng !== null) customer.lng = row.lng;
  return {
    companyId: row.company_id,
    customer,
    estimate: row.estimate === null ? null : v.parse(PropertyEstimateSchema, JSON.parse(row.estimate)),
    quoteId: row.quote_id,
    crmId: row.crm_id,
    crmData: row.crm_data === null ? null : v.parse(CrmDataSchema, JSON.parse(row.crm_data)),
  };
}

const COLUMNS =
  "company_id, phone_number, first_name, last_name, email, address, lat, lng, estimate, quote_id, crm_id, crm_data";

export function createCustomerStore(db: DemoDatabase): CustomerStore {
  const selectByPhone = db.prepare(`SELECT ${COLUMNS} FROM customers WHERE company_id = ? AND phone_number = ?`);
  const selectByAddress = db.prepare(
    `SELECT ${COLUMNS} FROM customers WHERE company_id = ? AND address_key = ? ORDER BY updated_at DESC, rowid DESC LIMIT 1`,
  );
  const upsert = db.prepare(
    `INSERT INTO customers (${COLUMNS}, address_key, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (company_id, phone_number) DO UPDATE SET
       first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email,
       address = excluded.address, lat = excluded.lat, lng = excluded.lng, estimate = excluded.estimate,
       quote_id = excluded.quote_id, crm_id = excluded.crm_id, crm_data = excluded.crm_data,
       address_key = excluded.address_key, updated_at = excluded.updated_at`,
  );

  const findByPhone = (companyId: string, phoneNumber: string) => {
    const raw: unknown = selectByPhone.get(companyId, phoneNumber);
    return raw === undefined ? undefined : toRow(raw);
  };

  return {
    findByPhone,
    findByPhoneOrAddress: (companyId, phoneNumber, street, postalCode) => {
      const byPhone = findByPhone(companyId, phoneNumber);
      if (byPhone) return byPhone;
      const raw: unknown = selectByAddress.get(companyId, addressKey(street, postalCode));
      return raw === undefined ? undefined : toRow(raw);
    },
    save: ({ companyId, customer, estimate, quoteId, crmId, crmData }) => {
      upsert.run(
        companyId,
        customer.phoneNumber,
        customer.firstName,
        customer.lastName,
        customer.email ?? null,
        JSON.stringify(customer.address),
        customer.lat ?? null,
        customer.lng ?? null,
        estimate === null ? null : JSON.stringify(estimate),
        quoteId,
        crmId,
        crmData === null ? null : JSON.stringify(crmData),
        addressKey(customer.address.street, customer.address.postalCode),
        new Date().toISOString(),
      );
    },
  };
}
