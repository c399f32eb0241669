// The console's words in every language, gathered from each language's tree (src/i18n/<lang>/:
// console.ts, console-builder.ts, console-bot.ts), the same trees as the widget's words. A
// language of the list (./languages.mjs) without its console files fails the type checker here
// and test/unit/console/console-words.test.ts.
import { consoleWords as enConsole, type ConsoleWords } from "./en/console.ts";
import { botWords as enBot, type BotWords } from "./en/console-bot.ts";
import { builderWords as enBuilder, type BuilderWords } from "./en/console-builder.ts";
import { consoleWords as esConsole } from "./es/console.ts";
import { botWords as esBot } from "./es/console-bot.ts";
import { builderWords as esBuilder } from "./es/console-builder.ts";
import type { Language } from "./language-tags.ts";

export type { BotWords, BuilderWords, ConsoleWords };

/** One language's console: its shell and pages, the builder's pages, the Bot page. */
export interface ConsoleTree {
  console: ConsoleWords;
  builder: BuilderWords;
  bot: BotWords;
}

export const CONSOLE_WORDS: Record<Language, ConsoleTree> = {
  en: { console: enConsole, builder: enBuilder, bot: enBot },
  es: { console: esConsole, builder: esBuilder, bot: esBot },
};

/** The Intl locale the console writes dates, numbers and money in. */
export const consoleLocale = (lang: Language): string => (lang === "en" ? "en-US" : lang);
