// The console's leads (issue 24): the inbox (searched and filtered, with resume links), its CSV,
// a lead's page, the staff's status and notes on it, and the funnel. Every call is scoped to
// the session's company: another company's quote is a 404, like a missing one; preview
// traffic is never a lead. Registered by console-routes.ts behind its session and CSRF checks.
import type { Context, Hono } from "hono";
import * as v from "valibot";
import { apiError } from "../api/api-error.ts";
import { readBody } from "../api/request-body.ts";
import { issueResumeToken, resumeUrl } from "../api/resume-routes.ts";
import { leadsCsv } from "../api/leads-routes.ts";
import { amountPricerFor } from "./lead-summary.ts";
import type { InboxLead, LeadFilter } from "./console-store.ts";
import { LEAD_STATUSES, STAFF_LEAD_STATUSES, type LeadStatus } from "../../src/contract/console.ts";
import type { ConsoleEnv, ConsoleRoutesDeps } from "./types.ts";
import type { FollowUpRow } from "../follow-ups/follow-up-store.ts";

type Env = ConsoleEnv;

const StatusBody = v.object({ status: v.picklist(STAFF_LEAD_STATUSES) });
const NoteBody = v.object({ body: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(4000)) });
const Day = v.pipe(v.string(), v.regex(/^\d{4}-\d{2}-\d{2}$/));
const LeadQuery = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(200))),
  status: v.optional(v.picklist([...LEAD_STATUSES, ""])),
  source: v.optional(v.pipe(v.string(), v.maxLength(200))),
  from: v.optional(v.union([Day, v.literal("")])),
  to: v.optional(v.union([Day, v.literal("")])),
});


const digitsOf = (text: string) => text.replace(/\D/g, "");

/** The inbox's search and filters (the date range is applied in the query). */
export function matchesLead(lead: InboxLead, query: { q?: string | undefined; status?: string | undefined; source?: string | undefined }): boolean {
  if (query.status && lead.status !== (query.status as LeadStatus)) return false;
  if (query.source && lead.source !== query.source) return false;
  const q = query.q?.trim().toLowerCase();
  if (!q) return true;
  const text = [lead.firstName, lead.lastName, `${lead.firstName} ${lead.lastName}`, lead.email ?? "", lead.address].join("\n").toLowerCase();
  if (text.includes(q)) return true;
  const digits = digitsOf(q);
  return digits.length >= 3 && digitsOf(lead.phoneNumber).includes(digits);
}


const publicLead = ({ record: _record, ...lead }: InboxLead) => lead;

/**
 * A follow-up as the lead's page shows it (issue 34): never its recipient (the page shows the
 * lead's phone and e-mail already), and the recipient taken out of an outcome a provider's
 * error may have quoted it in.
 */
export const publicFollowUp = (row: FollowUpRow) => ({
  step: row.step,
  channel: row.channel,
  state: row.state,
  dueAt: row.dueAt,
  sentAt: row.sentAt,
  deliveryStatus: row.deliveryStatus,
  outcome: row.outcome && row.recipient ? row.outcome.split(row.recipient).join("…") : row.outcome,
});

