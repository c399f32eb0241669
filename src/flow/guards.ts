// Named, pure predicates over the flow state, the company configuration and the answer just
// given. Steps refer to them by name so the flow graph stays plain data. ServMan's chapter
// brings its own (./servman-guards.ts, in dist/quote-assistant-servman.js): a guard is looked
// up here, then in the late chapters that have arrived (FlowContext.late).
import { isZipServiced } from "../config/zip-codes.ts";
import {
  choosesChapter,
  hasEntryStep,
  hasMandatoryQuestions,
  needsSquareFootage,
  selectedProgramNames,
} from "./programs.ts";
import type { FlowState, Guard, GuardInput, ServmanGuardName } from "./flow-state.ts";
import { ADD_COMMENT, ANOTHER_COMPANY, CUSTOMIZE, JUST_MOVED_IN, LEAD_DELIVERED, LEARN_MORE, NO, OBJECTION_PRICE, OBJECTION_PRODUCT, QUOTE_PURCHASED, SOURCE_OTHER, SOURCE_REFERRAL, THINK_ABOUT_IT, YES } from "./answers.ts";
import { answerOf, type AnswerKey } from "./answer-keys.ts";

export type { Guard, GuardInput } from "./flow-state.ts";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const answered = (value: string): Guard => ({ answer }) => answer?.value === value;
const known = (name: AnswerKey): Guard => ({ state }) => !!answerOf(state.answers, name)?.trim();

const hasPhone: Guard = ({ state }) => /^\d{10,11}$/.test(state.answers.phonenumber ?? "");
const hasEmail: Guard = ({ state }) => state.answers.emailOnFile === true || EMAIL.test(state.answers.customerEmail ?? "");
const isServman: Guard = ({ ctx }) => ctx.config.crmSolution === "servman";
const asksMarketing: Guard = ({ ctx }) =>
  ctx.config.crmSolution === "real-green" &&
  ctx.config.areMarketingQuestionsActivated &&
  ctx.config.marketingSources.length > 0;

/** SPEC §3 probing answer variables, per chapter. */
export const MOWING_ANSWERS = ["lastMowed", "lawnCareParty", "lawnHappiness"] as const;
export const FERTILIZER_ANSWERS = ["lawnCareParty", "lawnHappiness", "lawnThickness", "lawnBiggestProblem", "lawnType"] as const;
const unanswered = (state: FlowState, names: readonly AnswerKey[]) => names.some((n) => !answerOf(state.answers, n)?.trim());

const lawnKnown: Guard = ({ state }) => (state.answers.lawnSize ?? 0) > 0;
const preModalUnanswered: Guard = ({ state, ctx }) =>
  ctx.config.preModalQuestions.some((q) => !answerOf(state.answers, q.id)?.trim());
const configuredServiceQuestionsUnanswered: Guard = ({ state, ctx }) => {
  const chosen = new Set(selectedProgramNames(state.answers));
  return ctx.config.serviceQuestionsSteps.some((q) => (!q.program || chosen.has(q.program)) && !answerOf(state.answers, q.id)?.trim());
};

const asksMowing: Guard = ({ state, ctx }) =>
  choosesChapter(state.answers, ctx.programs, "mowing") && unanswered(state, MOWING_ANSWERS);
const asksFertilizer: Guard = ({ state, ctx }) =>
  choosesChapter(state.answers, ctx.programs, "fertilizer") && unanswered(state, FERTILIZER_ANSWERS);

