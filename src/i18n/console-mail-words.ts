// The console's e-mails' words in every language, from each language's tree
// (src/i18n/<lang>/console-mail.ts), for the server (server/console/mail.ts). A language of the
// list without its file fails the type checker here and test/unit/i18n/console-words.test.ts.
import { mailWords as en, type MailWords } from "./en/console-mail.ts";
import { mailWords as es } from "./es/console-mail.ts";
import type { Language } from "./language-tags.ts";

export type { MailWords };

export const MAIL_WORDS: Record<Language, MailWords> = { en, es };
