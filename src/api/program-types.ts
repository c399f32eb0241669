// The widget's call (ky). The wire's schemas and types: src/contract/program-types.ts, shared with the server.
import * as v from "valibot";
import { checkUrl } from "../config/safe-url.ts";
import { devOriginsAllowed } from "../payments/dev-origins.ts";
import type { ApiClient } from "./client.ts";
import { type ProgramType, ProgramTypesSchema } from "../contract/program-types.ts";

export async function fetchProgramTypes(api: ApiClient, companyId: string, botId: string): Promise<ProgramType[]> {
  try {
    const body = await api.get("v2/program-types", { searchParams: { companyId, botId } }).json();
    return v.parse(ProgramTypesSchema, body).map(withSafeIcon);
  } catch (error) {
    console.error("[quote-assistant] program types failed", error);
    return [];
  }
}

/** An icon URL that breaks the rules of src/config/safe-url.ts (https only) is dropped and logged. */
function withSafeIcon(program: ProgramType): ProgramType {
  if (program.icon === undefined) return program;
  const check = checkUrl(program.icon, { kind: "https" }, { devOrigins: devOriginsAllowed() });
  if (check.ok) return { ...program, icon: check.url };
  console.error(`[quote-assistant] configuration error: program "${program.name}" icon ${check.reason}; it is ignored`);
  const { icon: _dropped, ...rest } = program;
  return rest;
}
