// The widget's call (ky). The wire's schemas and types: src/contract/servman-availability.ts, shared with the server.
import { v } from "../flow/shared-pure.ts";
import type { ApiClient } from "./client.ts";
import { type ServmanAvailabilityQuery, ServmanAvailabilitySchema } from "../contract/servman-availability.ts";

/** The days of `query.month` with a free window. */
export async function fetchOpenDays(api: ApiClient, query: ServmanAvailabilityQuery, signal?: AbortSignal): Promise<string[]> {
  const body = await api.get("v1/servman/schedule/availability", { searchParams: query, signal }).json();
  return v.parse(ServmanAvailabilitySchema, body).data;
}
