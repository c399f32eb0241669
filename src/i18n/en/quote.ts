// The quote modal's words (proposal, checkout), keyed, in English: the reference wording. It
// lives in the quote chunk, which alone uses it; another language's table of the same type
// (`QuoteWords`, src/i18n/<lang>/quote.ts) comes with that language's file and reaches the
// modal as a prop.
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
 * The pricing engine's English labels (SPEC §9) and the proposal's own, which `label` is
 * given. Another language keys its words by them (ETIQUETAS in src/i18n/es/quote.ts): a label
 * without its translation, or one of a label that is gone, fails tsc. The checkout's messages,
 * also said through `label`, are keyed in ./payments.ts.
 */
export type PricingLabel =
  | "SUBTOTAL"
  | "FIRST MONTH'S PAYMENT"
  | "GET STARTED TODAY"
  | "INSTALLMENT PAYMENT AMOUNT"
  | "AUTOPAY"
  | "PRE-PAY"
  | "+ TAX"
  | "& SAVE"
  | "Your property"
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
