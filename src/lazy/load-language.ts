// Fetches a language other than English once per page, as the quote chunk is fetched (its own
// <script>, same origin and path as the bundle, the page's nonce: a strict CSP that allows the
// widget allows it; no eval). Its file registers the words through the shared registry.
import type { Language, LanguagePack } from "../i18n/language.ts";
import { loadScriptOnce } from "../payments/load-script.ts";
import { chunkUrl } from "./chunk-url.ts";
import { registeredLanguage } from "./shared-registry.ts";

/** dist/quote-assistant-<lang>.js, built next to the bundle from shipped-files.mjs's row for the language. */
export const languageFile = (lang: Language): string => `quote-assistant-${lang}.js`;

export async function loadLanguage(lang: Language, url: string = chunkUrl(languageFile(lang))): Promise<LanguagePack> {
  await loadScriptOnce(url, () => registeredLanguage(lang) !== undefined);
  return registeredLanguage(lang)!;
}
