// The conversation's words in English, keyed, in the spec's exact wording where the spec gives
// one: the reference every other language's conversation.ts is typed against. Company
// overrides (greeting, button texts, prompts) are resolved here and in each language's table,
// nowhere else. A message that resolves to null is not said (e.g. no value-add configured).
// The engine says them through src/flow/messages.ts (the graph test proves each is said).
// ServMan's chapter's words are ./servman.ts, in its own file with the chapter.
import type { CompanyConfig } from "../../config/company-config.ts";
import { formatSize, unitFor } from "../../config/measurement.ts";
import { phoneLink } from "../../config/phone-format.ts";
import { formatAddress, nonEmpty, ownRebuttal, type MessageSource } from "../../flow/message-parts.ts";
import type { ServmanKey } from "./servman.ts";

/** " at (614) 555-0100": the company's phone as its customers write it (the log makes it a call link). */
function officePhone(config: CompanyConfig): string {
  const link = phoneLink(config.companyPhone, config.currency);
  return link ? ` at ${link.text}` : "";
}

export const conversation = {
  // SPEC §2 step 1: the company's salutation (SPEC §3 `salutation`, when it set one), then its
  // greeting or the default welcome.
  salutation: ({ config }) => (nonEmpty(config.salutation) ? config.salutation : null),
  welcome: ({ config }) =>
    nonEmpty(config.greeting)
      ? config.greeting
      : `Hi! I'm ${config.botName}, ${config.companyName}'s quote assistant. In a few minutes I will measure your property, analyse your service area, tailor a custom program for you and deliver an instant quote.`,
  startPrompt: "Ready when you are.",
  // SPEC §2 step 2. Servman companies show one start button, possibly with custom text.
  startButton: ({ config }) =>
    config.crmSolution === "servman" && nonEmpty(config.gettingStartedText) ? config.gettingStartedText : "Let's Get Started",
  learnMoreButton: "Learn More",
  learnMore: ({ config }) =>
    nonEmpty(config.instaQuoteMessage)
      ? config.instaQuoteMessage
      : `${config.companyName} prices every property individually. Tell me a little about yours and I will measure it, match it with the right services and show you an exact price, with no phone call needed.`,
  learnMoreFollowUp: ({ config }) =>
    nonEmpty(config.valueAddDescription) ? config.valueAddDescription : "It only takes a few minutes. Shall we start?",
  yes: "Yes",
  no: "No",

  // SPEC §2 step 5: contact details.
  askName: "Let's start with your name. What are your first and last names?",
  nameLabel: "First and last name",
  askPhone: ({ answers }) => `Thanks, ${answers.customerFirstName ?? "there"}! What's the best phone number to reach you?`,
  phoneLabel: "Phone number",
  askEmail: "And your email address?",
  emailLabel: "Email address",
  askAddress: "What's the address of the property you'd like a quote for?",
  addressLabel: "Search address",
  askUnit: "Is there an apartment, unit or suite number?",
  askUnitNumber: "What's the apartment, unit or suite number?",
  unitLabel: "Apartment, unit or suite",

  // SPEC §2 step 6: marketing source (real-green).
  askSource: ({ config }) =>
    nonEmpty(config.marketingSourceInquiryPrompt) ? config.marketingSourceInquiryPrompt : "How did you hear about us?",
  askReferrer: "Who referred you to us? We'd love to thank them.",
  referrerLabel: "Referrer's name",
  askOtherSource: "Please elaborate on how you heard about us",
  otherSourceLabel: "How you heard about us",

  // SPEC §2 step 3 and 4: returning visitor and address confirmation.
  welcomeBack: ({ answers }) => `Welcome back, ${answers.customerFirstName ?? "friend"}!`,
  confirmAddress: ({ config, answers }) =>
    config.crmSolution === "servman"
      ? "Are you looking for services at the below address?"
      : `You are looking for a quote for your home located at ${formatAddress(answers)}. Correct?`,
  confirmAddressDetail: ({ config, answers }) => (config.crmSolution === "servman" ? formatAddress(answers) : null),
  addressConfirmed: "Great! Let's get started.",
  notMyAddress: "No problem. Let's try again",

  // SPEC §2 step 7: previous-quote check.
  checkingPreviousQuote: "Checking for previous quote...",
  alreadyQuoted: "It looks like you've quoted through our system already.",
  checkingServicedBefore: "Checking to see if we've serviced you before...",
  // SPEC §4 'Lookup outcomes': the lookup found nobody.
  couldNotFindYou: "We could not find you in our records.",
  portalRedirect:
    "It appears that this address is already in our database. You are now being redirected to the customer portal to manage your account.",

  reopeningYourQuote: "Re-Opening Your Quote",

  // SPEC §2 step 8: start quote.
  startingQuote: "Please wait while I start your quote...",
  valueAdd: ({ config }) => (nonEmpty(config.valueAddDescription) ? config.valueAddDescription : null),

  // SPEC §2 step 9: the property's size.
  openingMeasurIt: "Opening our Measur.it technology",
  measurePrompt: ({ config }) =>
    config.measurementMode === "perimeter"
      ? "Outline your property on the map, then press Finish."
      : "Color in your lawn on the map, then press Finish.",
  measured: ({ config, answers }) =>
    `Thanks! It looks like you ${config.measurementMode === "perimeter" ? "outlined" : "colored"} in ${formatSize(answers.lawnSize ?? 0)} ${answers.measureUnits ?? unitFor(config.measurementMode, config.isMetric)}.`,
  askSize: ({ config }) =>
    `About how many ${config.isMetric ? "square metres" : "square feet"} is the area you would like serviced?`,
  sizeLabel: ({ config }) => `Size in ${unitFor("area", config.isMetric)}`,
  estimatedSize: ({ config, answers }) => {
    const unit = ` ${unitFor("area", config.isMetric)}`;
    const source = config.sqftEstimateSource;
    return source === "home"
      ? `Your home's internal square footage is about ${formatSize(answers.lawnSize ?? 0)}${unit}.`
      : `Your lot is about ${formatSize(answers.totalLotSize ?? 0)}${unit}${source === "other" ? `, about ${formatSize(answers.lawnSize ?? 0)}${unit} of it lawn` : ""}.`;
  },
  askLawnShare: "How much of it is lawn? Move the slider, then press Update Lawn Size.",
  manualReview:
    "Our instant quote technology is good, however we feel it would be best for us to manually review your property with you. We will be in touch soon.",
  wellThanksAnyway: ({ config }) =>
    `Well, thanks anyway! Your property is outside the sizes we can quote online. Please call us${officePhone(config)} and we will gladly quote it in person.`,

  answerLabel: "Your answer",

  // SPEC §2 step 10: the program picker.
  choosePrograms: "Which services would you like a quote for? Choose all that apply, then press Next.",
  noPrograms: ({ config }) =>
    `I'm sorry, I can't show our services right now. Please call us${officePhone(config)} and we will prepare your quote.`,

  // SPEC §4 probing questions: mowing.
  askLastMowed: "When was your lawn last mowed?",
  lastMowed2Weeks: "2 weeks ago",
  lastMowed4Weeks: "4 weeks ago",
  lastMowedMonthPlus: "1 month ago +",
  notSure: "Not sure",
  askWhoMows: "Who mows your lawn today?",
  askWhoCares: "Who takes care of your lawn today?",
  doItMyself: "I do it myself",
  useAnotherCompany: "I use another company",
  justMovedIn: "I just moved in",
  // The branch messages of 'who mows / who does the lawn'.
  branchMyself: "Good for you! Let's see how we can give you some of your weekends back.",
  branchAnotherCompany: "Thanks for considering us. We'd love to earn your business.",
  branchMovedIn: "Welcome to the neighborhood! Let's get your new lawn off to a great start.",
  askWhatMissing: "What is your current company missing?",
  customerService: "Customer Service",
  betterQuality: "Better Quality",
  betterPricing: "Better Pricing",
  // SPEC §2 step 12: the rating step.
  askHappiness: "How happy are you with your lawn today? Rate it from 1 to 5 stars.",
  happinessLabel: "Your lawn's rating, in stars",
  // SPEC §4: a rating of 5 goes to 10-lawn, anything else to 9orless-lawn.
  tenLawn: "A five-star lawn! We'll help you keep it that way all season.",
  nineOrLessLawn: "Thanks for being honest. Our team will help you get that lawn to five stars.",

  // SPEC §4 probing questions: fertilizer and weed control.
  askThickness: "How thick is your lawn?",
  thick: "Thick",
  patchy: "Patchy",
  thin: "Thin",
  askBiggestProblem: "What is your lawn's biggest issue?",
  broadleafWeeds: "Broadleaf weeds",
  stubbornWeeds: "Stubborn Weeds",
  grubs: "Grubs",
  crabgrass: "Crabgrass",
  disease: "Disease",
  shade: "Shade",
  askGrassType: "What type of grass do you have?",
  bermuda: "Bermuda Grass",
  zoysia: "Zoysiagrass",
  tallFescue: "Tall fescue",
  stAugustine: "St augistine",
  dontKnow: "I don't know",

  // SPEC §2 step 13: quote now or customize, calculating, opening the quote.
  askQuoteNow: "Your quote is almost ready! Would you like to see it now, or customize your program first?",
  quoteNowButton: "Get My Quote Now",
  customizeButton: "Customize My Program",
  calculating: "Calculating your custom quote...",
  quoteReady: ({ answers }) => `Here is your custom quote, ${answers.customerFirstName ?? "there"}!`,
  viewQuoteButton: "View My Quote",
  noPrices: ({ config }) =>
    `I couldn't put prices on your selections just now. Please call us${officePhone(config)} and we will finish your quote with you.`,

  congratsSale: ({ answers }) => `Congratulations, ${answers.customerFirstName ?? "and welcome"}! Your order is confirmed.`,
  // SPEC §8's success message, then the receipt.
  saleTransaction: ({ answers }) =>
    answers.saleTransactionId ? `Data submitted successfully with transaction # ${answers.saleTransactionId}` : null,
  saleReceipt: ({ answers, config }) =>
    [
      answers.saleAmount && `Paid today: ${answers.saleAmount}.`,
      answers.saleServices && `Services: ${answers.saleServices}${answers.salePlan ? ` (${answers.salePlan})` : ""}.`,
      `What happens next: ${config.companyName} will be in touch to schedule your first visit.`,
    ]
      .filter(Boolean)
      .join(" "),
  thinkAboutIt: "I need to think about it",

  // SPEC §2 step 14: the objection flow.
  askObjection: "No problem, it's a big decision. May I ask what's giving you pause?",
  objectionPrice: "Price",
  objectionProduct: "Product",
  objectionPeople: "People",
  // The company's own rebuttal (objectionSteps) where it gave one, else the built-in one.
  rebuttalPrice: ({ config }) =>
    ownRebuttal(config, "price") ??
    "We understand. Pre-paying the season lowers the price, and every visit is backed by our satisfaction guarantee: if something isn't right, we come back at no charge.",
  rebuttalProduct: ({ config }) =>
    ownRebuttal(config, "product") ??
    "Every program is tailored to your lawn's size and the answers you gave, and our technicians adjust each treatment to what they see on the day.",
  rebuttalPeople: ({ config }) =>
    ownRebuttal(config, "people") ??
    "Our technicians are licensed, background-checked and trained every season, and you can reach our office any time with a question.",
  askReconsider: "Would you like to take another look at your quote?",
  reconsiderYes: "Yes, show me my quote",
  reconsiderNo: "No, thanks",
  reopeningQuote: "Great! Reopening your quote...",
  askComments: "Is there anything you'd like to tell us before you go?",
  addCommentButton: "Add a comment",
  noCommentButton: "No comments",
  askCommentText: "What would you like us to know?",
  commentsLabel: "Your comments",
  objectionThanks: ({ answers }) => `Thank you, ${answers.customerFirstName ?? "for your time"}! Your quote is saved.`,
  willContact: "A member of our team will contact you shortly to answer any questions.",
  leadRetryButton: "Try again",
  leadWaiting: ({ config }) =>
    `I couldn't reach our team just now. I'll send your details as soon as the connection is back. If you'd rather not wait, call us${officePhone(config)}.`,

  // SPEC §2 step 15 and §8: dead ends.
  zipNotServiced:
    "It appears we are unable to quote your property; the address provided is outside our service area.",
  sqftTooBig: ({ config }) =>
    `Thank you! Your property needs a closer look than our instant quote can give. A member of our team will contact you to prepare your quote, or call us${officePhone(config)}.`,
  callTheOffice: ({ config }) => `Please call our office${officePhone(config)} and we will be glad to help you.`,
  portalUnavailable: ({ config }) =>
    `You already have an account with us. Please call our office${officePhone(config)} to manage it.`,

  // The chat's pictures' descriptions (images below).
  aerialAlt: "Aerial view of your property",
  streetAlt: "Street view of your property",
  videoAlt: ({ config }) => `A video about ${config.companyName}`,
} satisfies Record<string, MessageSource>;

/** The widget's own keys: ServMan's chapter brings its words (./servman.ts) with it. */
export type ConversationKey = keyof typeof conversation;
/** A message a step may say: the widget's or ServMan's. */
export type MessageKey = ConversationKey | ServmanKey;
/** A language's conversation: every key of the English table, no other. */
export type MessageTable = Record<ConversationKey, MessageSource>;
