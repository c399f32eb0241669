// The Bot page's words (issue 25), in English: the page, the problems a field can have
// (src/config/config-fields.ts codes), the preview, each field's label and help by its path in
// the configuration, the list editors and the follow-ups section (issue 34).
// src/i18n/es/console-bot.ts has the same keys.
// Over 300 lines on purpose: every field of the form has its label and line of help here, one
// language's wording of the page in one place.
import type { FieldProblemCode } from "../../config/config-fields.ts";

const problems: Record<FieldProblemCode, (n?: number) => string> = {
  required: () => "Fill this in.",
  text: () => "Type words here.",
  number: () => "Type a number (digits only).",
  whole: () => "Type a whole number.",
  tooSmall: (n) => `Must be at least ${n}.`,
  tooLarge: (n) => `Must be at most ${n}.`,
  tooLong: (n) => `Keep it to ${n} characters or fewer.`,
  tooMany: (n) => `At most ${n} entries.`,
  choice: () => "Pick one of the choices.",
  yesNo: () => "Choose yes or no.",
  list: () => "Give a list, one entry a line.",
  minOverMax: () => "The smallest size must not be larger than the largest.",
  url: () => "Use a full address starting with https:// (http: is not safe on a company's site).",
  urlHost: () => "This must be on the payment provider's own address.",
  video: () => "Use a video file (.mp4, .webm, .ogv) or a YouTube or Vimeo link.",
  colour: () => "This is not a colour. Use #rrggbb (like #1e7b34), #rgb or rgb(30, 123, 52).",
  usZip: () => "A US ZIP code is 5 digits, with no letters (or its first digits, or ZIP+4 like 43017-1234).",
  variableName: () => "Use letters, digits, _ or ., starting with a letter.",
  botId: () => "This must be the bot's own id.",
  timeOfDay: () => "Use a time of day like 21:00.",
  invalid: () => "This value is not valid.",
};

