// Every answer the flow itself knows, by name, with the kind of value it holds. Answers are
// stored as strings today (flags "true", lists as JSON text, numbers as digits); this table is
// the one place that says which is which, and `KnownAnswers` lets tsc catch a misspelt name.
// The company's own questions answer under their configured ids (src/flow/steps/configured.ts),
// read with `answerOf`.
import type { Answers } from "./types.ts";

export const ANSWER_KEYS = {
  "Greeting.Selection": "text",
  customerFirstName: "text",
  customerLastName: "text",
  customerName: "text",
  phonenumber: "text",
  customerEmail: "text",
  customerAddress: "text",
  customerUnit: "text",
  customerCity: "text",
  customerState: "text",
  customerZip: "text",
  customerCounty: "text",
  customerCountryCode: "text",
  customerLat: "number",
  customerLng: "number",
  hasApartment: "text",
  addressConfirmed: "text",
  source: "text",
  sourceDescription: "text",
  referrer: "text",
  additionalSourceInfo: "text",
  previousQuoteId: "text",
  /** The capability of previousQuoteId / quoteId (POST /v1/quote/details); never recorded. */
  previousQuoteToken: "text",
  crmStatus: "text",
  crmCreditHoldStatus: "text",
  quoteId: "text",
  quoteToken: "text",
  crmId: "text",
  contactId: "text",
  branchId: "text",
  totalLotSize: "number",
  lawnSize: "number",
  adjustedLotSize: "number",
  measureUnits: "text",
  measureCancelled: "flag",
  measurItImage: "text",
  aerialImg: "text",
  streetImg: "text",
  selectedPrograms: "list",
  quoteConverted: "flag",
  quoteHadPrices: "flag",
  /** The sale's receipt (after a payment): the transaction, the amount charged as shown, what was bought. */
  saleTransactionId: "text",
  saleAmount: "text",
  saleServices: "text",
  salePlan: "text",
  lastMowed: "text",
  lawnCareParty: "text",
  whyNewProvider: "text",
  lawnHappiness: "number",
  lawnThickness: "text",
  lawnBiggestProblem: "text",
  lawnType: "text",
  objectionReason: "text",
  objectionRebuttal: "text",
  objectionComments: "text",
  emergency: "text",
  serviceAgreement: "text",
  servmanCategories: "list",
  servmanProblems: "list",
  servmanSlots: "list",
  servmanCategoryId: "text",
  servmanProblemId: "text",
  additionalInformation: "text",
  servmanOrderId: "text",
  scheduleFrom: "text",
  scheduleDate: "text",
  scheduleDay: "text",
  scheduleSlot: "text",
  schedulingTermsAccepted: "text",
} as const satisfies Record<string, "text" | "number" | "flag" | "list">;

export type AnswerKey = keyof typeof ANSWER_KEYS;

export function isAnswerKey(name: string): name is AnswerKey {
  return Object.hasOwn(ANSWER_KEYS, name);
}

/**
 * The answer under a name known only at run time: a company's question id, a step's
 * `saveAs`. Everywhere else, `answers.someKey` is checked by tsc against ANSWER_KEYS.
 */
export function answerOf(answers: Answers, name: string): string | undefined {
  return (answers as Readonly<Record<string, string | undefined>>)[name];
}
