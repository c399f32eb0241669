// The widget's call (ky). The wire's schemas and types: src/contract/servman-order.ts, shared with the server.
import { v } from "../flow/shared-pure.ts";
import type { ApiClient } from "./client.ts";
import { type ServmanOrder, type ServmanOrderBody, ServmanOrderResponseSchema } from "../contract/servman-order.ts";

export async function createServiceOrder(api: ApiClient, body: ServmanOrderBody): Promise<ServmanOrder> {
  return v.parse(ServmanOrderResponseSchema, await api.post("v1/servman/order", { json: body }).json()).data[0]!;
}