export function registerLeadRoutes(app: Hono<Env>, deps: Pick<ConsoleRoutesDeps, "stores" | "companies" | "resumeLinks">, now: () => Date): void {
  const pricerFor = (companyId: string) => amountPricerFor(deps.companies, deps.stores.taxRates, companyId);

  async function listLeads(c: Context<Env>) {
    const raw = c.req.query();
    const parsed = v.safeParse(LeadQuery, raw);
    if (!parsed.success) return { error: apiError(c, 400, `Invalid query: ${parsed.issues[0].message}`) } as const;
    const query = parsed.output;
    const filter: LeadFilter = { ...(query.from ? { from: query.from } : {}), ...(query.to ? { to: query.to } : {}) };
    const companyId = c.get("session").staff.companyId;
    const all = await deps.stores.console.inbox(companyId, filter, now(), pricerFor(companyId));
    return { all, shown: all.filter((lead) => matchesLead(lead, query)) } as const;
  }

  const resumeLinkOf = async (companyId: string, lead: InboxLead) => {
    const links = deps.resumeLinks;
    if (!links) return null;
    const token = await issueResumeToken(links.secret, companyId, lead.quoteId, now());
    return resumeUrl(token, lead.attribution?.landingPage, links.sites) ?? null;
  };

  app.get("/console/api/leads", async (c) => {
    const result = await listLeads(c);
    if ("error" in result) return result.error;
    const companyId = c.get("session").staff.companyId;
    const shown = await Promise.all(result.shown.slice(0, 500).map(async (lead) => ({ ...publicLead(lead), resumeUrl: await resumeLinkOf(companyId, lead) })));
    return c.json({ leads: shown, total: result.shown.length, sources: [...new Set(result.all.map((lead) => lead.source))].sort() });
  });

  app.get("/console/api/leads.csv", async (c) => {
    const result = await listLeads(c);
    if ("error" in result) return result.error;
    return c.body(leadsCsv(result.shown.map((lead) => lead.record)), 200, {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="leads.csv"',
    });
  });

  app.get("/console/api/leads/:quoteId", async (c) => {
    const companyId = c.get("session").staff.companyId;
    const quoteId = c.req.param("quoteId");
    const quote = await deps.stores.quotes.find(companyId, quoteId);
    if (!quote || quote.isTest) return apiError(c, 404, "No such lead");
    const inbox = await deps.stores.console.inbox(companyId, { from: quote.createdAt.slice(0, 10), to: quote.createdAt.slice(0, 10) }, now(), pricerFor(companyId));
    const lead = inbox.find((row) => row.quoteId === quoteId);
    if (!lead) return apiError(c, 404, "No such lead");
    const pricing = await deps.stores.quotes.findPricing(companyId, quoteId);
    // The lawn as the homeowner drew it in the measuring tool: its figure, picture and outline.
    const measurement = await deps.stores.quotes.findMeasurement(companyId, quoteId);
    return c.json({
      measurement,
      lead: { ...publicLead(lead), resumeUrl: await resumeLinkOf(companyId, lead) },
      answers: quote.answers,
      conversation: await deps.stores.resume.findConversation(companyId, quoteId),
      prices: (pricing?.blocks ?? []).filter((block) => block.isUpsell).map((block) => ({ id: block.id, serviceName: block.serviceName, serviceType: block.serviceType })),
      payments: await deps.stores.console.payments(companyId, quoteId),
      objection: lead.record.objection,
      booking: lead.record.booking,
      deliveries: await deps.stores.console.deliveries(companyId, quoteId),
      followUps: (await deps.stores.followUps.forQuote(companyId, quoteId)).map(publicFollowUp),
      notes: await deps.stores.console.notes(companyId, quoteId),
    });
  });

  /** The quote, when it is this session's company's; else the same 404 as a missing one. */
  const ownLead = async (c: Context<Env>) => {
    const quote = await deps.stores.quotes.find(c.get("session").staff.companyId, c.req.param("quoteId") ?? "");
    return quote && !quote.isTest ? quote : undefined;
  };

  app.post("/console/api/leads/:quoteId/status", async (c) => {
    const read = await readBody(c, StatusBody);
    if (!read.ok) return read.response;
    const quote = await ownLead(c);
    if (!quote) return apiError(c, 404, "No such lead");
    const session = c.get("session");
    await deps.stores.console.setStaffStatus(session.staff.companyId, quote.id, read.body.status, session.staff.email, now());
    return c.json({ ok: true, status: read.body.status });
  });

  app.post("/console/api/leads/:quoteId/notes", async (c) => {
    const read = await readBody(c, NoteBody);
    if (!read.ok) return read.response;
    const quote = await ownLead(c);
    if (!quote) return apiError(c, 404, "No such lead");
    const session = c.get("session");
    return c.json(await deps.stores.console.addNote(session.staff.companyId, quote.id, session.staff.email, read.body.body, now()), 201);
  });

  app.get("/console/api/funnel", async (c) => {
    const parsed = v.safeParse(v.object({ from: v.optional(v.union([Day, v.literal("")])), to: v.optional(v.union([Day, v.literal("")])) }), c.req.query());
    if (!parsed.success) return apiError(c, 400, `Invalid query: ${parsed.issues[0].message}`);
    const filter: LeadFilter = { ...(parsed.output.from ? { from: parsed.output.from } : {}), ...(parsed.output.to ? { to: parsed.output.to } : {}) };
    const companyId = c.get("session").staff.companyId;
    const inbox = await deps.stores.console.inbox(companyId, filter, now(), async () => undefined);
    return c.json({ rows: await deps.stores.console.funnel(companyId, filter, inbox) });
  });
}
