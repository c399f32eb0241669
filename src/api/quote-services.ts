// The widget's call (ky). The wire's schemas and types: src/contract/quote-services.ts, shared with the server.
import * as v from "valibot";
import type { ApiClient } from "./client.ts";
import { type PriceBlock, PriceBlocksSchema, type ServicesBody } from "../contract/quote-services.ts";

export type PriceBlocksResult = { status: "ok"; blocks: PriceBlock[] } | { status: "too-big" };

/**
 * SPEC §7: a 404 means the property cannot be priced (sqft-too-big); any other failure is
 * logged and gives an empty list.
 */
export async function fetchPriceBlocks(api: ApiClient, body: ServicesBody): Promise<PriceBlocksResult> {
  try {
    const response = await api.post("v1/rtp/quote/services", { json: body, throwHttpErrors: false });
    if (response.status === 404) return { status: "too-big" };
    if (!response.ok) throw new Error(`prices failed with HTTP ${response.status}`);
    return { status: "ok", blocks: v.parse(PriceBlocksSchema, await response.json()) };
  } catch (error) {
    console.error("[quote-assistant] prices failed", error);
    return { status: "ok", blocks: [] };
  }
}
