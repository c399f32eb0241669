// SPEC §2 step 14 and §4 'Objection': 'I need to think about it' closes the modal and asks
// why (Price, Product, People); a positive answer to the rebuttal reopens the quote after 3 s,
// otherwise optional comments, thanks, and the team follows up (the lead is sent 1 s later).
import type { StepTable } from "../types.ts";
import { ADD_COMMENT, LEAD_DELIVERED, LEAD_RETRY, NO, NO_COMMENT, OBJECTION_PEOPLE, OBJECTION_PRICE, OBJECTION_PRODUCT, YES } from "../answers.ts";

export const objectionSteps = {
  thinkAboutIt: {
    say: ["askObjection"],
    input: {
      kind: "buttons",
      options: [
        { value: OBJECTION_PRICE, label: "objectionPrice" },
        { value: OBJECTION_PRODUCT, label: "objectionProduct" },
        { value: OBJECTION_PEOPLE, label: "objectionPeople" },
      ],
    },
    saveAs: "objectionReason",
    next: [
      { if: "objectsToPrice", to: "rebutPrice" },
      { if: "objectsToProduct", to: "rebutProduct" },
      { to: "rebutPeople" },
    ],
  },
  rebutPrice: { say: ["rebuttalPrice"], next: [{ to: "askReconsider" }] },
  rebutProduct: { say: ["rebuttalProduct"], next: [{ to: "askReconsider" }] },
  rebutPeople: { say: ["rebuttalPeople"], next: [{ to: "askReconsider" }] },
  askReconsider: {
    say: ["askReconsider"],
    input: {
      kind: "buttons",
      options: [
        { value: YES, label: "reconsiderYes" },
        { value: NO, label: "reconsiderNo" },
      ],
    },
    saveAs: "objectionRebuttal",
    next: [{ if: "answeredYes", to: "reopenAfterObjection" }, { to: "askComments" }],
  },
  reopenAfterObjection: {
    say: ["reopeningQuote"],
    task: "reopenQuoteLater",
    on: { done: "quoteOpen" },
  },
  askComments: {
    say: ["askComments"],
    input: {
      kind: "buttons",
      options: [
        { value: ADD_COMMENT, label: "addCommentButton" },
        { value: NO_COMMENT, label: "noCommentButton" },
      ],
    },
    next: [{ if: "wantsToComment", to: "comments" }, { to: "objectionThanks" }],
  },
  comments: {
    say: ["askCommentText"],
    input: { kind: "text", label: "commentsLabel", validate: "answer", maxLength: 300 },
    saveAs: "objectionComments",
    next: [{ to: "objectionThanks" }],
  },
  objectionThanks: {
    say: ["objectionThanks"],
    task: "sendLead",
    on: { done: "willContact", queued: "leadWaiting" },
  },
  // The lead waits in the outbox (offline, a 5xx): no promise of a call until it is delivered,
  // which answers this step (the widget, src/state/widget-controller.ts); or the visitor tries again.
  leadWaiting: {
    say: ["leadWaiting"],
    input: {
      kind: "buttons",
      options: [
        { value: LEAD_RETRY, label: "leadRetryButton" },
        { value: LEAD_DELIVERED, hidden: true },
      ],
    },
    next: [{ if: "leadDelivered", to: "willContact" }, { to: "leadRetry" }],
  },
  leadRetry: { task: "retryLead", on: { done: "willContact", queued: "leadWaiting" } },
  willContact: { say: ["willContact"], next: [] },
} satisfies StepTable;
