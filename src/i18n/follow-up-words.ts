// What a follow-up to a homeowner says, in every language, from each language's tree
// (src/i18n/<lang>/follow-ups.ts), for the server's follow-ups (server/follow-ups/messages.ts)
// and the Bot page's preview of them. A language of the list without its file fails the type
// checker here and test/unit/i18n/console-words.test.ts.
import { followUpWords as en, type FollowUpWords } from "./en/follow-ups.ts";
import { followUpWords as es } from "./es/follow-ups.ts";
import type { Language } from "./language-tags.ts";

export type { FollowUpWords };

export const FOLLOW_UP_WORDS: Record<Language, FollowUpWords> = { en, es };
