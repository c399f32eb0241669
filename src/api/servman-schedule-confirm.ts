// The widget's call (ky). The wire's schemas and types: src/contract/servman-schedule-confirm.ts, shared with the server.
import type { ApiClient } from "./client.ts";
import type { ServmanConfirmBody } from "../contract/servman-schedule-confirm.ts";

export type ConfirmOutcome = "confirmed" | "taken";

export async function confirmTimeSlot(api: ApiClient, body: ServmanConfirmBody): Promise<ConfirmOutcome> {
  const response = await api.post("v1/servman/schedule/confirm", { json: body, throwHttpErrors: false });
  if (response.status === 409) return "taken";
  if (response.status !== 200) throw new Error(`servman confirm failed with HTTP ${response.status}`);
  return "confirmed";
}
