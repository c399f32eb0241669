// Which language a visitor reads, and the locale its dates, numbers and money are written in.
// The element's `lang` (the snippet's `data-lang`) first, then the company's default language,
// then the page's <html lang>, then English. A value in no language we have is passed over.
import type { CompanyConfig } from "../config/company-config.ts";
import type { MessageTable } from "./en/conversation.ts";
import type { PaymentWords } from "./en/payments.ts";
import type { QuoteWords } from "./en/quote.ts";
import type { ServmanTable } from "./en/servman.ts";
import type { ValidationMessages } from "./en/validation.ts";
import type { Words } from "./en/widget.ts";
import { languageOf, type Language } from "./language-tags.ts";

export * from "./language-tags.ts";

export function chooseLanguage(attribute: string | null | undefined, companyDefault: string | undefined, pageLang: string | null | undefined): Language {
  return languageOf(attribute) ?? languageOf(companyDefault) ?? languageOf(pageLang) ?? "en";
}

/**
 * The Intl locale of a language other than English for a company's currency: `es-US` for a US
 * dollar company (dollars written as American Spanish writes them), else `es`.
 */
export function localeFor(lang: Language, currency: string | undefined): string {
  if (lang === "en") return "en-US";
  return (currency ?? "USD").toUpperCase() === "USD" ? `${lang}-US` : lang;
}

/**
 * Everything a language other than English brings, in one lazily loaded file: its tree,
 * src/i18n/<lang>/ (index.ts gathers it), each part typed against the English one.
 */
export interface LanguagePack {
  lang: Language;
  /** The conversation (./en/conversation.ts). */
  messages: MessageTable;
  validation: ValidationMessages;
  words: Words;
  quote: QuoteWords;
  payments: PaymentWords;
  /** ServMan's chapter's words (./en/servman.ts), said only once that chapter has arrived. */
  servman: ServmanTable;
}

/**
 * The configuration as the visitor reads it: the company's own texts in their language
 * (`translations.es.greeting`...: a key per language of the list) over the English ones; a text not translated stays English.
 */
export function localizeConfig(config: CompanyConfig, lang: Language): CompanyConfig {
  const own = lang === "en" ? undefined : config.translations?.[lang];
  if (!own) return config;
  const given = Object.entries(own).filter(([, value]) => value !== undefined && value !== "");
  return { ...config, ...Object.fromEntries(given) };
}
