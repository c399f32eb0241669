// The widget's call (ky). The wire's schemas and types: src/contract/servman-info.ts, shared with the server.
import { v } from "../flow/shared-pure.ts";
import type { ApiClient } from "./client.ts";
import { type ServmanCategory, type ServmanInfoBody, ServmanInfoSchema } from "../contract/servman-info.ts";

export async function fetchServiceCategories(api: ApiClient, body: ServmanInfoBody): Promise<ServmanCategory[]> {
  return v.parse(ServmanInfoSchema, await api.post("v1/servman/info", { json: body }).json()).data;
}
