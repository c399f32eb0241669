// The words on screen before the company's configuration and any language file have arrived:
// the loader's bubble and the widget's loading window. They follow what the page itself says
// (the element's `lang`, i.e. the snippet's `data-lang`, then <html lang>); each language's
// table (./en.ts, ./es.ts) takes the same words from here. Separate constants, small on
// purpose: the loader carries the bubble's names only.
import { languageOf, type Language } from "./language.ts";

export const BUBBLE_NAMES: Record<Language, string> = {
  en: "Open the quote assistant chat",
  es: "Abrir el chat del asistente de cotizaciones",
};

export const LOADING: Record<Language, string> = { en: "Loading…", es: "Cargando…" };

/** The language the page asks for before the company's configuration can: `lang`, then <html lang>. */
export const pageLanguage = (lang: string | null | undefined): Language =>
  languageOf(lang) ?? languageOf(document.documentElement.lang) ?? "en";
