// The words of the visitor's language for a view: English (src/i18n/en.ts) until, and unless,
// another language's file has loaded (src/state/widget-controller.ts chooses it).
import { useAtomValue } from "jotai/react";
import { en, type Words } from "../../i18n/en.ts";
import { localeFor } from "../../i18n/language.ts";
import { configAtom, languageAtom } from "../../state/atoms.ts";

export function useWords(): Words {
  return useAtomValue(languageAtom)?.words ?? en;
}

/** The Intl locale of dates and numbers; undefined in English (the spec's own formats). */
export function useLocale(): string | undefined {
  const pack = useAtomValue(languageAtom);
  const currency = useAtomValue(configAtom)?.currency;
  return pack ? localeFor(pack.lang, currency) : undefined;
}
