// The widget's call (ky). The wire's schemas and types: src/contract/property-estimate.ts, shared with the server.
import * as v from "valibot";
import type { ApiClient } from "./client.ts";
import { type EstimateSource, type PropertyEstimateQuery, type PropertyEstimateResponse, PropertyEstimateResponseSchema } from "../contract/property-estimate.ts";

/** The estimate; null when the source has no data for the address (404); "unavailable" when its provider did not answer (503). */
export async function fetchPropertyEstimate(
  api: ApiClient,
  source: EstimateSource,
  query: PropertyEstimateQuery,
): Promise<PropertyEstimateResponse | null | "unavailable"> {
  const searchParams: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) searchParams[key] = value;
  const response = await api.get(`v1/property/estimate/${source}`, { searchParams, throwHttpErrors: false });
  if (response.status === 404) return null;
  if (response.status === 503) return "unavailable";
  if (!response.ok) throw new Error(`property estimate failed with HTTP ${response.status}`);
  return v.parse(PropertyEstimateResponseSchema, await response.json());
}
