// SPEC §2 steps 7-8 and §4 'Lookup outcomes': the previous-quote check (and the portal for
// real-green customers the CRM already serves), then the quote is started.
import type { StepTable } from "../types.ts";
import { LEAD_RETRY, START_DELIVERED } from "../answers.ts";

export const startQuoteSteps = {
  checkPreviousQuote: {
    say: ["checkingPreviousQuote"],
    task: "checkPreviousQuote",
    // A customer the CRM serves already goes toward the portal first (crmSaysPortal holds for
    // real-green companies only, so it adds nothing where no quote was found). A check that
    // failed found nobody either, but the visitor is not told 'could not find you' for it.
    on: {
      quoted: [{ if: "crmSaysPortal", to: "servicedBefore" }, { to: "alreadyQuoted" }],
      none: [{ if: "isRealGreen", to: "servicedBefore" }, { to: "couldNotFindYou" }],
      failed: "startQuote",
    },
  },
  alreadyQuoted: {
    say: ["alreadyQuoted"],
    // The earlier quote's id travels with the start call, which reuses that quote.
    next: [{ if: "isServman", to: "servmanResumeQuote" }, { to: "startQuote" }],
  },
  servicedBefore: {
    say: ["checkingServicedBefore"],
    next: [{ if: "crmSaysPortal", to: "portalRedirect" }, { to: "couldNotFindYou" }],
  },
  // SPEC §4 'Lookup outcomes': neither a quote nor a CRM customer was found.
  couldNotFindYou: {
    say: ["couldNotFindYou"],
    next: [{ to: "startQuote" }],
  },
  portalRedirect: {
    say: ["portalRedirect"],
    task: "redirectToPortal",
    on: { done: "redirected", unavailable: "portalUnavailable" },
  },
  startQuote: {
    say: ["startingQuote"],
    task: "startQuote",
    on: {
      started: [{ if: "isServman", to: "askEmergency" }, { to: "afterQuoteStarted" }],
      failed: [{ if: "isServman", to: "callTheOffice" }, { to: "sqftTooBig" }],
      queued: "startWaiting",
    },
  },
  // The start waits in the outbox (offline, a 5xx): no promise of a call until the backend has
  // the lead. Its delivery answers this step (src/state/widget-controller.ts), or the visitor
  // tries again; either way the start runs again with the same key, which is the same quote.
  startWaiting: {
    say: ["leadWaiting"],
    input: {
      kind: "buttons",
      options: [
        { value: LEAD_RETRY, label: "leadRetryButton" },
        { value: START_DELIVERED, hidden: true },
      ],
    },
    next: [{ to: "startRetry" }],
  },
  startRetry: {
    task: "startQuote",
    on: {
      started: [{ if: "isServman", to: "askEmergency" }, { to: "afterQuoteStarted" }],
      failed: [{ if: "isServman", to: "callTheOffice" }, { to: "sqftTooBig" }],
      queued: "startWaiting",
    },
  },
  // An earlier quote for this visitor and address picks up where it stood (SPEC §4 'Resume').
  afterQuoteStarted: {
    next: [{ if: "resumesQuote", to: "resumeQuote" }, { to: "valueAdd" }],
  },
  valueAdd: {
    say: ["valueAdd"],
    images: ["valueAddImage"],
    // SPEC §4: the intro program first, or the estimate first when the source is zillow or other.
    next: [{ if: "choosesProgramsFirst", to: "choosePrograms" }, { to: "propertyStart" }],
  },
} satisfies StepTable;
