// The demo's CRM behind the server's CRM port (server/ports/crm.ts). The demo has no CRM, so
// companies that name one (real-green, servman) get stable, CRM-looking ids derived from the
// phone number, and the ServMan company its simulated account (servman-catalog.ts).
import type { CrmIds, CrmPort, CrmSolution } from "../../server/ports/crm.ts";
import { findServmanCatalog } from "./servman-catalog.ts";

const PREFIXES: Record<CrmSolution, string> = { "real-green": "RG", servman: "SM" };

/** `knownCrmId` (a CRM record's own id) wins over a derived one. */
export function simulatedCrmIds(crm: CrmSolution, phoneNumber: string, knownCrmId?: string | null): CrmIds {
  const prefix = PREFIXES[crm];
  // The last seven digits are unique within a company's demo customers and look like a CRM number.
  const crmId = knownCrmId ?? `${prefix}-${Number(phoneNumber.slice(-7))}`;
  return { crmId, contactId: `${crmId}-C1`, branch_id: `${prefix}-BR1` };
}

export const SIMULATED_CRM: CrmPort = {
  name: "simulated (demo)",
  solutions: new Set<CrmSolution>(["real-green", "servman"]),
  customerIds: async (_companyId, crm, phoneNumber, knownCrmId) => simulatedCrmIds(crm, phoneNumber, knownCrmId),
  servmanAccount: async (companyId) => findServmanCatalog(companyId),
};
