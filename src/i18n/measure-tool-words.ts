// The measuring tool's words in every language (issue 33's tool, in the visitor's language):
// read by the server's page and the tool's script, never by the widget. A language added to the
// list (./languages.mjs) adds its measure-tool.ts here too: the Record's type makes tsc name it;
// until then its visitors get the tool in English.
import { measureTool as en, type MeasureToolWords } from "./en/measure-tool.ts";
import { measureTool as es } from "./es/measure-tool.ts";
import { languageOf, type Language } from "./language-tags.ts";

export type { MeasureToolWords };

export const MEASURE_TOOL_WORDS: Record<Language, MeasureToolWords> = { en, es };

/**
 * The tool's language for a `lang` tag ("es-MX" → "es"): English for none, for one we do not
 * have, and for one of the list whose tool words are not in the table yet (page and words agree).
 */
export function measureToolLanguage(tag: string | null | undefined): Language {
  const lang = languageOf(tag);
  return lang && lang in MEASURE_TOOL_WORDS ? lang : "en";
}

/** The words of that tag's language. */
export function measureToolWords(tag: string | null | undefined): MeasureToolWords {
  return MEASURE_TOOL_WORDS[measureToolLanguage(tag)];
}
