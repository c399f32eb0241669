// The widget's call (ky). The wire's schemas and types: src/contract/customer-lookup.ts, shared with the server.
import * as v from "valibot";
import type { ApiClient } from "./client.ts";
import { type CustomerLookup, CustomerLookupSchema, NOT_FOUND } from "../contract/customer-lookup.ts";

export async function lookupCustomer(api: ApiClient, companyId: string, phonenumber: string): Promise<CustomerLookup> {
  const response = await api.get(`v1/company/${encodeURIComponent(companyId)}/customer/lookup`, {
    searchParams: { phonenumber },
    throwHttpErrors: false,
  });
  if (response.status === 404 || response.status === 429) return NOT_FOUND;
  if (!response.ok) throw new Error(`customer lookup failed with HTTP ${response.status}`);
  return v.parse(CustomerLookupSchema, await response.json());
}
