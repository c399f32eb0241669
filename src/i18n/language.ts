// Which language a visitor reads, and the locale its dates, numbers and money are written in.
// The element's `lang` (the snippet's `data-lang`) first, then the company's default language,
// then the page's <html lang>, then English. A value in no language we have is passed over.
import type { CompanyConfig } from "../config/company-config.ts";
import type { MessageKey, MessageSource } from "../flow/messages.ts";
import type { ValidationMessages } from "../flow/validators.ts";
import type { Words } from "./en.ts";
import type { QuoteWords } from "./en-quote.ts";

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];

/** "es-MX" → "es"; undefined for a language we do not have. */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((lang) => lang === primary);
}

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

/** Everything a language other than English brings, in one lazily loaded file (./es.ts). */
export interface LanguagePack {
  lang: Language;
  /** The conversation's table: the same keys as src/flow/messages.ts. */
  messages: Record<MessageKey, MessageSource>;
  validation: ValidationMessages;
  words: Words;
  quote: QuoteWords;
}

/**
 * The configuration as the visitor reads it: the company's own texts in their language
 * (`translations.es.greeting`...) over the English ones; a text not translated stays English.
 */
export function localizeConfig(config: CompanyConfig, lang: Language): CompanyConfig {
  const own = lang === "es" ? config.translations?.es : undefined;
  if (!own) return config;
  const given = Object.entries(own).filter(([, value]) => value !== undefined && value !== "");
  return { ...config, ...Object.fromEntries(given) };
}
