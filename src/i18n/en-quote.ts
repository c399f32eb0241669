// The quote modal's words (proposal, checkout), keyed, in English: the reference wording. It
// lives in the quote chunk, which alone uses it; another language's table of the same type
// (`QuoteWords`) comes with that language's file (./es.ts) and reaches the modal as a prop.
export const enQuote = {
  title: (company: string) => `Your quote from ${company}`,
  steps: ["Proposal", "Checkout"],
  stepsLabel: "Steps",
  proposal: "Proposal",
  recommend: "Based on your selections we recommend these services",
  team: (company: string) => `The ${company} team`,
  terms: "Payment Terms and Conditions",
  think: "I NEED TO THINK ABOUT IT",
  checkout: "Checkout",
  back: "Back",
  signUp: "Sign Up",
  buyNow: "⚡ BUY NOW",
  payNow: "Pay now",
  processing: "Processing…",
  payment: "Payment",
  orCard: "or pay by card",
  cardLoading: "Loading the secure card form…",
  addOns: "What else can we do for you?",
  add: "Add",
  addService: (name: string) => `Add ${name}`,
  offers: "Offers",
  plan: "Payment plan",
  sizeEstimate: "Size estimate",
  noServices: "No Services",
  noServicesText: "Every service is switched off. Switch one on to see its price.",
  /**
   * The pricing engine writes its labels in SPEC §9's English (SUBTOTAL, GET STARTED TODAY,
   * AUTOPAY, 'per visit', 'for the season'...): another language says them in its own words.
   */
  label: (text: string): string => text,
};

export type QuoteWords = typeof enQuote;

/**
 * Every English text `label` is given: the pricing engine's labels (SPEC §9) and the widget's
 * own checkout messages (their constants in src/payments; test/unit/i18n/words.test.ts checks
 * each has its translation). Another language keys its words by it (ETIQUETAS in
 * src/i18n/es.ts): a text without its translation, or one of a text that is gone, fails tsc.
 */
export type LabelText =
  | "SUBTOTAL"
  | "FIRST MONTH'S PAYMENT"
  | "GET STARTED TODAY"
  | "INSTALLMENT PAYMENT AMOUNT"
  | "AUTOPAY"
  | "PRE-PAY"
  | "+ TAX"
  | "& SAVE"
  | "Card number"
  | "Expiry (MM / YY)"
  | "Card details"
  | "Your property"
  | "Your payment could not be processed. Please try again, or call us to finish signing up."
  | "The prices on your quote have changed, so nothing was charged. Please check the updated total and try again."
  | "The secure card form could not be loaded. Please check your connection and try again."
  | "Online payment is not set up yet. Please call us to finish signing up."
  | "Online payment is not available for your account. Please call us to finish signing up."
  | "The payment form could not be loaded. Please check your connection and try again."
  | "The payment form did not answer. Please try again."
  | "The card form could not be loaded. Please check your connection and try again."
  | "Your bank needs to confirm this payment, which could not be done here. Please try another card."
  | "Your card could not be authenticated."
  | "The payment form was closed."
  | "Expiry date is not available"
  | "Your card is expired"
  | "Expiry is valid"
  | "sq ft"
  | "sq m"
  | "linear ft"
  | "linear m"
  | "Budget Billing"
  | "Monthly Billing"
  | "today"
  | "per month"
  | "for the season"
  | "visit"
  | "treatment"
  | "application"
  | "service";
