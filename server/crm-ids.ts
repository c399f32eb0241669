// The ids a company's CRM would give a customer. The demo has no CRM, so companies that
// name one (real-green, servman) get stable, CRM-looking ids derived from the phone
// number; companies without a CRM get none, as a real backend would answer.
import * as v from "valibot";
import { CRM_SOLUTIONS } from "../src/config/company-config.ts";

export type CrmSolution = (typeof CRM_SOLUTIONS)[number];

export interface CrmIds {
  crmId: string | null;
  contactId: string | null;
  branch_id: string | null;
}

const NO_CRM: CrmIds = { crmId: null, contactId: null, branch_id: null };
const PREFIXES: Record<CrmSolution, string> = { "real-green": "RG", servman: "SM" };

const StoredCrmSchema = v.object({ crmSolution: v.optional(v.nullable(v.picklist(CRM_SOLUTIONS))) });

/** The CRM named by a stored configuration (JSON text), or null. */
export function crmSolutionOf(configJson: string): CrmSolution | null {
  const result = v.safeParse(StoredCrmSchema, JSON.parse(configJson));
  return result.success ? (result.output.crmSolution ?? null) : null;
}

/** `knownCrmId` (a CRM record's own id) wins over a derived one. */
export function crmIdsFor(crm: CrmSolution | null, phoneNumber: string, knownCrmId?: string | null): CrmIds {
  if (crm === null) return NO_CRM;
  const prefix = PREFIXES[crm];
  // The last seven digits are unique within a company's demo customers and look like a CRM number.
  const crmId = knownCrmId ?? `${prefix}-${Number(phoneNumber.slice(-7))}`;
  return { crmId, contactId: `${crmId}-C1`, branch_id: `${prefix}-BR1` };
}
