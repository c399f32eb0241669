// The quote calls of SPEC §7 and the previous-quote check: POST /v1/quote/previous, start,
// details, record, location and estimate (docs/api.md). Bodies and answers use the schemas of src/api/.
// Households stay apart (issue 12): a previous quote comes back only when the address and the
// phone (or e-mail) match, a quote start never rewrites a known customer, and details answer
// only with the quote's own token.
import { randomUUID } from "node:crypto";
import { Hono, type Context } from "hono";
import * as v from "valibot";
import { QuoteDetailsBodySchema, QuoteSchema } from "../../src/contract/quote-details.ts";
import { PreviousQuoteBodySchema, PreviousQuoteSchema } from "../../src/contract/quote-previous.ts";
import { OkSchema, QuoteLocationBodySchema, QuoteRecordBodySchema } from "../../src/contract/quote-record.ts";
import { QuoteEstimateBodySchema } from "../../src/contract/quote-estimate.ts";
import { QuoteStartSchema } from "../../src/contract/quote-start.ts";
import { isKnownTimeZone, QuoteStartBodySchema } from "../../src/contract/quote-start-body.ts";
import type { Customer } from "../../src/contract/shared-schemas.ts";
import { parseLawnOutline } from "../../src/contract/lawn-outline.ts";
import { crmSolutionOf, NO_CRM_IDS, type CrmPort } from "../ports/crm.ts";
import { addressKey } from "../db/address-key.ts";
import type { CompanyBotRow, CompanyStore } from "../db/company-store.ts";
import type { CustomerStore } from "../db/customer-store.ts";
import type { QuoteRow, QuoteStore, StoredTextConsent } from "../db/quote-store.ts";
import type { QuoteTokenStore } from "../db/quote-token-store.ts";
import type { RunInTransaction } from "../db/stores.ts";
import { leadData } from "../webhooks/events.ts";
import { apiError } from "./api-error.ts";
import { issueResumeToken, resumeUrl } from "./resume-routes.ts";
import { clientAddress, type Limiter } from "./rate-limits.ts";
import { isTestTraffic, jsonBody, readIdempotencyKey, sendParsed } from "./request-body.ts";

export interface QuoteRoutesDeps {
  companies: CompanyStore;
  customers: CustomerStore;
  quotes: QuoteStore;
  quoteTokens: QuoteTokenStore;
  /** Counts previous-quote checks per client, phone and address (429 past a limit). */
  limiter: Limiter;
  /** Runs `work` atomically, with stores bound to the transaction: a quote and its customer are stored together or not at all. */
  transaction: RunInTransaction;
  now?: () => Date;
  /** Resume links in the `lead` webhook (docs/api.md "Resume links"); without it, none. */
  resumeLinks?: { secret: () => Promise<string>; sites: readonly string[] };
  /** The companies' CRM (the customer's CRM ids); without it, or for a CRM it does not connect to, the quote carries none. */
  crm?: CrmPort;
  /** Behind a reverse proxy: the client address kept with a texts consent is X-Forwarded-For's last hop (as rate-limits.ts counts clients). */
  trustProxy?: boolean;
}

/**
 * QuoteRecordBodySchema's answers are a valibot record, which also takes a JSON list
 * (["Thick"] becomes {"0": "Thick"}). Until the shared schema says "object only", the
 * backend refuses lists itself rather than store answers keyed by position.
 */
const RecordBodySchema = v.pipe(
  v.looseObject({
    payload: v.looseObject({
      answers: v.custom<unknown>((input) => !Array.isArray(input), "must be an object of answers, not a list"),
    }),
  }),
  QuoteRecordBodySchema,
);

/**
 * Bounded inputs (docs/api.md "POST /v1/quote/record"): the answers a quote keeps, after the
 * merge, are at most this many keys and this much JSON text; a record past either is 413 and
 * changes nothing. A whole conversation's answers are a few dozen keys and a few KB.
 */
export const MAX_ANSWER_KEYS = 200;
export const MAX_ANSWERS_CHARS = 64 * 1024;

type BotLookup = { ok: true; bot: CompanyBotRow } | { ok: false; response: Response };

