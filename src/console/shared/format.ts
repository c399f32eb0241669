// Dates, money and step names as the console writes them, in the page's language.
import { consoleLocale } from "../../i18n/console-words.ts";
import type { Language } from "../../i18n/language-tags.ts";

/** A step id as words: "confirmAddress" → "confirm address". */
export const stepName = (stepId: string | null) => (stepId ?? "the start").replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[-_]/g, " ").toLowerCase();

export function formatWhen(iso: string, lang: Language) {
  return new Intl.DateTimeFormat(consoleLocale(lang), { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** An amount the server sent as a decimal string, in the language's money format, exactly: never through a float. */
export function formatMoney(amount: string, currency: string, lang: Language): string {
  try {
    // Intl formats a decimal string as written (ES2023), so 48.375 never becomes 48.37499….
    return new Intl.NumberFormat(consoleLocale(lang), { style: "currency", currency }).format(amount as Intl.StringNumericLiteral);
  } catch {
    return `${amount} ${currency}`;
  }
}

export const formatAmount = (amount: { value: string; currency: string }, lang: Language) => formatMoney(amount.value, amount.currency, lang);

/** A plain number (a lawn's size, a tax rate) in the language's digits. */
export const formatNumber = (value: number, lang: Language, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(consoleLocale(lang), options).format(value);
