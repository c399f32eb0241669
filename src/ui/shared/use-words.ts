// The words of the visitor's language for a view: English (src/i18n/en/widget.ts) until, and unless,
// another language's file has loaded (src/state/widget-controller.ts chooses it).
import { useAtomValue } from "jotai/react";
import { en, type Words } from "../../i18n/en/widget.ts";
import { firstWords } from "../../i18n/first-words.ts";
import { pageLanguage } from "../../i18n/page-language.ts";
import { localeFor } from "../../i18n/language.ts";
import { configAtom, languageAtom } from "../../state/atoms.ts";

export function useWords(): Words {
  return useAtomValue(languageAtom)?.words ?? en;
}

/**
 * The bubble's name and the loading text, which show before the configuration: in the page's
 * language (the element's `lang`, then <html lang>) until the configuration has decided, then
 * in the chosen language.
 */
export function useFirstWords(host: Element): Pick<Words, "bubbleOpen" | "loading"> {
  const pack = useAtomValue(languageAtom);
  const config = useAtomValue(configAtom);
  if (pack || config) return pack?.words ?? en;
  return firstWords(pageLanguage(host.getAttribute("lang")));
}

/** The Intl locale of dates and numbers; undefined in English (the spec's own formats). */
export function useLocale(): string | undefined {
  const pack = useAtomValue(languageAtom);
  const currency = useAtomValue(configAtom)?.currency;
  return pack ? localeFor(pack.lang, currency) : undefined;
}
