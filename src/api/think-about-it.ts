// The widget's call (ky). The wire's schemas and types: src/contract/think-about-it.ts, shared with the server.
import * as v from "valibot";
import { OkSchema } from "../contract/quote-record.ts";
import type { ApiClient } from "./client.ts";
import type { ThinkAboutItBody } from "../contract/think-about-it.ts";

export async function postThinkAboutIt(
  api: ApiClient,
  path: { companyId: string; botId: string },
  body: ThinkAboutItBody,
  /** The same for every retry of this lead: the backend keeps one (docs/api.md). */
  idempotencyKey: string,
  salesCenter?: boolean,
): Promise<void> {
  const [url, json] = salesCenter
    ? ["v1/sales-center/lead", { ...path, ...body }]
    : [`v1/company/${encodeURIComponent(path.companyId)}/${encodeURIComponent(path.botId)}/thinkaboutit`, body];
  v.parse(OkSchema, await api.post(url, { json, headers: { "Idempotency-Key": idempotencyKey } }).json());
}
