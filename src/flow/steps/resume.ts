// SPEC §4 'Resume of a previous quote, in order': after the earlier quote is read back from
// the server (POST /v1/quote/details), the first rule that holds decides where the visitor
// picks up. Local storage only found the id; the quote itself is the server's.
import type { StepTable } from "../types.ts";

export const resumeSteps = {
  resumeQuote: {
    task: "resumeQuote",
    on: { resumed: "resumeRoute", missing: "valueAdd" },
  },
  resumeRoute: {
    next: [
      // 1. real-green with a converted sale: the portal if there is one, else 'too big'.
      { if: "convertedRealGreenSale", to: "resumeConverted" },
      // 2. Price blocks exist: reopen the quote.
      { if: "quoteHadPrices", to: "reopeningQuote" },
      // 3. No programs selected: program selection.
      { if: "noProgramsChosen", to: "choosePrograms" },
      // 4. measur-it, a program needs square footage, no lot size: measuring.
      { if: "needsMeasuring", to: "propertyStart" },
      // 5. A selected program has questions still to answer: service questions.
      { if: "serviceQuestionsUnanswered", to: "probeServices" },
      // 6. Pre-modal questions unanswered: pre-modal entry.
      { if: "preModalUnanswered", to: "preModalQuestions" },
      // 7. Otherwise: get-quote-now.
      { to: "askQuoteNow" },
    ],
  },
  resumeConverted: {
    next: [{ if: "hasPortalUrl", to: "portalRedirect" }, { to: "sqftTooBig" }],
  },
  reopeningQuote: {
    say: ["reopeningYourQuote"],
    next: [{ to: "calculateQuote" }],
  },
} satisfies StepTable;
