// SPEC §2 step 13: quote now or customize, the calculating screen, and the quote modal. The
// modal itself (proposal, checkout) is a view over the priced quote; the chat waits here.
import type { StepTable } from "../types.ts";
import { CUSTOMIZE, QUOTE_NOW, QUOTE_PURCHASED, THINK_ABOUT_IT, VIEW_QUOTE } from "../answers.ts";

export const quoteSteps = {
  // A choice only when the company has probing questions to customize with; otherwise its one
  // answer, 'Get My Quote Now', is taken as given and the quote is worked out at once (issue 15).
  askQuoteNow: {
    skipIf: "onlyQuoteNow",
    say: ["askQuoteNow"],
    input: {
      kind: "buttons",
      options: [
        { value: QUOTE_NOW, label: "quoteNowButton" },
        { value: CUSTOMIZE, label: "customizeButton", if: "offersCustomizing" },
      ],
    },
    next: [{ if: "choseCustomize", to: "probingQuestions" }, { to: "calculateQuote" }],
  },
  // Records the answers on the quote, fetches tax and prices (SPEC §7); the view shows the
  // calculating animation while this runs.
  calculateQuote: {
    say: ["calculating"],
    task: "calculateQuote",
    on: { priced: "quoteReady", "too-big": "sqftTooBig", empty: "noPrices" },
  },
  quoteReady: {
    say: ["quoteReady"],
    task: "openQuote",
    on: { done: "quoteOpen" },
  },
  // The modal is open (or was closed): the visitor can open it again from the chat.
  quoteOpen: {
    input: {
      kind: "buttons",
      options: [
        { value: VIEW_QUOTE, label: "viewQuoteButton" },
        // Paid in the modal: no label, so no visitor bubble; the bot speaks next.
        { value: QUOTE_PURCHASED, hidden: true },
        { value: THINK_ABOUT_IT, label: "thinkAboutIt", hidden: true },
      ],
    },
    next: [{ if: "purchased", to: "congratsSale" }, { if: "thinksAboutIt", to: "thinkAboutIt" }, { to: "reopenQuote" }],
  },
  reopenQuote: {
    task: "openQuote",
    on: { done: "quoteOpen" },
  },
  noPrices: { say: ["noPrices"], next: [] },
  // SPEC §2 step 13: after the sale, the congratulations once, then the receipt (SPEC §8's
  // transaction message, the amount charged, the services and plan, what happens next), then
  // the redirect of willRedirect, if any.
  congratsSale: { task: "afterSale", on: { done: "saleReceipt" } },
  saleReceipt: { say: ["congratsSale", "saleTransaction", "saleReceipt"], task: "redirectAfterSale", on: { done: "saleDone" } },
  saleDone: { next: [] },
} satisfies StepTable;