export const botWords = {
  page: "Bot",
  title: "Your bot",
  intro: "Change what your visitors see. Your changes are saved as a draft as you type, and shown in the preview; visitors see them once an owner publishes.",
  whichBot: "Bot",
  loading: "Loading…",
  problems,
  line: (n: number) => `Line ${n}: `,
  entry: (n: number) => `Entry ${n}: `,
  saving: "Saving the draft…",
  draftSaved: (who: string, when: string) => `Draft saved by ${who}, ${when}. Visitors do not see it yet.`,
  noDraft: "No draft: this is what visitors see.",
  notSaved: (n: number) => `Not saved: ${n} field${n === 1 ? " needs" : "s need"} fixing (marked below). Visitors see no change.`,
  failed: "Could not save. Check your connection and try again.",
  live: (version: number, who: string, when: string) => `Live: version ${version}${who ? `, by ${who}` : ""}${when ? `, ${when}` : ""}.`,
  publish: "Publish",
  publishHelp: "Makes the draft what every new visitor sees. The version it replaces is kept below.",
  published: (version: number) => `Published as version ${version}.`,
  discard: "Discard the draft",
  discarded: "Draft discarded: the form shows what visitors see.",
  ownerOnly: "Only an owner can publish or restore. Your changes are kept as a draft for an owner to publish.",
  versions: "Versions",
  version: "Version",
  who: "By",
  when: "When",
  note: "Note",
  restore: "Restore",
  restoreVersion: (n: number) => `Restore version ${n}`,
  restored: (n: number) => `Version ${n} is live again.`,
  current: "Live now",
  restoreHelp: "Restoring makes an earlier version live again (as a new version) and drops the draft.",
  preview: "Preview",
  previewHelp: "The real widget running your draft. Conversations here are test traffic: they stay out of the inbox and the funnel.",
  desktop: "Desktop",
  phone: "Phone",
  previewFrame: "Preview of the bot with the draft",
  serverNotes: "This server cannot do everything this configuration asks:",
  contrast: (ratio: string, text: string) => `Text on this colour is ${text}, at a contrast of ${ratio}:1 (at least 4.5:1 is needed; the widget picks white or black for you).`,
  white: "white",
  black: "black",
  addEntry: "Add",
  removeEntry: "Remove",
  yes: "Yes",
  no: "No",
  defaultChoice: "Not set",
  /** The form's groups, by id (src/console/bot/bot-fields.ts). */
  groups: {
    company: "Your company",
    look: "Look",
    words: "Words",
    area: "Service area",
    services: "Services and questions",
    payments: "Payments",
    marketing: "Marketing sources",
    scheduling: "Scheduling words",
    redirect: "After a sale",
  },
  /** Each field's label and line of help, by its path in the configuration. */
  fields: {
    companyName: {
      label: "Company name",
      help: "As visitors know you; shown in the chat's header.",
    },
    companyPhone: {
      label: "Phone",
      help: "The number visitors call when the chat cannot help.",
    },
    companyLogo: {
      label: "Logo address",
      help: "An https:// address of your logo picture.",
    },
    companyTeamPic: {
      label: "Team picture address",
      help: "An https:// address of a picture of your team, shown with the greeting.",
    },
    tagLine: {
      label: "Tag line",
      help: "One short line under your name.",
    },
    botName: {
      label: "Assistant's name",
      help: "The name the chat signs with, e.g. Gwen.",
    },
    brandColor: {
      label: "Brand colour",
      help: "The chat's header, bubble and buttons. Text on it is white or black, whichever reads better.",
    },
    accentColor: {
      label: "Accent colour",
      help: "Optional: focus rings, when it is readable on white.",
    },
    greeting: {
      label: "Greeting",
      help: "The first thing the chat says to a new visitor.",
    },
    salutation: {
      label: "Salutation",
      help: "How the chat greets a visitor by name, e.g. Hi.",
    },
    valueAddDescription: {
      label: "Why choose you",
      help: "A sentence or two on what makes your service worth it.",
    },
    instaQuoteMessage: {
      label: "Instant quote message",
      help: "Said while the quote is being put together.",
    },
    language: {
      label: "Visitors' language",
      help: "Used when the visitor's page does not choose one.",
    },
    "translations.es.greeting": {
      label: "Greeting in Spanish",
      help: "Shown to visitors who chat in Spanish; empty: the greeting above.",
    },
    "translations.es.salutation": {
      label: "Salutation in Spanish",
      help: "E.g. Hola.",
    },
    "translations.es.valueAddDescription": {
      label: "Why choose you, in Spanish",
      help: "Empty: the English one.",
    },
    "translations.es.instaQuoteMessage": {
      label: "Instant quote message in Spanish",
      help: "Empty: the English one.",
    },
    zipCodes: {
      label: "ZIP codes you serve",
      help: "One a line; the first digits cover a whole area (430 covers 43017). Empty: everywhere.",
    },
    dontTaxZipCodes: {
      label: "ZIP codes without sales tax",
      help: "One a line: visitors there are quoted no tax.",
    },
    minQuotableSize: {
      label: "Smallest size you quote",
      help: "In square feet (square metres when metric); smaller lawns go to your office.",
    },
    maxQuotableSize: {
      label: "Largest size you quote",
      help: "Larger lawns go to your office.",
    },
    isMetric: {
      label: "Metric",
      help: "Sizes in square metres instead of square feet.",
    },
    measurementMode: {
      label: "What you measure",
      help: "The lawn's area, or the house's perimeter (pest control).",
    },
    availableServiceTypes: {
      label: "Services you offer",
      help: "One a line, as your price list names them.",
    },
    autoPayAvailable: {
      label: "Offer autopay",
      help: "Visitors may pay each visit automatically.",
    },
    prePayAvailable: {
      label: "Offer pre-pay",
      help: "Visitors may pay the season up front.",
    },
    autoPayAlternativeLabel: {
      label: "Autopay's name",
      help: "What you call autopay, e.g. EASY PAY.",
    },
    alternativePaymentVerbiage: {
      label: "Other ways to pay",
      help: "Words shown next to the payment choices.",
    },
    termsOfService: {
      label: "Terms and conditions",
      help: "Shown before the visitor pays.",
    },
    areMarketingQuestionsActivated: {
      label: "Ask how they heard of you",
      help: "The chat asks each visitor once.",
    },
    marketingSourceInquiryPrompt: {
      label: "The question",
      help: "E.g. How did you hear about us?",
    },
    customSchedulingVerbiage: {
      label: "Scheduling words",
      help: "What the chat says about when you will come.",
    },
    "translations.es.customSchedulingVerbiage": {
      label: "Scheduling words in Spanish",
      help: "Empty: the English ones.",
    },
    willRedirect: {
      label: "Send the visitor to a page",
      help: "After paying, the visitor goes to your thank-you page.",
    },
    redirectUrl: {
      label: "Thank-you page address",
      help: "An https:// address on your site.",
    },
  },
  /** A choice's words, by `<path>=<value>`. */
  choices: {
    "language=en": "English",
    "language=es": "Spanish",
    "measurementMode=area": "Area",
    "measurementMode=perimeter": "Perimeter",
  },
  /** The list editors (src/console/bot/bot-lists.tsx). */
  lists: {
    preModalQuestions: {
      title: "Questions before the quote",
      help: "Asked of every visitor just before the prices. With choices, the visitor taps one.",
      entry: "Question",
    },
    serviceQuestionsSteps: {
      title: "Questions for one service",
      help: "Asked only when the visitor picks that service.",
      entry: "Question",
    },
    learnMoreSteps: {
      title: "'Learn more' answers",
      help: "What the chat says, step by step, to a visitor who wants to learn more first.",
      entry: "Step",
    },
    marketingSources: {
      title: "Sources to choose from",
      help: "The answers offered to 'how did you hear of us'; the code is what your reports show.",
      entry: "Source",
    },
  },
  listFields: {
    question: "Words",
    options: "Choices (one a line; empty: none)",
    id: "Answer's name in your reports",
    program: "Service it is asked for",
    description: "What the visitor sees",
    code: "Code",
  },
  /** The follow-ups section (src/console/bot/follow-ups-editor.tsx). */
  followUps: {
    title: "Follow-ups to homeowners who leave",
    intro: "When a homeowner leaves a quote with their contact details and buys nothing, the assistant sends them the link back to their quote, at the price where they stopped. A sale, a booking, 'I need to think about it', a reply of STOP, the unsubscribe link or your staff marking the lead handled ends them. Texts go only to homeowners who ticked the consent box.",
    enabled: "Send follow-ups",
    enabledHelp: "Off: nothing is sent; the schedule below is kept.",
    steps: "Steps",
    stepsHelp: "Each step is sent this many minutes after the homeowner's last activity (at least 1; 60 is an hour, 1440 a day). At most 6 steps.",
    step: "Step",
    afterMinutes: "Minutes after leaving",
    channel: "Sent as",
    sms: "Text",
    email: "E-mail",
    removeStep: "Remove step",
    addStep: "Add a step",
    noSteps: "No steps: nothing is sent.",
    quiet: "Quiet hours",
    quietOn: "Keep quiet hours",
    quietHelp: "No message between these times in the homeowner's time zone; one due then waits until the end.",
    quietStart: "Quiet from",
    quietEnd: "Quiet until",
    postalAddress: "Your postal address",
    postalAddressHelp: "Needed for e-mails: the law (CAN-SPAM) wants your postal address under every follow-up e-mail. Without it no follow-up e-mail is sent; texts still are.",
    noAddress: "No postal address yet: the e-mail steps will not be sent.",
    wording: "Your own wording",
    wordingHelp:
      "Leave a field empty for the standard wording. You may use {name} (the homeowner's first name), {price} (the price as it is now), {services} and {company}. The text always starts with your company's name and ends with the link and 'Reply STOP to opt out'; the e-mail keeps its greeting, the link, your postal address and the unsubscribe link.",
    wordText: "Text message: its sentence",
    wordSubject: "E-mail: subject",
    wordBody: "E-mail: paragraph",
    preview: "Preview of the messages",
    previewHelp: "As a homeowner would get them, for a sample lead (Alex, quoted 59.00); the links here are samples.",
    previewFailed: "The preview could not be made.",
    textMessage: "Text message",
    emailMessage: "E-mail",
    subject: "Subject",
    /** A preview's heading: its language's name as Intl.DisplayNames gives it in the page's language. */
    inLanguage: (language: string) => `In ${language}`,
    /** A step's delay: one and many of each unit. */
    units: {
      minute: ["minute", "minutes"],
      hour: ["hour", "hours"],
      day: ["day", "days"],
    },
  },
};

export type BotWords = typeof botWords;
