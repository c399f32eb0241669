// The widget's call (ky). The wire's schemas and types: src/contract/tax.ts, shared with the server.
import * as v from "valibot";
import type { ApiClient } from "./client.ts";
import { type TaxQuery, TaxResponseSchema, taxFractionToPercent } from "../contract/tax.ts";

/** The tax in percent, rounded to 4 decimals; null when unknown or the call failed. */
export async function fetchTaxPercent(api: ApiClient, query: TaxQuery): Promise<number | null> {
  try {
    const searchParams = Object.fromEntries(Object.entries(query).filter((e): e is [string, string] => !!e[1]));
    const { tax } = v.parse(TaxResponseSchema, await api.get("v1/tax", { searchParams }).json());
    if (tax < 0) {
      console.warn("[quote-assistant] tax unknown for this address; keeping the company's tax");
      return null;
    }
    return taxFractionToPercent(tax);
  } catch (error) {
    console.error("[quote-assistant] tax lookup failed", error);
    return null;
  }
}
