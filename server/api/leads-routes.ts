// GET /v1/company/{companyId}/leads.csv and /leads.json (docs/api.md "Leads export"): the
// company's quotes with contact details, status and amounts, for its CRM or a spreadsheet.
// Only with the company's API key (`Authorization: Bearer <key>`, compared in constant time);
// without it, or for a company without a key, 401 (an unknown company looks the same).
import { Hono, type Context } from "hono";
import { CLICK_ID_KEYS, UTM_KEYS } from "../../src/config/attribution.ts";
import type { LeadRecord } from "../db/leads-store.ts";
import type { RunInTransaction } from "../db/stores.ts";
import { secretsEqual } from "../webhooks/signature.ts";
import { apiError } from "./api-error.ts";

export interface LeadsRoutesDeps {
  transaction: RunInTransaction;
}

type Cell = string | number | boolean | null;

/** The export's columns, in order: one line per column, the same keys in CSV and JSON. */
/** The ad attribution stored with the quote (docs/api.md `attribution`), one column each. */
const ATTRIBUTION_KEYS = [...UTM_KEYS, ...CLICK_ID_KEYS, "referrer", "landingPage"] as const;

export const LEAD_COLUMNS: ReadonlyArray<{ key: string; value: (lead: LeadRecord) => Cell; jsonOnly?: true }> = [
  { key: "quoteId", value: (l) => l.quoteId },
  { key: "botId", value: (l) => l.botId },
  { key: "createdAt", value: (l) => l.createdAt },
  { key: "status", value: (l) => l.status },
  { key: "firstName", value: (l) => l.customer.firstName },
  { key: "lastName", value: (l) => l.customer.lastName },
  { key: "phoneNumber", value: (l) => l.customer.phoneNumber },
  { key: "email", value: (l) => l.customer.email ?? null },
  { key: "street", value: (l) => l.customer.address.street },
  { key: "city", value: (l) => l.customer.address.city },
  { key: "state", value: (l) => l.customer.address.state },
  { key: "postalCode", value: (l) => l.customer.address.postalCode },
  { key: "serviceTypes", value: (l) => l.serviceTypes.join("; ") },
  { key: "amountPaid", value: (l) => l.payment?.amount ?? null },
  { key: "currency", value: (l) => l.payment?.currency ?? null },
  { key: "term", value: (l) => l.payment?.term ?? null },
  { key: "paymentMethod", value: (l) => l.payment?.paymentMethod ?? null },
  { key: "transactionId", value: (l) => l.payment?.transactionId ?? null },
  { key: "paidAt", value: (l) => l.payment?.paidAt ?? null },
  { key: "objectionReason", value: (l) => l.objection?.reason ?? null },
  { key: "objectionComments", value: (l) => l.objection?.comments ?? null },
  { key: "bookedDate", value: (l) => l.booking?.date ?? null },
  ...ATTRIBUTION_KEYS.map((key) => ({ key, value: (l: LeadRecord) => l.attribution?.[key] ?? null })),
  // The lawn as drawn in the measuring tool (issue 33): the figure, its unit, the outline as
  // GeoJSON text, and (JSON only: a spreadsheet cell holds at most 32,767 characters) its picture.
  { key: "lawnMeasured", value: (l) => l.measurement?.value ?? null },
  { key: "lawnMeasuredUnits", value: (l) => l.measurement?.units ?? null },
  { key: "lawnOutline", value: (l) => (l.measurement?.outline ? JSON.stringify(l.measurement.outline) : null) },
  { key: "lawnPicture", value: (l) => l.measurement?.image ?? null, jsonOnly: true },
];

const CSV_COLUMNS = LEAD_COLUMNS.filter((column) => !column.jsonOnly);

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A text starting
 * with = + - @ (or a tab or carriage return) gets a leading ' so a spreadsheet shows it as
 * text instead of running it as a formula.
 */
export function csvCell(value: Cell): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function leadsCsv(leads: readonly LeadRecord[]): string {
  const lines = [CSV_COLUMNS.map((column) => csvCell(column.key)), ...leads.map((lead) => CSV_COLUMNS.map((column) => csvCell(column.value(lead))))];
  return lines.map((cells) => cells.join(",")).join("\r\n") + "\r\n";
}

export function createLeadsRoutes(deps: LeadsRoutesDeps): Hono {
  const routes = new Hono();

  async function authorised(c: Context, companyId: string): Promise<LeadRecord[] | Response> {
    const match = /^Bearer (\S{1,500})$/.exec(c.req.header("Authorization") ?? "");
    const refuse = () => {
      c.header("WWW-Authenticate", 'Bearer realm="leads"');
      return apiError(c, 401, "A valid API key is required: Authorization: Bearer <the company's apiKey>");
    };
    if (!match?.[1]) return refuse();
    const given = match[1];
    return deps.transaction(async (tx) => {
      const settings = await tx.outbox.findSettings(companyId);
      // Compared even when the company has no key, so the answer's time says nothing of it.
      const ok = secretsEqual(given, settings?.apiKey ?? "\u0000no key") && Boolean(settings?.apiKey);
      return ok ? tx.leads.list(companyId) : refuse();
    });
  }

  routes.get("/v1/company/:companyId/leads.csv", async (c) => {
    const companyId = c.req.param("companyId");
    const leads = await authorised(c, companyId);
    if (leads instanceof Response) return leads;
    return c.body(leadsCsv(leads), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${companyId.replace(/[^a-z0-9-]/g, "")}-leads.csv"`,
      "Cache-Control": "no-store",
    });
  });

  routes.get("/v1/company/:companyId/leads.json", async (c) => {
    const companyId = c.req.param("companyId");
    const leads = await authorised(c, companyId);
    if (leads instanceof Response) return leads;
    c.header("Cache-Control", "no-store");
    return c.json({ companyId, leads: leads.map((lead) => Object.fromEntries(LEAD_COLUMNS.map((column) => [column.key, column.value(lead)]))) });
  });

  return routes;
}
