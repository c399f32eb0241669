// The conversation the server keeps and the way back to it (issue 14 §5, issue 12; docs/api.md
// "Resume links"): POST /v1/quote/conversation saves the widget's snapshot with the quote's
// token; POST /v1/quote/resume (GET with ?token=) answers a resume link's token, or the quote's
// own token, with the snapshot, whether the quote was paid, and a token for this device.
// Resume lookups are rate-limited like the other lookups (rate-limits.ts).
import type { Context } from "hono";
import { Hono } from "hono";
import * as v from "valibot";
import { ConversationBodySchema, ResumeAnswerSchema, ResumeBodySchema } from "../../src/contract/quote-resume.ts";
import { OkSchema } from "../../src/contract/quote-record.ts";
import type { PaymentStore } from "../db/payment-store.ts";
import type { QuoteStore } from "../db/quote-store.ts";
import type { QuoteTokenStore } from "../db/quote-token-store.ts";
import type { ResumeStore } from "../db/resume-store.ts";
import { signResumeToken, verifyResumeToken } from "../resume/resume-token.ts";
import { apiError } from "./api-error.ts";
import type { Limiter } from "./rate-limits.ts";
import { jsonBody, sendParsed } from "./request-body.ts";

export interface ResumeRoutesDeps {
  quotes: QuoteStore;
  quoteTokens: QuoteTokenStore;
  resume: ResumeStore;
  /** Whether a quote was paid; without it every quote reads as unpaid. */
  payments?: Pick<PaymentStore, "findPaidPayment">;
  limiter: Limiter;
  /** The key resume links are signed with. */
  secret: () => Promise<string>;
  now?: () => Date;
}

export const RESUME_LINK_REFUSED = "This resume link has expired or is not valid";

/**
 * The page a resume link opens: `page` (where the quote started) with `?qa_resume=`, when its
 * origin is one of `sites`; otherwise the first of `sites` (the company's site); none: no link.
 * Never any other origin: a link in a company's e-mail cannot send its customer elsewhere.
 */
export function resumeUrl(token: string, page: string | null | undefined, sites: readonly string[]): string | undefined {
  let url: URL | undefined;
  try {
    if (page && sites.includes(new URL(page).origin)) url = new URL(page);
  } catch {
    url = undefined;
  }
  if (!url && sites[0]) url = new URL("/", sites[0]);
  if (!url) return undefined;
  url.search = "";
  url.hash = "";
  url.searchParams.set("qa_resume", token);
  return url.href;
}

/** The resume link's token for a started quote (signed now, valid 30 days). */
export async function issueResumeToken(secret: () => Promise<string>, companyId: string, quoteId: string, now = new Date()): Promise<string> {
  return signResumeToken(await secret(), companyId, quoteId, now);
}

export function createResumeRoutes(deps: ResumeRoutesDeps): Hono {
  const routes = new Hono();
  const now = deps.now ?? (() => new Date());

  routes.post("/v1/quote/conversation", jsonBody(ConversationBodySchema), async (c) => {
    const { companyId, quoteId, quoteToken, conversation } = c.req.valid("json");
    const notFound = () => apiError(c, 404, `No quote "${quoteId}" for company "${companyId}"`);
    if (!(await deps.quoteTokens.verify(companyId, quoteId, quoteToken))) return notFound();
    // The capabilities are the server's to hand out: a snapshot never keeps one.
    const { quoteToken: _q, previousQuoteToken: _p, ...answers } = conversation.flow.answers;
    const saved = await deps.resume.saveConversation(companyId, quoteId, { ...conversation, flow: { ...conversation.flow, answers } });
    return saved ? sendParsed(c, OkSchema, { ok: true }) : notFound();
  });

  const resume = async (c: Context, body: unknown) => {
    const parsed = v.safeParse(ResumeBodySchema, body);
    if (!parsed.success) return apiError(c, 400, `Invalid body: ${parsed.issues[0].message}`);
    const request = parsed.output;
    // Every call counts per client; a quote's own token also per quote.
    const limited = await deps.limiter.check(c, "resume", "quoteId" in request ? [`quote:${request.companyId}:${request.quoteId}`] : []);
    if (limited) return limited;
    let companyId: string;
    let quoteId: string;
    let quoteToken: string | undefined;
    if ("resumeToken" in request) {
      const verdict = verifyResumeToken(await deps.secret(), request.resumeToken, now());
      if (!verdict.ok) return apiError(c, verdict.reason === "expired" ? 410 : 404, RESUME_LINK_REFUSED);
      ({ companyId, quoteId } = verdict.claim);
    } else {
      ({ companyId, quoteId, quoteToken } = request);
    }
    if (quoteToken !== undefined && !(await deps.quoteTokens.verify(companyId, quoteId, quoteToken))) {
      return apiError(c, 404, `No quote "${quoteId}" for company "${companyId}"`);
    }
    const quote = await deps.quotes.find(companyId, quoteId);
    if (!quote) return apiError(c, 404, quoteToken === undefined ? RESUME_LINK_REFUSED : `No quote "${quoteId}" for company "${companyId}"`);
    const [conversation, paid] = await Promise.all([deps.resume.findConversation(companyId, quoteId), deps.payments?.findPaidPayment(companyId, quoteId)]);
    return sendParsed(c, ResumeAnswerSchema, {
      companyId,
      botId: quote.botId,
      quoteId,
      // A link opened on another device gets a token of its own for the quote's calls.
      quoteToken: quoteToken ?? (await deps.quoteTokens.issue(companyId, quoteId)),
      conversation,
      sale:
        paid && paid.transactionId
          ? {
              transactionId: paid.transactionId,
              value: paid.amount,
              currency: paid.currency,
              paymentMethod: paid.paymentMethod,
              term: paid.term,
              serviceTypes: quote.serviceTypes,
            }
          : null,
    });
  };

  // Any JSON here: `resume` checks it with the GET's query, answering "Invalid body: …".
  routes.post("/v1/quote/resume", jsonBody(v.unknown()), (c) => resume(c, c.req.valid("json")));
  routes.get("/v1/quote/resume", (c) => resume(c, { resumeToken: c.req.query("token") }));

  return routes;
}
