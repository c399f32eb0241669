// Spanish: the tree of every word, as src/i18n/en/ has them in English, gathered into the pack
// its file (dist/quote-assistant-es.js, built from the list in ../languages.mjs) hands to the
// widget. Shares nothing with the widget: words and a few pure helpers, never React or state.
import type { LanguagePack } from "../language.ts";
import { conversation } from "./conversation.ts";
import { payments } from "./payments.ts";
import { quote } from "./quote.ts";
import { servman } from "./servman.ts";
import { validation } from "./validation.ts";
import { widget } from "./widget.ts";

export const pack: LanguagePack = { lang: "es", messages: conversation, validation, words: widget, quote, payments, servman };
