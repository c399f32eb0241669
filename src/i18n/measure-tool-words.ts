// The measuring tool's words in every language (issue 33's tool, in the visitor's language):
// read by the server's page and the tool's script, never by the widget. A language of the list
// (./languages.mjs) without its own measure-tool.ts falls back to English here (the Record's
// type makes tsc name the missing one).
import { measureTool as en, type MeasureToolWords } from "./en/measure-tool.ts";
import { measureTool as es } from "./es/measure-tool.ts";
import { languageOf, type Language } from "./language-tags.ts";

export type { MeasureToolWords };

export const MEASURE_TOOL_WORDS: Record<Language, MeasureToolWords> = { en, es };

/** The tool's language for a `lang` tag ("es-MX" → "es"); English for none or one we do not have. */
export function measureToolLanguage(tag: string | null | undefined): Language {
  return languageOf(tag) ?? "en";
}

/** The words of that tag's language. */
export function measureToolWords(tag: string | null | undefined): MeasureToolWords {
  return MEASURE_TOOL_WORDS[measureToolLanguage(tag)] ?? en;
}