async function findBot(c: Context, companies: CompanyStore, companyId: string, botId: string): Promise<BotLookup> {
  const bot = await companies.findBot(companyId, botId);
  if (bot) return { ok: true, bot };
  const message = (await companies.findFirstBot(companyId))
    ? `Company "${companyId}" has no bot "${botId}"`
    : `Unknown company "${companyId}"`;
  return { ok: false, response: apiError(c, 404, message) };
}

const noSuchQuote = (c: Context, companyId: string, quoteId: string) =>
  apiError(c, 404, `No quote "${quoteId}" for company "${companyId}"`);

function startAnswer(quote: Pick<QuoteRow, "id" | "crmId" | "contactId" | "branch_id" | "crmData">, quoteToken: string) {
  return {
    quoteToken,
    id: quote.id,
    crmId: quote.crmId,
    contactId: quote.contactId,
    branch_id: quote.branch_id,
    crmData: quote.crmData,
    // No demo company sends visitors elsewhere after starting a quote.
    redirectUrl: null,
  };
}

/**
 * The visitor as sent, completed for the same address with the property's county and position
 * from the company's record. Nothing personal is copied: whoever types a known phone number
 * is not shown that customer's e-mail on their quote.
 */
function mergeCustomer(sent: Customer, known: Customer | undefined, sameAddress: boolean): Customer {
  const merged: Customer = { ...sent, address: { ...sent.address } };
  if (known && sameAddress) {
    if (merged.address.county === undefined && known.address.county !== undefined) merged.address.county = known.address.county;
    if (merged.lat === undefined && merged.lng === undefined && known.lat !== undefined && known.lng !== undefined) {
      merged.lat = known.lat;
      merged.lng = known.lng;
    }
  }
  return merged;
}

