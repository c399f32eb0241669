// SPEC §2 step 16 and §4 'Emergency and service agreement', 'Scheduling': a ServMan company
// books the job instead of quoting it. Emergency? (yes: call the office), service agreement?,
// the category and problem, additional information, the order; then a follow-up for problems
// that are not scheduled online, or the calendar, a time window, the terms and the booking.
import type { StepTable } from "../types.ts";
// From the contract's pure part: the chapter comes with dist/quote-assistant-servman.js and
// runs on the widget's copy of these (src/lazy/servman-chunk.ts).
import { ANOTHER_TIME, CONFIRM_SLOT, NO, TELL_ME_MORE, YES } from "../shared-pure.ts";
import { ANOTHER_DAY } from "../scheduling.ts";

const yesNo = [
  { value: YES, label: "yes" },
  { value: NO, label: "no" },
] as const;
const yesNoTellMeMore = [...yesNo, { value: TELL_ME_MORE, label: "tellMeMoreButton" }] as const;

export const servmanSteps = {
  // 'It looks like you've quoted through our system already': the earlier quote is started
  // again (the call reuses it) for the ids the ServMan calls need, then the emergency question.
  servmanResumeQuote: {
    task: "startQuote",
    on: { started: "askEmergency", failed: "servmanCallOffice", queued: "startWaiting" },
  },

  askEmergency: {
    say: ["askEmergency"],
    input: { kind: "buttons", options: [...yesNoTellMeMore] },
    saveAs: "emergency",
    next: [
      { if: "answeredYes", to: "emergencyCall" },
      { if: "answeredNo", to: "askServiceAgreement" },
      { to: "emergencyTellMeMore" },
    ],
  },
  emergencyTellMeMore: {
    say: ["emergencyTellMeMore", "askEmergencyAgain"],
    input: { kind: "buttons", options: [...yesNo] },
    saveAs: "emergency",
    next: [{ if: "answeredYes", to: "emergencyCall" }, { to: "askServiceAgreement" }],
  },
  emergencyCall: {
    say: ["emergencyCall"],
    input: { kind: "call", label: "callOfficeButton" },
    next: [],
  },

  askServiceAgreement: {
    say: ["askServiceAgreement"],
    input: { kind: "buttons", options: [...yesNoTellMeMore] },
    saveAs: "serviceAgreement",
    next: [
      { if: "answeredYes", to: "hasServiceAgreement" },
      { if: "answeredNo", to: "noServiceAgreement" },
      { to: "serviceAgreementTellMeMore" },
    ],
  },
  serviceAgreementTellMeMore: {
    say: ["serviceAgreementTellMeMore", "askServiceAgreementAgain"],
    input: { kind: "buttons", options: [...yesNo] },
    saveAs: "serviceAgreement",
    next: [{ if: "answeredYes", to: "hasServiceAgreement" }, { to: "noServiceAgreement" }],
  },
  hasServiceAgreement: { say: ["hasServiceAgreement"], next: [{ to: "loadServiceCategories" }] },
  noServiceAgreement: { say: ["noServiceAgreement"], next: [{ to: "loadServiceCategories" }] },

  // POST /v1/servman/info, then /problems for the chosen category (contractRelated from the
  // agreement answer); none, or a failed call, ends at the office.
  loadServiceCategories: {
    task: "fetchServiceCategories",
    // The list as the answers hold it decides (a failed call leaves an earlier one in place).
    on: {
      found: [{ if: "hasServiceCategories", to: "askServiceCategory" }, { to: "servmanCallOffice" }],
      none: "servmanCallOffice",
      failed: [{ if: "hasServiceCategories", to: "askServiceCategory" }, { to: "servmanCallOffice" }],
    },
  },
  askServiceCategory: {
    say: ["askServiceCategory"],
    input: { kind: "servmanChoice", list: "categories" },
    saveAs: "servmanCategoryId",
    next: [{ to: "loadServiceProblems" }],
  },
  loadServiceProblems: {
    task: "fetchServiceProblems",
    on: {
      found: [{ if: "hasServiceProblems", to: "askServiceProblem" }, { to: "noServiceProblems" }],
      none: "noServiceProblems",
      failed: [{ if: "hasServiceProblems", to: "askServiceProblem" }, { to: "noServiceProblems" }],
    },
  },
  noServiceProblems: { say: ["noServiceProblems"], next: [{ to: "servmanCallOffice" }] },
  askServiceProblem: {
    say: ["askServiceProblem"],
    input: { kind: "servmanChoice", list: "problems" },
    saveAs: "servmanProblemId",
    next: [{ to: "askAdditionalInformation" }],
  },
  // SPEC §5: additional information accepts anything.
  askAdditionalInformation: {
    say: ["askAdditionalInformation"],
    input: { kind: "text", label: "additionalInformationLabel", validate: "answer", maxLength: 300 },
    saveAs: "additionalInformation",
    next: [{ to: "createServiceOrder" }],
  },

  // POST /v1/servman/order. A schedulable problem goes on to the calendar after the
  // scheduling pause (SPEC §9, 2 s); any other ends with the follow-up message.
  createServiceOrder: {
    say: ["creatingServiceOrder"],
    task: "createServiceOrder",
    on: { schedulable: "schedulingIntro", "follow-up": "orderFollowUp", failed: "servmanCallOffice" },
  },
  orderFollowUp: { say: ["orderFollowUp"], next: [] },

  // The scheduling screen: a day, its time windows, the terms, 'Confirm time slot'.
  schedulingIntro: { say: ["schedulingIntro"], next: [{ to: "pickScheduleDate" }] },
  pickScheduleDate: {
    input: { kind: "calendar", label: "calendarLabel" },
    saveAs: "scheduleDate",
    next: [{ to: "loadTimeSlots" }],
  },
  loadTimeSlots: {
    task: "fetchTimeSlots",
    // A failed call leaves the windows of the day fetched before (after 'slot taken') in place.
    on: {
      found: [{ if: "hasTimeSlots", to: "pickTimeSlot" }, { to: "noTimeSlots" }],
      none: "noTimeSlots",
      failed: [{ if: "hasTimeSlots", to: "pickTimeSlot" }, { to: "scheduleFailed" }],
    },
  },
  // SPEC §8: 'No Available Time Slots', with advice to contact the office.
  noTimeSlots: {
    say: ["noTimeSlots", "noTimeSlotsAdvice"],
    input: { kind: "buttons", options: [{ value: ANOTHER_DAY, label: "anotherDayButton" }] },
    next: [{ to: "pickScheduleDate" }],
  },
  pickTimeSlot: {
    say: ["chooseTimeSlot"],
    input: { kind: "servmanChoice", list: "slots" },
    saveAs: "scheduleSlot",
    next: [{ if: "choseAnotherDay", to: "pickScheduleDate" }, { to: "schedulingTerms" }],
  },
  schedulingTerms: {
    say: ["schedulingTerms", "schedulingTermsOfService", "askAgreeToTerms"],
    input: { kind: "buttons", options: [...yesNo] },
    saveAs: "schedulingTermsAccepted",
    next: [{ if: "answeredNo", to: "termsRefused" }, { to: "confirmTimeSlot" }],
  },
  termsRefused: { say: ["termsRefused"], next: [{ to: "servmanCallOffice" }] },
  confirmTimeSlot: {
    input: {
      kind: "buttons",
      options: [
        { value: CONFIRM_SLOT, label: "confirmTimeSlotButton" },
        { value: ANOTHER_TIME, label: "chooseAnotherTimeButton" },
      ],
    },
    next: [{ if: "choseAnotherTime", to: "pickScheduleDate" }, { to: "bookTimeSlot" }],
  },
  // POST /v1/servman/schedule/confirm: 200 books it; a window taken meanwhile offers the
  // day's remaining windows again.
  bookTimeSlot: {
    task: "confirmTimeSlot",
    on: { confirmed: "scheduleConfirmed", taken: "slotTaken", failed: "scheduleFailed" },
  },
  slotTaken: { say: ["slotTaken"], next: [{ to: "loadTimeSlots" }] },
  // Confirmed: nothing more to choose, so the window cannot be changed from the chat.
  scheduleConfirmed: { say: ["scheduleConfirmed"], next: [] },
  scheduleFailed: { say: ["scheduleFailed"], next: [{ to: "servmanCallOffice" }] },

  servmanCallOffice: {
    say: ["callTheOffice"],
    input: { kind: "call", label: "callOfficeButton" },
    next: [],
  },
} satisfies StepTable;
