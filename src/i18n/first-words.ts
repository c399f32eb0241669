// The words on screen before the company's configuration and any language file have arrived:
// the loader's bubble and the widget's loading window. They follow what the page itself says
// (./page-language.ts: the element's `lang`, i.e. the snippet's `data-lang`, then <html lang>) and come from the
// list of languages (./languages.mjs), which each language's widget.ts also takes them from.
import type { Language } from "./language-tags.ts";
import { LANGUAGES } from "./languages.mjs";

export interface FirstWords {
  bubbleOpen: string;
  loading: string;
}

export const firstWords = (lang: Language): FirstWords => LANGUAGES[lang];
