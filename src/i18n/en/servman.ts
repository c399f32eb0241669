// ServMan's chapter's words in English (SPEC §2 step 16, §4 'Emergency and service agreement',
// 'Scheduling', §8): they come with the chapter in dist/quote-assistant-servman.js, so that no
// other company's widget carries them; every other language's servman.ts is typed against these
// and comes in that language's file with the rest of its tree. Company content may be HTML:
// the chat says it as plain text.
import type { MessageSource } from "../../flow/message-parts.ts";
// From the contract's words part: the widget's copy in the ServMan chunk (src/lazy/servman-chunk.ts).
import { nonEmpty, phoneLink } from "../../flow/shared-words.ts";
import { fillSchedulingVerbiage, formatLongDate, plainText } from "../../flow/scheduling.ts";
import type { CompanyConfig } from "../../config/company-config.ts";

/** " at (614) 555-0100", as ./conversation.ts writes it. */
function officePhone(config: CompanyConfig): string {
  const link = phoneLink(config.companyPhone, config.currency);
  return link ? ` at ${link.text}` : "";
}

export const servman = {
  askEmergency: "Is this an emergency?",
  tellMeMoreButton: "Tell Me More",
  emergencyTellMeMore: ({ config }) =>
    nonEmpty(config.emergencyTellMeMore)
      ? plainText(config.emergencyTellMeMore)
      : "An emergency is a problem that puts people, pets or your home at risk right now. For those, our office sends the nearest technician as soon as possible.",
  askEmergencyAgain: "So, is this an emergency?",
  emergencyCall: ({ config }) =>
    `For an emergency, please call our office${officePhone(config)} right away and we will send a technician as soon as possible.`,
  callOfficeButton: ({ config }) => `Call ${phoneLink(config.companyPhone, config.currency)?.text ?? ""}`,
  askServiceAgreement: ({ config }) =>
    nonEmpty(config.serviceAgreementContent)
      ? plainText(config.serviceAgreementContent)
      : `Do you have a service agreement with ${config.companyName}?`,
  serviceAgreementTellMeMore: ({ config }) =>
    nonEmpty(config.serviceAgreementTellMeMore)
      ? plainText(config.serviceAgreementTellMeMore)
      : "A service agreement is a plan of regular visits from our technicians. If you have one, your request may be covered by it.",
  askServiceAgreementAgain: ({ config }) => `So, do you have a service agreement with ${config.companyName}?`,
  hasServiceAgreement: "Great! Let's find the right service under your agreement.",
  noServiceAgreement: ({ config }) =>
    nonEmpty(config.noServiceAgreementContent)
      ? plainText(config.noServiceAgreementContent)
      : "No problem! Let's find the right service for you.",
  askServiceCategory: "What do you need help with?",
  askServiceProblem: "Which of these best describes the problem?",
  noServiceProblems: "I'm sorry, I can't book that service online.",
  askAdditionalInformation:
    "Is there anything else our technician should know? For example, where you have seen the problem, or a gate code.",
  additionalInformationLabel: "Additional information",
  creatingServiceOrder: "One moment while I create your service request...",
  orderFollowUp: ({ answers }) =>
    `Thank you! Your service request${nonEmpty(answers.servmanOrderId) ? ` (number ${answers.servmanOrderId})` : ""} is in. Our office will contact you shortly to arrange the visit.`,

  // SPEC §2 'Scheduling screen', §4 'Scheduling', §8.
  schedulingIntro: "Let's find a time for your visit. Which day works best for you?",
  calendarLabel: "Choose a day for your visit",
  chooseTimeSlot: ({ answers }) =>
    `Here are the open time windows on ${formatLongDate(answers.scheduleDate ?? "")}. Which works best for you?`,
  anotherDayButton: "Choose another day",
  noTimeSlots: "No Available Time Slots",
  noTimeSlotsAdvice: ({ config, answers }) =>
    `There are no open time windows on ${formatLongDate(answers.scheduleDate ?? "")}. Please choose another day, or contact our office${officePhone(config)} to schedule your visit.`,
  schedulingTerms: ({ answers }) =>
    `You have chosen ${formatLongDate(answers.scheduleDate ?? "")}, between ${answers.scheduleSlot ?? ""}. Before I book it, please read our service terms.`,
  schedulingTermsOfService: ({ config }) => (nonEmpty(config.termsOfService) ? plainText(config.termsOfService) : null),
  askAgreeToTerms: "Do you agree to these terms?",
  termsRefused: "Sorry, we can't schedule an appointment without your agreement.",
  confirmTimeSlotButton: "Confirm time slot",
  chooseAnotherTimeButton: "Choose another time",
  slotTaken: ({ answers }) =>
    `Sorry, the ${answers.scheduleSlot ?? ""} window on ${formatLongDate(answers.scheduleDate ?? "")} was just booked by someone else.`,
  // The company's customSchedulingVerbiage with {date} and {window} filled, or the default.
  scheduleConfirmed: ({ config, answers }) =>
    fillSchedulingVerbiage(config.customSchedulingVerbiage, { date: answers.scheduleDate ?? "", window: answers.scheduleSlot ?? "" }),
  scheduleFailed: "I'm sorry, I couldn't book that time window online.",
} satisfies Record<string, MessageSource>;

export type ServmanKey = keyof typeof servman;
/** A language's ServMan words: every key of the English ones, no other. */
export type ServmanTable = Record<ServmanKey, MessageSource>;
