// The words on screen before the company's configuration and any language file have arrived:
// the loader's bubble and the widget's loading window. They follow what the page itself says
// (the element's `lang`, i.e. the snippet's `data-lang`, then <html lang>) and come from the
// list of languages (./languages.mjs), which each language's widget.ts also takes them from.
import { languageOf, type Language } from "./language.ts";
import { LANGUAGES } from "./languages.mjs";

export interface FirstWords {
  bubbleOpen: string;
  loading: string;
}

export const firstWords = (lang: Language): FirstWords => LANGUAGES[lang];

/** The language the page asks for before the company's configuration can: `lang`, then <html lang>. */
export const pageLanguage = (lang: string | null | undefined): Language =>
  languageOf(lang) ?? languageOf(document.documentElement.lang) ?? "en";
