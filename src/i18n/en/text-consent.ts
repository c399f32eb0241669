// The texts consent box's label (issue 34), under the phone field when the company texts: who
// texts, about what, how many at most, rates, STOP, and that consent is not a condition of
// purchase. Not in the widget's bundle: dist/quote-assistant-consent.js carries every
// language's (src/lazy/text-consent-file.ts), fetched only for a company that texts. The quote
// keeps these words as shown; changing them is a new TEXT_CONSENT_VERSION (src/config/text-consent.ts).
import type { Language } from "../language-tags.ts";

export type TextConsentWords = (companyName: string, texts: number) => string;
/** Every language's, as dist/quote-assistant-consent.js hands them to the widget. */
export type TextConsentFile = Record<Language, TextConsentWords>;

export const textConsent: TextConsentWords = (company, texts) =>
  `I agree to get texts from ${company} about this quote (at most ${texts}). Message and data rates may apply. Reply STOP to end. Consent is not a condition of purchase.`;