export const guards = {
  isServman,
  isRealGreen: ({ ctx }) => ctx.config.crmSolution === "real-green",
  offersLearnMore: (input) => !isServman(input),
  choseLearnMore: answered(LEARN_MORE),
  answeredYes: answered(YES),
  answeredNo: answered(NO),

  hasPhone,
  // SPEC §2 step 1: a known phone number goes on to the lookup, not the start buttons. Taken
  // for a visitor sent by the host's contact form (source contactForm, SPEC §2 'Route'), whose
  // form was their start (issue 15); other known phones keep §4's 'greeting, start, welcome back'.
  startedOnContactForm: (input) => input.ctx.source === "contactForm" && hasPhone(input),
  hasName: (input) => known("customerFirstName")(input) && known("customerLastName")(input),
  hasEmail,
  hasNoEmail: (input) => !hasEmail(input),
  hasAddress: (input) => known("customerAddress")(input) && known("customerZip")(input),
  hasUnit: known("customerUnit"),
  zipNotServiced: ({ state, ctx }) => !isZipServiced(state.answers.customerZip, ctx.config.zipCodes),
  lotOutOfRange: ({ state, ctx }) => {
    const size = state.answers.totalLotSize;
    if (size === undefined) return false;
    return size < ctx.config.minQuotableSize || size > ctx.config.maxQuotableSize;
  },
  lawnOutOfRange: ({ state, ctx }) => {
    const size = state.answers.lawnSize;
    return size === undefined || size < ctx.config.minQuotableSize || size > ctx.config.maxQuotableSize;
  },
  measuresWithTool: ({ ctx }) => ctx.config.sqftEstimateSource === "measur-it" && !!ctx.config.measuringToolUrl,
  looksUpEstimate: ({ ctx }) => ctx.config.sqftEstimateSource !== "measur-it",
  measureCancelled: ({ state }) => !!state.answers.measureCancelled,
  // zillowFallback: a failed zillow estimate opens the measuring tool instead.
  hasMeasuringTool: ({ ctx }) => !!ctx.config.measuringToolUrl,
  fallsBackToTool: ({ ctx }) => ctx.config.sqftEstimateSource === "zillow" && ctx.config.zillowFallback && !!ctx.config.measuringToolUrl,
  // One rule for every source that gives a lot (zillow, other; issue 27): the visitor sets
  // the lawn's share on the slider, which starts at the lawn the estimate gives
  // (src/flow/inputs/slider.ts). 'home' gives the house's own size, not a lot to share.
  offersSlider: ({ ctx }) => ctx.config.sqftEstimateSource === "zillow" || ctx.config.sqftEstimateSource === "other",
  skipsMarketing: (input) => !asksMarketing(input),
  sourceIsReferral: answered(SOURCE_REFERRAL),
  sourceIsOther: answered(SOURCE_OTHER),

  // SPEC §2 steps 10-13 and §4 'After measuring'.
  programsChosen: ({ state }) => selectedProgramNames(state.answers).length > 0,
  noProgramsOffered: ({ ctx }) => ctx.programs.length === 0,
  // SPEC §4: the intro program comes before the estimate unless the source is zillow or other.
  choosesProgramsFirst: ({ ctx }) => ctx.config.sqftEstimateSource === "measur-it" || ctx.config.sqftEstimateSource === "home",
  needsLawnSize: ({ state, ctx }) => needsSquareFootage(state.answers, ctx.programs) && !lawnKnown({ state, ctx }),
  hasServiceQuestions: ({ state, ctx }) =>
    hasMandatoryQuestions(state.answers, ctx.programs) || configuredServiceQuestionsUnanswered({ state, ctx }),
  // A chapter is asked until each of its answers is known (its steps skip what is answered).
  asksMowing,
  asksFertilizer,
  mowingChosen: ({ state, ctx }) => choosesChapter(state.answers, ctx.programs, "mowing"),
  asksConfiguredServiceQuestions: configuredServiceQuestionsUnanswered,
  preModalUnanswered,
  programHasEntryStep: ({ state, ctx }) => hasEntryStep(state.answers, ctx.programs),
  offersCustomizing: ({ ctx }) => ctx.config.probingQuestions.length > 0,
  onlyQuoteNow: ({ ctx }) => ctx.config.probingQuestions.length === 0,
  choseCustomize: answered(CUSTOMIZE),
  knowsLawnCareParty: known("lawnCareParty"),
  knowsLawnHappiness: known("lawnHappiness"),
  usesAnotherCompany: ({ state }) => state.answers.lawnCareParty === ANOTHER_COMPANY,
  movedIn: ({ state }) => state.answers.lawnCareParty === JUST_MOVED_IN,
  ratedFive: ({ state }) => (state.answers.lawnHappiness ?? 0) >= 5,
  // SPEC §4 'Resume of a previous quote'.
  resumesQuote: known("previousQuoteId"),
  convertedRealGreenSale: ({ state, ctx }) => ctx.config.crmSolution === "real-green" && !!state.answers.quoteConverted,
  hasPortalUrl: ({ ctx }) => /^https:\/\//.test(ctx.config.crmPortalUrl ?? ""),
  quoteHadPrices: ({ state }) => !!state.answers.quoteHadPrices,
  noProgramsChosen: ({ state }) => selectedProgramNames(state.answers).length === 0,
  needsMeasuring: ({ state, ctx }) =>
    ctx.config.sqftEstimateSource === "measur-it" && needsSquareFootage(state.answers, ctx.programs) && !lawnKnown({ state, ctx }),
  serviceQuestionsUnanswered: (input) => asksMowing(input) || asksFertilizer(input) || configuredServiceQuestionsUnanswered(input),
  purchased: answered(QUOTE_PURCHASED),
  thinksAboutIt: answered(THINK_ABOUT_IT),
  leadDelivered: answered(LEAD_DELIVERED),
  objectsToPrice: answered(OBJECTION_PRICE),
  objectsToProduct: answered(OBJECTION_PRODUCT),
  wantsToComment: answered(ADD_COMMENT),

  // SPEC §4: real-green and crm status 8 or 9, or credit hold status 1, goes to the portal.
  crmSaysPortal: ({ state, ctx }) =>
    ctx.config.crmSolution === "real-green" &&
    (["8", "9"].includes(state.answers.crmStatus ?? "") || state.answers.crmCreditHoldStatus === "1"),
} satisfies Record<string, Guard>;

/** A guard of the widget's or of a late chapter's (ServMan's, ./servman-guards.ts). */
export type GuardName = keyof typeof guards | ServmanGuardName;

export function isWidgetGuardName(name: string): name is keyof typeof guards {
  return Object.hasOwn(guards, name);
}

/** A guard's input whose context may carry the late chapters' guards (FlowContext.late, ./types.ts). */
type WithLateGuards = GuardInput & { ctx: { late?: { servman?: { guards: Record<ServmanGuardName, Guard> } | undefined } | undefined } };

/** Whether the guard holds: the widget's, or a late chapter's that has arrived (none that has not). */
export function guardHolds(name: GuardName, input: WithLateGuards): boolean {
  if (isWidgetGuardName(name)) return guards[name](input);
  const late = input.ctx.late?.servman?.guards[name];
  if (!late) throw new Error(`the guard ${name} comes with ServMan's chapter, which has not arrived`);
  return late(input);
}
