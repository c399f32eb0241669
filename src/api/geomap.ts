// The widget's call (ky). The wire's schemas and types: src/contract/geomap.ts, shared with the server.
import * as v from "valibot";
import type { ApiClient } from "./client.ts";
import { type GeomapAnswer, GeomapSchema } from "../contract/geomap.ts";

export type { GeomapAnswer };

export async function searchAddresses(api: ApiClient, queryTerm: string, signal?: AbortSignal, companyId?: string): Promise<GeomapAnswer> {
  const body = await api.post("v1/servman/geomap", { json: { queryTerm, companyId }, signal }).json();
  return v.parse(GeomapSchema, body);
}
