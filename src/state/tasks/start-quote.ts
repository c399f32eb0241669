// The work behind the start-quote steps (src/flow/steps/start-quote.ts, SPEC §2 steps 7-8):
// the previous-quote check, the quote start, and the top window sent to the customer portal.
import { checkPreviousQuote } from "../../api/quote-previous.ts";
import type { QuoteStart } from "../../contract/quote-start.ts";
import type { Answers } from "../../flow/types.ts";
import { TEXT_CONSENT_VERSION } from "../../config/text-consent.ts";
import { compact, safeHttpsUrl, str, type ChapterTasks, type TaskDeps } from "./task-deps.ts";

export const PORTAL_REDIRECT_DELAY_MS = 3000;

function customerOf(a: Answers) {
  return {
    firstName: a.customerFirstName ?? "",
    lastName: a.customerLastName ?? "",
    phoneNumber: a.phonenumber ?? "",
    ...(a.customerEmail ? { email: a.customerEmail } : {}),
    address: {
      street: a.customerAddress ?? "",
      ...(a.customerUnit ? { unit: a.customerUnit } : {}),
      city: a.customerCity ?? "",
      state: a.customerState ?? "",
      postalCode: a.customerZip ?? "",
      ...(a.customerCounty ? { county: a.customerCounty } : {}),
      country: (a.customerCountryCode || "US").slice(0, 2).toUpperCase(),
    },
    ...(a.customerLat && a.customerLng ? { lat: a.customerLat, lng: a.customerLng } : {}),
  };
}

/** The quote exists on the backend: this device remembers it, and the host page hears of the lead. */
export function announceStart({ quotes, emit }: Pick<TaskDeps, "quotes" | "emit">, street: string, zip: string, started: QuoteStart) {
  quotes.remember(street, zip, started.id, started.quoteToken);
  emit("quote_started", { quoteId: started.id });
  emit("lead", { quoteId: started.id, kind: "contact", reason: null });
}

export const startQuoteTasks = {
  async checkPreviousQuote(answers, { api, companyId, botId, quotes }) {
    const street = answers.customerAddress ?? "";
    const zip = answers.customerZip ?? "";
    const result = await checkPreviousQuote(api, {
      companyId,
      botId,
      phoneNumber: answers.phonenumber ?? "",
      street,
      postalCode: zip,
      ...(answers.customerEmail ? { email: answers.customerEmail } : {}),
    });
    // A quote found again comes with its token (docs/api.md): the server's, the lookup's, or this device's.
    const [quoteId, quoteToken] = result.quoteId
      ? [result.quoteId, result.quoteToken ?? undefined]
      : answers.previousQuoteId
        ? [answers.previousQuoteId, answers.previousQuoteToken]
        : [quotes.find(street, zip), quotes.token(street, zip)];
    const values = compact({
      previousQuoteId: quoteId ?? undefined,
      previousQuoteToken: quoteId ? (quoteToken ?? undefined) : undefined,
      crmStatus: str(result.crmData?.status) ?? answers.crmStatus,
      crmCreditHoldStatus: str(result.crmData?.creditHoldStatus) ?? answers.crmCreditHoldStatus,
    });
    return { value: quoteId ? "quoted" : "none", values };
  },

  /**
   * Through the outbox (../lead-delivery.ts): a start the backend did not get waits ("queued")
   * with its key in the answers, and running this task again sends it again with that key.
   */
  async startQuote(answers, { companyId, botId, config, quotes, attribution, emit, leads }) {
    const street = answers.customerAddress ?? "";
    const zip = answers.customerZip ?? "";
    const reuse = answers.previousQuoteId ?? quotes.find(street, zip);
    const reuseToken = answers.previousQuoteId ? answers.previousQuoteToken : quotes.token(street, zip);
    const sourceCode = answers.source;
    const startKey = answers.quoteStartKey || crypto.randomUUID();
    const outcome = await leads.start(startKey, {
      companyId,
      botId,
      quoteId: reuse ?? null,
      quoteToken: reuse ? (reuseToken ?? null) : null,
      source: sourceCode ? { code: sourceCode, description: answers.sourceDescription ?? sourceCode } : null,
      referrer: answers.referrer ?? null,
      additionalSourceInfo: answers.additionalSourceInfo ?? null,
      salesTaxRate: config.serviceTax,
      customer: customerOf(answers),
      attribution: attribution(),
      // Issue 34: the consent box as the visitor left it, and their time zone for quiet hours.
      ...(answers.textConsentText ? { textConsent: { given: !!answers.textConsentGiven, version: TEXT_CONSENT_VERSION, text: answers.textConsentText } } : {}),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    if (outcome === "queued") return { value: "queued", values: { quoteStartKey: startKey } };
    if (outcome === "refused") return { value: "failed" };
    const started = outcome.answer;
    announceStart({ quotes, emit }, street, zip, started);
    return {
      value: "started",
      values: compact({
        quoteId: started.id,
        quoteToken: started.quoteToken,
        crmId: started.crmId ?? undefined,
        contactId: started.contactId ?? undefined,
        branchId: started.branch_id ?? undefined,
        // Delivered: a later start in this conversation (another address) is a new one.
        quoteStartKey: answers.quoteStartKey ? "" : undefined,
      }),
    };
  },

  async redirectToPortal(_answers, { config, clock, navigateTop }) {
    const url = safeHttpsUrl(config.crmPortalUrl);
    if (!url) return { value: "unavailable" };
    await clock.sleep(PORTAL_REDIRECT_DELAY_MS);
    navigateTop(url);
    return { value: "done" };
  },
} satisfies ChapterTasks<"checkPreviousQuote" | "startQuote" | "redirectToPortal">;
