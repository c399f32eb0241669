// The languages the widget speaks and a tag's language: what the configuration's schema, the
// first words and each language's files need of ./language.ts without its language packs,
// which name their tables (./language.ts re-exports this file).
import { LANGUAGES as LIST } from "./languages.mjs";

/** A language the widget speaks: a key of the list (./languages.mjs). */
export type Language = keyof typeof LIST;
/** Those with a file of their own (all but English, whose words are in the widget). */
export type OtherLanguage = Exclude<Language, "en">;
export const LANGUAGES = Object.keys(LIST) as Language[];
export const OTHER_LANGUAGES = /* @__PURE__ */ LANGUAGES.filter((lang): lang is OtherLanguage => lang !== "en");

/** "es-MX" → "es"; undefined for a language we do not have. */
export function languageOf(tag: string | null | undefined): Language | undefined {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((lang) => lang === primary);
}
