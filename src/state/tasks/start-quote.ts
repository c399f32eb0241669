// The work behind the start-quote steps (src/flow/steps/start-quote.ts, SPEC §2 steps 7-8):
// the previous-quote check, the quote start, and the top window sent to the customer portal.
import { checkPreviousQuote } from "../../api/quote-previous.ts";
import { startQuote } from "../../api/quote-start.ts";
import type { Answers } from "../../flow/types.ts";
import { compact, safeHttpsUrl, str, type ChapterTasks } from "./task-deps.ts";

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

  async startQuote(answers, { api, companyId, botId, config, quotes, attribution, emit }) {
    const street = answers.customerAddress ?? "";
    const zip = answers.customerZip ?? "";
    const reuse = answers.previousQuoteId ?? quotes.find(street, zip);
    const reuseToken = answers.previousQuoteId ? answers.previousQuoteToken : quotes.token(street, zip);
    const sourceCode = answers.source;
    const started = await startQuote(api, {
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
    });
    quotes.remember(street, zip, started.id, started.quoteToken);
    emit("quote_started", { quoteId: started.id });
    emit("lead", { quoteId: started.id, kind: "contact", reason: null });
    return {
      value: "started",
      values: compact({
        quoteId: started.id,
        quoteToken: started.quoteToken,
        crmId: started.crmId ?? undefined,
        contactId: started.contactId ?? undefined,
        branchId: started.branch_id ?? undefined,
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
