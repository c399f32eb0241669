// The Bot page's preview of the follow-ups (issue 34): the text and the e-mail a homeowner who
// left would get, in every language, rendered by the worker's own functions (messages.ts)
// from the configuration being edited (not yet saved) and a sample lead. The links are
// samples too: they open nothing.
import * as v from "valibot";
import { FollowUpWordsSchema, type FollowUpWords } from "../../src/config/follow-ups.ts";
import { renderFollowUpEmail, renderFollowUpText, type FollowUpEmail, type FollowUpLanguage } from "../follow-ups/messages.ts";
import { UNSUBSCRIBE_PATH } from "../follow-ups/unsubscribe-routes.ts";
import { FOLLOW_UP_WORDS } from "../../src/i18n/follow-up-words.ts";
import { LANGUAGES } from "../../src/i18n/language-tags.ts";

export interface FollowUpPreview {
  text: string;
  email: Pick<FollowUpEmail, "subject" | "text">;
}

export const SAMPLE_LEAD_NAME = "Alex Rivera";
/** What the sample lead was quoted, in the configuration's currency. */
const SAMPLE_AMOUNT = "59.00";

const stringOf = (value: unknown, fallback: string, max: number) => (typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : fallback);

/** The preview in every language; `origin` is where the sample links point (the console's own). */
export function followUpPreview(config: Record<string, unknown>, origin: string): Partial<Record<FollowUpLanguage, FollowUpPreview>> {
  const companyName = stringOf(config.companyName, "Your company", 200);
  const currency = stringOf(config.currency, "USD", 3).toUpperCase();
  const services = Array.isArray(config.availableServiceTypes) ? config.availableServiceTypes.filter((s): s is string => typeof s === "string").slice(0, 1) : [];
  const followUps = typeof config.followUps === "object" && config.followUps !== null ? (config.followUps as { postalAddress?: unknown; messages?: unknown }) : {};
  // The company's own wording as typed; a language whose wording is not valid yet (its problem
  // is shown at its field) previews the standard one.
  const wordsIn = (language: FollowUpLanguage): FollowUpWords | undefined => {
    const typed = typeof followUps.messages === "object" && followUps.messages !== null ? (followUps.messages as Record<string, unknown>)[language] : undefined;
    const parsed = v.safeParse(FollowUpWordsSchema, typed);
    return parsed.success ? parsed.output : undefined;
  };
  const render = (language: FollowUpLanguage): FollowUpPreview => {
    const content = {
      language,
      companyName,
      lead: { name: SAMPLE_LEAD_NAME, serviceTypes: services, amount: { value: SAMPLE_AMOUNT, currency, paid: false } },
      resumeUrl: new URL("/?qa_resume=sample", origin).href,
      words: wordsIn(language),
    };
    const email = renderFollowUpEmail(content, {
      postalAddress: stringOf(followUps.postalAddress, FOLLOW_UP_WORDS[language].postalAddressPlaceholder, 300),
      unsubscribeUrl: new URL(`${UNSUBSCRIBE_PATH}?token=sample`, origin).href,
    });
    return { text: renderFollowUpText(content), email: { subject: email.subject, text: email.text } };
  };
  const previews: Partial<Record<FollowUpLanguage, FollowUpPreview>> = {};
  for (const language of LANGUAGES) previews[language] = render(language);
  return previews;
}
