// The version of the consent box's words (issue 34): the `textConsent` message of each
// language (src/i18n/<lang>/conversation.ts). The quote keeps the exact words the visitor saw
// with this id; a change of the words in any language is a new id (test/unit/text-consent.test.ts
// holds the words of this one).
export const TEXT_CONSENT_VERSION = "2026-11-28";
