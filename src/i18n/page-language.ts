// The language the page asks for, read from the page (<html lang>): for the loader's bubble and
// the widget's loading window (./first-words.ts). Apart from those words, which the backend
// loads too, because it reads the document.
import { languageOf, type Language } from "./language-tags.ts";

/** The language the page asks for before the company's configuration can: `lang`, then <html lang>. */
export const pageLanguage = (lang: string | null | undefined): Language =>
  languageOf(lang) ?? languageOf(document.documentElement.lang) ?? "en";
