// Every user-visible string of the conversation, keyed, in the spec's exact wording where the
// spec gives one. Company overrides (greeting, button texts) are resolved here, nowhere else.
import type { CompanyConfig } from "../config/company-config.ts";
import type { CustomerFields } from "../config/query-flags.ts";

export interface MessageContext {
  config: CompanyConfig;
  customer: CustomerFields;
}

type MessageSource = string | ((ctx: MessageContext) => string);

const nonEmpty = (text: string | undefined): text is string => !!text && text.trim().length > 0;

export const messages = {
  // SPEC §2 step 1: the company greeting, or the default welcome.
  welcome: ({ config }) =>
    nonEmpty(config.greeting)
      ? config.greeting
      : `Hi! I'm ${config.botName}, ${config.companyName}'s quote assistant. In a few minutes I will measure your property, analyse your service area, tailor a custom program for you and deliver an instant quote.`,
  startPrompt: "Ready when you are.",
  // SPEC §2 step 2. Servman companies show one start button, possibly with custom text.
  startButton: ({ config }) =>
    config.crmSolution === "servman" && nonEmpty(config.gettingStartedText)
      ? config.gettingStartedText
      : "Let's Get Started",
  learnMoreButton: "Learn More",
  learnMore: ({ config }) =>
    nonEmpty(config.instaQuoteMessage)
      ? config.instaQuoteMessage
      : `${config.companyName} prices every property individually. Tell me a little about yours and I will measure it, match it with the right services and show you an exact price, with no phone call needed.`,
  learnMoreFollowUp: ({ config }) =>
    nonEmpty(config.valueAddDescription)
      ? config.valueAddDescription
      : "It only takes a few minutes. Shall we start?",
  // The end of the greeting chapter until the contact chapter lands (issue 3).
  contactComingSoon: ({ config }) =>
    nonEmpty(config.companyPhone)
      ? `Great! Online quotes are not open yet. Please call us at ${config.companyPhone} and we will prepare your quote.`
      : "Great! Online quotes are not open yet. Please contact our office and we will prepare your quote.",
} satisfies Record<string, MessageSource>;

export type MessageKey = keyof typeof messages;

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(messages, key);
}

export function formatMessage(key: MessageKey, ctx: MessageContext): string {
  const source: MessageSource = messages[key];
  return typeof source === "function" ? source(ctx) : source;
}
