// Named, pure predicates over the flow state, the company configuration and the answer just
// given. Steps refer to them by name so the flow graph stays plain data.
import { isZipServiced } from "../config/zip-codes.ts";
import type { Answer, FlowContext, FlowState } from "./types.ts";

export interface GuardInput {
  state: FlowState;
  ctx: FlowContext;
  answer?: Answer;
}

type Guard = (input: GuardInput) => boolean;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const answered = (value: string): Guard => ({ answer }) => answer?.value === value;
const known = (name: string): Guard => ({ state }) => !!state.answers[name]?.trim();

const hasEmail: Guard = ({ state }) => EMAIL.test(state.answers.customerEmail ?? "");
const isServman: Guard = ({ ctx }) => ctx.config.crmSolution === "servman";
const asksMarketing: Guard = ({ ctx }) =>
  ctx.config.crmSolution === "real-green" &&
  ctx.config.areMarketingQuestionsActivated &&
  ctx.config.marketingSources.length > 0;

export const guards = {
  isServman,
  isRealGreen: ({ ctx }) => ctx.config.crmSolution === "real-green",
  offersLearnMore: (input) => !isServman(input),
  choseLearnMore: answered("Learn More"),
  answeredYes: answered("Yes"),
  answeredNo: answered("No"),

  hasPhone: ({ state }) => /^\d{10,11}$/.test(state.answers.phonenumber ?? ""),
  hasName: (input) => known("customerFirstName")(input) && known("customerLastName")(input),
  hasEmail,
  hasNoEmail: (input) => !hasEmail(input),
  hasAddress: (input) => known("customerAddress")(input) && known("customerZip")(input),
  hasUnit: known("customerUnit"),
  zipNotServiced: ({ state, ctx }) => !isZipServiced(state.answers.customerZip, ctx.config.zipCodes),
  lotOutOfRange: ({ state, ctx }) => {
    const size = Number(state.answers.totalLotSize);
    if (!state.answers.totalLotSize || !Number.isFinite(size)) return false;
    return size < ctx.config.minQuotableSize || size > ctx.config.maxQuotableSize;
  },
  lawnOutOfRange: ({ state, ctx }) => {
    const size = Number(state.answers.lawnSize);
    return !Number.isFinite(size) || size < ctx.config.minQuotableSize || size > ctx.config.maxQuotableSize;
  },
  measuresWithTool: ({ ctx }) => ctx.config.sqftEstimateSource === "measur-it" && !!ctx.config.measuringToolUrl,
  looksUpEstimate: ({ ctx }) => ctx.config.sqftEstimateSource !== "measur-it",
  measureCancelled: ({ state }) => state.answers.measureCancelled === "true",
  estimateFailed: answered("failed"),
  // zillowFallback: a failed zillow estimate opens the measuring tool instead.
  fallsBackToTool: (input) =>
    input.answer?.value === "failed" &&
    input.ctx.config.sqftEstimateSource === "zillow" &&
    input.ctx.config.zillowFallback &&
    !!input.ctx.config.measuringToolUrl,
  offersSlider: ({ ctx }) => ctx.config.sqftEstimateSource === "zillow" || ctx.config.sqftEstimateSource === "other",
  skipsMarketing: (input) => !asksMarketing(input),
  sourceIsReferral: answered("referral"),
  sourceIsOther: answered("other"),

  customerFound: answered("found"),
  previousQuoteFound: answered("quoted"),
  quoteStarted: answered("started"),
  portalUnavailable: answered("unavailable"),
  // SPEC §4: real-green and crm status 8 or 9, or credit hold status 1, goes to the portal.
  crmSaysPortal: ({ state, ctx }) =>
    ctx.config.crmSolution === "real-green" &&
    (["8", "9"].includes(state.answers.crmStatus ?? "") || state.answers.crmCreditHoldStatus === "1"),
} satisfies Record<string, Guard>;

export type GuardName = keyof typeof guards;

export function isGuardName(name: string): name is GuardName {
  return Object.hasOwn(guards, name);
}