export function createQuoteRoutes(deps: QuoteRoutesDeps): Hono {
  const routes = new Hono();
  const now = deps.now ?? (() => new Date());

  // The previous-quote check (SPEC §2 step 7): the latest quote of this household (this
  // address, and this phone or e-mail) with a token to read it, and the CRM's record of this
  // phone for the portal redirect. Another household at the address finds nothing.
  routes.post("/v1/quote/previous", jsonBody(PreviousQuoteBodySchema), async (c) => {
    const { companyId, botId, phoneNumber, street, postalCode, email } = c.req.valid("json");
    const company = await findBot(c, deps.companies, companyId, botId);
    if (!company.ok) return company.response;
    const limited = await deps.limiter.check(c, "previous", [`phone:${companyId}:${phoneNumber}`, `address:${companyId}:${addressKey(street, postalCode)}`]);
    if (limited) return limited;
    const quote = await deps.quotes.findLatestForHousehold(companyId, street, postalCode, { phoneNumber, email });
    const customer = await deps.customers.findByPhone(companyId, phoneNumber);
    const quoteToken = quote ? await deps.quoteTokens.issue(companyId, quote.id) : null;
    return sendParsed(c, PreviousQuoteSchema, { quoteId: quote?.id ?? null, crmData: customer?.crmData ?? null, quoteToken });
  });

  /** The answer for a start key already used: its quote with a new token, or "another" for another address. */
  async function repeatedStart(companyId: string, idempotencyKey: string, customer: Customer) {
    const quoteId = await deps.quoteTokens.startedWith(companyId, idempotencyKey);
    const quote = quoteId ? await deps.quotes.find(companyId, quoteId) : undefined;
    if (!quote) return undefined;
    const { street, postalCode } = quote.customer.address;
    if (addressKey(street, postalCode) !== addressKey(customer.address.street, customer.address.postalCode)) return "another" as const;
    return startAnswer(quote, await deps.quoteTokens.issue(companyId, quote.id));
  }

  routes.post("/v1/quote/start", jsonBody(QuoteStartBodySchema), async (c) => {
    const body = c.req.valid("json");
    const company = await findBot(c, deps.companies, body.companyId, body.botId);
    if (!company.ok) return company.response;
    // The widget's outbox sends a start whose answer was lost again with the same key: the
    // same quote, with a new token (the first one never reached the browser), and no second lead.
    const startKey = readIdempotencyKey(c);
    if (!startKey.ok) return startKey.response;
    const idempotencyKey = startKey.key;
    const repeated = idempotencyKey && (await repeatedStart(body.companyId, idempotencyKey, body.customer));
    if (repeated === "another") return apiError(c, 422, "Idempotency-Key was already used for another quote start: send a new key for a new start");
    if (repeated) return sendParsed(c, QuoteStartSchema, repeated);

    const key = addressKey(body.customer.address.street, body.customer.address.postalCode);
    // Issue 34: the consent box as the visitor left it, kept with when and from which client
    // address; null when no box was shown. The time zone serves the follow-ups' quiet hours.
    const startedAt = now().toISOString();
    const timeZone = body.timeZone && isKnownTimeZone(body.timeZone) ? body.timeZone : undefined;
    const textConsent: StoredTextConsent | undefined = body.textConsent
      ? { given: body.textConsent.given, at: startedAt, ip: clientAddress(c, deps.trustProxy), version: body.textConsent.version, text: body.textConsent.text }
      : undefined;
    // Reuse (SPEC §4 'Quote start'): the widget found a quote id again locally; it counts
    // only with that quote's token, for the same company and the same address, else the
    // visitor gets a fresh quote.
    if (body.quoteId && body.quoteToken && (await deps.quoteTokens.verify(body.companyId, body.quoteId, body.quoteToken))) {
      const existing = await deps.quotes.find(body.companyId, body.quoteId);
      const { street, postalCode } = existing?.customer.address ?? { street: "", postalCode: "" };
      if (existing && addressKey(street, postalCode) === key) {
        if (textConsent || timeZone) await deps.quotes.updateTextConsent(body.companyId, existing.id, textConsent, timeZone);
        return sendParsed(c, QuoteStartSchema, startAnswer(existing, body.quoteToken));
      }
    }

    const known = await deps.customers.findByPhone(body.companyId, body.customer.phoneNumber);
    const sameAddress = known !== undefined && addressKey(known.customer.address.street, known.customer.address.postalCode) === key;
    const crm = crmSolutionOf(company.bot.config);
    const knownCrmId = known?.crmId ?? known?.crmData?.id ?? null;
    const ids = crm === null ? NO_CRM_IDS : deps.crm?.solutions.has(crm) ? await deps.crm.customerIds(body.companyId, crm, body.customer.phoneNumber, knownCrmId) : { ...NO_CRM_IDS, crmId: knownCrmId };
    const crmData = known?.crmData ?? null;
    const customer = mergeCustomer(body.customer, known?.customer, sameAddress);
    // The measured size belongs to the property: it follows the customer only to the same address.
    const estimate = sameAddress ? known.estimate : null;

    const quote: QuoteRow = {
      id: randomUUID(),
      companyId: body.companyId,
      botId: body.botId,
      ...ids,
      customer,
      serviceTypes: [],
      recommendedPrograms: [],
      answers: {},
      convertedSale: false,
      hasPriceBlocks: false,
      estimate,
      adjustedLotSize: null,
      crmData,
      source: body.source,
      referrer: body.referrer,
      additionalSourceInfo: body.additionalSourceInfo,
      salesTaxRate: body.salesTaxRate,
      attribution: body.attribution ?? null,
      isTest: isTestTraffic(c),
      createdAt: startedAt,
      textConsent: textConsent ?? null,
      timeZone: timeZone ?? null,
    };
    // The visitor is not verified: a known customer's record (name, address, e-mail) is never
    // rewritten from here. The same household (phone and address) moves it to the new quote.
    // The link a company can send the visitor back with: the page the quote started on, when
    // it is one of the company's sites (resume-routes.ts). Signed before the transaction.
    const links = deps.resumeLinks;
    const link = links ? resumeUrl(await issueResumeToken(links.secret, quote.companyId, quote.id, now()), quote.attribution?.landingPage, links.sites) : undefined;
    const quoteToken = await deps.transaction(async (tx) => {
      await tx.quotes.save(quote);
      if (!known) await tx.customers.save({ companyId: body.companyId, customer, estimate, quoteId: quote.id, crmId: ids.crmId, crmData });
      else if (sameAddress) await tx.customers.setLatestQuote(body.companyId, body.customer.phoneNumber, quote.id);
      // The `lead` webhook is written with the quote: both are stored, or neither. Preview
      // visits are test traffic: no lead for the company (docs/api.md "Test traffic").
      if (!quote.isTest) await tx.outbox.enqueue({ type: "lead", companyId: body.companyId, createdAt: quote.createdAt, data: leadData(quote, link) });
      if (idempotencyKey) await tx.quoteTokens.rememberStart(body.companyId, idempotencyKey, quote.id);
      return tx.quoteTokens.issue(body.companyId, quote.id);
    }).catch(async (error: unknown) => {
      // Two sends of one key at once: the one that lost the race answers the winner's quote.
      const winner = idempotencyKey && (await repeatedStart(body.companyId, idempotencyKey, body.customer));
      if (winner && winner !== "another") return winner;
      throw error;
    });
    return sendParsed(c, QuoteStartSchema, typeof quoteToken === "string" ? startAnswer(quote, quoteToken) : quoteToken);
  });

  routes.post("/v1/quote/details", jsonBody(QuoteDetailsBodySchema), async (c) => {
    const { companyId, quoteId, quoteToken } = c.req.valid("json");
    // Without the quote's own token, the same 404 as for a quote that does not exist.
    if (!(await deps.quoteTokens.verify(companyId, quoteId, quoteToken))) return noSuchQuote(c, companyId, quoteId);
    const quote = await deps.quotes.find(companyId, quoteId);
    return quote ? sendParsed(c, QuoteSchema, quote) : noSuchQuote(c, companyId, quoteId);
  });

  routes.post("/v1/quote/record", jsonBody(RecordBodySchema), async (c) => {
    const { companyId, quoteId, payload } = c.req.valid("json");
    // The outbox's key is checked, and needs nothing more: a record is a merge, so the same
    // answers sent again change nothing.
    const key = readIdempotencyKey(c);
    if (!key.ok) return key.response;
    // Checked and merged with the quote locked, so two records at once cannot pass the cap together.
    const outcome = await deps.transaction(async (tx) => {
      await tx.payments.lockQuote(companyId, quoteId);
      const quote = await tx.quotes.find(companyId, quoteId);
      if (!quote) return "missing" as const;
      const merged = { ...quote.answers, ...payload.answers };
      if (Object.keys(merged).length > MAX_ANSWER_KEYS || JSON.stringify(merged).length > MAX_ANSWERS_CHARS) return "too-many" as const;
      await tx.quotes.mergeAnswers(companyId, quoteId, payload.answers, payload.stepId);
      return "saved" as const;
    });
    if (outcome === "too-many") {
      return apiError(c, 413, `Too many answers for quote "${quoteId}": at most ${MAX_ANSWER_KEYS} keys and ${MAX_ANSWERS_CHARS} characters in all`);
    }
    return outcome === "saved" ? sendParsed(c, OkSchema, { ok: true }) : noSuchQuote(c, companyId, quoteId);
  });

  routes.post("/v1/quote/location", jsonBody(QuoteLocationBodySchema), async (c) => {
    const { companyId, quoteId, location } = c.req.valid("json");
    const saved = await deps.quotes.setLocation(companyId, quoteId, location);
    return saved ? sendParsed(c, OkSchema, { ok: true }) : noSuchQuote(c, companyId, quoteId);
  });

  // The size the visitor measured or looked up, and the lawn size chosen on the slider.
  routes.post("/v1/quote/estimate", jsonBody(QuoteEstimateBodySchema), async (c) => {
    const { companyId, quoteId, estimate: { measurOutline, ...estimate }, adjustedLotSize } = c.req.valid("json");
    // The drawing's outline comes as GeoJSON text from the measuring tool, through the widget.
    const outline = measurOutline === undefined ? undefined : parseLawnOutline(measurOutline);
    if (outline && !outline.ok) return apiError(c, 400, `estimate.measurOutline: ${outline.reason}`);
    const saved = await deps.quotes.setEstimate(companyId, quoteId, { ...estimate, ...(outline ? { measurOutline: outline.outline } : {}) }, adjustedLotSize);
    return saved ? sendParsed(c, OkSchema, { ok: true }) : noSuchQuote(c, companyId, quoteId);
  });

  return routes;
}
