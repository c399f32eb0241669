// The CRM port (issue 28): what the server asks of a company's customer-management system
// (crmSolution real-green or servman, SPEC §1): the CRM's ids of a customer starting a quote,
// and a ServMan account's catalogue (branches, service categories and problems, technicians
// and their windows) for scheduling. The demo wires its simulated CRM (demo-site/crm/);
// production has no CRM adapter yet, so the port is off: a company configured for a CRM gets
// a configuration error (start-up log, admin API), and its visitors the fallbacks (no CRM ids;
// ServMan scheduling ends at 'call the office', SPEC §2/§5).
import * as v from "valibot";
import { CRM_SOLUTIONS } from "../../src/config/company-config.ts";
import type { ServmanCatalog } from "../servman/catalog.ts";

export type CrmSolution = (typeof CRM_SOLUTIONS)[number];

export interface CrmIds {
  crmId: string | null;
  contactId: string | null;
  branch_id: string | null;
}

export const NO_CRM_IDS: CrmIds = { crmId: null, contactId: null, branch_id: null };

export interface CrmPort {
  /** What it is, for the start-up log ("off" when none). */
  readonly name: string;
  /** The CRMs it connects to; a company on another gets the fallbacks. */
  readonly solutions: ReadonlySet<CrmSolution>;
  /** The CRM's ids of the customer with this phone number; `knownCrmId` (the company's record of them) wins. */
  customerIds(companyId: string, crm: CrmSolution, phoneNumber: string, knownCrmId: string | null): Promise<CrmIds>;
  /** The company's ServMan account, or undefined when it has none. */
  servmanAccount(companyId: string): Promise<ServmanCatalog | undefined>;
}

export const CRM_OFF: CrmPort = {
  name: "off",
  solutions: new Set(),
  // The company's own record of the customer still names them; the CRM's other ids are unknown.
  customerIds: async (_companyId, _crm, _phone, knownCrmId) => ({ ...NO_CRM_IDS, crmId: knownCrmId }),
  servmanAccount: async () => undefined,
};

const StoredCrmSchema = v.object({ crmSolution: v.optional(v.nullable(v.picklist(CRM_SOLUTIONS))) });

/** The CRM named by a stored configuration (JSON text), or null. */
export function crmSolutionOf(configJson: string): CrmSolution | null {
  const result = v.safeParse(StoredCrmSchema, JSON.parse(configJson));
  return result.success ? (result.output.crmSolution ?? null) : null;
}

/** What a configuration (JSON text) needs of the CRM port that it does not have, as sentences; [] when nothing. */
export function crmConfigurationErrors(configJson: string, crm: Pick<CrmPort, "solutions">): string[] {
  const solution = crmSolutionOf(configJson);
  if (solution === null || crm.solutions.has(solution)) return [];
  const fallback = solution === "servman" ? "visitors are asked to call the office instead of scheduling" : "quotes carry no CRM customer, and the CRM's payment frame is refused";
  return [`crmSolution "${solution}" needs a ${solution === "servman" ? "ServMan" : "Real Green"} connection, which this server does not have: ${fallback}`];
}
