// The modules build.mjs makes for the bundles (they exist only in its builds).
declare module "quote-assistant:build" {
  /** Names this build (a hash of its sources): the widget and its quote chunk must agree on it. */
  export const buildId: string;
}

// In a language's file (src/lazy/language-file.ts): that language's tree, src/i18n/<lang>/index.ts.
declare module "quote-assistant:language" {
  export const pack: import("../i18n/language.ts").LanguagePack;
}

// In the consent box's file (src/lazy/text-consent-file.ts): every language's words, src/i18n/<lang>/text-consent.ts.
declare module "quote-assistant:text-consent" {
  export const words: import("../i18n/en/text-consent.ts").TextConsentFile;
}
