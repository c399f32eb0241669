// The widget's own words outside the conversation (inputs, the chat's frame, overlays, aria
// labels), keyed, in English: the reference wording. The rest of the English tree: the
// conversation (./conversation.ts), the validation messages (./validation.ts), the quote
// modal's words (./quote.ts, in the quote chunk) and the checkout's (./payments.ts). Another
// language is a tree of the same files and types (src/i18n/es/), loaded only when asked for.
import { firstWords } from "../first-words.ts";

export const en = {
  bubbleOpen: firstWords("en").bubbleOpen,
  bubbleClose: "Close the quote assistant chat",
  closeChat: "Close chat",
  close: "Close",
  menu: "Menu",
  startOver: "Start over",
  conversation: "Conversation",
  loading: firstWords("en").loading,
  calculating: "calculating",
  unavailable: "Sorry, instant quotes are unavailable right now.",
  unavailableText: "Please try again in a few minutes, or contact the company directly.",
  tryAgain: "Try again",
  call: "Call",
  backToChat: "Back to the chat",
  sentTitle: "Your information has been sent to our team.",
  sentText: "A representative will contact you shortly.",
  emergency: "In case of an emergency",
  contactUs: "Contact Us",
  quoteOpening: "Opening your quote…",
  quoteFailed: "Sorry, your quote could not be opened just now.",
  quoteFailedText: "Please check your connection and try again.",
  send: "Send",
  yourAnswer: "Your answer",
  next: "Next",
  chooseOne: "Choose one",
  rate: "Rate",
  stars: (value: number, of: number) => `${value} of ${of} stars`,
  services: "Services",
  chooseService: "Choose at least one service.",
  selected: (n: number) => `${n} selected`,
  searchAddress: "Search address",
  suggestions: "Address suggestions",
  searching: "Searching…",
  noMatches: "No matches found",
  typeAddress: "Type the address",
  typeYourAddress: "Type your address",
  continue: "Continue",
  /** The typed address's fields: street, city, state / province / county, ZIP / postcode / postal code. */
  addressFields: ["Street address", "City", "State", "Province", "County (optional)", "ZIP code", "Postcode", "Postal code"],
  fieldMissing: (label: string) => `${label} is missing or not valid.`,
  openingTool: "Opening the measuring tool…",
  outline: "Outline your property",
  colorIn: "Color in your lawn",
  tool: "Measuring tool",
  lotSize: "Total lot size",
  lawnShare: "Percentage of lot that is lawn:",
  lawnValue: (percent: number, size: string) => `${percent}% of the lot, ${size}`,
  lawnSize: "Estimated lawn size",
  updateLawn: "Update Lawn Size",
  previousMonth: "Previous month",
  nextMonth: "Next month",
  calendarLoading: "Loading the calendar…",
  calendarFailed: "Sorry, the calendar could not be loaded just now.",
  calendarHint: "Arrow keys move by day and week, Page Up and Page Down by month. Enter chooses the day.",
  notAvailable: ", not available",
  /** aboutUsVideo's button, after 'Learn More'. */
  watchVideo: "▶ Watch our video",
  /** A day of the ServMan calendar without a free window. */
  noTimesAvailable: ", no times available",
};

export type Words = typeof en;
